import { COMPANY } from '@upskill/domain/common';
import type { MailMessage } from '../outbox';

import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'email-change-notice' mail. */
export function emailChangeNotice(message: Extract<MailMessage, { template: 'email-change-notice' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  return {
    subject: `Your ${COMPANY.name} e-mail address is about to change`,
    ...layout(
      site,
      'Someone asked to change your e-mail address',
      [
        `Someone signed in to your ${COMPANY.name} account and asked to change its e-mail address to ${message.data.newEmail}. The change happens only when the link we sent to that address is opened.`,
        `If this was you, there is nothing to do here. If it was not, choose a new password now at ${site}/account/reset and write to us: we will put your address back.`,
      ],
      [],
      { label: 'Choose a new password', href: `${site}/account/reset` },
    ),
  };
}
