import { COMPANY, GRIEVANCE_ANSWER_DAYS, PRIVACY_REQUEST_TOPIC } from '@upskill/domain/common';
import { formatIndiaMoment } from '@upskill/domain/assignments';
import { CONTACT_REPLY_HOURS } from '@upskill/domain/support';
import type { MailMessage } from '../outbox';

import { layout, type MailLinks, type RenderedMail } from './layout';

/** ": by Sun 3 Jul, 19:30 IST" for the reply's due moment; nothing for a message queued before the reply clock. */
const replyBy = (iso: string | undefined): string => {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(ms) ? '' : `: by ${formatIndiaMoment(ms)}`;
};

/** The 'contact-ack' mail. */
export function contactAck(message: Extract<MailMessage, { template: 'contact-ack' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  return {
    subject: 'We have your message',
    ...layout(
      site,
      `Thanks for writing, ${d.fullName}`,
      [
        d.courseInterest === PRIVACY_REQUEST_TOPIC
          ? `We have received your privacy request. Our grievance officer, ${COMPANY.grievanceOfficer.name}, answers it within ${GRIEVANCE_ANSWER_DAYS} days, and usually much sooner. Here is what you sent:`
          : `We have received your message and we reply within ${CONTACT_REPLY_HOURS} hours, any day of the week${replyBy(d.replyBy)}. Here is what you sent:`,
        d.message,
      ],
      [],
    ),
  };
}
