import { formatRupees } from '@upskill/domain/common';
import { HOLD_MINUTES } from '@upskill/domain/batches';
import type { MailMessage } from '../outbox';

import { layout, type MailLinks, type RenderedMail, purchaseRows } from './layout';

/** The 'enrollment-created' mail. */
export function enrollmentCreated(message: Extract<MailMessage, { template: 'enrollment-created' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  return {
    subject: `Your ${d.planName} enrollment: ${formatRupees(d.price)} to pay`,
    ...layout(
      site,
      `Thanks for enrolling, ${d.name}`,
      [
        `We have saved your enrollment and are holding your seat for ${HOLD_MINUTES} minutes. It is confirmed once you pay ${formatRupees(d.price)}; if you pay later, we hold a seat again when you do, while the batch still has one.`,
        `To pay, sign in at ${site}/mycourses with this e-mail address (register with it if you have not yet, and confirm it) and choose Pay now. Or return to the payment step in the browser you enrolled with.`,
      ],
      [...purchaseRows(d.purchase), ['Batch', d.batch], ['Price', formatRupees(d.price)], ['Enrollment ID', d.enrollmentId]],
      { label: 'Pay now in My Courses', href: `${site}/mycourses` },
    ),
  };
}
