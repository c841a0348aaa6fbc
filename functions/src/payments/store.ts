import type { FirestoreDataConverter, QueryDocumentSnapshot, Timestamp } from 'firebase-admin/firestore';
import { db } from '../platform/database';

/** A gateway order we created for an enrollment: how a payment (which names only its order) finds it. */
export interface OrderDoc {
  enrollmentId: string;
  /** Paise. */
  amount: number;
  currency: 'INR';
  /** An edit of the enrollment voids its open order, so the next checkout creates one at the new price. */
  voided: boolean;
  createdAt: Timestamp;
}

export type PaymentState = 'failed' | 'captured' | 'refunded';
/**
 * What a payment did to its enrollment: paid it; nothing, because it failed; or nothing, because it
 * must not (an amount that differs from the price, a second payment of a paid enrollment, an
 * enrollment that cannot be paid). The last three are flagged for the staff to resolve.
 */
export type PaymentOutcome = 'applied' | 'failed' | 'amount-mismatch' | 'already-paid' | 'not-payable';

/** One gateway payment, keyed by its id: the record that makes fulfilment happen once. */
export interface PaymentDoc {
  enrollmentId: string;
  orderId: string;
  /** Paise, as the gateway reported. */
  amount: number;
  currency: string;
  method: string;
  state: PaymentState;
  outcome: PaymentOutcome;
  flagged: boolean;
  flagReason: string | null;
  errorDescription: string | null;
  refundId: string | null;
  /** Who told us first: the browser's checkout result or the gateway's webhook. */
  reportedBy: 'checkout' | 'webhook';
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A webhook event we applied; its id makes a redelivery a no-op. */
export interface WebhookEventDoc {
  event: string;
  paymentId: string | null;
  result: string;
  receivedAt: Timestamp;
}

const typed = <T extends object>(): FirestoreDataConverter<T> => ({
  toFirestore: (doc) => doc,
  fromFirestore: (snap: QueryDocumentSnapshot) => snap.data() as T,
});

export const orders = () => db().collection('orders').withConverter(typed<OrderDoc>());
export const payments = () => db().collection('payments').withConverter(typed<PaymentDoc>());
/** Who applies a captured payment first (see fulfilment.ts): one create wins, the rest wait for its result. */
export const paymentClaims = () => db().collection('paymentClaims').withConverter(typed<{ claimedAt: Timestamp }>());
export const webhookEvents = () => db().collection('webhookEvents').withConverter(typed<WebhookEventDoc>());
