import { purchaseLines, type PurchaseFacts } from '@upskill/domain/enrollment';
import type { MailMessage } from '../mail/outbox';

interface Facts extends PurchaseFacts {
  name: string;
}

/** The mails of a subscription's life; the receipt of each charge is the payments' own (receiptMail). */
export const subscriptionMail = {
  /** The authorisation went through: what was charged (nothing), what will be and when, how to cancel. */
  trialStarted: (enrollmentId: string, e: Facts, d: { promise: string; trialEndsAt: string; amount: number }): MailMessage => ({
    template: 'trial-started',
    data: { enrollmentId, name: e.name, planName: e.planName, purchase: purchaseLines(e), ...d },
  }),
  /** A charge failed: Razorpay retries (pending) or has stopped (halted); the link is Razorpay's page to pay. */
  paymentFailed: (enrollmentId: string, e: Facts, d: { amount: number; halted: boolean; payUrl: string | null }): MailMessage => ({
    template: 'subscription-payment-failed',
    data: { enrollmentId, name: e.name, planName: e.planName, ...d },
  }),
  /** The learner cancelled: nothing more is charged; access lasts until the end of what was paid (or the trial). */
  cancelled: (enrollmentId: string, e: Facts, d: { accessUntil: string | null; inTrial: boolean }): MailMessage => ({
    template: 'subscription-cancelled',
    data: { enrollmentId, name: e.name, planName: e.planName, ...d },
  }),
};
