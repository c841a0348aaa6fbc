import { Timestamp } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { enrollments } from '../enrollment/store';
import { db } from '../platform/database';
import { razorpay, gatewayError } from '../platform/razorpay';
import { applyCaptured } from './fulfilment';
import { readPayment } from './gatewayPayment';
import { orders, payments } from './store';

/**
 * The payment reconciler (docs/decisions/0016). Razorpay asks merchants to reconcile: a webhook can be
 * missed, and Razorpay disables one after a day of failed deliveries; a learner may close the tab
 * before the browser reports. Every run looks at recent orders that have been open for a few minutes
 * and whose enrollment is still unpaid, asks the gateway for the order's payments, and applies each
 * captured one through the same fulfilment as the webhook (applied once, whoever reports it).
 */

/** An order younger than this may still be reported by the browser or the webhook: leave it to them. */
export const RECONCILE_AFTER_MS = 5 * 60_000;
/** The most recent orders looked at per run (the schedule runs every 10 minutes). */
const ORDERS_PER_RUN = 200;

export interface ReconcileResult {
  ordersChecked: number;
  /** Captured payments we had not recorded, now applied. */
  applied: number;
  /** Captured payments already recorded (nothing to do). */
  known: number;
  /** Orders the gateway could not be asked about this time (tried again next run). */
  unreachable: number;
}

export async function reconcilePayments(asOfMs: number): Promise<ReconcileResult> {
  const cutoff = Timestamp.fromMillis(asOfMs - RECONCILE_AFTER_MS);
  const recent = await orders().where('createdAt', '<=', cutoff).orderBy('createdAt', 'desc').limit(ORDERS_PER_RUN).get();
  const result: ReconcileResult = { ordersChecked: 0, applied: 0, known: 0, unreachable: 0 };
  // Their enrollments in one round trip, not one read per order.
  const owners = recent.empty ? [] : await db().getAll(...recent.docs.map((order) => enrollments().doc(order.data().enrollmentId)));
  for (const [i, order] of recent.docs.entries()) {
    if (owners[i].data()?.status !== 'pending_payment') continue;
    result.ordersChecked += 1;
    let items: unknown[];
    try {
      items = (await razorpay().orders.fetchPayments(order.id)).items;
    } catch (err) {
      result.unreachable += 1;
      logger.warn('reconcile: the gateway did not list the order’s payments', { orderId: order.id, ...gatewayError(err) });
      continue;
    }
    for (const payment of items.map(readPayment)) {
      if (!payment || payment.status !== 'captured' || payment.orderId !== order.id) continue;
      const recorded = (await payments().doc(payment.id).get()).data();
      if (recorded && recorded.state !== 'failed') {
        result.known += 1;
        continue;
      }
      const applied = await applyCaptured(payment, { by: 'reconciler' }, asOfMs);
      if (applied.result === 'recorded') {
        result.applied += 1;
        logger.info('reconcile: applied a payment no one had reported', {
          paymentId: payment.id,
          orderId: order.id,
          outcome: applied.outcome,
        });
      }
    }
  }
  return result;
}
