import { logger } from 'firebase-functions';
import { DOCUMENT_ID_PATTERN } from '../http/request';
import { withDeadline } from '../http/handler';
import { gatewayError, razorpay } from '../platform/razorpay';
import { isRecord, type GatewayPayment } from '../payments/gatewayPayment';
import type { Reporter } from '../payments/fulfilment';
import { applySubscription, type SubscriptionApplied } from './apply';
import { readSubscription } from './gatewaySubscription';

/**
 * A `payment.*` event of a subscription's charge names an order the site did not create, and the cycle's
 * invoice. The invoice names the subscription; the subscription, fetched now, is the newest truth. Both go
 * through the subscription's one state machine, so a charge is recorded once whichever of its events
 * (`payment.captured`, `subscription.activated`, `subscription.charged`) arrives first, or alone.
 * Undefined when the payment is not a subscription's (or the gateway cannot say now: it retries).
 */
export async function applySubscriptionCharge(
  payment: GatewayPayment,
  reporter: Reporter,
  atMs: number,
): Promise<SubscriptionApplied | undefined> {
  if (!payment.invoiceId) return undefined;
  let invoice: unknown;
  let subscription: unknown;
  try {
    invoice = await withDeadline(razorpay().invoices.fetch(payment.invoiceId));
    const subscriptionId = isRecord(invoice) && typeof invoice.subscription_id === 'string' ? invoice.subscription_id : undefined;
    if (!subscriptionId) return undefined;
    subscription = await withDeadline(razorpay().subscriptions.fetch(subscriptionId));
  } catch (err) {
    logger.error('subscription charge: the gateway did not return its invoice or subscription', {
      paymentId: payment.id,
      ...gatewayError(err),
    });
    throw err;
  }
  const snapshot = readSubscription(subscription);
  const notes = isRecord(subscription) && isRecord(subscription.notes) ? subscription.notes : {};
  const enrollmentId =
    typeof notes.enrollmentId === 'string' && DOCUMENT_ID_PATTERN.test(notes.enrollmentId) ? notes.enrollmentId : undefined;
  if (!snapshot || !enrollmentId) return undefined;
  return applySubscription({ enrollmentId, snapshot, charge: payment.status === 'captured' ? payment : undefined, reporter, atMs });
}
