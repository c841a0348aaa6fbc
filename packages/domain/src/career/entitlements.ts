import { addWorkingHours, WORKING_HOURS } from '../support';
import type { AllowancePeriod } from '../mentoring';
import type { CareerReviewKind } from './terms';

/** One kind of career review a plan gives: how many, over what period, each with how many re-reviews after changes. */
export interface CareerAllowance {
  kind: CareerReviewKind;
  count: number;
  per: Extract<AllowancePeriod, 'purchase' | 'membership-year'>;
  reReviews: number;
}

/**
 * Each plan's career reviews, from its card's words (plans.ts):
 * - Pro, "Resume and LinkedIn review": one resume review and one LinkedIn review per purchase;
 * - Platinum, "Placement assistance": a resume review, the first step of placement assistance;
 * - Elite Learning Membership, "career services": two of each per membership year.
 * Every review includes one re-review of a new version after "changes suggested". Other plans include none.
 */
export function careerAllowances(planId: string | null): CareerAllowance[] {
  switch (planId) {
    case 'pro':
      return [
        { kind: 'resume', count: 1, per: 'purchase', reReviews: 1 },
        { kind: 'linkedin', count: 1, per: 'purchase', reReviews: 1 },
      ];
    case 'platinum':
      return [{ kind: 'resume', count: 1, per: 'purchase', reReviews: 1 }];
    case 'yearly':
      return [
        { kind: 'resume', count: 2, per: 'membership-year', reReviews: 1 },
        { kind: 'linkedin', count: 2, per: 'membership-year', reReviews: 1 },
      ];
    default:
      return [];
  }
}

const NAMES: Record<CareerReviewKind, string> = { resume: 'Resume review', linkedin: 'LinkedIn review' };

/** What My Courses says of an allowance: "Resume review: 1 left, with one re-review". */
export function careerAllowanceLine(allowance: CareerAllowance, left: number): string {
  const period = allowance.per === 'membership-year' ? ' this membership year' : '';
  const reReview = allowance.reReviews === 1 ? ', with one re-review' : '';
  return `${NAMES[allowance.kind]}: ${left} left${period}${left > 0 ? reReview : ''}`;
}

/** The answer promised, in working days (India, Monday to Saturday, 09:00–18:00): Elite 1, every other plan 3. */
export const careerPromiseDays = (planId: string | null): number => (planId === 'yearly' ? 1 : 3);

/** When a review submitted at `submittedAtMs` is promised back. */
export const careerReviewDueAt = (planId: string | null, submittedAtMs: number): number =>
  addWorkingHours(submittedAtMs, careerPromiseDays(planId) * (WORKING_HOURS.endHour - WORKING_HOURS.startHour));

/** The promise in words, shown at submission and in the mail. */
export const careerPromiseText = (planId: string | null): string =>
  careerPromiseDays(planId) === 1 ? 'within 1 working day' : `within ${careerPromiseDays(planId)} working days`;

/** One version sent for review, as the console's figures need it. */
export interface CareerVersionFacts {
  submittedAtMs: number;
  dueAtMs: number;
  releasedAtMs: number | null;
}

export interface CareerReviewFigures {
  /** Versions whose review was released. */
  released: number;
  /** Of those, released by the promise. */
  onTime: number;
  /** Whole per cent of released on time, or null when none was released. */
  onTimePercent: number | null;
  /** Waiting now, and of those past their promise. */
  waiting: number;
  overdue: number;
}

/** The reviews' promise kept, from what is recorded: each version sent counts once, released or waiting. */
export function careerReviewFigures(versions: readonly CareerVersionFacts[], nowMs: number): CareerReviewFigures {
  const released = versions.filter((v) => v.releasedAtMs !== null);
  const onTime = released.filter((v) => v.releasedAtMs! <= v.dueAtMs).length;
  const waiting = versions.filter((v) => v.releasedAtMs === null);
  return {
    released: released.length,
    onTime,
    onTimePercent: released.length === 0 ? null : Math.round((onTime / released.length) * 100),
    waiting: waiting.length,
    overdue: waiting.filter((v) => v.dueAtMs < nowMs).length,
  };
}
