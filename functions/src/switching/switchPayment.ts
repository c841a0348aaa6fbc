import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { findOffering } from '@upskill/domain/batches';
import { formatRupees, toPaise } from '@upskill/domain/common';
import {
  SWITCH_MESSAGES,
  SWITCH_TOP_UP_PURPOSE,
  switchRefusal,
  switchTopUp,
  type EnrollmentRecord,
  type OrderCheckout,
  type PaymentOutcome,
} from '@upskill/domain/enrollment';
import { checkoutResultSchema, switchCourseSchema } from '@upskill/domain/forms';
import { markSeatId } from '../batches/board';
import { seatForPayment } from '../batches/confirm';
import { claimSeat, holdUntil, someoneWaiting } from '../batches/seats';
import { batches, seats } from '../batches/store';
import { assertAccess, enrollmentCaller } from '../enrollment/access';
import { enrollmentNotFound, enrollments, publicRecord, type EnrollmentDoc } from '../enrollment/store';
import { requestNow } from '../http/clock';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { enforceRateLimit } from '../http/rateLimit';
import { readJsonObject, type HttpRequest } from '../http/request';
import { runTransaction } from '../http/transaction';
import { validateBody } from '../http/validate';
import { withNumbers } from '../invoices/numbers';
import { paymentFields, rememberEvent, seenEvent, type Reporter } from '../payments/fulfilment';
import { orderCheckout, unverified } from '../checkout/checkout';
import { createGatewayOrder, fetchGatewayPayment, signedByGateway } from '../payments/gatewayCalls';
import { readPayment, type GatewayPayment } from '../payments/gatewayPayment';
import { RECONCILE_AFTER_MS } from '../payments/reconcile';
import { orders, payments, type PaymentDoc } from '../payments/store';
import { db } from '../platform/database';
import { gatewayError, razorpay } from '../platform/razorpay';
import { batchTaken, ownsSeat, readSwitch, refuse, writeSwitch, type SwitchPlan } from './switchCourse';

/**
 * A switch to a dearer course (decision 0038): the difference is paid before the seat moves. The checkout makes a
 * Razorpay order for the difference and holds a seat in the new batch, both recorded on the enrollment
 * (switchOrder); the order's captured payment then makes the switch, once, whoever reports it first (the browser, the
 * webhook or the reconciler): the seat, the credit note and the new invoice for the new price, in one transaction
 * keyed by the payment's own document. A payment whose switch can no longer be made (the batch started, the seat went,
 * another switch came first) is recorded, flagged and refunded by staff, never lost.
 */

