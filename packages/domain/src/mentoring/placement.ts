import { addWorkingHours, WORKING_HOURS } from '../support';

// Placement assistance, counted (issue 57): a request is promised first contact within two working days; staff
// record each referral (company, role, date) and what came of it; the learner may report an offer or a joining.
// The console's figures are computed from these records alone. No yup here: My Courses and the payment step import
// these words and figures; the forms' schemas are in placementRules.ts.

/** The promise: first contact from the placement team within two working days (India's working hours). */
export const PLACEMENT_CONTACT_WORKING_DAYS = 2;

/** When a request made at `requestedAtMs` is promised its first contact. */
export const placementContactDueAt = (requestedAtMs: number): number =>
  addWorkingHours(requestedAtMs, PLACEMENT_CONTACT_WORKING_DAYS * (WORKING_HOURS.endHour - WORKING_HOURS.startHour));

/** Placement assistance is Platinum's and Elite's, after a mock interview rated "ready". */
export const PLACEMENT_PLANS = ['platinum', 'yearly'] as const;

/** What the payment step and My Courses say about when placement assistance opens. */
export const PLACEMENT_OPENS = 'Placement assistance opens after a mock interview rated “ready”.';

/** The payment step's sentence for a plan that includes placement assistance, else null. */
export const placementNote = (planId: string | null | undefined): string | null =>
  (PLACEMENT_PLANS as readonly string[]).includes(planId ?? '') ? PLACEMENT_OPENS : null;

export const REFERRAL_OUTCOMES = ['referred', 'interviewing', 'offer', 'joined', 'not-selected'] as const;
export type ReferralOutcome = (typeof REFERRAL_OUTCOMES)[number];
export const REFERRAL_OUTCOME_LABELS: Record<ReferralOutcome, string> = {
  referred: 'Referred',
  interviewing: 'Interviewing',
  offer: 'Offer',
  joined: 'Joined',
  'not-selected': 'Not selected',
};

/** What a learner may report themselves. */
export const LEARNER_REPORTS = ['offer', 'joined'] as const;
export type LearnerReport = (typeof LEARNER_REPORTS)[number];

/** At most this many referrals on one request: more is a new request. */
export const MAX_REFERRALS = 30;

/** A day given by a person may not be in the future (India's date today is `today`). */
export const dayProblem = (date: string, today: string): string | null => (date > today ? 'That day has not come yet.' : null);

/** One request as the figures need it. */
export interface PlacementFacts {
  requestedAtMs: number;
  contactDueAtMs: number;
  firstContactAtMs: number | null;
  /** Each referral's day (YYYY-MM-DD, India). */
  referredOn: string[];
  /** When an offer was first recorded (by staff or by the learner), or null. */
  offerAtMs: number | null;
}

export interface PlacementMonth {
  /** YYYY-MM, India. */
  month: string;
  requests: number;
  referrals: number;
  offers: number;
}

export interface PlacementFigures {
  months: PlacementMonth[];
  /** Requests whose first contact is due or done. */
  contactCounted: number;
  /** Of those, contacted by the promise. */
  contactOnTime: number;
  /** Whole per cent, or null when none is counted yet. */
  onTimePercent: number | null;
  /** The median of days from request to first offer, one decimal; null with no offer. */
  medianDaysToOffer: number | null;
}

const indiaMonth = (ms: number) => new Date(ms + 19_800_000).toISOString().slice(0, 7);

/** The last `count` months (YYYY-MM, India), oldest first, ending with the month of `nowMs`. */
export function lastMonths(nowMs: number, count: number): string[] {
  const [y, m] = indiaMonth(nowMs).split('-').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const back = new Date(Date.UTC(y, m - 1 - (count - 1 - i), 1));
    return back.toISOString().slice(0, 7);
  });
}

/**
 * The placement team's figures over the last `months` months, from what is recorded about the requests made in them:
 * requests, referrals and offers by month; the share of requests contacted within the promise (a request not yet
 * contacted counts, as late, once its promise has passed); the median days from request to first offer.
 */
export function placementFigures(requests: readonly PlacementFacts[], nowMs: number, months = 12): PlacementFigures {
  const window = lastMonths(nowMs, months);
  const rows = new Map(window.map((month) => [month, { month, requests: 0, referrals: 0, offers: 0 }]));
  let contactCounted = 0;
  let contactOnTime = 0;
  const daysToOffer: number[] = [];
  // Requests made in the window (an older one still open is worked in the queue, not counted here).
  for (const r of requests.filter((q) => indiaMonth(q.requestedAtMs) >= window[0] && q.requestedAtMs <= nowMs)) {
    const requested = rows.get(indiaMonth(r.requestedAtMs));
    if (requested) requested.requests += 1;
    for (const on of r.referredOn) {
      const row = rows.get(on.slice(0, 7));
      if (row) row.referrals += 1;
    }
    if (r.offerAtMs !== null) {
      const row = rows.get(indiaMonth(r.offerAtMs));
      if (row) row.offers += 1;
      daysToOffer.push((r.offerAtMs - r.requestedAtMs) / 86_400_000);
    }
    if (r.firstContactAtMs !== null || r.contactDueAtMs <= nowMs) {
      contactCounted += 1;
      if (r.firstContactAtMs !== null && r.firstContactAtMs <= r.contactDueAtMs) contactOnTime += 1;
    }
  }
  daysToOffer.sort((a, b) => a - b);
  const mid = Math.floor(daysToOffer.length / 2);
  const median =
    daysToOffer.length === 0 ? null : daysToOffer.length % 2 ? daysToOffer[mid] : (daysToOffer[mid - 1] + daysToOffer[mid]) / 2;
  return {
    months: [...rows.values()],
    contactCounted,
    contactOnTime,
    onTimePercent: contactCounted === 0 ? null : Math.round((contactOnTime / contactCounted) * 100),
    medianDaysToOffer: median === null ? null : Math.round(median * 10) / 10,
  };
}
