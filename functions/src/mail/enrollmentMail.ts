import type { MailMessage } from './outbox';

/** The enrollment facts both mails carry; a stored enrollment has them all. */
interface EnrollmentFacts {
  name: string;
  planName: string;
  interestedCourse: string;
  preferredBatchTime: string;
  price: number;
  features: string[];
}

/** "Thanks for enrolling … to pay": sent on enrollment, and again when staff resend the payment link. */
export function enrollmentCreatedMail(enrollmentId: string, e: EnrollmentFacts): MailMessage {
  return {
    template: 'enrollment-created',
    data: { enrollmentId, name: e.name, planName: e.planName, course: e.interestedCourse, batch: e.preferredBatchTime, price: e.price, features: e.features },
  };
}

/** The receipt: sent with the payment, and again when staff resend it. */
export function receiptMail(enrollmentId: string, e: EnrollmentFacts, payment: { amount: number; paymentId: string; method: string; paidAt: Date }): MailMessage {
  return {
    template: 'payment-received',
    data: {
      enrollmentId, name: e.name, planName: e.planName, course: e.interestedCourse, batch: e.preferredBatchTime,
      amount: payment.amount, paymentId: payment.paymentId, method: payment.method, paidAt: payment.paidAt.toISOString(),
    },
  };
}