/** POST /api/enroll/{id}/switch/checkout {batchId}: an order for the difference, with the new batch's seat held meanwhile. */
export async function startSwitchCheckout(req: HttpRequest, id: string): Promise<OrderCheckout> {
  const body = readJsonObject(req);
  const caller = await enrollmentCaller(req, 'Switching the course of');
  const input = await validateBody(switchCourseSchema, body, 'Choose a batch of the course to switch to.');
  await enforceRateLimit('checkout', req, caller.account?.uid);
  const nowMs = requestNow(req);
  const { ref, current, readAt, target } = await readSwitch({ kind: 'learner', caller }, id, input.batchId, nowMs);
  const topUp = switchTopUp(current, target.offering);
  if (topUp === 0) throw refuse(SWITCH_MESSAGES.noTopUp);
  if (!current.payment || !readAt) throw refuse(SWITCH_MESSAGES.notPaid);
  const amount = toPaise(topUp);
  const switchNumber = (current.switches?.length ?? 0) + 1;
  const toName = findOffering(target.offering)?.name ?? target.offering;
  const answer = (orderId: string) => orderCheckout(id, current, orderId, amount, `Switch to ${toName} (the difference)`);
  // The same batch asked again while its seat is still held: the same order (one payment, however often it is opened).
  const open = current.switchOrder;
  if (
    open &&
    open.toBatchId === input.batchId &&
    open.amount === amount &&
    open.switchNumber === switchNumber &&
    open.holdUntil.toMillis() > nowMs
  )
    return answer(open.id);
  // People waiting for the new batch come first, as they do for a new buyer.
  if (await someoneWaiting(input.batchId)) throw batchTaken();

  const orderId = await createGatewayOrder(
    {
      amount,
      receipt: `${id}-switch-${switchNumber}`.slice(0, 40),
      notes: { purpose: SWITCH_TOP_UP_PURPOSE, enrollmentId: id, switchNumber: String(switchNumber) },
    },
    'switch checkout',
    { enrollmentId: id },
  );
  // An earlier checkout's held seat (another batch, or a lapsed hold) is given up with the new hold.
  const earlier = open ? await withDeadline(seats().doc(open.seatId).get()) : undefined;
  const previous = earlier?.data()?.enrollmentId === id && earlier.data()?.state === 'held' ? earlier : undefined;
  const until = holdUntil(nowMs);
  const claim = await claimSeat(
    input.batchId,
    target.capacity,
    { state: 'held', enrollmentId: id, waitlistId: null, activeUntil: until },
    nowMs,
    (wb, seatId) => {
      wb.create(orders().doc(orderId), {
        enrollmentId: id,
        amount,
        currency: 'INR',
        voided: false,
        purpose: SWITCH_TOP_UP_PURPOSE,
        createdAt: FieldValue.serverTimestamp() as unknown as Timestamp,
      });
      wb.update(
        ref,
        {
          switchOrder: { id: orderId, amount, switchNumber, to: target.offering, toBatchId: input.batchId, seatId, holdUntil: until },
          updatedAt: FieldValue.serverTimestamp(),
        },
        { lastUpdateTime: readAt },
      );
      if (previous?.exists && previous.id !== seatId && previous.updateTime) {
        wb.delete(previous.ref, { lastUpdateTime: previous.updateTime });
        markSeatId(wb, previous.id, null);
      }
    },
    async () => ((await withDeadline(ref.get())).updateTime?.isEqual(readAt) ? undefined : ('changed' as const)),
  );
  if ('stopped' in claim) throw refuse(SWITCH_MESSAGES.changed);
  return answer(orderId);
}

export type SwitchCaptured =
  | { result: 'unknown-order' }
  | { result: 'duplicate-event' }
  | { result: 'recorded'; enrollmentId: string; outcome: PaymentOutcome; paymentId: string; reason: string | null };

const STATE_RANK = { failed: 0, captured: 1, refunded: 2 } as const;

type Refused = { kind: 'refused'; outcome: 'switch-refused' | 'amount-mismatch'; reason: string };
const refused = (reason: string, outcome: Refused['outcome'] = 'switch-refused'): Refused => ({ kind: 'refused', outcome, reason });

/** Why a captured top-up must not make its switch, or what the switch takes (read in its transaction). */
async function captureRefusal(tx: Transaction, id: string, latest: EnrollmentDoc, payment: GatewayPayment, atMs: number) {
  const order = latest.switchOrder;
  if (!order || order.id !== payment.orderId) return refused('The switch this payment was for was replaced or made already.');
  if (payment.currency !== 'INR' || payment.amount !== order.amount)
    return refused(`Paid ${payment.amount} ${payment.currency}, the difference is ${order.amount} INR.`, 'amount-mismatch');
  if ((latest.switches?.length ?? 0) !== order.switchNumber - 1 || latest.refundRequest) return refused(SWITCH_MESSAGES.changed);
  const [from, target] = await Promise.all([
    latest.batchId ? tx.get(batches().doc(latest.batchId)) : undefined,
    tx.get(batches().doc(order.toBatchId)),
  ]);
  const refusal = switchRefusal(latest, order.to, from?.data()?.startsAt.toMillis() ?? atMs, atMs);
  if (refusal) return refused(refusal);
  const batch = target.data();
  if (!batch || batch.status === 'cancelled' || batch.startsAt.toMillis() <= atMs)
    return refused('The batch switched to has started or was cancelled.');
  const seat = await seatForPayment(tx, id, { ...latest, batchId: order.toBatchId, seatId: order.seatId }, atMs);
  if (seat.kind !== 'ours' && seat.kind !== 'free') return refused('The seat held for the switch was taken and the batch is full.');
  return { kind: 'switch' as const, from: from?.data(), target: batch, seat, order };
}

