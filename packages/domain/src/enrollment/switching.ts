import { findOffering, offeringOf, type Offering } from '../batches';
import { findCourseBySlug } from '../catalogue';
import type { InterestedCourse } from '../common';
import type { EnrollmentStatus } from './api';

/**
 * Switching course before the batch starts (Get Started's FAQ, issue 58): a paid enrollment moves, at no cost, to a
 * batch of another course or programme, until its own batch's first class. A plan (Single Course Access, Standard,
 * Pro, Platinum) holds its first seat in a programme and switches to another programme: its price does not depend on
 * which. A course bought on its own switches to any other course: a lower price's difference is refunded to the
 * payment it was paid with (switchRefund); a higher price's difference is paid first, through its own Razorpay order,
 * and the switch happens with that payment's capture (switchTopUp). Decision 0038. (The request's schema is in forms/.)
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
  /** The free switch's answer for a dearer course: its difference is paid through the switch's checkout. */
  topUp: 'That course costs more than yours: pay the difference to switch to it.',
  /** A checkout asked for a course that costs the same or less: nothing to pay. */
  noTopUp: 'That course costs the same as yours or less: switch to it without paying.',
  /** Staff cannot take the learner's payment. */
  staffTopUp: 'That course costs more than the learner’s: they pay the difference from My Courses.',
  changed: 'Your enrollment changed while we switched it. Please try again.',
  refundOwed: 'The refund from your last switch is still on its way: you can switch again once Razorpay has made it.',
} as const;

/** What the rule reads of an enrollment. */
export interface SwitchFacts {
  status: EnrollmentStatus;
  planId: string | null;
  courseId: number | null;
  interestedCourse: InterestedCourse;
  coveredBy?: unknown;
  /** A cheaper switch's difference, owed while Razorpay has not answered (refundId null). */
  switchRefund?: { refundId: string | null } | null;
}

/** Whether this enrollment's course may be switched at all (its plan and state), before any date or choice. */
export function switchableEnrollment(e: SwitchFacts): boolean {
  return e.status === 'paid' && !e.coveredBy && SWITCHABLE_PLANS.includes(e.planId) && !refundOwed(e);
}

const refundOwed = (e: SwitchFacts) => Boolean(e.switchRefund && e.switchRefund.refundId === null);

/** What the enrollment's switches have refunded so far (rupees): a later full refund returns only the rest. */
export function refundedBySwitches(e: { switches?: readonly { refund?: number }[] | null }): number {
  return (e.switches ?? []).reduce((sum, s) => sum + (s.refund ?? 0), 0);
}

/** The offerings it may switch to: other programmes for a plan; any other catalogue course for a course. */
export function switchTargets(e: SwitchFacts, offerings: readonly Offering[]): Offering[] {
  if (!switchableEnrollment(e)) return [];
  const from = offeringOf(e);
  return offerings.filter((o) => switchTargetProblem(e, from, o) === null);
}

function switchTargetProblem(e: SwitchFacts, from: Offering, to: Offering): string | null {
  if (to.slug === from.slug) return SWITCH_MESSAGES.same;
  if (e.planId !== null) return to.kind === 'programme' ? null : SWITCH_MESSAGES.programme;
  if (to.kind !== 'course') return SWITCH_MESSAGES.course;
  return priceDifference(from.slug, to.slug) === null ? SWITCH_MESSAGES.course : null;
}

/** The old course's price less the new one's (rupees), or null when either is not a catalogue course. */
function priceDifference(fromSlug: string, toSlug: string): number | null {
  const from = findCourseBySlug(fromSlug)?.price;
  const to = findCourseBySlug(toSlug)?.price;
  return from === undefined || to === undefined ? null : from - to;
}

/**
 * What a switch to `toSlug` gives back (rupees): for a course bought on its own, the old course's price less the new
 * one's; nothing for a plan, whose price does not depend on its programme. Any discount the purchase took (a referral,
 * a credit) is the same rupees off either course, so the difference of the catalogue prices is the difference paid. Never
 * more than was paid, and never negative (a dearer course has a top-up instead).
 */
export function switchRefund(e: SwitchFacts & { paidAmount: number }, toSlug: string): number {
  if (e.planId !== null) return 0;
  const difference = priceDifference(offeringOf(e).slug, toSlug) ?? 0;
  return Math.max(0, Math.min(difference, e.paidAmount));
}

/**
 * What a switch to `toSlug` costs on top (rupees): for a course bought on its own, the new course's price less the
 * old one's, when it is dearer; nothing otherwise. It is paid through its own Razorpay order before the seat moves.
 */
export function switchTopUp(e: SwitchFacts, toSlug: string): number {
  if (e.planId !== null) return 0;
  const difference = priceDifference(offeringOf(e).slug, toSlug) ?? 0;
  return Math.max(0, -difference);
}

/** The notes purpose of a switch's top-up order at Razorpay, and of the top-up's refund. */
export const SWITCH_TOP_UP_PURPOSE = 'course-switch-top-up';

/**
 * A dearer switch waiting for its payment (enrollment.switchOrder): the Razorpay order for the difference and the seat
 * held in the new batch meanwhile. The capture of that order's payment makes the switch (once); a free switch, or a
 * checkout for another batch, replaces it.
 */
export interface SwitchOrder<T> {
  /** The Razorpay order's id (orders/{id} with purpose course-switch-top-up). */
  id: string;
  /** Paise. */
  amount: number;
  /** The switch it makes (1 for the first). */
  switchNumber: number;
  to: string;
  toBatchId: string;
  /** The seat held in the new batch until `holdUntil` (a lapsed hold is taken again at the capture if the seat is free). */
  seatId: string;
  holdUntil: T;
}

/** Why moving to a batch of `toSlug` is refused, or null when it may go ahead (the batch's seats are the caller's). */
export function switchRefusal(e: SwitchFacts, toSlug: string, batchStartsAtMs: number, nowMs: number): string | null {
  if (e.status !== 'paid') return SWITCH_MESSAGES.notPaid;
  if (refundOwed(e)) return SWITCH_MESSAGES.refundOwed;
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
  /** What it gave back (rupees): 0 for a switch at the same price. Absent on switches recorded before refunds. */
  refund?: number;
  /** What the learner paid on top for a dearer course (rupees), and the Razorpay payment that paid it. */
  topUp?: number;
  topUpPaymentId?: string | null;
}

/** The payments that paid a dearer switch's difference: a full refund returns them too. */
export function topUpPayments(e: { switches?: readonly { refund?: number; topUp?: number; topUpPaymentId?: string | null }[] | null }) {
  return (e.switches ?? []).flatMap((s) => (s.topUp && s.topUpPaymentId ? [{ paymentId: s.topUpPaymentId, amount: s.topUp }] : []));
}

/**
 * A switch's difference owed back to the learner, refunded to the payment it was paid with. Recorded with the switch, in
 * its transaction, before Razorpay is asked: the refund is owed whatever Razorpay answers, and a refund asked for and not
 * answered is found again by its notes (purpose 'course-switch', the switch's number) before it is asked again.
 */
export interface SwitchRefund<T> {
  /** The switch it belongs to (1 for the first). */
  switchNumber: number;
  /** Rupees. */
  amount: number;
  paymentId: string;
  /** Razorpay's refund id, once it has answered; null while it is owed. */
  refundId: string | null;
  requestedAt: T;
  /** When Razorpay reported it processed (refund.processed, or its answer). */
  processedAt: T | null;
}

/** The notes purpose a switch's refund carries at Razorpay. */
export const SWITCH_REFUND_PURPOSE = 'course-switch';
