import { logger } from 'firebase-functions';
import { Timestamp } from 'firebase-admin/firestore';
import { COMPANY } from '@upskill/domain/common';
import { indiaDate } from '@upskill/domain/batches';
import { checkoutResultSchema } from '@upskill/domain/forms';
import { seatDescription, settlement, type SeatCheckout, type SeatOrderView } from '@upskill/domain/organisations';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { runTransaction } from '../http/transaction';
import { validateBody } from '../http/validate';
import { createGatewayOrder, fetchGatewayPayment, signedByGateway } from '../payments/gatewayCalls';
import type { GatewayPayment } from '../payments/gatewayPayment';
import { RAZORPAY_KEY_ID } from '../platform/razorpay';
import { changeOrder, paymentRefusal } from './settle';
import { currentOrderView, orderNotFound, orderReference, seatOrders, type SeatOrderDoc } from './store';

/**
 * Paying an order online through Razorpay: an order for what is outstanding, opened by an admin; the browser's
 * result, trusted after its signature and the gateway's own record agree; and the webhook, for a browser that never
 * reported. Both feed the same change (settle.ts), keyed by the payment's id: a payment counts once, however often
 * it is reported.
 */

const unverified = () =>
  new HttpError(
    'invalid-argument',
    'We could not verify this payment. If money left your account, it will be matched automatically or refunded.',
  );

function ownOrder(doc: SeatOrderDoc | undefined, organisationId: string): SeatOrderDoc {
  if (!doc || doc.organisationId !== organisationId) throw orderNotFound();
  return doc;
}

/** POST /api/team/{org}/orders/{id}/checkout: a Razorpay order for what is outstanding, reused while the amount is the same. */
export async function startSeatCheckout(organisationId: string, id: string, nowMs: number): Promise<SeatCheckout> {
  const ref = seatOrders().doc(id);
  const doc = ownOrder((await withDeadline(ref.get())).data(), organisationId);
  const refused = paymentRefusal(doc, nowMs);
  if (refused) throw new HttpError('failed-precondition', refused);
  const amount = settlement(doc.tax.total, doc.receipts, doc.tds?.amount ?? 0).outstanding;
  const description = `${seatDescription(doc.subject, doc.seats, doc.batchLabel)} · ${COMPANY.name}`;
  let gatewayOrderId = doc.gatewayOrder?.amount === amount ? doc.gatewayOrder.id : undefined;
  if (!gatewayOrderId) {
    const created = await createGatewayOrder(
      { amount, receipt: orderReference(id), notes: { seatOrderId: id, organisationId } },
      'seat checkout',
      { seatOrderId: id },
    );
    gatewayOrderId = created;
    await withDeadline(
      runTransaction(async (tx) => {
        const current = ownOrder((await tx.get(ref)).data(), organisationId);
        if (settlement(current.tax.total, current.receipts, current.tds?.amount ?? 0).outstanding !== amount)
          throw new HttpError('failed-precondition', 'The order changed while we prepared the payment. Please try again.');
        tx.update(ref, { gatewayOrder: { id: created, amount }, updatedAt: Timestamp.fromMillis(nowMs) });
      }),
    );
  }
  return { keyId: RAZORPAY_KEY_ID.value(), gatewayOrderId, amount, currency: 'INR', name: COMPANY.name, description };
}

/** A captured payment of an order's Razorpay order, applied once (its id is the receipt's reference). */
export async function applySeatPayment(id: string, payment: GatewayPayment, nowMs: number): Promise<SeatOrderDoc> {
  return changeOrder(id, nowMs, payment.id, async (_tx, doc) => {
    if (doc.receipts.some((r) => r.reference === payment.id)) return 'unchanged';
    if (doc.gatewayOrder?.id !== payment.orderId || payment.amount !== doc.gatewayOrder.amount || payment.currency !== 'INR') {
      logger.error('seat payment: a payment that does not match its order', {
        seatOrderId: id,
        paymentId: payment.id,
        amount: payment.amount,
      });
      throw unverified();
    }
    return {
      kind: 'receipt',
      receipt: { kind: 'razorpay', reference: payment.id, amount: payment.amount, date: indiaDate(nowMs), recordedBy: null },
    };
  });
}

/** POST /api/team/{org}/orders/{id}/payment: the browser's report of a successful checkout. */
export async function confirmSeatPayment(organisationId: string, id: string, body: unknown, nowMs: number): Promise<SeatOrderView> {
  const result = await validateBody(checkoutResultSchema, body, 'The payment result is not valid.');
  if (!signedByGateway(result)) throw unverified();
  const doc = ownOrder((await withDeadline(seatOrders().doc(id).get())).data(), organisationId);
  if (doc.receipts.some((r) => r.reference === result.razorpay_payment_id)) return currentOrderView(id, doc, nowMs);
  if (doc.gatewayOrder?.id !== result.razorpay_order_id) throw unverified();
  const payment = await fetchGatewayPayment(result.razorpay_payment_id, 'seat payment', { seatOrderId: id });
  if (!payment || payment.orderId !== result.razorpay_order_id) throw unverified();
  if (payment.status !== 'captured')
    throw new HttpError('failed-precondition', 'This payment did not go through. You have not been charged; please try again.');
  return currentOrderView(id, await applySeatPayment(id, payment, nowMs), nowMs);
}

/** The webhook's way in: the seat order a Razorpay order belongs to, if any. */
export async function seatOrderOfGatewayOrder(gatewayOrderId: string): Promise<string | undefined> {
  const found = await withDeadline(seatOrders().where('gatewayOrder.id', '==', gatewayOrderId).limit(1).get());
  return found.docs[0]?.id;
}
