import { FIGURE_WEEKS, WEEK_MS, figureWeeks, roundedMedian, indiaWeekStart } from '@upskill/domain/batches';
import { Timestamp } from 'firebase-admin/firestore';
import type { ReviewFiguresAnswer } from '@upskill/domain/assignments';
import { withDeadline } from '../http/handler';
import { submissions } from '../assignments/store';

const HOUR_MS = 3_600_000;

/**
 * GET /api/staff/assignments: whether the turnaround promise holds. Over the last eight weeks (by the week the
 * work arrived), each reviewer's released reviews, their median turnaround in hours and how many were late
 * against the attempt's promised time; and what waits now, with how much of it is already overdue.
 */
export async function reviewFigures(nowMs: number): Promise<ReviewFiguresAnswer> {
  const weeks = figureWeeks(nowMs);
  const first = weeks[0];
  const [recent, waitingNow] = await withDeadline(
    Promise.all([
      submissions()
        .where('submittedAt', '>=', Timestamp.fromMillis(first))
        .where('submittedAt', '<', Timestamp.fromMillis(first + FIGURE_WEEKS * WEEK_MS))
        .get(),
      submissions().where('state', '==', 'awaiting-review').orderBy('submittedAt').get(),
    ]),
  );
  const byReviewer = new Map<string, { name: string; cells: Map<number, { hours: number[]; overdue: number }> }>();
  let released = 0;
  let withinPromise = 0;
  for (const snap of recent.docs) {
    const doc = snap.data();
    const review = doc.review;
    if (!review?.releasedAt) continue;
    const week = indiaWeekStart(doc.submittedAt.toMillis());
    const reviewer = byReviewer.get(review.reviewerUid) ?? { name: review.reviewerName, cells: new Map() };
    byReviewer.set(review.reviewerUid, reviewer);
    const cell = reviewer.cells.get(week) ?? { hours: [], overdue: 0 };
    reviewer.cells.set(week, cell);
    cell.hours.push((review.releasedAt.toMillis() - doc.submittedAt.toMillis()) / HOUR_MS);
    const late = review.releasedAt.toMillis() > doc.reviewDueAt.toMillis();
    if (late) cell.overdue++;
    released++;
    if (!late) withinPromise++;
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
    waiting: { count: waitingNow.size, overdue: waitingNow.docs.filter((d) => d.data().reviewDueAt.toMillis() < nowMs).length },
  };
}
