import { formatRupees } from '@upskill/domain/common';
import type { MailMessage } from '../outbox';

import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'referral-credit' mail: a friend's payment is final, and the referrer's learning credit is ready (once per friend). */
export function referralCredit(message: Extract<MailMessage, { template: 'referral-credit' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  return {
    subject: `${formatRupees(d.amount)} learning credit: ${d.friend} joined through your link`,
    ...layout(
      site,
      `${d.name}, your ${formatRupees(d.amount)} learning credit is ready`,
      [
        `${d.friend} enrolled through your referral link, and their payment is now final. Thank you for bringing them.`,
        `You have ${formatRupees(d.available)} of learning credit. It comes off the price of your next course plan at checkout when you are signed in to this account. It is a discount, not cash: it cannot be paid out or transferred.`,
      ],
      [
        ['Credit', formatRupees(d.amount)],
        ['Ready to use', formatRupees(d.available)],
      ],
      { label: 'See your referrals', href: `${site}/mycourses#referrals` },
    ),
  };
}
