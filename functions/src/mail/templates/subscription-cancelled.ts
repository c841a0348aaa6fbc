import { formatLongIndiaDate } from '@upskill/domain/batches';
import type { MailMessage } from '../outbox';

import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'subscription-cancelled' mail. */
export function subscriptionCancelled(
  message: Extract<MailMessage, { template: 'subscription-cancelled' }>,
  links: MailLinks,
): RenderedMail {
  const { site } = links;
  const d = message.data;
  const until = d.accessUntil ? formatLongIndiaDate(d.accessUntil) : null;
  return {
    subject: `${d.planName} cancelled${until ? `: access until ${until}` : ''}`,
    ...layout(
      site,
      `${d.name}, your ${d.planName} is cancelled`,
      [
        d.inTrial
          ? `You cancelled during the free trial, so you will never be charged.${until ? ` You keep access until ${until}, the trial's last day.` : ''}`
          : `Nothing more will be charged. As our Terms say, there is no refund for the current period${until ? `, and you keep access until ${until}` : ''}.`,
      ],
      [['Plan', d.planName], ...(until ? [['Access until', until] as [string, string]] : []), ['Enrollment ID', d.enrollmentId]],
      { label: 'Open My Courses', href: `${site}/mycourses` },
    ),
  };
}
