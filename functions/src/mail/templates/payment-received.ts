import { paymentMethodName } from '@upskill/domain/enrollment';
import { COMPANY, REFUND_POLICY, formatRupees } from '@upskill/domain/common';
import type { MailMessage } from '../outbox';

import { dateTime, layout, type MailLinks, type RenderedMail, purchaseRows } from './layout';

/** The 'payment-received' mail. */
export function paymentReceived(message: Extract<MailMessage, { template: 'payment-received' }>, links: MailLinks): RenderedMail {
  const { site } = links;
  const d = message.data;
  return {
    subject: `Payment received: ${formatRupees(d.amount)} for ${d.planName}`,
    ...layout(
      site,
      'Payment receipt',
      [
        `Thank you, ${d.name}. We have received your payment and your seat in the batch below is confirmed. We will write with the joining link before the first session.`,
      ],
      [
        ['Amount paid', formatRupees(d.amount)],
        ...purchaseRows(d.purchase),
        ['Batch', d.batch],
        ['Payment ID', d.paymentId],
        ['Payment method', paymentMethodName(d.method)],
        ['Paid on', dateTime(d.paidAt)],
        ['Enrollment ID', d.enrollmentId],
        ['Billed by', COMPANY.legalName],
        ...(d.invoiceNumber ? [['Tax invoice', d.invoiceNumber] as [string, string]] : []),
      ],
      {
        label: d.invoiceNumber ? 'View your receipt and GST invoice' : 'View your receipt',
        href: `${site}/receipt/${encodeURIComponent(d.enrollmentId)}`,
      },
      `${d.invoiceNumber ? `Your GST tax invoice ${d.invoiceNumber} (PDF) is on your receipt page and in My Courses (${site}/mycourses). ` : ''}Refund policy: ${REFUND_POLICY}`,
    ),
  };
}
