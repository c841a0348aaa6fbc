import type { MailMessage } from '../outbox';

import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'batch-moved' mail. */
export function batchMoved(message: Extract<MailMessage, { template: 'batch-moved' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  return {
    subject: `You have moved to another ${d.offering} batch`,
    ...layout(
      site,
      `${d.name}, your batch has changed`,
      [
        `Our team has moved your enrollment in ${d.offering} to another batch. Your seat there is confirmed on the same terms; nothing else changes.`,
      ],
      [
        ['From', d.from],
        ['To', d.to],
        ['Enrollment ID', d.enrollmentId],
      ],
      { label: 'See My Courses', href: `${site}/mycourses` },
    ),
  };
}
