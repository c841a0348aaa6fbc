import { COMPANY, accountActionLink } from '@upskill/domain/common';
import { ACCOUNT_LINK_MINUTES } from '@upskill/domain/account';
import type { MailMessage } from '../outbox';

import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'email-verification' mail. */
export function emailVerification(message: Extract<MailMessage, { template: 'email-verification' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  return {
    subject: `Confirm your e-mail address for ${COMPANY.name}`,
    ...layout(
      site,
      'Please confirm your e-mail address',
      [
        `Confirming this address lets us show you, in My Courses, every enrollment made with it, and keeps your receipts and class reminders coming to the right place. The link works for ${ACCOUNT_LINK_MINUTES} minutes.`,
        `If you did not create a ${COMPANY.name} account, ignore this mail.`,
      ],
      [],
      { label: 'Confirm my e-mail address', href: accountActionLink(site, message.data.ticket) },
    ),
  };
}
