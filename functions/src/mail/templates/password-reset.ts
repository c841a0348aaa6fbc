import { COMPANY, accountActionLink } from '@upskill/domain/common';
import { ACCOUNT_LINK_MINUTES } from '@upskill/domain/account';
import type { MailMessage } from '../outbox';

import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'password-reset' mail. */
export function passwordReset(message: Extract<MailMessage, { template: 'password-reset' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  return {
    subject: `Reset your ${COMPANY.name} password`,
    ...layout(
      site,
      'Choose a new password',
      [
        `Someone (we hope you) asked to reset the password of the ${COMPANY.name} account for this address. The link below works once, for ${ACCOUNT_LINK_MINUTES} minutes.`,
        'If that was not you, ignore this mail: your password stays as it is.',
      ],
      [],
      { label: 'Choose a new password', href: accountActionLink(site, message.data.ticket) },
    ),
  };
}
