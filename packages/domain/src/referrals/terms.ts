import { isSubscriptionPlan } from '../enrollment';

/**
 * The referral credit (/pricing, issue 58). A learner's link gives a friend ₹500 off their first course plan; once
 * the friend's payment is final, the learner gets a ₹500 learning credit, which comes off a later course plan at
 * checkout. Both are discounts written on the invoice (GST is charged on the price after them); a credit is never
 * cash, never transferable and never refunded as money. Decision 0036.
 */

/** Rupees off the friend's first purchase. */
export const REFERRAL_DISCOUNT_RUPEES = 500;
/** Rupees of learning credit for the referrer, per friend, once. */
export const REFERRAL_CREDIT_RUPEES = 500;
/**
 * A friend's payment is final this many days after it is captured, if it was not refunded by then. Purchases are
 * final (the Terms), but staff can still refund a mistaken or duplicate payment: two weeks covers every such case
 * we have seen, and the credit waits for it.
 */
export const REFERRAL_SETTLE_DAYS = 14;
/** Credits granted to one referrer per calendar month (India time); a friend past the cap is recorded, not credited. */
export const REFERRAL_MONTHLY_CAP = 5;
/** What a price can be brought down to by discounts and credits, in paise: Razorpay charges at least ₹1. */
export const REFERRAL_PRICE_FLOOR_PAISE = 100;
export const REFERRAL_MESSAGES = {
  unknownCode: 'This referral link is not valid. Check it with your friend, or enroll without it.',
  ownCode: 'This is your own referral link: share it with a friend instead.',
  notFirst: 'The referral discount is for a first purchase, and this e-mail address has bought from us before.',
  plan: 'The referral discount applies to course plans, not to memberships or Pre Registration.',
} as const;

/**
 * Plans a referral discount or credit comes off: a course, Standard, Pro, Platinum, Custom and Single Course Access.
 * Not the memberships (Razorpay charges them by subscription, with no one-off deduction) and not Pre Registration
 * (a deposit that is itself credited against a later course).
 */
export function referralPlanEligible(planId: string | null): boolean {
  return planId !== 'preRegistration' && !isSubscriptionPlan(planId);
}

export const REFERRAL_SETTLE_MS = REFERRAL_SETTLE_DAYS * 24 * 60 * 60 * 1000;
export const referralSettlesAt = (paidAtMs: number): number => paidAtMs + REFERRAL_SETTLE_MS;

/** A credit the referrer holds (its id and rupees), as the price is worked out. */
export interface HeldCredit {
  id: string;
  amount: number;
}

export interface ReferralPrice {
  /** Paise to pay. */
  pricePaise: number;
  /** Paise of the friend's discount taken off (0 without one). */
  discountPaise: number;
  /** The credits spent, oldest first, and their paise. */
  creditIds: string[];
  creditPaise: number;
}

/**
 * A price after the friend's discount and then the referrer's credits: each comes off whole (a credit is not split),
 * and the price never falls below ₹1. Credits are taken in the order given (the caller passes the oldest first).
 */
export function referralPrice(pricePaise: number, discountRupees: number, credits: readonly HeldCredit[]): ReferralPrice {
  const discountPaise = Math.max(0, Math.min(discountRupees * 100, pricePaise - REFERRAL_PRICE_FLOOR_PAISE));
  let left = pricePaise - discountPaise;
  const creditIds: string[] = [];
  let creditPaise = 0;
  for (const credit of credits) {
    const paise = Math.round(credit.amount * 100);
    if (left - paise < REFERRAL_PRICE_FLOOR_PAISE) continue;
    left -= paise;
    creditPaise += paise;
    creditIds.push(credit.id);
  }
  return { pricePaise: left, discountPaise, creditIds, creditPaise };
}

/** The first word of a name: all a friend's referrer (or a referrer's friend) is shown of the other. */
export const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? '';
