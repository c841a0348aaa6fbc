import { Timestamp } from 'firebase-admin/firestore';
import type { BatchSummaryAnswer, BatchesAnswer } from '@upskill/domain/enrollment';
import { OFFERINGS, findOffering, isCalendarDate } from '@upskill/domain/batches';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { batches, listing, seatCountsOf } from './store';

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

/** How many of an offering's next batches the seat bar reads at once: usually the first has seats. */
const SUMMARY_PAGE = 2;

type SummaryEntry = BatchSummaryAnswer['offerings'][string];

/**
 * One offering's entry: its next public batch that still sells, else its soonest public one (full), else null. Its
 * open batches are read soonest first, SUMMARY_PAGE at a time, with their seat boards (seatCountsOf): the reads follow
 * the one entry it shows, not how many batches the offering has.
 */
async function offeringSummary(slug: string, nowMs: number): Promise<SummaryEntry> {
  const query = batches()
    .where('offering', '==', slug)
    .where('status', '==', 'open')
    .where('startsAt', '>', Timestamp.fromMillis(nowMs))
    .orderBy('startsAt')
    .limit(SUMMARY_PAGE);
  let soonest: SummaryEntry = null;
  for (let page = await withDeadline(query.get()); ;) {
    // The catalogue's next batch is a public one.
    const list = page.docs.map((snap) => ({ id: snap.id, doc: snap.data() })).filter(({ doc }) => !doc.campus);
    const counts = await withDeadline(seatCountsOf(list, nowMs));
    for (const { id, doc } of list) {
      const taken = Math.min(doc.capacity, counts.get(id)?.taken ?? 0);
      const entry = {
        batchId: id,
        startDate: doc.startDate,
        batchTime: doc.batchTime,
        capacity: doc.capacity,
        seatsLeft: doc.capacity - taken,
        filledPercent: Math.round((taken / doc.capacity) * 100),
      };
      if (entry.seatsLeft > 0) return entry;
      soonest ??= entry;
    }
    const last = page.docs.at(-1);
    if (page.docs.length < SUMMARY_PAGE || !last) return soonest;
    page = await withDeadline(query.startAfter(last).get());
  }
}

/** GET /api/batches/summary: each offering's next batch that still sells (else its next full one), offerings at once. */
export async function batchSummary(): Promise<BatchSummaryAnswer> {
  const nowMs = Date.now();
  const entries = await Promise.all(OFFERINGS.map(async (o) => [o.slug, await offeringSummary(o.slug, nowMs)] as const));
  return { offerings: Object.fromEntries(entries) };
}
