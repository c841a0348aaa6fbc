import type { ReferralCreditState } from './documents';

export const REFERRAL_STATE_LABELS: Record<ReferralCreditState, string> = {
  pending: 'Waiting for their payment to be final',
  available: 'Ready to use',
  spent: 'Used',
  void: 'Not earned: their payment was refunded',
  capped: 'Not earned: over the month’s limit',
};

/** One friend who enrolled through the learner's link, as My Courses lists them. */
export interface ReferralEntry {
  id: string;
  friend: string;
  state: ReferralCreditState;
  amount: number;
  /** ISO instants. */
  paidAt: string;
  settlesAt: string;
  grantedAt: string | null;
  spentAt: string | null;
}

/** GET /api/me/referrals: the learner's link, their credit and the friends who used it. */
export interface ReferralsAnswer {
  code: string;
  /** The link to share, from the site's root: the pricing page with the code (/pricing?ref=…). */
  path: string;
  discount: number;
  credit: number;
  settleDays: number;
  monthlyCap: number;
  /** Rupees ready to come off the next course plan. */
  available: number;
  /** Rupees waiting for friends' payments to be final. */
  pending: number;
  /** Credits granted this month (India time), against the cap. */
  grantedThisMonth: number;
  entries: ReferralEntry[];
}

/** GET /api/enroll/referrals/{code}: whose link it is (their first name) and what it takes off. */
export interface ReferralCodeAnswer {
  code: string;
  /** Null when the referrer's account has no name. */
  referrer: string | null;
  discount: number;
}

/** GET /api/staff/referrals/figures?month=YYYY-MM: the credits as finance counts them (rupees). */
export interface ReferralFigures {
  month: string;
  /** Owed now: granted and not yet used (a liability; never payable in cash). */
  available: { count: number; amount: number };
  /** Owed if the friends' payments stand: waiting for the settle date. */
  pending: { count: number; amount: number };
  /** Granted in the month. */
  granted: { count: number; amount: number };
  /** Used in the month: the liability discharged as a discount on an invoice. */
  spent: { count: number; amount: number };
  /** Friends' discounts given on the month's invoices. */
  discounts: { count: number; amount: number };
}