/**
 * A captured payment of a switch's order: the switch, once (the payment's document is created in the same
 * transaction), or the payment recorded and flagged when the switch can no longer be made. 'unknown-order' when the
 * order is not a switch's.
 */
export function applySwitchCaptured(payment: GatewayPayment, reporter: Reporter, atMs: number): Promise<SwitchCaptured> {
  return withNumbers(['credit-note', 'invoice'], atMs, `switch_${payment.id}`, (numbers) =>
    runTransaction(async (tx): Promise<SwitchCaptured> => {
      await numbers.check(tx);
      if (await seenEvent(tx, reporter)) return { result: 'duplicate-event' };
      const paymentRef = payments().doc(payment.id);
      const [orderSnap, paymentSnap] = await Promise.all([tx.get(orders().doc(payment.orderId)), tx.get(paymentRef)]);
      const order = orderSnap.data();
      if (order?.purpose !== SWITCH_TOP_UP_PURPOSE) return { result: 'unknown-order' };
      const id = order.enrollmentId;
      const known = paymentSnap.data();
      if (known && STATE_RANK[known.state] >= STATE_RANK.captured) {
        rememberEvent(tx, reporter, payment.id, 'already-recorded');
        return { result: 'recorded', enrollmentId: id, outcome: known.outcome, paymentId: payment.id, reason: known.flagReason ?? null };
      }
      const latest = (await tx.get(enrollments().doc(id))).data();
      if (!latest) return { result: 'unknown-order' };
      const decided = await captureRefusal(tx, id, latest, payment, atMs);
      const oldSeatOurs = decided.kind === 'refused' ? false : await ownsSeat(tx, id, latest.seatId);
      // Every read is done.
      const fields = {
        ...paymentFields(payment, id, reporter),
        errorDescription: known?.errorDescription ?? payment.errorDescription,
        state: 'captured' as const,
        outcome: decided.kind === 'refused' ? decided.outcome : ('applied' as const),
        flagged: decided.kind === 'refused',
        flagReason: decided.kind === 'refused' ? decided.reason : null,
        ...(known ? { createdAt: known.createdAt } : {}),
      };
      tx.set(paymentRef, fields as unknown as PaymentDoc);
      rememberEvent(tx, reporter, payment.id, fields.outcome);
      if (decided.kind === 'refused') {
        // This order can make no switch now: it is closed, so the reconciler stops asking about it (its seat's hold lapses).
        if (latest.switchOrder?.id === payment.orderId)
          tx.update(enrollments().doc(id), { switchOrder: null, updatedAt: FieldValue.serverTimestamp() });
        logger.warn('switch payment flagged', { paymentId: payment.id, enrollmentId: id, reason: decided.reason });
        return { result: 'recorded', enrollmentId: id, outcome: decided.outcome, paymentId: payment.id, reason: decided.reason };
      }
      const plan: SwitchPlan = {
        id,
        current: latest,
        from: decided.from,
        target: decided.target,
        toBatchId: decided.order.toBatchId,
        refund: 0,
        topUp: decided.order.amount / 100,
        topUpPaymentId: payment.id,
        switchNumber: decided.order.switchNumber,
        by: 'learner',
      };
      writeSwitch(tx, plan, latest, decided.seat, oldSeatOurs, numbers, atMs);
      return { result: 'recorded', enrollmentId: id, outcome: 'applied', paymentId: payment.id, reason: null };
    }),
  );
}

/**
 * POST /api/enroll/{id}/switch/payment: the browser's report of the difference paid in checkout. Trusted only after the
 * signature, the order's owner and Razorpay's own record of the payment agree; then the same capture as the webhook.
 */
