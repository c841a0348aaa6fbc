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
  if (isFinalSnapshot(stored.snapshot)) throw new HttpError('failed-precondition', 'This subscription has already ended.');

  const inTrial = stored.snapshot.paidCount === 0;
  let entity: unknown;
  try {
    entity = await withDeadline(razorpay().subscriptions.cancel(stored.id, !inTrial));
  } catch (err) {
    if (err instanceof HttpError) throw err;
    logger.error('subscription: the gateway refused to cancel', { enrollmentId: id, subscriptionId: stored.id, ...gatewayError(err) });
    throw new HttpError(
      'unavailable',
      'Our payment partner is not responding, so nothing was cancelled yet. Please try again in a minute.',
    );
  }
  const incoming = readSubscription(entity);
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
