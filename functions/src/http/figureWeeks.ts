import { Timestamp, type DocumentReference, type Query, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { figureWeeks } from '@upskill/domain/batches';
import { WEEK_MS } from '@upskill/domain/common';
import { runTransaction } from './transaction';

/** How one kind of figures is kept by period (a week, a month): its document, the period's records, each record's entry. */
export interface FigurePeriods<Period, Doc, Row, Entry> {
  /** The period's document. */
  ref: (period: Period) => DocumentReference<Doc>;
  /** The records the period counts. */
  records: (period: Period) => Query<Row>;
  /** A record's entry, or null when it counts for nothing (yet). */
  entry: (record: QueryDocumentSnapshot<Row>) => Entry | null;
  /** The period's document with its entries by record id. */
  doc: (period: Period, entries: Record<string, Entry>, atMs: number) => Doc;
}

/**
 * A figures repair job's work: each period's document rebuilt from its records, in a transaction that reads the
 * document and the period's records, so a record made or changed meanwhile (whose own transaction writes the same
 * document) lands before the rebuild reads or after it writes: none is lost. A period with no entry has no document.
 */
export async function rebuildFigurePeriods<Period, Doc, Row, Entry>(
  periods: readonly Period[],
  atMs: number,
  kind: FigurePeriods<Period, Doc, Row, Entry>,
): Promise<{ documents: number; entries: number }> {
  let documents = 0;
  let entries = 0;
  for (const period of periods) {
    const counted = await runTransaction(async (tx) => {
      const ref = kind.ref(period);
      await tx.get(ref);
      const made = await tx.get(kind.records(period));
      const found = made.docs.flatMap((d) => {
        const entry = kind.entry(d);
        return entry === null ? [] : [[d.id, entry] as const];
      });
      if (found.length === 0) {
        tx.delete(ref);
        return 0;
      }
      tx.set(ref, kind.doc(period, Object.fromEntries(found), atMs));
      return found.length;
    });
    if (counted > 0) documents += 1;
    entries += counted;
  }
  return { documents, entries };
}

/** Week figures: each period is a week, by its start (Monday 00:00 India time). */
export type FigureWeeks<Doc, Row, Entry> = FigurePeriods<number, Doc, Row, Entry>;

/**
 * A week figures repair job (`npm run jobs -- support-figures`, `contact-figures`, `review-figures`): the weeks the
 * console shows rebuilt from their records (rebuildFigurePeriods, by each week's start).
 */
export async function rebuildFigureWeeks<Doc, Row, Entry>(
  asOfMs: number,
  kind: FigureWeeks<Doc, Row, Entry>,
): Promise<{ weeks: number; documents: number; entries: number }> {
  const weeks = figureWeeks(asOfMs);
  return { weeks: weeks.length, ...(await rebuildFigurePeriods(weeks, asOfMs, kind)) };
}

/** The records made in a week: `field` from the week's Monday 00:00 India time to the next. */
export const madeInWeek = <Row>(records: Query<Row>, field: string, weekStartMs: number): Query<Row> =>
  records.where(field, '>=', Timestamp.fromMillis(weekStartMs)).where(field, '<', Timestamp.fromMillis(weekStartMs + WEEK_MS));
