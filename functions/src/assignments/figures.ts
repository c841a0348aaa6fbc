import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { figureWeeks, indiaWeekStart } from '@upskill/domain/batches';
import { reviewWeekEntry, reviewWeekId, type ReviewFigureFacts, type ReviewWeekDoc } from '@upskill/domain/assignments';
import { withDeadline } from '../http/handler';
import { madeInWeek, rebuildFigureWeeks } from '../http/figureWeeks';
import { collection } from '../platform/collections';
import { submissions } from './store';

/**
 * The console's review figures kept as reviews are released (domain assignments/figures.ts): an attempt's entry in its
 * week's document is written in the release's own transaction, so the console reads one small document a week and
 * two counts instead of every attempt of eight weeks and every attempt waiting (issue 59).
 */
export const reviewWeeks = () => collection('reviewWeeks');

/** Writes a released attempt's entry in its week's document (a merge: the week's other reviews stay). */
export function writeReviewWeekEntry(tx: Transaction, id: string, s: ReviewFigureFacts, atMs: number): void {
  const entry = reviewWeekEntry(s);
  if (!entry) return;
  tx.set(
    reviewWeeks().doc(reviewWeekId(s.submittedAt)),
    {
      weekStart: Timestamp.fromMillis(indiaWeekStart(s.submittedAt.toMillis())),
      reviews: { [id]: entry },
      updatedAt: Timestamp.fromMillis(atMs),
    } as unknown as ReviewWeekDoc<Timestamp>,
    { merge: true },
  );
}

/** The week documents the console shows (the last FIGURE_WEEKS weeks'), and what waits for review now: two counts. */
export async function shownReviewFigures(
  nowMs: number,
): Promise<{ docs: ReviewWeekDoc<Timestamp>[]; waiting: { count: number; overdue: number } }> {
  const waiting = submissions().where('state', '==', 'awaiting-review');
  const [weeks, count, overdue] = await withDeadline(
    Promise.all([
      reviewWeeks()
        .where('weekStart', '>=', Timestamp.fromMillis(figureWeeks(nowMs)[0]))
        .get(),
      waiting.count().get(),
      waiting.where('reviewDueAt', '<', Timestamp.fromMillis(nowMs)).count().get(),
    ]),
  );
  return {
    docs: weeks.docs.map((d) => d.data()),
    waiting: { count: count.data().count, overdue: overdue.data().count },
  };
}

/** `npm run jobs -- review-figures`: the shown weeks rebuilt from the attempts (attempts written around the API, or a figure that drifted). */
export async function rebuildReviewWeeks(asOfMs: number): Promise<{ weeks: number; documents: number; reviews: number }> {
  const { weeks, documents, entries } = await rebuildFigureWeeks(asOfMs, {
    ref: (startMs) => reviewWeeks().doc(reviewWeekId(Timestamp.fromMillis(startMs))),
    records: (startMs) => madeInWeek(submissions(), 'submittedAt', startMs),
    entry: (d) => reviewWeekEntry(d.data()),
    doc: (startMs, reviews, atMs) => ({ weekStart: Timestamp.fromMillis(startMs), reviews, updatedAt: Timestamp.fromMillis(atMs) }),
  });
  return { weeks, documents, reviews: entries };
}
