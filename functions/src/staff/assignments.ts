import { reviewFigures as figuresFrom, type ReviewFiguresAnswer } from '@upskill/domain/assignments';
import { shownReviewFigures } from '../assignments/figures';

/**
 * GET /api/staff/assignments: whether the turnaround promise holds. Over the last eight weeks (by the week the
 * work arrived), each reviewer's released reviews, their median turnaround in hours and how many were late
 * against the attempt's promised time; and what waits now, with how much of it is already overdue. At most eight
 * week documents and two counts, however many attempts there are (assignments/figures.ts).
 */
export async function reviewFigures(nowMs: number): Promise<ReviewFiguresAnswer> {
  const { docs, waiting } = await shownReviewFigures(nowMs);
  return figuresFrom(docs, waiting, nowMs);
}
