import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import type { EnrollmentRecord } from '@upskill/domain/enrollment';
import { isFinalSnapshot, isNewerSnapshot, summariseSubscription } from '@upskill/domain/enrollment';
import { assertAccess, enrollmentCaller } from '../enrollment/access';
import { enrollmentNotFound, loadEnrollment, publicRecord } from '../enrollment/store';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { enforceRateLimit } from '../http/rateLimit';
import type { HttpRequest } from '../http/request';
import { queueMail } from '../mail/outbox';
import { gatewayError, razorpay } from '../platform/razorpay';
import { readSubscription } from './gatewaySubscription';
import { subscriptionMail } from './mail';
import { runTransaction } from '../http/transaction';

/**
 * POST /api/enroll/{id}/cancel: the learner cancels their subscription. In the free trial Razorpay cancels
 * it at once, so it is never charged, and access lasts to the trial's end; once charged it is cancelled at
 * the end of the paid cycle (no refund, as the Terms say) and access lasts until then. Asking twice
 * answers the same record; the confirmation mail is sent once.
 */
export async function cancelSubscription(req: HttpRequest, id: string, nowMs = Date.now()): Promise<EnrollmentRecord> {
  const caller = await enrollmentCaller(req, 'Cancelling');
  await enforceRateLimit('enroll-edit', req, caller.account?.uid);
  const { ref, snap, doc } = await loadEnrollment(id);
  assertAccess(caller, doc, 'cancel');
  const stored = doc.subscription;
  if (!stored) throw new HttpError('failed-precondition', 'This enrollment has no subscription to cancel.');
  if (stored.cancelledAt) return publicRecord(snap, nowMs);
  const inTrial = stored.snapshot.paidCount === 0;
  // A trial whose cancellation reached Razorpay (its webhook already here) but not our record: an
  // earlier request of this learner's whose answer was lost. It is recorded now, with its mail.
  const cancelledTrial = inTrial && stored.snapshot.status === 'cancelled';
  if (isFinalSnapshot(stored.snapshot) && !cancelledTrial)
    throw new HttpError('failed-precondition', 'This subscription has already ended.');

  const incoming = cancelledTrial ? stored.snapshot : readSubscription(await cancelAtGateway(id, stored.id, inTrial));
  await withDeadline(
    runTransaction(
      async (tx) => {
        const current = (await tx.get(ref)).data();
        if (!current) throw enrollmentNotFound();
        const sub = current.subscription;
        if (!sub || sub.cancelledAt) return;
        const snapshot = incoming && isNewerSnapshot(sub.snapshot, incoming) ? incoming : sub.snapshot;
        const mailed = new Set(sub.mailed);
        if (!mailed.has('cancelled')) {
          mailed.add('cancelled');
          const view = summariseSubscription(snapshot, nowMs, nowMs);
          queueMail(tx, current.email, subscriptionMail.cancelled(id, current, { accessUntil: view.accessUntil, inTrial }));
        }
        tx.update(ref, {
          subscription: { ...sub, snapshot, cancelledAt: Timestamp.fromMillis(nowMs), mailed: [...mailed] },
          updatedAt: FieldValue.serverTimestamp(),
        });
      },
      { recordsGatewayAct: true },
    ),
  );
  return publicRecord(await withDeadline(ref.get()), nowMs);
}

/**
 * Asks Razorpay to cancel. A trial's subscription that Razorpay has already cancelled is refused
 * ("not cancellable in cancelled status"): that is an earlier request of ours whose record was not
 * written (its answer lost, the learner pressing again), so the subscription as Razorpay has it now
 * is the answer. Anything else refused means nothing was cancelled.
 */
async function cancelAtGateway(enrollmentId: string, subscriptionId: string, inTrial: boolean): Promise<unknown> {
  try {
    return await withDeadline(razorpay().subscriptions.cancel(subscriptionId, !inTrial));
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const already = await withDeadline(razorpay().subscriptions.fetch(subscriptionId)).catch(() => undefined);
    if (readSubscription(already)?.status === 'cancelled') return already;
    logger.error('subscription: the gateway refused to cancel', { enrollmentId, subscriptionId, ...gatewayError(err) });
    throw new HttpError(
      'unavailable',
      'Our payment partner is not responding, so nothing was cancelled yet. Please try again in a minute.',
    );
  }
}
