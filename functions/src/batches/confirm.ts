import { Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { CONFIRMED_UNTIL_MS, batchLabel, offeringOf, seatTaken } from '@upskill/domain/batches';
import type { Stored } from '../platform/collections';

type EnrollmentDoc = Stored<'enrollments'>;
import { queueMail } from '../mail/outbox';
import { markSeat } from './board';
import { batches, seatRef, seats, waitlist, type SeatDoc } from './store';

/**
 * What a captured payment does to its seat, decided inside the payment's transaction from what that
 * transaction read: the hold is judged there, never by a sweeper or a TTL that may lag.
 *  - ours: the enrollment still holds its seat (even if the hold lapsed, nobody took it): confirm it.
 *  - free: the hold lapsed and the seat went to someone else, but another seat is free: confirm that one.
 *  - no-seat: none is free. The learner has paid and is never left silently without a place: the
 *    enrollment is flagged, they are mailed the choice (next batch or a full refund), staff see it.
 *  - none: an enrollment from before batches existed.
 */
export type SeatOutcome =
  | { kind: 'none' }
  | { kind: 'ours' | 'free'; ref: DocumentReference<SeatDoc>; batchId: string; index: number; displacedWaitlistId: string | null }
  | { kind: 'no-seat'; batchId: string; offering: string; batch: string; nextBatch: string | null };

export async function seatForPayment(
  tx: Transaction,
  enrollmentId: string,
  enrollment: EnrollmentDoc,
  nowMs: number,
): Promise<SeatOutcome> {
  const batchId = enrollment.batchId;
  if (!batchId) return { kind: 'none' };
  if (enrollment.seatId) {
    const ref = seats().doc(enrollment.seatId);
    const seat = (await tx.get(ref)).data();
    if (seat && seat.enrollmentId === enrollmentId) return { kind: 'ours', ref, batchId, index: seat.index, displacedWaitlistId: null };
  }
  const batch = (await tx.get(batches().doc(batchId))).data();
  const offering = offeringOf(enrollment);
  if (batch && batch.status !== 'cancelled') {
    const taken = (await tx.get(seats().where('batchId', '==', batchId))).docs.map((d) => d.data());
    const byIndex = new Map(taken.map((seat) => [seat.index, seat]));
    for (let index = 0; index < batch.capacity; index++) {
      const seat = byIndex.get(index);
      if (seat && seatTaken(seat.activeUntil.toMillis(), nowMs)) continue;
      const ref = seatRef(batchId, index);
      if (!seat) await tx.get(ref); // a read lock on the empty seat: a concurrent create of it aborts one of us
      return { kind: 'free', ref, batchId, index, displacedWaitlistId: seat?.waitlistId ?? null };
    }
  }
  const after = batch?.startsAt ?? Timestamp.fromMillis(nowMs);
  const next = (
    await tx.get(
      batches()
        .where('offering', '==', offering.slug)
        .where('status', '==', 'open')
        .where('startsAt', '>', after)
        .orderBy('startsAt')
        .limit(1),
    )
  ).docs[0]?.data();
  return {
    kind: 'no-seat',
    batchId,
    offering: offering.name,
    batch: batch ? batchLabel(batch) : enrollment.preferredBatchTime,
    nextBatch: next ? batchLabel(next) : null,
  };
}

/** The writes for a seat outcome (after every read); returns the enrollment's seat fields. */
export function confirmSeat(
  tx: Transaction,
  enrollmentId: string,
  enrollment: EnrollmentDoc,
  outcome: SeatOutcome,
): Partial<EnrollmentDoc> {
  switch (outcome.kind) {
    case 'none':
      return {};
    case 'ours':
    case 'free':
      if (outcome.displacedWaitlistId) tx.update(waitlist().doc(outcome.displacedWaitlistId), { status: 'lapsed', seatId: null });
      tx.set(outcome.ref, {
        batchId: outcome.batchId,
        index: outcome.index,
        state: 'confirmed',
        enrollmentId,
        waitlistId: null,
        activeUntil: Timestamp.fromMillis(CONFIRMED_UNTIL_MS),
        updatedAt: Timestamp.now(),
      });
      markSeat(tx, outcome.batchId, outcome.index, Timestamp.fromMillis(CONFIRMED_UNTIL_MS));
      return { seatId: outcome.ref.id, holdUntil: null };
    case 'no-seat':
      logger.warn('paid without a seat', { enrollmentId, batchId: outcome.batchId });
      queueMail(tx, enrollment.email, {
        template: 'seat-lost',
        data: { enrollmentId, name: enrollment.name, offering: outcome.offering, batch: outcome.batch, nextBatch: outcome.nextBatch },
      });
      return { seatId: null, holdUntil: null, seatIssue: { kind: 'no-seat', batchId: outcome.batchId, at: Timestamp.now() } };
  }
}
