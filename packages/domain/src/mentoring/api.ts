import type { Availability } from './mentoring';
import type { BookingStatus } from './documents';
import type { ScorecardCriterion } from './rules';
import type { PlacementState, SessionKind, Verdict } from './terms';
import type { LearnerReport, PlacementFigures, ReferralOutcome } from './placement';

// The mentoring API's answers, shared by the functions, the pages and the tests.

/** The staff console's bookings list: the newest this many that match its filters (read as a page, never the whole range). */
export const STAFF_BOOKINGS_SHOWN = 500;

/** One allowance of one purchase, as My Courses shows it. */
export interface AllowanceView {
  enrollmentId: string;
  planName: string;
  kind: SessionKind;
  count: number;
  used: number;
  left: number;
  inTrial: boolean;
  horizonDays: number;
  /** "1 mentor call left in November; renews 1 December". */
  summary: string;
}

/** A mentor as a learner chooses one. */
export interface MentorCard {
  id: string;
  name: string;
  photo: string | null;
  headline: string;
  courses: string[];
  languages: string[];
  timeZone: string;
  kinds: SessionKind[];
  /** Custom: the learner's named learning advisor. */
  advisor: boolean;
}

/** A booking as its learner or its mentor sees it (never the meeting link: that comes from join, in its window). */
export interface BookingView {
  id: string;
  kind: SessionKind;
  mentorId: string;
  mentorName: string;
  learnerName: string;
  startsAtMs: number;
  endsAtMs: number;
  status: BookingStatus;
  /** When the join window opens (10 minutes before). */
  joinOpensAtMs: number;
  counts: boolean;
  outsideHours: boolean;
  notes: { text: string; actionItems: string[] } | null;
  scorecard: { ratings: Record<ScorecardCriterion, number>; comments: string; verdict: Verdict; mean: number } | null;
  noShowReport: { by: 'learner' | 'mentor'; note: string } | null;
}

export interface PlacementView {
  id: string;
  state: PlacementState;
  note: string;
  bookingId: string;
  history: { state: PlacementState; note: string; atMs: number }[];
  createdAtMs: number;
  /** First contact is promised by then. */
  contactDueAtMs: number | null;
  firstContactAtMs: number | null;
  referrals: { company: string; role: string; referredOn: string; outcome: ReferralOutcome }[];
  reports: { outcome: LearnerReport; company: string; role: string; on: string }[];
}

/**
 * Mentor cards the booking form gets for each kind of session, and for those teaching the learner's courses: a page
 * it can show, however many mentors there are; any other mentor is found by name (GET /api/mentoring/mentors).
 */
export const MENTOR_CARDS = 12;

/** GET /api/mentoring/mentors?kind=&q=: the active mentors offering that kind whose name starts with q (MENTOR_CARDS at most). */
export interface MentorSearchAnswer {
  mentors: MentorCard[];
}

/** GET /api/mentoring: the learner's allowances, the mentors they may book, their bookings and placement requests. */
export interface MentoringAnswer {
  allowances: AllowanceView[];
  /** The named advisors, then those teaching the learner's courses, then MENTOR_CARDS of each kind by name. */
  mentors: MentorCard[];
  bookings: BookingView[];
  placements: PlacementView[];
  /** Whether a plan of the learner's includes placement assistance (it opens after a mock interview rated ready). */
  placementIncluded: boolean;
  /** Whether a placement request may be opened now (the plan includes it and a mock interview said "ready"). */
  mayRequestPlacement: boolean;
  /** The booking ids whose scorecard said "ready" and that no placement request names yet. */
  readyBookings: string[];
}

/** GET /api/mentoring/mentors/{id}/slots?kind=: the mentor's bookable starts, with any clash with the learner's own live classes. */
export interface SlotsAnswer {
  mentorId: string;
  kind: SessionKind;
  timeZone: string;
  slots: { startMs: number; endMs: number; clashesWithClass: string | null }[];
}

/** POST /api/mentoring/bookings and its changes. */
export interface BookingAnswer {
  booking: BookingView;
  /** A warning the learner should see (a clash with one of their live classes). */
  warning: string | null;
}

/** GET /api/mentoring/desk: a mentor's own page. */
export interface MentorDeskAnswer {
  /** Whether the caller has the mentor claim (staff without it see the page, but have no profile to keep). */
  isMentor: boolean;
  profile: {
    name: string;
    photo: string | null;
    headline: string;
    courseIds: number[];
    categories: string[];
    languages: string[];
    kinds: SessionKind[];
    availability: Availability;
  } | null;
  bookings: (BookingView & { learnerEmail: string })[];
}

/** One mentor's week: the hours offered (their hours, overrides applied) and the hours booked. */
export interface UtilisationWeek {
  weekStartMs: number;
  offeredHours: number;
  bookedHours: number;
}

/** The lower-case key a mentor is found by: what a profile's save writes (`nameKey`) and what a search is compared with. */
export const mentorNameKey = (name: string): string => name.trim().toLocaleLowerCase('en-IN');

/** Mentors shown on one page of the console's Mentors tab, with their utilisation. */
export const STAFF_MENTORS_PAGE = 20;

/**
 * GET /api/staff/mentoring?q=&after=&mentor=&kind=&status=&from=&to=: the console's Mentors tab. One page of mentors
 * (STAFF_MENTORS_PAGE, by name; `q` finds names that start with it, any case), each with their week and utilisation;
 * and the bookings that match the filters.
 */
export interface StaffMentoringAnswer {
  mentors: {
    id: string;
    name: string;
    headline: string;
    timeZone: string;
    kinds: SessionKind[];
    courses: string[];
    languages: string[];
    active: boolean;
    /** This week's hours at a glance, in the mentor's zone: "Mon 09:00-12:00; Tue off; …". */
    week: string;
    weeks: UtilisationWeek[];
  }[];
  /** The cursor of the next page (`after`), or null on the last. */
  next: string | null;
  /** The bookings that match the filters (mentor, kind, status, from, to), newest first, at most STAFF_BOOKINGS_SHOWN. */
  bookings: (BookingView & { learnerEmail: string })[];
}

/** GET /api/staff/placements: the console's Placements tab. */
export interface StaffPlacementsAnswer {
  placements: (PlacementView & { name: string; email: string })[];
  /** The placement team's own figures over the last 12 months, from what is recorded (never shown publicly). */
  placementFigures: PlacementFigures;
  /** Resume and LinkedIn reviews of the last 12 months: released within their promise, waiting, overdue. */
  careerFigures: { released: number; onTime: number; onTimePercent: number | null; waiting: number; overdue: number };
}

/** How many mentors who offer advisor calls the staff advisor panel lists at a time, by name. */
export const ADVISOR_CANDIDATES = 20;

/**
 * GET /api/staff/enrollments/{id}/advisor?q=: a Custom purchase's named advisor, and who could be: the first
 * ADVISOR_CANDIDATES active mentors offering advisor calls by name, or those whose name starts with `q` (any case);
 * `more` when others match too.
 */
export interface AdvisorAnswer {
  advisor: { id: string; name: string } | null;
  candidates: { id: string; name: string }[];
  more: boolean;
}
