import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { isFinalSnapshot, ENROLLMENT_STATUS_LABELS, refundedBySwitches } from '@upskill/domain/enrollment';
import { formatRupees, toPaise } from '@upskill/domain/common';
import { enrollmentNotFound, enrollments } from '../enrollment/store';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { gatewayError, razorpay } from '../platform/razorpay';
import { applyRefund } from './fulfilment';
import { readPayment, readRefund } from './gatewayPayment';
import { runTransaction } from '../http/transaction';

// A refund, in two halves that both live in payments/: this file asks the gateway for it; the gateway's
// refund.processed webhook then applies it through the fulfilment state machine (applyRefund in
// fulfilment.ts), the same way a capture is applied, once however often it is reported.

/** A refund whose gateway call never answered may be retried after this (the gateway refuses a second full refund anyway). */
const UNANSWERED_REFUND_MS = 10 * 60_000;
/** A claimed refund's gateway call gets at least this long, even if three staff contending for the claim used the budget. */
const GATEWAY_MINIMUM_MS = 5000;

export interface RefundRequest {
  /** Who asks (kept on the enrollment until the webhook settles it). */
  by: string;
  reason: string;
  /** Records the request, or the gateway's refusal, in the same transaction (the staff audit trail). */
  record: (tx: Transaction, event: 'refund-requested' | 'refund-failed', detail: string) => string;
}

/**
 * Refunds a paid enrollment in full through Razorpay's Refunds API (the same SDK client and
 * configuration as checkout). The request is claimed on the enrollment first, with its record, so two
 * clicks make one refund. Returns the record's id and the gateway's refund id.
 */
export async function requestRefund(id: string, request: RefundRequest): Promise<{ recordId: string; refundId: string }> {
  const reason = request.reason.trim();
  const ref = enrollments().doc(id);
  const claimed = await withDeadline(
    runTransaction(async (tx) => {
      const doc = (await tx.get(ref)).data();
      if (!doc) throw enrollmentNotFound();
      if (doc.status !== 'paid' || !doc.payment) {
        throw new HttpError(
          'failed-precondition',
          `Only a paid enrollment can be refunded; this one is ${ENROLLMENT_STATUS_LABELS[doc.status]}.`,
        );
      }
      if (doc.switchRefund && !doc.switchRefund.refundId)
        throw new HttpError(
          'failed-precondition',
          `A switch's refund of ${formatRupees(doc.switchRefund.amount)} is still on its way; refund the rest once Razorpay has made it.`,
        );
      const pending = doc.refundRequest;
      if (pending && (pending.refundId || Date.now() - pending.requestedAt.toMillis() < UNANSWERED_REFUND_MS)) {
        throw new HttpError('failed-precondition', `A refund was already requested by ${pending.by}; Razorpay will confirm it.`);
      }
      tx.update(ref, { refundRequest: { refundId: null, requestedAt: Timestamp.now(), by: request.by } });
      const recordId = request.record(tx, 'refund-requested', reason);
      const live = doc.subscription && !isFinalSnapshot(doc.subscription.snapshot) ? doc.subscription.id : null;
      // What a switch to a cheaper course already gave back is not refunded twice.
      const amount = toPaise(doc.payment.amount - refundedBySwitches(doc));
      return { recordId, paymentId: doc.payment.paymentId, amount, subscriptionId: live };
    }),
  );

  let refundId: string;
  try {
    // A refunded membership must not charge again: its subscription is cancelled at Razorpay first.
    if (claimed.subscriptionId) {
      await withDeadline(razorpay().subscriptions.cancel(claimed.subscriptionId, false)).catch((err: unknown) => {
        // Razorpay's 400 here means it has ended already (cancelled or completed): nothing more to stop.
        if (gatewayError(err).status !== 400) throw err;
      });
    }
    const refund = await withDeadline(
      razorpay().payments.refund(claimed.paymentId, {
        amount: claimed.amount,
        speed: 'normal',
        notes: { enrollmentId: id, requestedBy: request.by, reason: reason.slice(0, 250) },
      }),
      GATEWAY_MINIMUM_MS,
    );
    refundId = refund.id;
    if (refund.status === 'processed') await settleNow(refund, claimed.paymentId);
  } catch (err) {
    const gateway = gatewayError(err);
    if (err instanceof HttpError || gateway.status === undefined || gateway.status >= 500) {
      // No answer: the refund may have gone through. The claim stays (its webhook will settle it).
      logger.error('refund: no answer from the gateway', { enrollmentId: id, description: gateway.description });
      throw new HttpError(
        'unavailable',
        'Razorpay did not answer. If the refund went through, this enrollment will show Refunded shortly; check the Razorpay dashboard before trying again in 10 minutes.',
      );
    }
    // A definite refusal: release the claim and record why.
    await withDeadline(
      runTransaction(
        async (tx) => {
          tx.update(ref, { refundRequest: null });
          request.record(tx, 'refund-failed', gateway.description);
        },
        { recordsGatewayAct: true },
      ),
    );
    throw new HttpError('failed-precondition', `Razorpay refused the refund: ${gateway.description}`);
  }
  // The money has moved: a slow database now must not answer 503 for a refund that went through. The
  // claim already blocks a second request, and the webhook settles the enrollment without the id.
  await withDeadline(ref.update({ 'refundRequest.refundId': refundId })).catch((err: unknown) => {
    logger.warn('refund: its id was not recorded; the webhook will settle it', { enrollmentId: id, refundId, error: String(err) });
  });
  return { recordId: claimed.recordId, refundId };
}

/**
 * A refund the gateway answers as processed is applied at once (the enrollment shows Refunded and its
 * credit note is issued) rather than when refund.processed arrives; the webhook then finds it done.
 * If this fails, the webhook still settles it: the staff member's request has succeeded either way.
 */
async function settleNow(entity: unknown, paymentId: string): Promise<void> {
  try {
    const refund = readRefund(entity);
    const payment = readPayment(await withDeadline(razorpay().payments.fetch(paymentId)));
    if (refund && payment) await withDeadline(applyRefund(refund, payment, { by: 'staff' }));
  } catch (err) {
    logger.warn('refund: applied by the webhook instead', { paymentId, error: err instanceof Error ? err.message : String(err) });
  }
}
