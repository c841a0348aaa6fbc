import { formatRupees } from '@upskill/domain/common';
import type { MailMessage } from '../outbox';

import { layout, type MailLinks, type RenderedMail } from './layout';

/**
 * The 'course-switched' mail: the learner's enrollment moved to another course before its batch started: at no cost,
 * with a cheaper course's difference refunded, or with a dearer course's difference paid.
 */
export function courseSwitched(message: Extract<MailMessage, { template: 'course-switched' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  return {
    subject: `You have switched to ${d.to}`,
    ...layout(
      site,
      `${d.name}, you are now in ${d.to}`,
      [
        d.refund
          ? `Your enrollment has moved from ${d.from} to ${d.to}, ${d.batch}. ${d.to} costs ${formatRupees(d.refund)} less, and we are refunding that difference: Razorpay returns it to the card, UPI or bank account you paid from, usually within 5 to 7 working days. Your seat in the old batch has been given up.`
          : d.topUp
            ? `Your enrollment has moved from ${d.from} to ${d.to}, ${d.batch}. ${d.to} costs ${formatRupees(d.topUp)} more, and we have received that payment. Your seat in the old batch has been given up.`
            : `Your enrollment has moved from ${d.from} to ${d.to}, ${d.batch}, at no cost. Your seat in the old batch has been given up.`,
        d.invoiceNumber
          ? `Your GST invoice now names the new course: invoice ${d.invoiceNumber} replaces the earlier one, which a credit note cancels. Both are in My Courses.`
          : 'Your timetable, the joining link and recordings are in My Courses; we remind you before each class.',
      ],
      [
        ['Course', d.to],
        ['Batch', d.batch],
        ...(d.refund ? [['Refund', formatRupees(d.refund)] as [string, string]] : []),
        ...(d.topUp ? [['Paid for the switch', formatRupees(d.topUp)] as [string, string]] : []),
        ['Enrollment ID', d.enrollmentId],
      ],
      { label: 'Open My Courses', href: `${site}/mycourses` },
    ),
  };
}
