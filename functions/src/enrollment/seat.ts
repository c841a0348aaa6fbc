import { markSeatId } from '../batches/board';
import { FieldValue, Timestamp, type DocumentReference, type WriteBatch } from 'firebase-admin/firestore';
import { offeringOf, seatTaken } from '@upskill/domain/batches';
import { db } from '../platform/database';
import type { BatchTime, InterestedCourse } from '@upskill/domain/common';
import { HttpError, isConflict } from '../http/errors';
import { withDeadline } from '../http/handler';
import { batches, seats, type BatchDoc } from '../batches/store';
import { batchFull, claimSeat, holdUntil, sellableBatch, someoneWaiting, type Claim } from '../batches/seats';
import { offerFreeSeats } from '../batches/waitlist';
import type { EnrollmentDoc } from './store';

/**
 * Which batch an enrollment holds a seat in, and the hold itself. An enrollment names its batch
 * (batchId); older clients that send only a batch time get the next open batch of their course or
 * programme at that time. Either way the server decides the batch is for what is being bought.
 */

interface Wanted {
  courseId: number | null;
  interestedCourse: InterestedCourse;
  preferredBatchTime: BatchTime;
}

const wrongBatch = () =>
  new HttpError('invalid-argument', 'Please choose a batch of this course.', { batchId: 'Please choose a batch of this course.' });

/**
 * How many upcoming batches a request without a batch tries: cohorts are 40 at most, so a popular course at a popular
 * time has several batches open at once, a week or two apart.
 */
const CANDIDATES = 16;

/** The batches to try, in order: the one asked for, or the open ones at the chosen time, soonest first. */
export async function candidateBatches(
  wanted: Wanted,
  batchId: string | undefined,
  nowMs: number,
): Promise<{ id: string; batch: BatchDoc }[]> {
  const offering = offeringOf(wanted);
  if (batchId !== undefined) {
    const batch = await sellableBatch(batchId, nowMs);
    if (batch.offering !== offering.slug) throw wrongBatch();
    return [{ id: batchId, batch }];
  }
  const found = await withDeadline(
    batches()
      .where('offering', '==', offering.slug)
      .where('batchTime', '==', wanted.preferredBatchTime)
      .where('status', '==', 'open')
      .where('startsAt', '>', Timestamp.fromMillis(nowMs))
      .orderBy('startsAt')
      .limit(CANDIDATES)
      .get(),
  );
  if (found.empty) {
    throw new HttpError(
      'batch-full',
      `No ${wanted.preferredBatchTime} batch of ${offering.name} is open. Please choose another batch time.`,
      {
        preferredBatchTime: 'No open batch at this time.',
      },
    );
  }
  // A campus batch is its organisation's: never a public buyer's next batch.
  return found.docs.map((doc) => ({ id: doc.id, batch: doc.data() })).filter(({ batch }) => !batch.campus);
}

/** What the enrollment records about its seat. */
export const seatFields = (batchId: string, seatId: string, nowMs: number, batch: BatchDoc) => ({
  batchId,
  seatId,
  holdUntil: holdUntil(nowMs),
  preferredBatchTime: batch.batchTime,
});

/**
 * Holds a seat in the first of `candidates` with one free, writing `alsoWrite` (the enrollment and what
 * goes with it) atomically with the seat. People on a batch's waitlist come first: while anyone
 * waits, a new buyer is told the batch is full and the free seat is offered to the first in line.
 */
export async function holdFirstFree<R>(
  candidates: { id: string; batch: BatchDoc }[],
  enrollmentId: string,
  nowMs: number,
  alsoWrite: (wb: WriteBatch, batchId: string, seatId: string, batch: BatchDoc) => void,
  afterConflict?: () => Promise<R | undefined>,
): Promise<Claim<R> & { batchId?: string }> {
  let lastError: unknown = batchFull();
  for (const { id, batch } of candidates) {
    try {
      if (await someoneWaiting(id)) {
        await offerFreeSeats(id, nowMs);
        throw batchFull();
      }
      const claim = await claimSeat(
        id,
        batch.capacity,
        { state: 'held', enrollmentId, waitlistId: null, activeUntil: holdUntil(nowMs) },
        nowMs,
        (wb, seatId) => alsoWrite(wb, id, seatId, batch),
        afterConflict,
      );
      return { ...claim, batchId: id };
    } catch (err) {
      if (!(err instanceof HttpError) || err.code !== 'batch-full') throw err;
      lastError = err;
    }
  }
  throw lastError;
}

