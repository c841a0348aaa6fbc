import { formatRupees } from '@upskill/domain/common';
import type { MailMessage } from '../outbox';

import { layout, type MailLinks, type RenderedMail } from './layout';

/** The 'subscription-payment-failed' mail. */
export function subscriptionPaymentFailed(
  message: Extract<MailMessage, { template: 'subscription-payment-failed' }>,
  links: MailLinks,
): RenderedMail {
  const { site } = links;
  const d = message.data;
  const pay = d.payUrl ? { label: 'Update your payment method', href: d.payUrl } : { label: 'Open My Courses', href: `${site}/mycourses` };
  return {
    subject: d.halted
      ? `Your ${d.planName} is paused: update your payment method`
      : `We could not charge ${formatRupees(d.amount)} for ${d.planName}: update your payment method`,
    ...layout(
      site,
      'Update your payment method',
      [
        d.halted
          ? `${d.name}, the charge of ${formatRupees(d.amount)} for ${d.planName} failed again, so your access is paused. Pay it with another card, UPI or bank account and your access resumes at once.`
          : `${d.name}, your bank declined the charge of ${formatRupees(d.amount)} for ${d.planName}. Razorpay will try again; to avoid an interruption, pay it now with another card, UPI or bank account.`,
      ],
      [
        ['Plan', d.planName],
        ['Amount due', formatRupees(d.amount)],
        ['Enrollment ID', d.enrollmentId],
      ],
      pay,
      'You can also cancel the membership in My Courses: nothing more is charged after a cancellation.',
    ),
  };
}
