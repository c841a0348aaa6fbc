import { Timestamp } from 'firebase-admin/firestore';
import type { BatchSummaryAnswer, BatchesAnswer } from '@upskill/domain/enrollment';
import { OFFERINGS, findOffering, isCalendarDate } from '@upskill/domain/batches';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { batches, listing, takenSeatsOf, type BatchDoc } from './store';

/** How many batches one answer lists; `more` says there are later ones, asked for with `from`. */
const LISTED = 20;

/** The India day `from` names (YYYY-MM-DD), as the instant it starts; undefined when not given. */
function fromDay(from: unknown): number | undefined {
  if (from === undefined) return undefined;
  if (typeof from !== 'string' || !isCalendarDate(from)) {
    throw new HttpError('invalid-argument', 'Give the first start date as YYYY-MM-DD.', { from: 'Give a date as YYYY-MM-DD.' });
  }
  return Date.parse(`${from}T00:00:00+05:30`);
}

/**
 * GET /api/batches?offering={slug}[&from=YYYY-MM-DD][&campus={organisation id}]: the offering's batches that have not
 * started yet (and start on or after `from`, India time), soonest first, 20 at a time. A college quoting for next term
 * asks from that date, and with its id sees its own campus batches too; nobody else sees a campus batch.
 */
export async function listOffering(slug: unknown, from?: unknown, campus?: unknown): Promise<BatchesAnswer> {
  if (typeof slug !== 'string' || !findOffering(slug)) {
    throw new HttpError('invalid-argument', 'Name a course or programme: ?offering={slug}.', { offering: 'Unknown course or programme.' });
  }
  const nowMs = Date.now();
  const fromMs = fromDay(from);
  const after = Timestamp.fromMillis(nowMs);
  const base = batches().where('offering', '==', slug);
  const query =
    fromMs !== undefined && fromMs > nowMs
      ? base.where('startsAt', '>=', Timestamp.fromMillis(fromMs))
      : base.where('startsAt', '>', after);
  const found = await withDeadline(
    query
      .orderBy('startsAt')
      .limit(LISTED + 1)
      .get(),
  );
  const more = found.docs.length > LISTED;
  // Public batches, and an organisation's own campus batches when its page asks with its id (`campus`).
  const list = found.docs
    .slice(0, LISTED)
    .map((doc) => ({ id: doc.id, doc: doc.data() }))
    .filter(({ doc }) => !doc.campus || doc.campus.organisationId === campus);
  // Seats by id, not a count query per batch (see seatsOf): those ran past the budget on a loaded machine.
  const taken = await withDeadline(takenSeatsOf(list, nowMs));
  const listed = list.map(({ id, doc }) => listing(id, doc, taken.get(id)?.length ?? 0, nowMs));
  return { offering: slug, batches: listed.filter((b) => b.status !== 'cancelled'), more };
}

/**
 * GET /api/batches/summary: each offering's next batch that still sells (else its next full one).
 * In rounds: every offering's next batch at once, seats read by id (see seatsOf), then the next batch of the
 * offerings whose batch was full. Usually one round. A count query per batch, one offering after another, was the
 * heaviest request of the catalogue pages on a loaded machine.
 */
export async function batchSummary(): Promise<BatchSummaryAnswer> {
  const nowMs = Date.now();
  const upcoming = await withDeadline(
    batches().where('status', '==', 'open').where('startsAt', '>', Timestamp.fromMillis(nowMs)).orderBy('startsAt').get(),
  );
  const byOffering = new Map<string, { id: string; doc: BatchDoc }[]>();
  for (const snap of upcoming.docs) {
    const doc = snap.data();
    if (doc.campus) continue; // the catalogue's next batch is a public one
    byOffering.set(doc.offering, [...(byOffering.get(doc.offering) ?? []), { id: snap.id, doc }]);
  }
  type Entry = BatchSummaryAnswer['offerings'][string];
  const chosen = new Map<string, Entry>(OFFERINGS.map((o) => [o.slug, null]));
  const soonest = new Map<string, Entry>();
  let open = OFFERINGS.map((o) => o.slug).filter((slug) => byOffering.has(slug));
  for (let round = 0; open.length > 0; round++) {
    const candidates = open.map((slug) => ({ slug, ...(byOffering.get(slug) ?? [])[round] }));
    const takenByBatch = await withDeadline(takenSeatsOf(candidates, nowMs));
    const stillOpen: string[] = [];
    for (const { slug, id, doc } of candidates) {
      const taken = Math.min(doc.capacity, takenByBatch.get(id)?.length ?? 0);
      const entry = {
        batchId: id,
        startDate: doc.startDate,
        batchTime: doc.batchTime,
        capacity: doc.capacity,
        seatsLeft: doc.capacity - taken,
        filledPercent: Math.round((taken / doc.capacity) * 100),
      };
      if (!soonest.has(slug)) soonest.set(slug, entry);
      if (entry.seatsLeft > 0) chosen.set(slug, entry);
      else if (round + 1 < (byOffering.get(slug) ?? []).length) stillOpen.push(slug);
      else chosen.set(slug, soonest.get(slug) ?? null);
    }
    open = stillOpen;
  }
  return { offerings: Object.fromEntries(chosen) };
}
