import type { MailMessage } from '../outbox';

import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'contact-staff' mail. */
export function contactStaff(message: Extract<MailMessage, { template: 'contact-staff' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  return {
    subject: `Contact form: ${d.fullName}${d.courseInterest ? ` (${d.courseInterest})` : ''}`,
    ...layout(
      site,
      'New message from the contact form',
      [d.message],
      [
        ['Name', d.fullName],
        ['E-mail', d.email],
        ['Mobile', d.mobile],
        ['Course interest', d.courseInterest || '—'],
        ['Message ID', d.contactId],
      ],
      undefined,
      'Reply to the sender directly: this message is sent from the website.',
    ),
  };
}
