import { assignmentsFor, rubricTotal, type QueueItem, type ReviewDetailAnswer, type ReviewQueueAnswer } from '@upskill/domain/assignments';
import { HOUR_MS } from '@upskill/domain/common';
import { withDeadline } from '../http/handler';
import { assignmentOrThrow, attemptView, offeringOrThrow, reviewView, submissions, type SubmissionDoc } from './store';
import { mayReview, type Reviewer } from './reviewers';
import { HttpError } from '../http/errors';

/** The oldest this many waiting submissions are read at once: far more than cohorts of 20-60 leave waiting. */
const QUEUE_READ = 1000;

export const submissionNotFound = () => new HttpError('not-found', 'No such submission.');

export function queueItem(id: string, doc: SubmissionDoc, nowMs: number): QueueItem {
  const offering = offeringOrThrow(doc.offering);
  const assignment = assignmentsFor(offering).find((a) => a.id === doc.assignmentId);
  return {
    id,
    learnerName: doc.learnerName,
    offeringName: offering.name,
    batchId: doc.batchId,
    assignmentId: doc.assignmentId,
    assignmentTitle: assignment?.title ?? doc.assignmentId,
    attempt: doc.attempt,
    late: doc.late,
    submittedAt: doc.submittedAt.toDate().toISOString(),
    reviewDueAt: doc.reviewDueAt.toDate().toISOString(),
    waitedHours: Math.floor((nowMs - doc.submittedAt.toMillis()) / HOUR_MS),
    overdue: nowMs > doc.reviewDueAt.toMillis(),
    hasDraft: doc.review !== null && doc.review.releasedAt === null,
  };
}

/** GET /api/assignments/reviews: the work this reviewer may review that awaits a review, oldest first. */
export async function reviewQueue(reviewer: Reviewer, nowMs: number): Promise<ReviewQueueAnswer> {
  const waiting = await withDeadline(submissions().where('state', '==', 'awaiting-review').orderBy('submittedAt').limit(QUEUE_READ).get());
  return {
    items: waiting.docs.filter((d) => mayReview(reviewer, d.data())).map((d) => queueItem(d.id, d.data(), nowMs)),
  };
}

/** GET /api/assignments/reviews/{id}: one submission with the learner's every attempt at the assignment and this one's review, draft included. */
export async function reviewDetail(reviewer: Reviewer, id: string, nowMs: number): Promise<ReviewDetailAnswer> {
  const doc = (await withDeadline(submissions().doc(id).get())).data();
  // Another batch's work is the same 404 as none.
  if (!doc || !mayReview(reviewer, doc)) throw submissionNotFound();
  const offering = offeringOrThrow(doc.offering);
  const assignment = assignmentOrThrow(offering, doc.assignmentId);
  const all = await withDeadline(
    submissions().where('enrollmentId', '==', doc.enrollmentId).where('assignmentId', '==', doc.assignmentId).get(),
  );
  return {
    item: queueItem(id, doc, nowMs),
    assignment: {
      id: assignment.id,
      title: assignment.title,
      brief: assignment.brief,
      rubric: [...assignment.rubric],
      passMark: assignment.passMark,
      outOf: rubricTotal(assignment.rubric),
    },
    learnerEmail: doc.learnerEmail,
    attempts: all.docs.map((d) => attemptView(d.id, d.data(), assignment, true)).sort((a, b) => a.attempt - b.attempt),
    review: doc.review ? reviewView(assignment, doc.review) : null,
  };
}
