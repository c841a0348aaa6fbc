import type { TimestampLike } from '../common';
import type { ReviewResult, WorkState } from './assignments';

// The stored shapes of graded work: one record per learner and assignment (its state, attempts and any
// extension), and one per attempt with its receipt and its review. Written only by the functions.

/** The id of a learner's work record on one assignment. */
export const assignmentWorkId = (enrollmentId: string, assignmentId: string): string => `${enrollmentId}_${assignmentId}`;

/** assignmentWork/{enrollmentId}_{assignmentId}: a learner's work on one assignment; every submission to it serialises here. */
export interface AssignmentWorkDoc<T extends TimestampLike = TimestampLike> {
  uid: string;
  enrollmentId: string;
  /** The offering's slug: an extension follows the learner to another batch of it. */
  offering: string;
  assignmentId: string;
  state: WorkState;
  attempts: number;
  latestSubmissionId: string | null;
  extension: { days: number; reason: string; by: string; at: T } | null;
  updatedAt: T;
}

/** A review as the reviewer saved it: a draft until released, and only then shown to the learner. */
export interface ReviewRecord<T extends TimestampLike = TimestampLike> {
  scores: Record<string, number>;
  comments: string;
  changes: string;
  result: ReviewResult;
  reviewerUid: string;
  reviewerName: string;
  savedAt: T;
  releasedAt: T | null;
}

/** submissions/{id}: one attempt, with its receipt and its review. */
export interface SubmissionDoc<T extends TimestampLike = TimestampLike> {
  uid: string;
  learnerName: string;
  learnerEmail: string;
  enrollmentId: string;
  planId: string | null;
  batchId: string;
  offering: string;
  /** The catalogue course, for its mentors; null for a programme. */
  courseId: number | null;
  /** The batch's instructor (the instructor claim's key), who reviews it. */
  instructor: string;
  assignmentId: string;
  attempt: number;
  text: string | null;
  link: string | null;
  submittedAt: T;
  late: boolean;
  reviewDueAt: T;
  state: Exclude<WorkState, 'not-started'>;
  review: ReviewRecord<T> | null;
  updatedAt: T;
}
