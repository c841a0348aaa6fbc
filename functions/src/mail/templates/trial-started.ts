import { formatRupees } from '@upskill/domain/common';
import { formatLongIndiaDate } from '@upskill/domain/batches';
import type { MailMessage } from '../outbox';

import { layout, type MailLinks, type RenderedMail, purchaseRows } from './layout';

/** The 'trial-started' mail. */
export function trialStarted(message: Extract<MailMessage, { template: 'trial-started' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  return {
    subject: `Your free trial of ${d.planName} has started: nothing charged today`,
    ...layout(
      site,
      `${d.name}, your free trial has started`,
      [
        `Nothing has been charged. Your bank approved a small authorisation that Razorpay refunded at once, so that the first charge can be made when the trial ends.`,
        `${d.promise}. Cancel in My Courses before ${formatLongIndiaDate(d.trialEndsAt)} and you will never be charged.`,
      ],
      [
        ...purchaseRows(d.purchase),
        ['Charged today', formatRupees(0)],
        ['First charge', `${formatRupees(d.amount)} on ${formatLongIndiaDate(d.trialEndsAt)}`],
        ['Enrollment ID', d.enrollmentId],
      ],
      { label: 'Open My Courses', href: `${site}/mycourses` },
    ),
  };
}
