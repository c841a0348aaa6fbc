import { purchaseLines, type PurchaseFacts } from '@upskill/domain/enrollment';
import type { MailMessage } from './outbox';

/** The enrollment facts both mails carry; a stored enrollment has them all. */
interface EnrollmentFacts extends PurchaseFacts {
  name: string;
  preferredBatchTime: string;
  price: number;
  features: string[];
}

/** "Thanks for enrolling … to pay": sent on enrollment, and again when staff resend the payment link. */
export function enrollmentCreatedMail(enrollmentId: string, e: EnrollmentFacts): MailMessage {
  return {
    template: 'enrollment-created',
    data: {
      enrollmentId,
      name: e.name,
      planName: e.planName,
      purchase: purchaseLines(e),
      batch: e.preferredBatchTime,
      price: e.price,
      features: e.features,
    },
  };
}

/** The receipt: sent with the payment, and again when staff resend it. */
export function receiptMail(
  enrollmentId: string,
  e: EnrollmentFacts,
  payment: { amount: number; paymentId: string; method: string; paidAt: Date; invoiceNumber?: string },
): MailMessage {
  return {
    template: 'payment-received',
    data: {
      enrollmentId,
      name: e.name,
      planName: e.planName,
      purchase: purchaseLines(e),
      batch: e.preferredBatchTime,
      amount: payment.amount,
      paymentId: payment.paymentId,
      method: payment.method,
      paidAt: payment.paidAt.toISOString(),
      ...(payment.invoiceNumber ? { invoiceNumber: payment.invoiceNumber } : {}),
    },
  };
}

export function creditNoteMail(
  enrollmentId: string,
  e: EnrollmentFacts,
  note: { number: string },
  amount: number,
  invoiceNumber?: string,
): MailMessage {
  return {
    template: 'credit-note-issued',
    data: {
      enrollmentId,
      name: e.name,
      planName: e.planName,
      purchase: purchaseLines(e),
      amount,
      number: note.number,
      invoiceNumber: invoiceNumber ?? '',
    },
  };
}
