import { TZDate } from '@date-fns/tz';
import { addMonths } from 'date-fns';
import { TIME_ZONE } from '../batches';
import type { Offer } from '../catalogue';

/**
 * What a purchase grants, decided here from the offer the server resolved (never from a client):
 * - a catalogue course: that course; Custom: the chosen courses;
 * - Standard, Pro, Platinum, Single Course Access: 1, 3, 5 and 1 course credits, each spent on a course
 *   and one of its batches; Single Course Access's recordings stay open for 6 months from purchase;
 * - Elite Learning Membership: every course's batches and recordings while the membership is active;
 * - Pre Registration: a held seat in the next batch of the chosen programme while the subscription is
 *   active, and what was paid credited against a later course's fee.
 */
export type Grant =
  | { kind: 'courses'; courseIds: readonly number[] }
  | { kind: 'credits'; credits: number; recordingMonths: number | null }
  | { kind: 'membership' }
  | { kind: 'pre-registration' };

export const PLAN_CREDITS = { standard: 1, pro: 3, platinum: 5, singleCourse: 1 } as const;
export const SINGLE_COURSE_RECORDING_MONTHS = 6;

export function grantOf(offer: Pick<Offer, 'kind' | 'planId' | 'courseId' | 'courseIds'>): Grant {
  if (offer.kind === 'course' && offer.courseId !== undefined) return { kind: 'courses', courseIds: [offer.courseId] };
  switch (offer.planId) {
    case 'custom':
      return { kind: 'courses', courseIds: offer.courseIds ?? [] };
    case 'standard':
    case 'pro':
    case 'platinum':
      return { kind: 'credits', credits: PLAN_CREDITS[offer.planId], recordingMonths: null };
    case 'singleCourse':
      return { kind: 'credits', credits: PLAN_CREDITS.singleCourse, recordingMonths: SINGLE_COURSE_RECORDING_MONTHS };
    case 'yearly':
      return { kind: 'membership' };
    case 'preRegistration':
      return { kind: 'pre-registration' };
    default:
      throw new Error(`No grant is defined for plan ${String(offer.planId)}`);
  }
}

/** Credits still to spend: never negative, however the counts were reached. */
export const creditsLeft = (granted: number, spent: number): number => Math.max(0, granted - spent);

/**
 * The end of an access window of `months` calendar months from `fromMs`, in India: access bought on
 * 31 August ends on 28 February (the last day of the shorter month), at the same time of day.
 */
export function accessWindowEnd(fromMs: number, months: number): number {
  return addMonths(new TZDate(fromMs, TIME_ZONE), months).getTime();
}

export const withinWindow = (endMs: number | null, nowMs: number): boolean => endMs === null || nowMs < endMs;

/**
 * What a Pre Registration has paid, credited against a later course's price (paise): all of it, up to
 * the price less ₹1, since Razorpay takes no order under ₹1 and a course bought with a credit is still
 * an order of its own, invoiced for what is paid on it.
 */
export function preRegistrationCredit(paidPaise: number, coursePricePaise: number): number {
  return Math.max(0, Math.min(paidPaise, coursePricePaise - 100));
}

/** An enrollment as far as its grant goes (a stored enrollment has these fields). */
export interface GrantSource {
  planId: string | null;
  courseId: number | null;
  courseIds: number[] | null;
}

/** The grant of a stored enrollment: a catalogue course's (no plan), else its plan's. */
export function grantOfEnrollment(e: GrantSource): Grant {
  if (e.planId === null) return { kind: 'courses', courseIds: e.courseId === null ? [] : [e.courseId] };
  return grantOf({ kind: 'plan', planId: e.planId as never, courseId: undefined, courseIds: e.courseIds ?? undefined });
}

/**
 * What an enrollment has to spend on further courses: credits (the first is spent on the course chosen
 * at enrollment, so `used` starts at 1), or the membership's unlimited choice (`granted` null). Null for
 * everything else.
 */
export interface CreditBalance {
  granted: number | null;
  used: number;
  left: number | null;
  /** Custom: the catalogue courses the seats may be taken in (each once); null when any course will do. */
  courseIds: number[] | null;
}

export function creditBalance(e: GrantSource & { creditsUsed?: number | null }): CreditBalance | null {
  const grant = grantOfEnrollment(e);
  if (grant.kind === 'credits' || grant.kind === 'membership') {
    const used = e.creditsUsed ?? 1;
    const granted = grant.kind === 'credits' ? grant.credits : null;
    return { granted, used, left: granted === null ? null : creditsLeft(granted, used), courseIds: null };
  }
  // Custom: a seat in each chosen course, taken from My Courses (its enrollment's own seat is the
  // programme named on the form, so none of them is used yet).
  if (e.planId === 'custom' && grant.kind === 'courses' && grant.courseIds.length > 0) {
    const used = e.creditsUsed ?? 0;
    return { granted: grant.courseIds.length, used, left: creditsLeft(grant.courseIds.length, used), courseIds: [...grant.courseIds] };
  }
  return null;
}

/** Until when an enrollment's recordings stay open (ms): a window from purchase for a plan that has one, else null (always). */
export function recordingsUntil(e: GrantSource, paidAtMs: number | null): number | null {
  const grant = grantOfEnrollment(e);
  if (grant.kind !== 'credits' || grant.recordingMonths === null || paidAtMs === null) return null;
  return accessWindowEnd(paidAtMs, grant.recordingMonths);
}
