import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  isNewerSnapshot,
  type SubscriptionSnapshot,
  promiseText,
  subscriptionTerms,
  type SubscriptionPlanId,
} from '@upskill/domain/enrollment';
import type { StoredSubscription } from '@upskill/domain/records';
import { confirmSeat, seatForPayment } from '../batches/confirm';
import { enrollments, type EnrollmentDoc } from '../enrollment/store';
import { issueInvoice } from '../invoices/issue';
import { withNumbers, type Numbers } from '../invoices/numbers';
import { receiptMail } from '../mail/enrollmentMail';
import { queueMail } from '../mail/outbox';
import type { GatewayPayment } from '../payments/gatewayPayment';
import { rememberEvent, seenEvent, type Reporter } from '../payments/fulfilment';
import { payments, type PaymentDoc } from '../payments/store';
import { subscriptionMail } from './mail';
import { runTransaction } from '../http/transaction';

/**
 * The one state machine for a subscription, fed by the browser's report of the authorisation, every
 * `subscription.*` webhook (each carries Razorpay's whole entity) and the learner's cancel. One Firestore
 * transaction over the enrollment (and, for a charge, its payment document and tax invoice) per report:
 *  - the first authorised snapshot starts the free trial: the seat is confirmed, nothing is invoiced, the
 *    "trial started" mail is queued;
 *  - a captured charge is recorded once by its payment id, with its tax invoice and receipt mail, and
 *    makes the enrollment paid;
 *  - the newest snapshot is kept (subscriptionSnapshots.ts), so duplicates and late events change nothing;
 *  - a failed charge (pending, then halted) mails "update your payment method", once per state and cycle.
 */

export type SubscriptionApplied =
  | { result: 'unknown-enrollment' }
  | { result: 'other-subscription' }
  | { result: 'duplicate-event' }
  | { result: 'applied'; enrollmentId: string; trialStarted: boolean; charged: boolean; newer: boolean };

const planKeyOf = (doc: EnrollmentDoc) =>
  subscriptionTerms(doc.planId as SubscriptionPlanId, doc.couponApplied ? 'DISCOUNT20' : null).gatewayPlan;

interface Report {
  enrollmentId: string;
  snapshot: SubscriptionSnapshot;
  /** A charge of this subscription, when the report carries one (subscription.activated / .charged). */
  charge?: GatewayPayment;
  reporter: Reporter;
  atMs: number;
}

