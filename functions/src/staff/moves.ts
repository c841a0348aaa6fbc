import { FieldValue } from 'firebase-admin/firestore';
import { holdsPlace } from '@upskill/domain/enrollment';
import { batchLabel, findOffering } from '@upskill/domain/batches';
import { moveSchema, type StaffActionAnswer } from '@upskill/domain/staff';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { validateBody } from '../http/validate';
import { db } from '../platform/database';
import { batchNotFound } from '../batches/seats';
import { batches } from '../batches/store';
import { enrollmentNotFound, enrollments } from '../enrollment/store';
import { moveHold } from '../enrollment/seat';
import { queueMail } from '../mail/outbox';
import type { StaffActor } from '../http/staffAccess';

/**
 * POST /api/staff/enrollments/{id}/move {batchId}: the learner's seat moves to another batch of the
 * same offering, atomically (a paid seat stays confirmed, a hold stays a hold); the learner is mailed.
 * It also settles a payment that found no seat.
 */
export async function moveLearner(actor: StaffActor, id: string, body: Record<string, unknown>): Promise<StaffActionAnswer> {
  const { batchId } = await validateBody(moveSchema, body, 'Please choose a batch.');
  const ref = enrollments().doc(id);
  const snap = await withDeadline(ref.get());
  const current = snap.data();
  if (!current || !snap.updateTime) throw enrollmentNotFound();
  if (current.status === 'refunded') throw new HttpError('failed-precondition', 'This enrollment was refunded; there is no seat to move.');
  if (current.batchId === batchId && !current.seatIssue) throw new HttpError('invalid-argument', 'The learner is already in that batch.');
  const target = (await withDeadline(batches().doc(batchId).get())).data();
  if (!target) throw batchNotFound();
  if (target.status === 'cancelled' || target.startsAt.toMillis() <= Date.now())
    throw new HttpError('failed-precondition', 'Choose a batch that has not started and is not cancelled.');
  const from = current.batchId ? (await withDeadline(batches().doc(current.batchId).get())).data() : undefined;
  if (from && from.offering !== target.offering) throw new HttpError('invalid-argument', 'Move the learner to a batch of the same course.');
  const auditRef = db().collection('staffAudit').doc();
  const fromLabel = from ? batchLabel(from) : current.preferredBatchTime;
  await moveHold(
    ref,
    snap.updateTime,
    current,
    { id: batchId, batch: target },
    Date.now(),
    { seatIssue: null },
    holdsPlace(current.status) ? 'confirmed' : 'held',
    (wb) => {
      wb.create(auditRef, {
        action: 'learner-moved',
        targetKind: 'enrollment',
        targetId: id,
        actorUid: actor.uid,
        actorEmail: actor.email,
        detail: `${fromLabel} → ${batchLabel(target)}`,
        at: FieldValue.serverTimestamp(),
      });
      queueMail(wb, current.email, {
        template: 'batch-moved',
        data: {
          enrollmentId: id,
          name: current.name,
          offering: findOffering(target.offering)?.name ?? target.offering,
          from: fromLabel,
          to: batchLabel(target),
        },
      });
    },
  );
  return { ok: true, auditId: auditRef.id };
}

/**
 * POST /api/staff/batches/plan {from, capacity, offerings}: opens an intake for the named offerings (a few
 * per request) at every batch time that has no batch starting in the four weeks from `from`: each starts on
 * its time's first meeting day on or after `from`. How a term is opened (and what `npm start` seeds with).
 */
