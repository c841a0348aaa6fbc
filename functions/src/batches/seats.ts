import { randomInt } from 'node:crypto';
import { Timestamp, type QueryDocumentSnapshot, type WriteBatch } from 'firebase-admin/firestore';
import { HOLD_MINUTES, batchStatus, seatTaken, type SeatState } from '@upskill/domain/batches';
import { HttpError, isConflict } from '../http/errors';
import { withDeadline } from '../http/handler';
import { db } from '../platform/database';
import { markSeat } from './board';
import { batchTimes, batches, seatRef, seats, takenSeats, waitlist, type BatchDoc, type SeatDoc } from './store';

/**
 * Seats are taken by creating their document (seats/{batchId}_{n}, n < capacity), never by reading a
 * count and writing it back: two buyers racing for the last seat make two creates of the same
 * document, and Firestore lets exactly one succeed. A lapsed hold is taken over with an update whose
 * precondition is the hold as it was read, so a hold is judged expired in the same write that replaces
 * it (docs/decisions/0013-batches-and-seats.md).
 */

export const batchNotFound = () => new HttpError('not-found', 'No batch with that id.');

export const batchFull = () =>
  new HttpError('batch-full', 'This batch is full. Join its waitlist, or choose another batch.', { batchId: 'This batch is full.' });

const NOT_SELLABLE: Record<string, string> = {
  cancelled: 'This batch has been cancelled. Please choose another batch.',
  running: 'This batch has already started. Please choose another batch.',
  completed: 'This batch has finished. Please choose another batch.',
};

/** Reads a batch that may take enrollments now, or answers why not (404, 409). */
/** A batch that still sells, to the public or (a campus batch) to `organisationId`; else 404 or 409 saying why. */
export async function sellableBatch(batchId: string, nowMs: number, organisationId?: string): Promise<BatchDoc> {
  const batch = (await withDeadline(batches().doc(batchId).get())).data();
  if (!batch) throw batchNotFound();
  // A campus batch is sold to its organisation alone; to anyone else it does not exist.
  if (batch.campus && batch.campus.organisationId !== organisationId) throw batchNotFound();
  // Full is decided by the seats themselves below, never by a count read here.
  const status = batchStatus(batchTimes(batch), 0, nowMs);
  if (status !== 'open')
    throw new HttpError('failed-precondition', NOT_SELLABLE[status] ?? 'This batch is not open.', {
      batchId: NOT_SELLABLE[status] ?? 'Not open.',
    });
  return batch;
}

export interface SeatHolder {
  state: SeatState;
  enrollmentId: string | null;
  waitlistId: string | null;
  activeUntil: Timestamp;
}

export const holdUntil = (nowMs: number) => Timestamp.fromMillis(nowMs + HOLD_MINUTES * 60_000);

function seatData(batchId: string, index: number, holder: SeatHolder): SeatDoc {
  return { batchId, index, ...holder, updatedAt: Timestamp.now() };
}

async function tryCommit(build: (wb: WriteBatch) => void): Promise<boolean> {
  const wb = db().batch();
  build(wb);
  try {
    await withDeadline(wb.commit());
    return true;
  } catch (err) {
    if (isConflict(err)) return false;
    throw err;
  }
}

function shuffled(count: number): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/** Blind creates tried before reading the seats: on a batch with room, the first one almost always wins. */
const BLIND_TRIES = 3;
const READ_ROUNDS = 3;

export type Claim<R> = { seatId: string } | { stopped: R };

/**
 * Takes a free seat of a batch for `holder`, committing `alsoWrite`'s writes in the same atomic batch
 * (the enrollment, its idempotency key, its mail): the seat and what holds it exist together or not at
 * all. A conflict is a lost race for that seat, unless `afterConflict` finds another cause and stops.
 * Answers 409 batch-full when every seat is taken.
 */
export async function claimSeat<R = never>(
  batchId: string,
  capacity: number,
  holder: SeatHolder,
  nowMs: number,
  alsoWrite: (wb: WriteBatch, seatId: string, replaced: SeatDoc | undefined) => void,
  afterConflict?: () => Promise<R | undefined>,
): Promise<Claim<R>> {
  const attempt = async (index: number, existing?: QueryDocumentSnapshot<SeatDoc>): Promise<Claim<R> | undefined> => {
    const ref = seatRef(batchId, index);
    const data = seatData(batchId, index, holder);
    const won = await tryCommit((wb) => {
      if (existing) wb.update(ref, { ...data }, { lastUpdateTime: existing.updateTime });
      else wb.create(ref, data);
      markSeat(wb, batchId, index, holder.activeUntil);
      alsoWrite(wb, ref.id, existing?.data());
    });
    if (won) return { seatId: ref.id };
    const stop = await afterConflict?.();
    return stop === undefined ? undefined : { stopped: stop };
  };

  // A fast refusal once the batch is full (one count, no write): a sold-out batch's late buyers cost little.
  // Only a refusal is taken from the count; a seat is only ever taken by its create below.
  if ((await withDeadline(takenSeats(batchId, nowMs))) >= capacity) throw batchFull();
  for (const index of shuffled(capacity).slice(0, BLIND_TRIES)) {
    const result = await attempt(index);
    if (result) return result;
  }
  for (let round = 0; round < READ_ROUNDS; round++) {
    const taken = await withDeadline(seats().where('batchId', '==', batchId).get());
    const byIndex = new Map(taken.docs.map((doc) => [doc.data().index, doc]));
    const active = taken.docs.filter((doc) => seatTaken(doc.data().activeUntil.toMillis(), nowMs)).length;
    if (active >= capacity) throw batchFull();
    const free = shuffled(capacity).filter((i) => {
      const doc = byIndex.get(i);
      return !doc || !seatTaken(doc.data().activeUntil.toMillis(), nowMs);
    });
    for (const index of free) {
      const result = await attempt(index, byIndex.get(index));
      if (result) return result;
    }
  }
  throw batchFull();
}

/** Whether anyone is waiting for a seat of this batch (they come before a new buyer). */
export async function someoneWaiting(batchId: string): Promise<boolean> {
  const snap = await withDeadline(waitlist().where('batchId', '==', batchId).where('status', '==', 'waiting').limit(1).get());
  return !snap.empty;
}
