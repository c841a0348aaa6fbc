import { Timestamp } from 'firebase-admin/firestore';
import type { BatchListing } from '@upskill/domain/enrollment';
import { TIMETABLES, batchStatus, confirmedOnBoard, takenOnBoard } from '@upskill/domain/batches';
import { boardsOf } from './board';
import { collection, type Stored } from '../platform/collections';
import { readById, snapshotsById } from '../platform/readById';

export type BatchDoc = Stored<'batches'>;
export type SeatDoc = Stored<'seats'>;
export type WaitlistDoc = Stored<'waitlist'>;

export const batches = () => collection('batches');
export const seats = () => collection('seats');
export const sessions = () => collection('sessions');
export const waitlist = () => collection('waitlist');

/** Seat n of a batch: its document id is fixed, so two creates of the same seat cannot both succeed. */
export const seatRef = (batchId: string, index: number) => seats().doc(`${batchId}_${index}`);

export type SessionDoc = Stored<'sessions'>;
export interface StoredSession {
  id: string;
  doc: SessionDoc;
}

/**
 * The sessions of each batch, in order, read by id: a batch's sessions are `{batchId}_{index}` for every index
 * below its `sessionCount` (set together wherever sessions are written). This reads the same documents as a
 * `batchId` query does, but the Firestore emulator answers a query by scanning the whole collection: with 700
 * batches' sessions stored, one `in` query for 20 batches took 1.8–3.2 s there and reading their 480 sessions by
 * id took 23–52 ms. In production both are indexed reads of the same documents.
 */
export async function sessionsOf(list: readonly { id: string; doc: BatchDoc }[]): Promise<Map<string, StoredSession[]>> {
  const refs = list.flatMap(({ id, doc }) => Array.from({ length: doc.sessionCount }, (_, index) => sessions().doc(`${id}_${index}`)));
  const found = new Map<string, StoredSession[]>(list.map(({ id }) => [id, []]));
  for (const snap of await snapshotsById(refs)) {
    const doc = snap.data();
    if (doc) found.get(doc.batchId)?.push({ id: snap.id, doc });
  }
  for (const each of found.values()) each.sort((a, b) => a.doc.index - b.doc.index);
  return found;
}

/** These batches (those that exist), each with its sessions in order: the batches first, then their sessions by id. */
export async function batchesWithSessions(ids: readonly string[]): Promise<{ id: string; doc: BatchDoc; sessions: StoredSession[] }[]> {
  const snaps = await Promise.all(ids.map((id) => batches().doc(id).get()));
  const found = snaps.flatMap((snap) => {
    const doc = snap.data();
    return doc ? [{ id: snap.id, doc }] : [];
  });
  const byBatch = await sessionsOf(found);
  return found.map(({ id, doc }) => ({ id, doc, sessions: byBatch.get(id) ?? [] }));
}

/**
 * The confirmed seat documents of each batch: the seats its boards show confirmed (seatCountsOf), read by id. A
 * roster's reads follow its learners: neither a document per seat number nor a `batchId` query, which the emulator
 * answers by scanning every seat of every batch (the staff list of 100 batches ran past its 8 s budget that way).
 */
export async function confirmedSeatsOf(list: readonly { id: string; doc: BatchDoc }[]): Promise<Map<string, SeatDoc[]>> {
  const boards = await boardsOf(list);
  const refs = list.flatMap(({ id, doc }) =>
    confirmedOnBoard(boards.get(id) ?? {})
      .filter((index) => index < doc.capacity)
      .map((index) => seatRef(id, index)),
  );
  const found = new Map<string, SeatDoc[]>(list.map(({ id }) => [id, []]));
  for (const seat of await readById(refs)) found.get(seat.batchId)?.push(seat);
  return found;
}

/** How many of a batch's seats are taken at `nowMs`, and how many of those are confirmed (paid). */
export interface SeatCount {
  taken: number;
  confirmed: number;
}

/**
 * Each batch's seats taken and confirmed, from its seat boards (board.ts): one read per board, a board per 50 seats,
 * so a listing's reads follow the batches it shows and not their seats (decision 0040).
 */
export async function seatCountsOf(list: readonly { id: string; doc: BatchDoc }[], nowMs: number): Promise<Map<string, SeatCount>> {
  const boards = await boardsOf(list);
  return new Map(
    list.map(({ id, doc }) => {
      const board = boards.get(id) ?? {};
      const confirmed = confirmedOnBoard(board).filter((index) => index < doc.capacity).length;
      return [id, { taken: takenOnBoard(board, doc.capacity, nowMs), confirmed }];
    }),
  );
}

/** One batch's sessions, in order (see sessionsOf). */
export const sessionsOfBatch = async (id: string, doc: BatchDoc): Promise<StoredSession[]> =>
  (await sessionsOf([{ id, doc }])).get(id) ?? [];

/** The batch's seats that are taken now (confirmed, or held or offered and not lapsed). */
export async function takenSeats(batchId: string, nowMs: number): Promise<number> {
  const snap = await seats().where('batchId', '==', batchId).where('activeUntil', '>', Timestamp.fromMillis(nowMs)).count().get();
  return snap.data().count;
}

export const batchTimes = (batch: BatchDoc) => ({
  status: batch.status,
  startsAtMs: batch.startsAt.toMillis(),
  endsAtMs: batch.endsAt.toMillis(),
  capacity: batch.capacity,
});

/** A batch as the public API lists it. */
export function listing(id: string, batch: BatchDoc, taken: number, nowMs: number): BatchListing {
  const timetable = TIMETABLES[batch.batchTime];
  return {
    id,
    offering: batch.offering,
    batchTime: batch.batchTime,
    startDate: batch.startDate,
    endDate: batch.endDate,
    days: [...timetable.days],
    startTime: timetable.startTime,
    endTime: timetable.endTime,
    timeZone: 'Asia/Kolkata',
    sessions: batch.sessionCount,
    capacity: batch.capacity,
    seatsLeft: Math.max(0, batch.capacity - taken),
    status: batchStatus(batchTimes(batch), taken, nowMs),
    campus: batch.campus?.name ?? null,
  };
}
