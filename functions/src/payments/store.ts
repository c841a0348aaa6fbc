import { collection, type Stored } from '../platform/collections';

export type { PaymentOutcome, PaymentState } from '@upskill/domain/records';
export type OrderDoc = Stored<'orders'>;
export type PaymentDoc = Stored<'payments'>;
export type WebhookEventDoc = Stored<'webhookEvents'>;

/** A gateway order we created for an enrollment: how a payment (which names only its order) finds it. */
export const orders = () => collection('orders');
/** One gateway payment, keyed by its id: the record that makes fulfilment happen once. */
export const payments = () => collection('payments');
/** Who applies a captured payment first (see fulfilment.ts): one create wins, the rest wait for its result. */
export const paymentClaims = () => collection('paymentClaims');
/** A webhook event we applied; its id makes a redelivery a no-op. */
export const webhookEvents = () => collection('webhookEvents');
