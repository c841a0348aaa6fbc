import { Timestamp } from 'firebase-admin/firestore';
import type { BatchSummaryAnswer, BatchesAnswer } from '@upskill/domain/api';
import { OFFERINGS, findOffering, seatTaken } from '@upskill/domain/batches';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { batches, listing, seatsOf, takenSeats } from './store';

/** GET /api/batches?offering={slug}: the offering's batches that have not started yet, soonest first. */
export async function listOffering(slug: unknown): Promise<BatchesAnswer> {
  if (typeof slug !== 'string' || !findOffering(slug)) {
    throw new HttpError('invalid-argument', 'Name a course or programme: ?offering={slug}.', { offering: 'Unknown course or programme.' });
  }
  const nowMs = Date.now();
  const found = await withDeadline(
    batches().where('offering', '==', slug).where('startsAt', '>', Timestamp.fromMillis(nowMs)).orderBy('startsAt').limit(20).get(),
  );
  const list = found.docs.map((doc) => ({ id: doc.id, doc: doc.data() }));
  // Seats by id, not a count query per batch (see seatsOf): those ran past the budget on a loaded machine.
  const seatsByBatch = await withDeadline(seatsOf(list));
  const listed = list.map(({ id, doc }) =>
    listing(id, doc, (seatsByBatch.get(id) ?? []).filter((seat) => seatTaken(seat.activeUntil.toMillis(), nowMs)).length, nowMs),
  );
  return { offering: slug, batches: listed.filter((b) => b.status !== 'cancelled') };
}

/** GET /api/batches/summary: each offering's next batch that still sells (else its next full one). */
export async function batchSummary(): Promise<BatchSummaryAnswer> {
  const nowMs = Date.now();
  const upcoming = await withDeadline(
    batches().where('status', '==', 'open').where('startsAt', '>', Timestamp.fromMillis(nowMs)).orderBy('startsAt').get(),
  );
  const byOffering = new Map<string, typeof upcoming.docs>();
  for (const doc of upcoming.docs) byOffering.set(doc.data().offering, [...(byOffering.get(doc.data().offering) ?? []), doc]);
  const entries = await withDeadline(
    Promise.all(
      OFFERINGS.map(async (offering) => {
        let first: BatchSummaryAnswer['offerings'][string] = null;
        for (const doc of byOffering.get(offering.slug) ?? []) {
          const batch = doc.data();
          const taken = Math.min(batch.capacity, await takenSeats(doc.id, nowMs));
          const entry = {
            batchId: doc.id,
            startDate: batch.startDate,
            batchTime: batch.batchTime,
            capacity: batch.capacity,
            seatsLeft: batch.capacity - taken,
            filledPercent: Math.round((taken / batch.capacity) * 100),
          };
          first ??= entry;
          if (entry.seatsLeft > 0) return [offering.slug, entry] as const;
        }
        return [offering.slug, first] as const;
      }),
    ),
  );
  return { offerings: Object.fromEntries(entries) };
}
