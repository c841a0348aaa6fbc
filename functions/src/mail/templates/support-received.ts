import type { MailMessage } from '../outbox';
import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'support-received' mail: a support request's reference and when its answer is promised. */
export function supportReceived(message: Extract<MailMessage, { template: 'support-received' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  return {
    subject: `Support request ${d.reference}: we have it`,
    ...layout(
      site,
      `${d.name}, we have your request`,
      [
        `We answer within ${d.promise} (India time, 09:00 to 18:00, Monday to Saturday): by ${d.dueAt}. Our answer comes to this address and to My Courses.`,
        'Here is what you sent:',
        d.message,
      ],
      [
        ['Reference', d.reference],
        ['About', d.topic],
        ['Answer by', d.dueAt],
      ],
      { label: 'See your request', href: `${site}/mycourses#support` },
    ),
  };
}
