import { Timestamp } from 'firebase-admin/firestore';
import type { BatchSummaryAnswer, BatchesAnswer } from '@upskill/domain/enrollment';
import { OFFERINGS, findOffering, isCalendarDate } from '@upskill/domain/batches';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { batches, listing, seatCountsOf, type BatchDoc } from './store';

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
  // Seats left from the batches' seat boards: one read a batch (see seatCountsOf).
  const counts = await withDeadline(seatCountsOf(list, nowMs));
  const listed = list.map(({ id, doc }) => listing(id, doc, counts.get(id)?.taken ?? 0, nowMs));
  return { offering: slug, batches: listed.filter((b) => b.status !== 'cancelled'), more };
}

/** How many of the soonest open batches the seat bar reads in its one query: every offering's next batches, at launch. */
const SOONEST = 200;
/** How many of an offering's next batches are read at once when the soonest did not reach it. */
const OFFERING_PAGE = 2;

type SummaryEntry = BatchSummaryAnswer['offerings'][string];
type Listed = { id: string; doc: BatchDoc };

/** A batch's entry, from its seat count. */
function summaryEntry({ id, doc }: Listed, taken: number): NonNullable<SummaryEntry> {
  const filled = Math.min(doc.capacity, taken);
  return {
    batchId: id,
    startDate: doc.startDate,
    batchTime: doc.batchTime,
    capacity: doc.capacity,
    seatsLeft: doc.capacity - filled,
    filledPercent: Math.round((filled / doc.capacity) * 100),
  };
}

/**
 * One offering's entry when the soonest batches held none of its batches with seats: its open batches read soonest
 * first, OFFERING_PAGE at a time, with their seat boards, until one has seats; else its soonest public one, else null.
 */
async function offeringSummary(slug: string, nowMs: number): Promise<SummaryEntry> {
  const query = batches()
    .where('offering', '==', slug)
    .where('status', '==', 'open')
    .where('startsAt', '>', Timestamp.fromMillis(nowMs))
    .orderBy('startsAt')
    .limit(OFFERING_PAGE);
  let soonest: SummaryEntry = null;
  for (let page = await withDeadline(query.get()); ;) {
    const list = page.docs.map((snap) => ({ id: snap.id, doc: snap.data() })).filter(({ doc }) => !doc.campus);
    const counts = await withDeadline(seatCountsOf(list, nowMs));
    for (const batch of list) {
      const entry = summaryEntry(batch, counts.get(batch.id)?.taken ?? 0);
      if (entry.seatsLeft > 0) return entry;
      soonest ??= entry;
    }
    const last = page.docs.at(-1);
    if (page.docs.length < OFFERING_PAGE || !last) return soonest;
    page = await withDeadline(query.startAfter(last).get());
  }
}

/**
 * GET /api/batches/summary: each offering's next public batch that still sells (else its next full one). One query
 * reads the SOONEST open batches of all offerings, and one read of seat boards counts each offering's first of them;
 * an offering whose first was full, or that had none among them, is read on its own (offeringSummary). The reads are
 * bounded whatever the number of batches (at most SOONEST, the offerings' boards, and a page or two for the few read
 * on their own), and the emulator runs one query where a query per offering (41) slowed every public page under load.
 */
export async function batchSummary(): Promise<BatchSummaryAnswer> {
  const nowMs = Date.now();
  const soonest = await withDeadline(
    batches().where('status', '==', 'open').where('startsAt', '>', Timestamp.fromMillis(nowMs)).orderBy('startsAt').limit(SOONEST).get(),
  );
  const first = new Map<string, Listed>();
  for (const snap of soonest.docs) {
    const doc = snap.data();
    // The catalogue's next batch is a public one.
    if (!doc.campus && !first.has(doc.offering)) first.set(doc.offering, { id: snap.id, doc });
  }
  const counts = await withDeadline(seatCountsOf([...first.values()], nowMs));
  const entries = await Promise.all(
    OFFERINGS.map(async ({ slug }): Promise<[string, SummaryEntry]> => {
      const batch = first.get(slug);
      const entry = batch ? summaryEntry(batch, counts.get(batch.id)?.taken ?? 0) : null;
      // Read on its own: a full first batch (the next may sell), or none among the soonest (the list ran out first).
      if (entry && entry.seatsLeft > 0) return [slug, entry];
      if (!entry && soonest.docs.length < SOONEST) return [slug, null];
      return [slug, await offeringSummary(slug, nowMs)];
    }),
  );
  return { offerings: Object.fromEntries(entries) };
}
