import { COMPANY, accountActionLink } from '@upskill/domain/common';
import { ACCOUNT_LINK_MINUTES } from '@upskill/domain/account';
import type { MailMessage } from '../outbox';

import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'email-change' mail. */
export function emailChange(message: Extract<MailMessage, { template: 'email-change' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  return {
    subject: `Confirm your new e-mail address for ${COMPANY.name}`,
    ...layout(
      site,
      'Confirm your new e-mail address',
      [
        `You asked to change the e-mail address of your ${COMPANY.name} account to ${message.data.newEmail}. Open the link below to confirm it: your account uses the new address from then on, and you sign in with it. The link works once, for ${ACCOUNT_LINK_MINUTES} minutes.`,
        'If you did not ask for this, ignore this mail: nothing changes.',
      ],
      [],
      { label: 'Confirm my new address', href: accountActionLink(site, message.data.ticket) },
    ),
  };
}
