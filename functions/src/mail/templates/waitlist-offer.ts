import type { MailMessage } from '../outbox';

import { dateTime, layout, type MailLinks, type RenderedMail } from './layout';

/** The 'waitlist-offer' mail. */
export function waitlistOffer(message: Extract<MailMessage, { template: 'waitlist-offer' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  return {
    subject: `A seat is free in ${d.offering}: it is yours until ${dateTime(d.until)}`,
    ...layout(
      site,
      `Good news, ${d.name}: a seat is free`,
      [
        `A seat has opened in the batch you are waiting for, and we are holding it for you until ${dateTime(d.until)}.`,
        'Follow the link to enroll and pay. It works once, and only for you; after that time the seat goes to the next person in line.',
      ],
      [
        ['Course', d.offering],
        ['Batch', d.batch],
      ],
      { label: 'Take my seat', href: `${site}${d.link}` },
    ),
  };
}
