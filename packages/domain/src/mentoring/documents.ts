import type { TimestampLike } from '../common';
import type { Availability } from './mentoring';
import type { ScorecardCriterion } from './rules';
import type { PlacementState, SessionKind, Verdict } from './terms';
import type { LearnerReport, ReferralOutcome } from './placement';

// The stored shapes of mentoring: a mentor's profile and hours, each booking with its notes and scorecard,
// the per-purchase ledger that serialises bookings, and placement requests. Written only by the functions.

export const BOOKING_STATUSES = ['booked', 'cancelled', 'completed', 'no-show-learner', 'no-show-mentor'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  booked: 'Booked',
  cancelled: 'Cancelled',
  completed: 'Completed',
  'no-show-learner': 'Learner did not attend',
  'no-show-mentor': 'Mentor did not attend (reported)',
};

/** mentors/{uid}: a mentor's public profile and hours, keyed by their account (the `mentor` claim). */
export interface MentorDoc<T extends TimestampLike = TimestampLike> {
  name: string;
  /** The name in lower case, for the console's search by the start of a name; written with every save of the profile. */
  nameKey?: string | null;
  /** Site-relative path or https URL of a portrait. */
  photo: string | null;
  headline: string;
  /** Catalogue course ids they mentor on. */
  courseIds: number[];
  /** Catalogue category names. */
  categories: string[];
  languages: string[];
  kinds: SessionKind[];
  availability: Availability;
  /** Shown to learners only while true (the mentor claim taken away sets it false). */
  active: boolean;
  /** Bumped by every booking and every change of hours: concurrent bookings of one mentor serialise on it. */
  version: number;
  updatedAt: T;
}

/** mentorBookings/{id}: one session between a learner and a mentor. */
export interface MentorBookingDoc<T extends TimestampLike = TimestampLike> {
  kind: SessionKind;
  mentorId: string;
  mentorName: string;
  learnerUid: string;
  learnerEmail: string;
  learnerName: string;
  /** The purchase whose allowance it spends. */
  enrollmentId: string;
  planId: string;
  /** The allowance window it counts in (ms since epoch of the window's start; for a per-purchase allowance, the purchase's start). */
  windowStartMs: number;
  startsAt: T;
  endsAt: T;
  status: BookingStatus;
  /** Whether it counts against the allowance: false once cancelled in time or by the mentor. */
  counts: boolean;
  /** The meeting room: never sent to a page except from the join endpoint inside its window. */
  meetingUrl: string;
  /** Bumped by a reschedule, so each time is reminded of once. */
  sequence: number;
  /** Booked outside the mentor's hours as they now stand (the mentor changed them after it was booked). */
  outsideHours: boolean;
  notes: { text: string; actionItems: string[]; at: T } | null;
  scorecard: { ratings: Record<ScorecardCriterion, number>; comments: string; verdict: Verdict; at: T } | null;
  cancelledBy: 'learner' | 'mentor' | 'staff' | null;
  cancelledAt: T | null;
  noShowReport: { by: 'learner' | 'mentor'; note: string; at: T } | null;
  createdAt: T;
  updatedAt: T;
}

/** mentoringLedgers/{enrollmentId}: touched by every booking that spends the purchase, so one learner's bookings serialise. */
export interface MentoringLedgerDoc<T extends TimestampLike = TimestampLike> {
  uid: string;
  bookings: number;
  /** Custom: the learning advisor named for this purchase (the mentor of its first advisor call, or chosen by staff). */
  advisorId: string | null;
  updatedAt: T;
}

/** placementRequests/{id}: a learner's request for placement assistance, worked by the placement team. */
export interface PlacementRequestDoc<T extends TimestampLike = TimestampLike> {
  uid: string;
  email: string;
  name: string;
  enrollmentId: string;
  /** The mock interview rated "ready" that opened it. */
  bookingId: string;
  note: string;
  state: PlacementState;
  history: { state: PlacementState; note: string; by: string; at: T }[];
  /** The promise: first contact within two working days (absent on requests made before it was kept). */
  contactDueAt?: T;
  /** The placement team's first step or referral. */
  firstContactAt?: T | null;
  /** Staff's referrals, in the order made, each with what came of it. */
  referrals?: { company: string; role: string; referredOn: string; outcome: ReferralOutcome; by: string; at: T; outcomeAt: T | null }[];
  /** What the learner reported: an offer or a joining. */
  reports?: { outcome: LearnerReport; company: string; role: string; on: string; at: T }[];
  /** When an offer was first recorded, by staff or the learner: the figures' "request to offer". */
  offerAt?: T | null;
  createdAt: T;
  updatedAt: T;
}
