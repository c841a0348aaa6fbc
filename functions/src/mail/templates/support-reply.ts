import type { MailMessage } from '../outbox';
import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'support-reply' mail: the team's answer, as it also stands in the request's thread on My Courses. */
export function supportReply(message: Extract<MailMessage, { template: 'support-reply' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  return {
    subject: `Support request ${d.reference}: our answer`,
    ...layout(
      site,
      `${d.name}, here is our answer`,
      [
        `${d.from} wrote:`,
        d.reply,
        d.closed
          ? 'This request is closed. If you need more, write in it on My Courses and it opens again.'
          : 'If this does not settle it, write back in the request on My Courses.',
      ],
      [
        ['Reference', d.reference],
        ['About', d.topic],
      ],
      { label: 'See the conversation', href: `${site}/mycourses#support` },
    ),
  };
}
