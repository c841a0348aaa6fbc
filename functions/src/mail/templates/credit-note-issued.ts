import { formatRupees } from '@upskill/domain/common';
import type { MailMessage } from '../outbox';

import { layout, type MailLinks, type RenderedMail, purchaseRows } from './layout';

/** The 'credit-note-issued' mail. */
export function creditNoteIssued(message: Extract<MailMessage, { template: 'credit-note-issued' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  return {
    subject: `Refund of ${formatRupees(d.amount)}: credit note ${d.number}`,
    ...layout(
      site,
      `${d.name}, your refund is on its way`,
      [
        `We have refunded ${formatRupees(d.amount)} for ${d.planName}. Razorpay returns it to the card, UPI or bank account you paid from, usually within 5 to 7 working days.`,
        `For your records we have issued GST credit note ${d.number}${d.invoiceNumber ? `, against tax invoice ${d.invoiceNumber}` : ''}. Its PDF is on your receipt page and in My Courses.`,
      ],
      [
        ['Refund', formatRupees(d.amount)],
        ...purchaseRows(d.purchase),
        ['Credit note', d.number],
        ...(d.invoiceNumber ? [['Against invoice', d.invoiceNumber] as [string, string]] : []),
        ['Enrollment ID', d.enrollmentId],
      ],
      { label: 'View your receipt', href: `${site}/receipt/${encodeURIComponent(d.enrollmentId)}` },
    ),
  };
}
