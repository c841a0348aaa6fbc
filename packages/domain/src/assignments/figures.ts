import { figureWeeks, indiaDate, indiaWeekStart, roundedMedian } from '../batches';
import { HOUR_MS, type TimestampLike } from '../common';
import type { ReviewFiguresAnswer } from './api';
import type { ReviewRecord } from './documents';

/**
 * The console's review figures (each reviewer's released reviews a week, their median turnaround, how many were late)
 * from one small document per India week: reviewWeeks/{YYYY-MM-DD of its Monday} holds an entry per attempt submitted
 * that week whose review is released, written in the release's own transaction, so the console reads at most
 * FIGURE_WEEKS documents however many attempts there are (issue 59). `npm run jobs -- review-figures` rebuilds them
 * from the attempts. A released review is final and survives an account's erasure (the attempt is kept, anonymised),
 * so an entry is never taken back.
 */

/** One released review: who released it, the hours from submission to release, and whether that was past the promise. */
export interface ReviewWeekEntry {
  reviewerUid: string;
  reviewerName: string;
  hours: number;
  late: boolean;
}

/** reviewWeeks/{week}. */
export interface ReviewWeekDoc<T extends TimestampLike = TimestampLike> {
  /** Monday 00:00 India time: the week the attempts were submitted in. */
  weekStart: T;
  /** By submission id. */
  reviews: Record<string, ReviewWeekEntry>;
  updatedAt: T;
}

/** What the figures read of an attempt. */
export interface ReviewFigureFacts {
  submittedAt: TimestampLike;
  reviewDueAt: TimestampLike;
  review: Pick<ReviewRecord, 'reviewerUid' | 'reviewerName' | 'releasedAt'> | null;
}

/** The week document an attempt is counted in: the Monday, India date, of the week it was submitted. */
export const reviewWeekId = (submittedAt: TimestampLike): string => indiaDate(indiaWeekStart(submittedAt.toMillis()));

/** An attempt's entry, or null while its review is not released (a draft counts for nothing). */
export function reviewWeekEntry(s: ReviewFigureFacts): ReviewWeekEntry | null {
  const releasedAt = s.review?.releasedAt;
  if (!s.review || !releasedAt) return null;
  return {
    reviewerUid: s.review.reviewerUid,
    reviewerName: s.review.reviewerName,
    hours: (releasedAt.toMillis() - s.submittedAt.toMillis()) / HOUR_MS,
    late: releasedAt.toMillis() > s.reviewDueAt.toMillis(),
  };
}

/** The console's answer from the week documents (weeks outside the eight are ignored) and the counts of what waits now. */
export function reviewFigures(
  docs: readonly Pick<ReviewWeekDoc, 'weekStart' | 'reviews'>[],
  waiting: { count: number; overdue: number },
  nowMs: number,
): ReviewFiguresAnswer {
  const weeks = figureWeeks(nowMs);
  const byReviewer = new Map<string, { name: string; cells: Map<number, { hours: number[]; overdue: number }> }>();
  let released = 0;
  let withinPromise = 0;
  for (const doc of docs) {
    const week = doc.weekStart.toMillis();
    if (!weeks.includes(week)) continue;
    for (const entry of Object.values(doc.reviews)) {
      const reviewer = byReviewer.get(entry.reviewerUid) ?? { name: entry.reviewerName, cells: new Map() };
      byReviewer.set(entry.reviewerUid, reviewer);
      const cell = reviewer.cells.get(week) ?? { hours: [], overdue: 0 };
      reviewer.cells.set(week, cell);
      cell.hours.push(entry.hours);
      if (entry.late) cell.overdue++;
      released++;
      if (!entry.late) withinPromise++;
    }
  }
  return {
    weeks,
    reviewers: [...byReviewer.entries()]
      .map(([uid, r]) => ({
        uid,
        name: r.name,
        weeks: weeks.map((weekStartMs) => {
          const cell = r.cells.get(weekStartMs);
          return {
            weekStartMs,
            reviewed: cell?.hours.length ?? 0,
            medianHours: roundedMedian(cell?.hours ?? [], 1),
            overdue: cell?.overdue ?? 0,
          };
        }),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    released,
    withinPromise,
    waiting,
  };
}
