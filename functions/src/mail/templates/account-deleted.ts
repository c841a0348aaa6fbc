import { COMPANY } from '@upskill/domain/common';
import type { MailMessage } from '../outbox';

import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'account-deleted' mail. */
export function accountDeleted(message: Extract<MailMessage, { template: 'account-deleted' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  return {
    subject: `Your ${COMPANY.name} account is deleted`,
    ...layout(
      site,
      'Your account is deleted',
      [
        `As you asked, we have deleted your ${COMPANY.name} account. You can no longer sign in with it, and we have erased your messages, the mails we sent you, your newsletter subscription, your certificates and any enrollment you had not paid for.`,
        d.kept > 0
          ? `Tax law requires us to keep the record of ${d.kept === 1 ? 'one paid enrollment' : `${d.kept} paid enrollments`} and ${d.kept === 1 ? 'its' : 'their'} tax invoices for as long as the law requires: eight financial years after the year you paid in (the company's books of account; this also covers what GST law asks). We have removed your name, phone number and address from ${d.kept === 1 ? 'that record' : 'those records'}; the invoices stay as they were issued.`
          : 'You had no paid enrollments, so we keep nothing else about you.',
        'This is the last mail we will send to this address. If you did not ask for this, write to us at once.',
      ],
      [],
    ),
  };
}
