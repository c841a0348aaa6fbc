import type { MailMessage } from '../outbox';

import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'credit-spent' mail. */
export function creditSpent(message: Extract<MailMessage, { template: 'credit-spent' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  const left =
    d.left === null
      ? 'Your membership covers every course while it is active.'
      : d.left === 0
        ? 'You have no course credits left.'
        : `You have ${d.left} course credit${d.left === 1 ? '' : 's'} left.`;
  return {
    subject: `Your seat in ${d.offering} is confirmed`,
    ...layout(
      site,
      `${d.name}, your seat is confirmed`,
      [
        `You used your ${d.planName} to join ${d.offering}, ${d.batch}. Nothing more to pay. ${left}`,
        'Your timetable, the joining link and recordings are in My Courses; we remind you before each class.',
      ],
      [
        ['Course', d.offering],
        ['Batch', d.batch],
        ['Covered by', d.planName],
        ['Enrollment ID', d.enrollmentId],
      ],
      { label: 'Open My Courses', href: `${site}/mycourses` },
    ),
  };
}