export async function confirmSwitchPayment(req: HttpRequest, id: string): Promise<EnrollmentRecord> {
  const body = readJsonObject(req);
  const caller = await enrollmentCaller(req, 'Paying');
  const result = await validateBody(checkoutResultSchema, body, 'The payment result is not valid.');
  if (!('razorpay_order_id' in result) || !signedByGateway(result)) throw unverified();
  await enforceRateLimit('payment-confirm', req, caller.account?.uid);
  const ref = enrollments().doc(id);
  const doc = (await withDeadline(ref.get())).data();
  if (!doc) throw enrollmentNotFound();
  assertAccess(caller, doc, 'pay');
  const order = (await withDeadline(orders().doc(result.razorpay_order_id).get())).data();
  if (order?.enrollmentId !== id || order.purpose !== SWITCH_TOP_UP_PURPOSE) throw unverified();
  const nowMs = requestNow(req);
  // Repeating the report of the payment that made the switch answers the same record.
  if (doc.switches?.some((s) => s.topUpPaymentId === result.razorpay_payment_id)) return publicRecord(await withDeadline(ref.get()), nowMs);
  const payment = await fetchGatewayPayment(result.razorpay_payment_id, 'switch payment', { enrollmentId: id });
  if (!payment || payment.orderId !== result.razorpay_order_id) throw unverified();
  if (payment.status === 'authorized')
    throw new HttpError(
      'failed-precondition',
      'Your bank has authorised the payment and it is being completed. We will switch your course when it is, and confirm it by e-mail.',
    );
  if (payment.status !== 'captured')
    throw new HttpError('failed-precondition', 'This payment did not go through. You have not been charged; please try again.');
  const applied = await withDeadline(applySwitchCaptured(payment, { by: 'checkout' }, nowMs));
  if (applied.result === 'recorded' && applied.outcome !== 'applied')
    throw new HttpError(
      'failed-precondition',
      `Your course could not be switched: ${applied.reason ?? 'the switch changed'} We have recorded your payment of ${formatRupees(payment.amount / 100)} and our team will refund it.`,
    );
  return publicRecord(await withDeadline(ref.get()), nowMs);
}

/** The most recent switch orders looked at per reconciler run (a switch's order is open for minutes, then made or replaced). */
const SWITCH_ORDERS_PER_RUN = 50;

/**
 * The reconciler's part (`npm run jobs -- reconcile`): a switch's order still open on its enrollment after
 * RECONCILE_AFTER_MS, whose payment no browser or webhook reported, is asked about at Razorpay and its captured
 * payment applied, once, as if it had been reported.
 */
export async function reconcileSwitchPayments(asOfMs: number): Promise<{ switchOrdersChecked: number; switchPaymentsApplied: number }> {
  const cutoff = Timestamp.fromMillis(asOfMs - RECONCILE_AFTER_MS);
  const recent = await withDeadline(
    orders()
      .where('purpose', '==', SWITCH_TOP_UP_PURPOSE)
      .where('createdAt', '<=', cutoff)
      .orderBy('createdAt', 'desc')
      .limit(SWITCH_ORDERS_PER_RUN)
      .get(),
  );
  const owners = recent.empty ? [] : await withDeadline(db().getAll(...recent.docs.map((o) => enrollments().doc(o.data().enrollmentId))));
  const result = { switchOrdersChecked: 0, switchPaymentsApplied: 0 };
  for (const [i, order] of recent.docs.entries()) {
    if (owners[i].data()?.switchOrder?.id !== order.id) continue;
    result.switchOrdersChecked += 1;
    let items: unknown[];
    try {
      items = (await withDeadline(razorpay().orders.fetchPayments(order.id))).items;
    } catch (err) {
      logger.warn('reconcile: the gateway did not list the switch order’s payments', { orderId: order.id, ...gatewayError(err) });
      continue;
    }
    for (const payment of items.map(readPayment)) {
      if (!payment || payment.status !== 'captured' || payment.orderId !== order.id) continue;
      // Recorded already (made, or flagged): nothing to apply, as the purchases' reconciler does (payments/reconcile.ts).
      const recorded = (await withDeadline(payments().doc(payment.id).get())).data();
      if (recorded && recorded.state !== 'failed') continue;
      const applied = await applySwitchCaptured(payment, { by: 'reconciler' }, asOfMs);
      if (applied.result === 'recorded') result.switchPaymentsApplied += 1;
    }
  }
  return result;
}
