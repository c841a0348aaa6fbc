import { markSeatId } from '../batches/board';
import { FieldValue, Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { toPaise } from '@upskill/domain/common';
import { SWITCH_REFUND_PURPOSE, refundedBySwitches } from '@upskill/domain/enrollment';
import { GRPC, errorCode } from '../http/errors';
import { enrollments, type EnrollmentDoc } from '../enrollment/store';
import { creditNoteMail, receiptMail } from '../mail/enrollmentMail';
import { queueMail } from '../mail/outbox';
import type { GatewayPayment, GatewayRefund } from './gatewayPayment';
import { confirmSeat, seatForPayment, type SeatOutcome } from '../batches/confirm';
import { seats } from '../batches/store';
import { orders, paymentClaims, payments, webhookEvents, type PaymentDoc, type PaymentOutcome } from './store';
import { issueCreditNote, issueInvoice } from '../invoices/issue';
import { withNumbers } from '../invoices/numbers';
import { creditNoteId, taxDocuments } from '../invoices/store';
import { runTransaction } from '../http/transaction';
import { readReferralCapture, writeReferralCapture } from '../referrals/capture';

/**
 * The one state machine both reporters feed: the browser's checkout result (after its signature and
 * the gateway's own record are checked) and the gateway's webhook. Each change runs in one Firestore
 * transaction over the payment's own document, its enrollment and (for webhooks) the event id, so a
 * payment is applied once however many times and in whatever order it is reported, and a state never
 * moves back (failed -> captured -> refunded).
 */

export type Reporter = { by: 'checkout' | 'reconciler' | 'staff' } | { by: 'webhook'; eventId: string; event: string };

export type Applied =
  | { result: 'unknown-order' }
  | { result: 'duplicate-event' }
  | { result: 'recorded'; enrollmentId: string; outcome: PaymentOutcome; paymentId: string };

const STATE_RANK = { failed: 0, captured: 1, refunded: 2 } as const;

/** Marks the webhook event as seen in the same transaction as its effect; returns true if it already was. */
export async function seenEvent(tx: Transaction, reporter: Reporter): Promise<boolean> {
  if (reporter.by !== 'webhook') return false;
  return (await tx.get(webhookEvents().doc(reporter.eventId))).exists;
}

export function rememberEvent(tx: Transaction, reporter: Reporter, paymentId: string | null, result: string) {
  if (reporter.by !== 'webhook') return;
  tx.create(webhookEvents().doc(reporter.eventId), {
    event: reporter.event,
    paymentId,
    result,
    receivedAt: FieldValue.serverTimestamp() as unknown as Timestamp,
  });
}

/** Why a captured payment must not pay its enrollment, or undefined when it may. */
function refusal(enrollment: EnrollmentDoc, payment: GatewayPayment): { outcome: PaymentOutcome; reason: string } | undefined {
  if (enrollment.payment?.paymentId === payment.id) return undefined;
  // Paid, or paid and refunded: this second payment must be refunded.
  if (enrollment.status !== 'pending_payment') {
    return {
      outcome: 'already-paid',
      reason: `The enrollment was already paid by ${enrollment.payment?.paymentId ?? 'another payment'}; refund this one.`,
    };
  }
  const expected = toPaise(enrollment.price);
  if (payment.currency !== 'INR' || payment.amount !== expected) {
    return { outcome: 'amount-mismatch', reason: `Paid ${payment.amount} ${payment.currency}, the price is ${expected} INR.` };
  }
  return undefined;
}

interface Context {
  enrollmentRef: DocumentReference<EnrollmentDoc>;
  enrollment: EnrollmentDoc;
  paymentRef: DocumentReference<PaymentDoc>;
  known: PaymentDoc | undefined;
  /** Where a capture puts the learner (read in the transaction, before any write). */
  seat: SeatOutcome;
}

async function readContext(tx: Transaction, payment: GatewayPayment, withSeat: boolean): Promise<Context | undefined> {
  const paymentRef = payments().doc(payment.id);
  const [orderSnap, paymentSnap] = await Promise.all([tx.get(orders().doc(payment.orderId)), tx.get(paymentRef)]);
  // A switch's top-up order pays a switch, not the purchase: switching/switchPayment.ts applies it (the webhook routes it there).
  if (orderSnap.data()?.purpose) return undefined;
  // Our order names the enrollment; a subscription's charge (Razorpay's own order) was recorded with it.
  const enrollmentId = orderSnap.data()?.enrollmentId ?? paymentSnap.data()?.enrollmentId;
  if (!enrollmentId) return undefined;
  const enrollmentRef = enrollments().doc(enrollmentId);
  const enrollmentSnap = await tx.get(enrollmentRef);
  const enrollment = enrollmentSnap.data();
  if (!enrollment) return undefined;
  const seat =
    withSeat && enrollment.status === 'pending_payment'
      ? await seatForPayment(tx, enrollmentRef.id, enrollment, Date.now())
      : { kind: 'none' as const };
  return { enrollmentRef, enrollment, paymentRef, known: paymentSnap.data(), seat };
}

/** A payment document's fields as the gateway reported them (its state and outcome are the caller's). */
export function paymentFields(payment: GatewayPayment, enrollmentId: string, reporter: Reporter) {
  return {
    enrollmentId,
    orderId: payment.orderId,
    amount: payment.amount,
    currency: payment.currency,
    method: payment.method,
    reportedBy: reporter.by,
    refundId: null,
    errorDescription: payment.errorDescription,
    createdAt: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
  };
}

function paidFields(payment: GatewayPayment, atMs: number) {
  return {
    status: 'paid' as const,
    payment: {
      paymentId: payment.id,
      orderId: payment.orderId,
      method: payment.method,
      amount: payment.amount / 100,
      paidAt: Timestamp.fromMillis(atMs),
    },
    updatedAt: FieldValue.serverTimestamp(),
  };
}

/**
 * A payment already recorded as captured (or later) stays so: reports that come after it need no
 * transaction, which keeps a burst of reports for one payment (webhook retries, a browser resending)
 * from queueing on its documents' locks.
 */
async function alreadyCaptured(payment: GatewayPayment, reporter: Reporter): Promise<Applied | undefined> {
  const known = (await payments().doc(payment.id).get()).data();
  if (!known || STATE_RANK[known.state] < STATE_RANK.captured) return undefined;
  if (reporter.by === 'webhook') {
    try {
      await webhookEvents()
        .doc(reporter.eventId)
        .create({
          event: reporter.event,
          paymentId: payment.id,
          result: 'already-recorded',
          receivedAt: FieldValue.serverTimestamp() as unknown as Timestamp,
        });
    } catch (err) {
      if (errorCode(err) !== GRPC.ALREADY_EXISTS) throw err; // this very event was seen before
      return { result: 'duplicate-event' };
    }
  }
  return { result: 'recorded', enrollmentId: known.enrollmentId, outcome: known.outcome, paymentId: payment.id };
}

const CLAIM_WAIT_MS = 4000;
const CLAIM_POLL_MS = 150;

/**
 * Whoever reports a payment first claims it (an atomic create) and applies it; the others wait for
 * that result instead of queueing on the same documents' transaction locks. A claim whose holder died
 * is simply outwaited: the transaction below is correct on its own, the claim only spares it contention.
 */
async function claim(paymentId: string): Promise<boolean> {
  try {
    await paymentClaims()
      .doc(paymentId)
      .create({ claimedAt: FieldValue.serverTimestamp() as unknown as Timestamp });
    return true;
  } catch (err) {
    if (errorCode(err) === GRPC.ALREADY_EXISTS) return false;
    throw err;
  }
}

/**
 * A captured payment (checkout result, payment.captured / order.paid, or the reconciler). `atMs` is the
 * clock the invoice is dated by (the reconciler's job clock in tests; now otherwise).
 */
export async function applyCaptured(payment: GatewayPayment, reporter: Reporter, atMs = Date.now()): Promise<Applied> {
  const settled = await alreadyCaptured(payment, reporter);
  if (settled) return settled;
  if (!(await claim(payment.id))) {
    const until = Date.now() + CLAIM_WAIT_MS;
    while (Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
      const applied = await alreadyCaptured(payment, reporter);
      if (applied) return applied;
    }
  }
  return capturedInTransaction(payment, reporter, atMs);
}

/**
 * One report in one transaction: an event id seen before changes nothing, a payment of an order we
 * did not create is acknowledged, anything else goes to `apply` with the payment's context.
 */
function reportInTransaction(
  payment: GatewayPayment,
  reporter: Reporter,
  apply: (tx: Transaction, context: Context) => Applied | Promise<Applied>,
  withSeat = false,
): Promise<Applied> {
  return runTransaction(async (tx): Promise<Applied> => {
    if (await seenEvent(tx, reporter)) return { result: 'duplicate-event' };
    const context = await readContext(tx, payment, withSeat);
    if (!context) {
      rememberEvent(tx, reporter, payment.id, 'unknown-order');
      return { result: 'unknown-order' };
    }
    return apply(tx, context);
  });
}

function capturedInTransaction(payment: GatewayPayment, reporter: Reporter, atMs: number): Promise<Applied> {
  // The invoice's number is reserved first and used (or freed) by the transaction: see invoices/numbers.ts.
  return withNumbers(['invoice'], atMs, payment.id, (numbers) =>
    reportInTransaction(
      payment,
      reporter,
      async (tx, context) => {
        await numbers.check(tx);
        const { enrollmentRef, enrollment, paymentRef, known } = context;
        if (known && STATE_RANK[known.state] >= STATE_RANK.captured) {
          rememberEvent(tx, reporter, payment.id, 'already-recorded');
          return { result: 'recorded', enrollmentId: enrollmentRef.id, outcome: known.outcome, paymentId: payment.id };
        }
        const refused = refusal(enrollment, payment);
        const outcome: PaymentOutcome = refused?.outcome ?? 'applied';
        // Referrals: the friend's credit for their referrer (once per friend), the buyer's own credits spent (once each).
        const referrals = refused ? null : await readReferralCapture(tx, enrollment);
        const shortfall = referrals ? writeReferralCapture(tx, referrals, enrollmentRef.id, enrollment, atMs) : null;
        if (shortfall) logger.warn('referral credit spent twice', { paymentId: payment.id, enrollmentId: enrollmentRef.id, shortfall });
        const fields = {
          ...paymentFields(payment, enrollmentRef.id, reporter),
          state: 'captured',
          outcome,
          flagged: Boolean(refused ?? shortfall),
          flagReason: refused?.reason ?? shortfall ?? null,
        };
        if (known) tx.update(paymentRef, { ...fields, createdAt: known.createdAt, errorDescription: known.errorDescription });
        else tx.create(paymentRef, fields as unknown as PaymentDoc);
        if (!refused) {
          const paid = paidFields(payment, atMs);
          // The tax invoice is issued in the transaction that records the capture: one per captured payment.
          const invoice = issueInvoice(tx, numbers, enrollmentRef.id, enrollment, payment.id, payment.amount, atMs);
          tx.update(enrollmentRef, { ...paid, invoice, ...confirmSeat(tx, enrollmentRef.id, enrollment, context.seat) });
          // The receipt is queued with the payment itself: once, whichever reporter got here first.
          queueMail(
            tx,
            enrollment.email,
            receiptMail(enrollmentRef.id, enrollment, {
              amount: paid.payment.amount,
              paymentId: payment.id,
              method: payment.method,
              paidAt: paid.payment.paidAt.toDate(),
              invoiceNumber: invoice.number,
            }),
          );
        }
        rememberEvent(tx, reporter, payment.id, outcome);
        if (refused)
          logger.warn('payment flagged', { paymentId: payment.id, enrollmentId: enrollmentRef.id, outcome, reason: refused.reason });
        return { result: 'recorded', enrollmentId: enrollmentRef.id, outcome, paymentId: payment.id };
      },
      true,
    ),
  );
}

/** payment.failed: the attempt is recorded; the enrollment stays payable. */
export function applyFailed(payment: GatewayPayment, reporter: Reporter): Promise<Applied> {
  return reportInTransaction(payment, reporter, (tx, context) => {
    const { enrollmentRef, paymentRef, known } = context;
    // A failure reported after the capture (events arrive in any order) changes nothing.
    if (!known) {
      tx.create(paymentRef, {
        ...paymentFields(payment, enrollmentRef.id, reporter),
        state: 'failed',
        outcome: 'failed',
        flagged: false,
        flagReason: null,
      } as unknown as PaymentDoc);
    }
    rememberEvent(tx, reporter, payment.id, known ? 'already-recorded' : 'failed');
    return { result: 'recorded', enrollmentId: enrollmentRef.id, outcome: known?.outcome ?? 'failed', paymentId: payment.id };
  });
}

/**
 * refund.processed. A full refund of the payment that paid the enrollment makes it refunded; a partial
 * one is recorded on the payment and flagged. A refund that arrives before the capture it undoes still
 * leaves the enrollment refunded, never paid.
 */
export function applyRefund(refund: GatewayRefund, payment: GatewayPayment, reporter: Reporter, atMs = Date.now()): Promise<Applied> {
  // A credit note's number; an invoice's too, asked for only when the capture is learnt from its refund.
  return withNumbers(['credit-note'], atMs, refund.id, (numbers) =>
    reportInTransaction(payment, reporter, async (tx, context) => {
      await numbers.check(tx);
      const { enrollmentRef, enrollment, paymentRef, known } = context;
      const creditRef = taxDocuments().doc(creditNoteId(refund.id));
      if (known?.state === 'refunded' || (await tx.get(creditRef)).exists) {
        rememberEvent(tx, reporter, payment.id, 'already-recorded');
        return { result: 'recorded', enrollmentId: enrollmentRef.id, outcome: known?.outcome ?? 'applied', paymentId: payment.id };
      }
      // A switch to a cheaper course refunded its difference (switching/switchRefund.ts): the switch issued the credit
      // note and the new invoice, so this only records that Razorpay has made it.
      const owed = enrollment.switchRefund;
      if (refund.purpose === SWITCH_REFUND_PURPOSE && owed?.paymentId === payment.id) {
        // Only the switch it pays back: an earlier switch's refund reported late must not settle a later one's.
        if (!owed.processedAt && refund.switchNumber === owed.switchNumber)
          tx.update(enrollmentRef, {
            'switchRefund.refundId': refund.id,
            'switchRefund.processedAt': Timestamp.fromMillis(atMs),
            updatedAt: FieldValue.serverTimestamp(),
          });
        rememberEvent(tx, reporter, payment.id, 'switch-refund');
        return { result: 'recorded', enrollmentId: enrollmentRef.id, outcome: known?.outcome ?? 'applied', paymentId: payment.id };
      }
      // What earlier switches refunded of this payment counts towards a full refund (staff refund only the rest).
      const refundedBefore = enrollment.payment?.paymentId === payment.id ? toPaise(refundedBySwitches(enrollment)) : 0;
      const full = refund.amount + refundedBefore >= payment.amount;
      // Had the capture been applied already, or would it have been: the enrollment is this payment's.
      const paidByThis = enrollment.payment?.paymentId === payment.id || (!known && !refusal(enrollment, payment));
      const outcome: PaymentOutcome = known?.outcome ?? (paidByThis ? 'applied' : (refusal(enrollment, payment)?.outcome ?? 'applied'));
      const flagReason = full ? (known?.flagReason ?? null) : `Partial refund ${refund.id} of ${refund.amount} paise.`;
      const fields = {
        ...paymentFields(payment, enrollmentRef.id, reporter),
        state: full ? 'refunded' : 'captured',
        outcome,
        flagged: !full || Boolean(known?.flagged),
        flagReason,
        refundId: refund.id,
      };
      if (known) tx.update(paymentRef, { ...fields, createdAt: known.createdAt, reportedBy: known.reportedBy });
      else tx.create(paymentRef, fields as unknown as PaymentDoc);
      if (paidByThis) {
        // A refund undoes an invoiced supply: its credit note, referring to the invoice (issued now if the
        // capture was never reported), in the same transaction, so one per refund however often it is reported.
        const invoice = enrollment.invoice ?? issueInvoice(tx, numbers, enrollmentRef.id, enrollment, payment.id, payment.amount, atMs);
        const creditNote = issueCreditNote(tx, numbers, enrollmentRef.id, enrollment, invoice, refund, atMs);
        const settled = full
          ? {
              // The seat goes back to the batch (and, through the seat trigger, to its waitlist).
              seatId: null,
              seatIssue: null,
              ...(enrollment.payment?.paymentId === payment.id ? {} : paidFields(payment, atMs)),
              status: 'refunded' as const,
              refund: { refundId: refund.id, amount: refund.amount / 100, refundedAt: Timestamp.fromMillis(atMs) },
            }
          : {};
        if (full && enrollment.seatId) {
          tx.delete(seats().doc(enrollment.seatId));
          markSeatId(tx, enrollment.seatId, null);
        }
        tx.update(enrollmentRef, { ...settled, invoice, creditNote, updatedAt: FieldValue.serverTimestamp() });
        queueMail(tx, enrollment.email, creditNoteMail(enrollmentRef.id, enrollment, creditNote, refund.amount / 100, invoice?.number));
      }
      rememberEvent(tx, reporter, payment.id, full ? 'refunded' : 'partial-refund');
      return { result: 'recorded', enrollmentId: enrollmentRef.id, outcome, paymentId: payment.id };
    }),
  );
}
