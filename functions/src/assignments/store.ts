import type { Timestamp } from 'firebase-admin/firestore';
import {
  assignmentDates,
  assignmentsFor,
  rubricTotal,
  type Assignment,
  type AssignmentDates,
  type TopicSession,
  receiptLine,
} from '@upskill/domain/assignments';
import type { AttemptView, ReviewView } from '@upskill/domain/assignments';
import { findOffering, type Offering } from '@upskill/domain/batches';
import { HttpError } from '../http/errors';
import { collection, type Stored } from '../platform/collections';

export const assignmentWork = () => collection('assignmentWork');
export const submissions = () => collection('submissions');
export type SubmissionDoc = Stored<'submissions'>;
export type WorkDoc = Stored<'assignmentWork'>;

/** One learner's work on one assignment: the document every attempt at it serialises on. */
export { assignmentWorkId as workId } from '@upskill/domain/assignments';

export const notFound = () => new HttpError('not-found', 'No such assignment.');

export function offeringOrThrow(slug: string): Offering {
  const offering = findOffering(slug);
  if (!offering) throw notFound();
  return offering;
}

export function assignmentOrThrow(offering: Offering, id: string): Assignment {
  const found = assignmentsFor(offering).find((a) => a.id === id);
  if (!found) throw notFound();
  return found;
}

/** An assignment's dates in a batch for one learner, their extension included; null if no session covers it. */
export const datesFor = (assignment: Assignment, sessions: readonly TopicSession[], work: WorkDoc | undefined): AssignmentDates | null =>
  assignmentDates(assignment, sessions, work?.extension?.days ?? 0);

const iso = (t: Timestamp) => t.toDate().toISOString();

/** A review as shown: the learner only ever gets a released one (the callers decide). */
export function reviewView(assignment: Assignment, review: NonNullable<SubmissionDoc['review']>): ReviewView {
  return {
    scores: review.scores,
    total: Object.values(review.scores).reduce((sum, n) => sum + n, 0),
    outOf: rubricTotal(assignment.rubric),
    comments: review.comments,
    changes: review.changes,
    result: review.result,
    reviewerName: review.reviewerName,
    releasedAt: review.releasedAt ? iso(review.releasedAt) : null,
  };
}

/** An attempt as shown; `drafts` says whether a review still in draft is included (reviewers only). */
export function attemptView(id: string, doc: SubmissionDoc, assignment: Assignment, drafts: boolean): AttemptView {
  const review = doc.review && (drafts || doc.review.releasedAt) ? reviewView(assignment, doc.review) : null;
  return {
    id,
    attempt: doc.attempt,
    submittedAt: iso(doc.submittedAt),
    late: doc.late,
    receipt: receiptLine(doc.submittedAt.toMillis(), doc.reviewDueAt.toMillis()),
    reviewDueAt: iso(doc.reviewDueAt),
    text: doc.text,
    link: doc.link,
    state: doc.state,
    review,
  };
}
