import { Timestamp } from 'firebase-admin/firestore';
import type { BatchListing } from '@upskill/domain/api';
import { TIMETABLES, batchStatus } from '@upskill/domain/batches';
import { collection, type Stored } from '../platform/collections';

export type BatchDoc = Stored<'batches'>;
export type SeatDoc = Stored<'seats'>;
export type WaitlistDoc = Stored<'waitlist'>;

export const batches = () => collection('batches');
export const seats = () => collection('seats');
export const sessions = () => collection('sessions');
export const waitlist = () => collection('waitlist');

/** Seat n of a batch: its document id is fixed, so two creates of the same seat cannot both succeed. */
export const seatRef = (batchId: string, index: number) => seats().doc(`${batchId}_${index}`);

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
  };
}
