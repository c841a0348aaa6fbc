import { Timestamp, type DocumentReference, type Query, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { WEEK_MS, figureWeeks } from '@upskill/domain/batches';
import { runTransaction } from './transaction';

/** How one kind of week figures is kept: its week document, the week's records, and each record's entry. */
export interface FigureWeeks<Doc, Row, Entry> {
  /** The week's document, by the week's start (Monday 00:00 India time). */
  ref: (weekStartMs: number) => DocumentReference<Doc>;
  /** The records the week counts: those made in it. */
  records: (weekStartMs: number) => Query<Row>;
  /** A record's entry, or null when it counts for nothing yet (a review still a draft). */
  entry: (record: QueryDocumentSnapshot<Row>) => Entry | null;
  /** The week's document with its entries by record id. */
  doc: (weekStartMs: number, entries: Record<string, Entry>, atMs: number) => Doc;
}

/**
 * A figures repair job (`npm run jobs -- support-figures`, `contact-figures`, `review-figures`): the weeks the console
 * shows rebuilt from their records. Each week in a transaction that reads its document and the week's records, so a
 * record made or changed meanwhile (whose own transaction writes the same document) lands before the rebuild reads or
 * after it writes: none is lost. A week with no entry has no document.
 */
export async function rebuildFigureWeeks<Doc, Row, Entry>(
  asOfMs: number,
  kind: FigureWeeks<Doc, Row, Entry>,
): Promise<{ weeks: number; documents: number; entries: number }> {
  let documents = 0;
  let entries = 0;
  const weeks = figureWeeks(asOfMs);
  for (const startMs of weeks) {
    const counted = await runTransaction(async (tx) => {
      const ref = kind.ref(startMs);
      await tx.get(ref);
      const made = await tx.get(kind.records(startMs));
      const found = made.docs.flatMap((d) => {
        const entry = kind.entry(d);
        return entry === null ? [] : [[d.id, entry] as const];
      });
      if (found.length === 0) {
        tx.delete(ref);
        return 0;
      }
      tx.set(ref, kind.doc(startMs, Object.fromEntries(found), asOfMs));
      return found.length;
    });
    if (counted > 0) documents += 1;
    entries += counted;
  }
  return { weeks: weeks.length, documents, entries };
}

/** The records made in a week: `field` from the week's Monday 00:00 India time to the next. */
export const madeInWeek = <Row>(records: Query<Row>, field: string, weekStartMs: number): Query<Row> =>
  records.where(field, '>=', Timestamp.fromMillis(weekStartMs)).where(field, '<', Timestamp.fromMillis(weekStartMs + WEEK_MS));