/**
 * Moves an unpaid enrollment's hold to another batch: the new seat, the release of the old one and the
 * enrollment's new fields in one atomic batch, on the condition that neither the enrollment nor its old
 * seat changed since they were read.
 */
export async function moveHold(
  ref: DocumentReference<EnrollmentDoc>,
  readAt: Timestamp,
  current: EnrollmentDoc,
  target: { id: string; batch: BatchDoc },
  nowMs: number,
  fields: Record<string, unknown>,
  state: 'held' | 'confirmed' = 'held',
  alsoWrite?: (wb: WriteBatch) => void,
): Promise<string> {
  const oldSeat = current.seatId ? await withDeadline(seats().doc(current.seatId).get()) : undefined;
  const changed = () => new HttpError('failed-precondition', 'The enrollment changed while we moved it. Please try again.');
  const activeUntil = state === 'confirmed' ? Timestamp.fromMillis(Date.UTC(9999, 11, 31)) : holdUntil(nowMs);
  const claim = await claimSeat(
    target.id,
    target.batch.capacity,
    { state, enrollmentId: ref.id, waitlistId: null, activeUntil },
    nowMs,
    (wb, seatId) => {
      wb.update(
        ref,
        {
          ...fields,
          batchId: target.id,
          seatId,
          holdUntil: state === 'confirmed' ? null : activeUntil,
          preferredBatchTime: target.batch.batchTime,
          updatedAt: FieldValue.serverTimestamp(),
        },
        { lastUpdateTime: readAt },
      );
      const old = oldSeat?.data();
      if (oldSeat?.exists && old?.enrollmentId === ref.id && oldSeat.updateTime) {
        wb.delete(oldSeat.ref, { lastUpdateTime: oldSeat.updateTime });
        markSeatId(wb, oldSeat.id, null);
      }
      alsoWrite?.(wb);
    },
    async () => ((await withDeadline(ref.get())).updateTime?.isEqual(readAt) ? undefined : ('changed' as const)),
  );
  if ('stopped' in claim) throw changed();
  return claim.seatId;
}

/**
 * Before a payment opens: an unpaid enrollment whose hold lapsed holds a seat again (its own, if nobody
 * took it; else any free one of its batch), or learns now, before paying, that the batch is full.
 */
export async function ensureHold(ref: DocumentReference<EnrollmentDoc>, doc: EnrollmentDoc, nowMs: number): Promise<void> {
  if (!doc.batchId) return;
  if (doc.seatId) {
    const seat = await withDeadline(seats().doc(doc.seatId).get());
    const data = seat.data();
    if (data && data.enrollmentId === ref.id) {
      if (seatTaken(data.activeUntil.toMillis(), nowMs)) return;
      const until = holdUntil(nowMs);
      const wb = db().batch();
      wb.update(seat.ref, { activeUntil: until, updatedAt: Timestamp.now() }, { lastUpdateTime: seat.updateTime });
      markSeatId(wb, seat.id, until);
      wb.update(ref, { holdUntil: until });
      try {
        await withDeadline(wb.commit());
        return;
      } catch (err) {
        if (!isConflict(err)) throw err;
      }
    }
  }
  const snap = await withDeadline(ref.get());
  const current = snap.data();
  if (!current || !snap.updateTime) return;
  const batch = await sellableBatch(doc.batchId, nowMs);
  if (await someoneWaiting(doc.batchId)) {
    await offerFreeSeats(doc.batchId, nowMs);
    throw batchFull();
  }
  await moveHold(ref, snap.updateTime, current, { id: doc.batchId, batch }, nowMs, {});
}