function inTransaction(report: Report, numbers: Numbers | null): Promise<SubscriptionApplied> {
  const { enrollmentId, snapshot, charge, reporter, atMs } = report;
  return runTransaction(async (tx): Promise<SubscriptionApplied> => {
    if (numbers) await numbers.check(tx);
    if (await seenEvent(tx, reporter)) return { result: 'duplicate-event' };
    const ref = enrollments().doc(enrollmentId);
    const enrollment = (await tx.get(ref)).data();
    if (!enrollment || !enrollment.planId) {
      rememberEvent(tx, reporter, charge?.id ?? null, 'unknown-enrollment');
      return { result: 'unknown-enrollment' };
    }
    const stored = enrollment.subscription ?? null;
    if (stored && stored.id !== snapshot.id) {
      // A second subscription for one enrollment (two checkouts authorised): staff refund and cancel it.
      logger.warn('subscription: a second subscription reported for an enrollment', {
        enrollmentId,
        stored: stored.id,
        reported: snapshot.id,
      });
      rememberEvent(tx, reporter, charge?.id ?? null, 'other-subscription');
      return { result: 'other-subscription' };
    }
    const chargeRef = charge ? payments().doc(charge.id) : null;
    const chargeKnown = chargeRef ? (await tx.get(chargeRef)).exists : true;
    const starts = enrollment.status === 'pending_payment' && snapshot.status !== 'created';
    const seat = starts ? await seatForPayment(tx, enrollmentId, enrollment, atMs) : { kind: 'none' as const };

    // Every read is done; the writes follow.
    const newer = isNewerSnapshot(stored?.snapshot ?? null, snapshot);
    const mailed = new Set(stored?.mailed ?? []);
    const next: StoredSubscription<Timestamp> = {
      id: snapshot.id,
      planKey: stored?.planKey ?? planKeyOf(enrollment),
      snapshot: newer ? snapshot : (stored?.snapshot ?? snapshot),
      cancelledAt: stored?.cancelledAt ?? null,
      mailed: [...mailed],
    };
    const update: Record<string, unknown> = { updatedAt: FieldValue.serverTimestamp() };
    let trialStarted = false;
    if (starts) {
      Object.assign(update, { status: 'trial', holdUntil: null, ...confirmSeat(tx, enrollmentId, enrollment, seat) });
      trialStarted = true;
      if (!mailed.has('trial') && snapshot.paidCount === 0) {
        mailed.add('trial');
        const terms = subscriptionTerms(enrollment.planId as SubscriptionPlanId, enrollment.couponApplied ? 'DISCOUNT20' : null);
        const firstChargeAtMs = snapshot.startAtMs ?? snapshot.chargeAtMs ?? atMs;
        queueMail(
          tx,
          enrollment.email,
          subscriptionMail.trialStarted(enrollmentId, enrollment, {
            promise: promiseText(terms, firstChargeAtMs),
            trialEndsAt: new Date(firstChargeAtMs).toISOString(),
            amount: terms.amountPaise / 100,
          }),
        );
      }
    }
    let charged = false;
    if (charge && chargeRef && !chargeKnown && numbers) {
      charged = true;
      const paidAt = Timestamp.fromMillis(atMs);
      tx.create(chargeRef, {
        enrollmentId,
        orderId: charge.orderId,
        amount: charge.amount,
        currency: charge.currency,
        method: charge.method,
        state: 'captured',
        outcome: 'applied',
        flagged: false,
        flagReason: null,
        errorDescription: null,
        refundId: null,
        reportedBy: reporter.by,
        createdAt: FieldValue.serverTimestamp(),
        updatedAt: FieldValue.serverTimestamp(),
      } as unknown as PaymentDoc);
      // Each charge is a supply of its own cycle: its own tax invoice (the enrollment shows the latest).
      const invoice = issueInvoice(tx, numbers, enrollmentId, enrollment, charge.id, charge.amount, atMs);
      const payment = { paymentId: charge.id, orderId: charge.orderId, method: charge.method, amount: charge.amount / 100, paidAt };
      Object.assign(update, { status: enrollment.status === 'refunded' ? 'refunded' : 'paid', payment, invoice });
      queueMail(
        tx,
        enrollment.email,
        receiptMail(enrollmentId, enrollment, {
          amount: payment.amount,
          paymentId: charge.id,
          method: charge.method,
          paidAt: paidAt.toDate(),
          invoiceNumber: invoice.number,
        }),
      );
    }
    const latest = next.snapshot;
    const failedKey = latest.status === 'pending' || latest.status === 'halted' ? `${latest.status}-${latest.paidCount}` : null;
    if (newer && failedKey && !mailed.has(failedKey)) {
      mailed.add(failedKey);
      const terms = subscriptionTerms(enrollment.planId as SubscriptionPlanId, enrollment.couponApplied ? 'DISCOUNT20' : null);
      queueMail(
        tx,
        enrollment.email,
        subscriptionMail.paymentFailed(enrollmentId, enrollment, {
          amount: terms.amountPaise / 100,
          halted: latest.status === 'halted',
          payUrl: latest.shortUrl,
        }),
      );
    }
    next.mailed = [...mailed];
    tx.update(ref, { ...update, subscription: next });
    rememberEvent(tx, reporter, charge?.id ?? null, charged ? 'charged' : newer ? 'applied' : 'not-newer');
    return { result: 'applied', enrollmentId, trialStarted, charged, newer };
  });
}

/** Applies one report of a subscription; a charge reserves its invoice number first (invoices/numbers.ts). */
export function applySubscription(report: Report): Promise<SubscriptionApplied> {
  if (!report.charge || report.charge.status !== 'captured') return inTransaction({ ...report, charge: undefined }, null);
  return withNumbers(['invoice'], report.atMs, report.charge.id, (numbers) => inTransaction(report, numbers));
}
