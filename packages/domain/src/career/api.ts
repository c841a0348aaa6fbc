import type { CareerAllowance } from './entitlements';
import type { CareerReviewKind, CareerReviewState, CareerVerdict, ChecklistItem, CheckMark } from './terms';

/** A released review as the learner reads it (a draft is never in the learner's answer). */
export interface CareerReviewView {
  checks: { id: string; label: string; mark: CheckMark; comment: string }[];
  summary: string;
  firstChanges: string[];
  verdict: CareerVerdict;
  reviewerName: string;
  releasedAt: string;
}

export interface CareerVersionView {
  number: number;
  link: string;
  targetRole: string;
  postingLink: string | null;
  submittedAt: string;
  dueAt: string;
  review: CareerReviewView | null;
}

export interface CareerReviewItem {
  id: string;
  kind: CareerReviewKind;
  enrollmentId: string;
  state: CareerReviewState;
  versions: CareerVersionView[];
  /** "changes suggested" with a re-review left: a new version may be sent. */
  mayResubmit: boolean;
  /** "within 3 working days". */
  promise: string;
}

/** One allowance of one purchase, as My Courses and the career page show it. */
export interface CareerAllowanceView extends CareerAllowance {
  enrollmentId: string;
  planName: string;
  used: number;
  left: number;
  /** "Resume review: 1 left, with one re-review". */
  line: string;
  promise: string;
}

/** GET /api/career. */
export interface CareerAnswer {
  allowances: CareerAllowanceView[];
  reviews: CareerReviewItem[];
}

/** One waiting review in a reviewer's queue, oldest first. */
export interface CareerDeskItem {
  id: string;
  kind: CareerReviewKind;
  learnerName: string;
  targetRole: string;
  version: number;
  submittedAt: string;
  dueAt: string;
  overdue: boolean;
  /** A draft is saved and not yet released. */
  drafted: boolean;
}

/** GET /api/career/desk. */
export interface CareerDeskAnswer {
  items: CareerDeskItem[];
}

/** GET /api/career/desk/{id}: the reviewer's view, drafts included, with the checklist to mark. */
export interface CareerDeskDetail {
  item: CareerDeskItem;
  checklist: readonly ChecklistItem[];
  versions: (Omit<CareerVersionView, 'review'> & {
    review: (Omit<CareerReviewView, 'releasedAt'> & { releasedAt: string | null }) | null;
  })[];
}
