import { findOffering, offeringOf, type Offering } from '../batches';
import { findCourseBySlug } from '../catalogue';
import type { InterestedCourse } from '../common';
import type { EnrollmentStatus } from './api';

/**
 * Switching course before the batch starts (Get Started's FAQ, issue 58): a paid enrollment moves, at no cost, to a
 * batch of another course or programme, until its own batch's first class. A plan (Single Course Access, Standard,
 * Pro, Platinum) holds its first seat in a programme and switches to another programme: its price does not depend on
 * which. A course bought on its own switches to another course of the same price, so there is nothing to pay or refund.
 * Decision 0038. (The request's schema is in forms/, with the others.)
 */

/** Plans whose first seat may be switched; null is a course bought on its own. */
const SWITCHABLE_PLANS: readonly (string | null)[] = [null, 'singleCourse', 'standard', 'pro', 'platinum'];

export const SWITCH_MESSAGES = {
  notPaid: 'Only a paid enrollment can switch course.',
  plan: 'This enrollment’s course cannot be switched: a Custom plan’s courses set its price, and a membership or a course credit already lets you join any course.',
  started: 'Your batch has started: a course can be switched only before its first class.',
  same: 'Choose a batch of another course: this is the course you have.',
  programme: 'Your plan’s seat is in a programme: choose a batch of another programme.',
  course: 'Choose a batch of another course.',
  price: 'That course has a different price from yours, so it cannot be switched at no cost: choose a course at the same price.',
  changed: 'Your enrollment changed while we switched it. Please try again.',
} as const;

/** What the rule reads of an enrollment. */
export interface SwitchFacts {
  status: EnrollmentStatus;
  planId: string | null;
  courseId: number | null;
  interestedCourse: InterestedCourse;
  coveredBy?: unknown;
}

/** Whether this enrollment's course may be switched at all (its plan and state), before any date or choice. */
export function switchableEnrollment(e: SwitchFacts): boolean {
  return e.status === 'paid' && !e.coveredBy && SWITCHABLE_PLANS.includes(e.planId);
}

/** The offerings it may switch to: other programmes for a plan; other courses at the same price for a course. */
export function switchTargets(e: SwitchFacts, offerings: readonly Offering[]): Offering[] {
  if (!switchableEnrollment(e)) return [];
  const from = offeringOf(e);
  return offerings.filter((o) => switchTargetProblem(e, from, o) === null);
}

function switchTargetProblem(e: SwitchFacts, from: Offering, to: Offering): string | null {
  if (to.slug === from.slug) return SWITCH_MESSAGES.same;
  if (e.planId !== null) return to.kind === 'programme' ? null : SWITCH_MESSAGES.programme;
  if (to.kind !== 'course') return SWITCH_MESSAGES.course;
  return findCourseBySlug(to.slug)?.price === findCourseBySlug(from.slug)?.price ? null : SWITCH_MESSAGES.price;
}

/** Why moving to a batch of `toSlug` is refused, or null when it may go ahead (the batch's seats are the caller's). */
export function switchRefusal(e: SwitchFacts, toSlug: string, batchStartsAtMs: number, nowMs: number): string | null {
  if (e.status !== 'paid') return SWITCH_MESSAGES.notPaid;
  if (!switchableEnrollment(e)) return SWITCH_MESSAGES.plan;
  if (batchStartsAtMs <= nowMs) return SWITCH_MESSAGES.started;
  const to = findOffering(toSlug);
  return to ? switchTargetProblem(e, offeringOf(e), to) : SWITCH_MESSAGES.course;
}

/**
 * The enrollment's fields after moving to `toSlug`: a course bought on its own takes the new course's id and name (its
 * name is what it is called everywhere); a plan keeps its name and takes the programme as its interest.
 */
export function switchedFields(
  e: SwitchFacts & { planName: string },
  toSlug: string,
): { courseId: number | null; interestedCourse: InterestedCourse; planName: string } {
  const to = findOffering(toSlug);
  if (e.planId === null) {
    const course = findCourseBySlug(toSlug);
    return { courseId: course?.id ?? e.courseId, interestedCourse: e.interestedCourse, planName: course?.name ?? e.planName };
  }
  return { courseId: null, interestedCourse: (to?.name ?? e.interestedCourse) as InterestedCourse, planName: e.planName };
}

/** One switch, as the enrollment records it. */
export interface CourseSwitch<T> {
  from: string;
  to: string;
  fromBatchId: string | null;
  toBatchId: string;
  at: T;
  /** 'learner', or the staff member's e-mail. */
  by: string;
}
