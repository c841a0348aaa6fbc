import { purchaseTitle, isSubscriptionPlan } from '@upskill/domain/enrollment';
import { assertGuardianConsent } from '../consents/guardianRequest';
import { FieldValue, type Timestamp } from 'firebase-admin/firestore';
import type { CheckoutAnswer, EnrollmentRecord, OrderCheckout } from '@upskill/domain/enrollment';
import { COMPANY, toPaise } from '@upskill/domain/common';
import { checkoutResultSchema } from '@upskill/domain/forms';
import { assertAccess, enrollmentCaller } from '../enrollment/access';
import { enrollmentNotFound, loadEnrollment, publicRecord, type EnrollmentDoc } from '../enrollment/store';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { enforceRateLimit } from '../http/rateLimit';
import { readJsonObject, type HttpRequest } from '../http/request';
import { validateBody } from '../http/validate';
import { RAZORPAY_KEY_ID } from '../platform/razorpay';
import { applyCaptured } from '../payments/fulfilment';
import { ensureHold } from '../enrollment/seat';
import { createGatewayOrder, fetchGatewayPayment, signedByGateway } from '../payments/gatewayCalls';
import { orders, type OrderDoc } from '../payments/store';
import { confirmAuthorisation, subscriptionCheckout } from '../subscriptions/start';
import { runTransaction } from '../http/transaction';
import { withCreditsStillHeld } from './referralCredits';

function settledError(doc: EnrollmentDoc): HttpError {
  const message =
    doc.status === 'paid'
      ? 'This enrollment has already been paid.'
      : doc.status === 'trial'
        ? 'Your free trial has already started: nothing more to pay now.'
        : doc.status === 'refunded'
          ? 'This enrollment was paid and refunded.'
          : 'This enrollment can no longer be paid.';
  return new HttpError('failed-precondition', message);
}

/**
 * POST /api/enroll/{id}/checkout: a gateway order for the stored price, reused while it is open and
 * the price has not changed. The client sends no amount; there is nothing it could change.
 */
export async function startCheckout(req: HttpRequest, id: string): Promise<CheckoutAnswer> {
  const caller = await enrollmentCaller(req, 'Paying');
  await enforceRateLimit('checkout', req, caller.account?.uid);
  const loaded = await loadEnrollment(id);
  const { ref } = loaded;
  assertAccess(caller, loaded.doc, 'pay');
  if (loaded.doc.status !== 'pending_payment') throw settledError(loaded.doc);
  assertGuardianConsent(loaded.doc);
  await ensureHold(ref, loaded.doc, Date.now());
  const doc = await withCreditsStillHeld(ref, loaded.doc);

  if (isSubscriptionPlan(doc.planId)) return subscriptionCheckout(id, doc, Date.now());

  const amount = toPaise(doc.price);
  let orderId = doc.order && doc.order.amount === amount ? doc.order.id : undefined;
  if (!orderId) {
    const created = await createGatewayOrder(
      { amount, receipt: id, notes: { enrollmentId: id, purchase: purchaseTitle(doc).slice(0, 250) } },
      'checkout',
      { enrollmentId: id },
    );
    orderId = created;
    await withDeadline(
      runTransaction(async (tx) => {
        const current = (await tx.get(ref)).data();
        if (!current) throw enrollmentNotFound();
        if (current.status !== 'pending_payment') throw settledError(current);
        // An edit between our read and now changed the price: this order is for the old one.
        if (toPaise(current.price) !== amount)
          throw new HttpError('failed-precondition', 'The enrollment changed while we prepared the payment. Please try again.');
        tx.create(orders().doc(created), {
          enrollmentId: id,
          amount,
          currency: 'INR',
          voided: false,
          createdAt: FieldValue.serverTimestamp() as unknown as Timestamp,
        } satisfies OrderDoc);
        tx.update(ref, { order: { id: created, amount }, updatedAt: FieldValue.serverTimestamp() });
      }),
    );
  }
  return orderCheckout(id, doc, orderId, amount, purchaseTitle(doc));
}

/** What checkout.js is opened with for one of our orders of `amount` paise: `what` is shown as the purchase. */
export function orderCheckout(id: string, doc: EnrollmentDoc, orderId: string, amount: number, what: string): OrderCheckout {
  return {
    kind: 'order',
    orderId,
    amount,
    currency: 'INR',
    keyId: RAZORPAY_KEY_ID.value(),
    enrollmentId: id,
    description: `${what} · ${COMPANY.name}`,
    prefill: { name: doc.name, email: doc.email, contact: doc.phone },
  };
}

/** A checkout result that does not check out (signature, order or Razorpay's record): nothing was applied. */
export const unverified = () =>
  new HttpError(
    'invalid-argument',
    'We could not verify this payment. If money left your account, it will be matched automatically or refunded; contact us with your enrollment id.',
  );

/**
 * POST /api/enroll/{id}/payment: the browser's report of a successful checkout. Trusted only after the
 * signature (HMAC-SHA256 of `order_id|payment_id` with the key secret), the order's owner and the
 * gateway's own record of the payment agree; then the same fulfilment as the webhook runs.
 */
export async function confirmPayment(req: HttpRequest, id: string): Promise<EnrollmentRecord> {
  const body = readJsonObject(req);
  const caller = await enrollmentCaller(req, 'Paying');
  if ('razorpay_subscription_id' in body) return confirmAuthorisation(req, id, caller, body);
  const result = await validateBody(checkoutResultSchema, body, 'The payment result is not valid.');
  // The signature first: a forged result costs one HMAC and never reaches the database.
  if (!signedByGateway(result)) throw unverified();
  await enforceRateLimit('payment-confirm', req, caller.account?.uid);
  const { ref, doc } = await loadEnrollment(id);
  assertAccess(caller, doc, 'pay');
  const order = (await withDeadline(orders().doc(result.razorpay_order_id).get())).data();
  // A switch's top-up order is confirmed by its own route (switching/switchPayment.ts), never as the purchase.
  if (order?.enrollmentId !== id || order.purpose) throw unverified();

  // Repeating the report of the payment that paid it answers the same paid record.
  if (doc.payment?.paymentId === result.razorpay_payment_id) return publicRecord(await withDeadline(ref.get()));

  const payment = await fetchGatewayPayment(result.razorpay_payment_id, 'payment', { enrollmentId: id });
  if (!payment || payment.orderId !== result.razorpay_order_id) throw unverified();
  if (payment.status === 'authorized') {
    throw new HttpError(
      'failed-precondition',
      'Your bank has authorised the payment and it is being completed. We will confirm it by e-mail; you will not be charged twice.',
    );
  }
  if (payment.status !== 'captured') {
    throw new HttpError('failed-precondition', 'This payment did not go through. You have not been charged; please try again.');
  }
  const applied = await withDeadline(applyCaptured(payment, { by: 'checkout' }));
  if (applied.result === 'recorded' && applied.outcome !== 'applied') {
    const message =
      applied.outcome === 'amount-mismatch'
        ? 'The amount paid does not match the price of this enrollment. Our team has been alerted and will contact you.'
        : 'This enrollment was already paid. Our team has been alerted about the second payment and will refund it.';
    throw new HttpError('failed-precondition', message);
  }
  return publicRecord(await withDeadline(ref.get()));
}
