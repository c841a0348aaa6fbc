import type { TimestampLike } from '../common';
import type { CareerReviewKind, CareerReviewState, CareerVerdict, CheckMark } from './terms';
import type { JobStage } from './tracker';

/** A reviewer's work on one version: a draft until released, and only then shown to the learner. */
export interface CareerReviewRecord<T extends TimestampLike = TimestampLike> {
  checks: { id: string; mark: CheckMark; comment: string }[];
  summary: string;
  firstChanges: string[];
  verdict: CareerVerdict;
  reviewerUid: string;
  reviewerName: string;
  savedAt: T;
  releasedAt: T | null;
}

/** One version the learner sent: the link, the role, a posting, and its promise. */
export interface CareerVersionRecord<T extends TimestampLike = TimestampLike> {
  link: string;
  targetRole: string;
  postingLink: string | null;
  submittedAt: T;
  dueAt: T;
  review: CareerReviewRecord<T> | null;
}

/**
 * `careerReviews/{id}`: one review a learner's plan gives, with its versions (the first, and the re-review after
 * changes). The links and texts are the learner's: erased with the account, which leaves "Deleted learner" behind.
 */
export interface CareerReviewDoc<T extends TimestampLike = TimestampLike> {
  uid: string | null;
  learnerName: string;
  email: string | null;
  enrollmentId: string;
  planId: string;
  /** The courses of the learner's purchase when submitted: a mentor of one of them may review it. */
  courseIds: number[];
  kind: CareerReviewKind;
  versions: CareerVersionRecord<T>[];
  /** The latest version's: waiting until its review is released. */
  state: CareerReviewState;
  /** The latest version's submission while waiting (the queue's order), else null. */
  waitingSince: T | null;
  createdAt: T;
  updatedAt: T;
}

/** `enrollments/{id}`'s count of the reviews it has given, by kind and window start: claimed in the submission's transaction. */
export type CareerReviewCounts = Partial<Record<CareerReviewKind, { windowStartMs: number; used: number }>>;

/** `jobApplications/{id}`: one application in a learner's job-search tracker. Written only by the functions. */
export interface JobApplicationDoc<T extends TimestampLike = TimestampLike> {
  uid: string;
  company: string;
  role: string;
  link: string | null;
  stage: JobStage;
  /** India days, YYYY-MM-DD. */
  appliedOn: string;
  interviewOn: string | null;
  notes: string;
  createdAt: T;
  updatedAt: T;
}
