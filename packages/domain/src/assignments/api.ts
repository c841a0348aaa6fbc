import type { ReviewResult, RubricCriterion, SubmissionPart, SubmissionWindow, WorkState } from './assignments';

// What the assignments API answers: the learner's assignments and attempts, a submission's receipt, the
// reviewers' queue and one submission as a reviewer sees it. Times are ISO instants.

export interface ReviewView {
  scores: Record<string, number>;
  total: number;
  outOf: number;
  comments: string;
  changes: string;
  result: ReviewResult;
  reviewerName: string;
  /** Null while it is a draft (only reviewers see drafts). */
  releasedAt: string | null;
}

export interface AttemptView {
  id: string;
  attempt: number;
  submittedAt: string;
  late: boolean;
  /** "Received Tue 2 Dec, 21:40 IST · reviewed by Fri 5 Dec" */
  receipt: string;
  reviewDueAt: string;
  text: string | null;
  link: string | null;
  state: Exclude<WorkState, 'not-started'>;
  review: ReviewView | null;
}

export interface AssignmentView {
  id: string;
  title: string;
  brief: string;
  parts: SubmissionPart[];
  rubric: RubricCriterion[];
  passMark: number;
  outOf: number;
  countsForCertificate: boolean;
  opensAt: string;
  dueAt: string;
  cutoffAt: string;
  window: SubmissionWindow;
  state: WorkState;
  /** Whether a new attempt is taken now: open or late, not passed, none awaiting review. */
  canSubmit: boolean;
  extension: { days: number; reason: string } | null;
  turnaroundHours: number;
  /** Oldest first. */
  attempts: AttemptView[];
}

export interface BatchAssignments {
  enrollmentId: string;
  batchId: string;
  offering: string;
  offeringName: string;
  assignments: AssignmentView[];
}

export interface AssignmentsAnswer {
  batches: BatchAssignments[];
}

export interface SubmitAnswer {
  attempt: AttemptView;
  receipt: string;
}

export interface QueueItem {
  id: string;
  learnerName: string;
  offeringName: string;
  batchId: string;
  assignmentId: string;
  assignmentTitle: string;
  attempt: number;
  late: boolean;
  submittedAt: string;
  reviewDueAt: string;
  waitedHours: number;
  overdue: boolean;
  hasDraft: boolean;
}

export interface ReviewQueueAnswer {
  items: QueueItem[];
}

/** One submission as its reviewer sees it: the assignment, the learner's every attempt, and this one's review (draft or released). */
export interface ReviewDetailAnswer {
  item: QueueItem;
  assignment: { id: string; title: string; brief: string; rubric: RubricCriterion[]; passMark: number; outOf: number };
  learnerEmail: string;
  attempts: AttemptView[];
  review: ReviewView | null;
}

/** The console's review figures: per reviewer and week (Monday, India time, of the submission), and what waits now. */
export interface ReviewFiguresAnswer {
  /** Week starts (ms), oldest first. */
  weeks: number[];
  reviewers: {
    uid: string;
    name: string;
    weeks: { weekStartMs: number; reviewed: number; medianHours: number | null; overdue: number }[];
  }[];
  /** Released reviews in the period, and how many of them kept the promised turnaround. */
  released: number;
  withinPromise: number;
  waiting: { count: number; overdue: number };
}
