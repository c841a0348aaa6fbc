import { COURSES, HOME_PLANS, PRICING_PLANS } from '../catalogue';
import { accessWindowEnd } from '../enrollment';

// What an organisation buys. A course seat is a place in one batch of a course, held from the moment of payment;
// a plan seat is one learner's Pro, Platinum or Elite entitlement, with everything that plan gives.

export const SEAT_KINDS = ['course', 'plan'] as const;
export type SeatKind = (typeof SEAT_KINDS)[number];
/** The plans sold as seats: Pro, Platinum, and the Elite Learning Membership (id `yearly`). */
export const SEAT_PLANS = ['pro', 'platinum', 'yearly'] as const;
export type SeatPlan = (typeof SEAT_PLANS)[number];

export type SeatSubject = { kind: 'course'; courseId: number } | { kind: 'plan'; planId: SeatPlan };

/** Fewer seats are bought as single enrollments; this many or more are priced by a quote staff set. */
export const MIN_SEATS = 5;
export const QUOTED_FROM_SEATS = 100;
/** Volume prices, off the list price of each seat (issue 56): 5–24 seats 10% off, 25–99 seats 15% off. */
export const VOLUME_TIERS = [
  { from: 5, to: 24, percentOff: 10 },
  { from: 25, to: 99, percentOff: 15 },
] as const;

export type VolumePrice = { kind: 'tier'; percentOff: number } | { kind: 'quote' } | { kind: 'too-few' };

export function volumePrice(seats: number): VolumePrice {
  if (!Number.isInteger(seats) || seats < MIN_SEATS) return { kind: 'too-few' };
  if (seats >= QUOTED_FROM_SEATS) return { kind: 'quote' };
  const tier = VOLUME_TIERS.find((t) => seats >= t.from && seats <= t.to);
  return tier ? { kind: 'tier', percentOff: tier.percentOff } : { kind: 'quote' };
}

/** The list price of one seat in rupees (GST included), from the catalogue and the plans; undefined if not sold. */
export function seatListPrice(subject: SeatSubject): number | undefined {
  if (subject.kind === 'course') return COURSES.find((c) => c.id === subject.courseId)?.price;
  const plan = [...HOME_PLANS, ...PRICING_PLANS].find((p) => p.id === subject.planId);
  return typeof plan?.price === 'number' ? plan.price : undefined;
}

/** One seat's price in paise after the volume discount, rounded to the rupee as the site's prices are. */
export const discountedSeatPrice = (listRupees: number, percentOff: number): number =>
  Math.round((listRupees * (100 - percentOff)) / 100) * 100;

// ---------------------------------------------------------------------------------------------------
// A seat's life: unassigned -> invited -> claimed. An invitation can be revoked (the seat is unassigned again)
// until it is claimed. A claimed seat is used: removing the member ends their access, and the seat is not given
// back. An unclaimed seat lapses: a course seat when its batch starts, a plan seat 12 months after payment.

export const ORDER_SEAT_STATES = ['unassigned', 'invited', 'claimed', 'ended', 'lapsed'] as const;
export type OrderSeatState = (typeof ORDER_SEAT_STATES)[number];
export const ORDER_SEAT_ACTIONS = ['invite', 'revoke', 'claim', 'remove-member', 'lapse'] as const;
export type OrderSeatAction = (typeof ORDER_SEAT_ACTIONS)[number];

const NEXT: Record<OrderSeatState, Partial<Record<OrderSeatAction, OrderSeatState>>> = {
  // A code or a campus link claims an unassigned seat directly.
  unassigned: { invite: 'invited', claim: 'claimed', lapse: 'lapsed' },
  invited: { revoke: 'unassigned', claim: 'claimed', lapse: 'lapsed' },
  claimed: { 'remove-member': 'ended' },
  ended: {},
  lapsed: {},
};

const REFUSALS: Record<OrderSeatState, string> = {
  unassigned: 'This seat has no invitation to revoke, and no member.',
  invited: 'This seat is invited: revoke the invitation first.',
  claimed: 'This seat is claimed: it was used, and cannot be given to someone else.',
  ended: 'This seat was used by a member who has left: it cannot be given again.',
  lapsed: 'This seat lapsed unclaimed.',
};

/** The state a seat moves to, or why it cannot. */
export function nextSeatState(state: OrderSeatState, action: OrderSeatAction): { state: OrderSeatState } | { refused: string } {
  const next = NEXT[state][action];
  return next ? { state: next } : { refused: REFUSALS[state] };
}

/** Unclaimed plan seats lapse this many months after payment. */
export const PLAN_SEAT_MONTHS = 12;
/** Admins are told this many days before unclaimed seats lapse. */
export const LAPSE_WARNING_DAYS = 14;

/** When an unclaimed seat lapses: a course seat when its batch starts, a plan seat 12 months after payment. */
export function seatLapsesAt(kind: SeatKind, times: { paidAtMs: number; batchStartMs: number | null }): number {
  if (kind === 'course') {
    if (times.batchStartMs === null) throw new Error('A course seat belongs to a batch');
    return times.batchStartMs;
  }
  return accessWindowEnd(times.paidAtMs, PLAN_SEAT_MONTHS);
}

export interface SeatCounts {
  bought: number;
  unassigned: number;
  invited: number;
  claimed: number;
  ended: number;
  lapsed: number;
  /** What an admin can still hand out: unassigned seats. */
  left: number;
}

/** An order's counts as shown, from how many seats are in each state (the order keeps those, not a seat each). */
export function seatCounts(byState: Readonly<Record<OrderSeatState, number>>): SeatCounts {
  return {
    bought: ORDER_SEAT_STATES.reduce((sum, s) => sum + byState[s], 0),
    unassigned: byState.unassigned,
    invited: byState.invited,
    claimed: byState.claimed,
    ended: byState.ended,
    lapsed: byState.lapsed,
    left: byState.unassigned,
  };
}

/** The share of seats used (claimed, or claimed and since ended) at which admins are mailed, once each. */
export const CLAIM_MILESTONES = [75, 100] as const;

/** The milestones reached and not yet mailed, lowest first. */
export function claimMilestonesDue(counts: Pick<SeatCounts, 'bought' | 'claimed' | 'ended'>, mailed: readonly number[]): number[] {
  if (counts.bought === 0) return [];
  const used = counts.claimed + counts.ended;
  return CLAIM_MILESTONES.filter((m) => used * 100 >= m * counts.bought && !mailed.includes(m));
}
