import { formatLongIndiaDate } from '../batches';
import { isValidCoupon, PRICING_PLANS, type PricingPlan } from '../catalogue';
import { accessWindowEnd } from './entitlements';
import { formatRupees, toPaise } from '../common';

/**
 * The recurring plans as subscriptions: what Razorpay is asked to charge, when the free trial ends,
 * what a learner is told before paying, and what each state of a subscription means for access. Pure:
 * every function takes `now` (ms), so trials, renewals and access windows are tested without waiting.
 * See docs/decisions/0017-subscriptions.md.
 */

export type SubscriptionPlanId = Extract<PricingPlan['id'], 'yearly' | 'preRegistration'>;
export type BillingPeriod = 'monthly' | 'yearly';

/** The Razorpay plans the site needs, one per price: their ids live in configuration under these keys. */
export const GATEWAY_PLAN_KEYS = ['yearly', 'yearly-discount20', 'monthly'] as const;
export type GatewayPlanKey = (typeof GATEWAY_PLAN_KEYS)[number];

export interface SubscriptionTerms {
  planId: SubscriptionPlanId;
  planName: string;
  period: BillingPeriod;
  /** Each cycle's charge, in paise, decided here and never taken from a client. */
  amountPaise: number;
  trialDays: number;
  /**
   * The number of cycles Razorpay is asked for (it needs one): renewal until cancelled, in practice.
   * Ten years either way; Razorpay allows up to 100.
   */
  totalCount: number;
  gatewayPlan: GatewayPlanKey;
}

function pricingPlan(id: SubscriptionPlanId): PricingPlan {
  const plan = PRICING_PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`No pricing plan ${id}`);
  return plan;
}

export const isSubscriptionPlan = (planId: string | null | undefined): planId is SubscriptionPlanId =>
  planId === 'yearly' || planId === 'preRegistration';

/** The terms of a subscription to `planId`, with DISCOUNT20 applied where the plan has a discounted price. */
export function subscriptionTerms(planId: SubscriptionPlanId, coupon?: string | null): SubscriptionTerms {
  const plan = pricingPlan(planId);
  const yearly = plan.planType === 'yearly';
  const discounted = plan.discountedPrice !== undefined && isValidCoupon(coupon);
  const rupees = discounted && plan.discountedPrice !== undefined ? plan.discountedPrice : plan.price;
  return {
    planId,
    planName: plan.name,
    period: yearly ? 'yearly' : 'monthly',
    amountPaise: toPaise(rupees),
    trialDays: plan.trial?.days ?? 0,
    totalCount: yearly ? 10 : 120,
    gatewayPlan: yearly ? (discounted ? 'yearly-discount20' : 'yearly') : 'monthly',
  };
}

/** The Razorpay plan for each configuration key: what `npm start` and `npm test` create in the sandbox. */
export function gatewayPlan(key: GatewayPlanKey): {
  period: BillingPeriod;
  interval: 1;
  amountPaise: number;
  name: string;
  description: string;
} {
  const terms =
    key === 'monthly'
      ? subscriptionTerms('preRegistration')
      : subscriptionTerms('yearly', key === 'yearly-discount20' ? 'DISCOUNT20' : null);
  return {
    period: terms.period,
    interval: 1,
    amountPaise: terms.amountPaise,
    name: terms.planName,
    description: `${terms.planName}, ${formatRupees(terms.amountPaise / 100)} every ${terms.period === 'yearly' ? 'year' : 'month'}${key === 'yearly-discount20' ? ' (DISCOUNT20)' : ''}`,
  };
}

/**
 * When the free trial that starts at `startMs` ends: the same instant, `trialDays` calendar days later in India. India
 * keeps one offset all year (INDIA_OFFSET_MS), so a calendar day there is always 24 hours: no time-zone library is
 * loaded for it, since the plan cards on public pages show this date (issue 60).
 */
export function trialEndsAt(startMs: number, trialDays: number): number {
  return startMs + trialDays * 86_400_000;
}

/** The end of the billing cycle that starts at `startMs`: one calendar month or twelve later, in India. */
export const cycleEndsAt = (startMs: number, period: BillingPeriod): number => accessWindowEnd(startMs, period === 'yearly' ? 12 : 1);

export interface TrialPromise {
  /** What is charged today, in paise: always 0 for a plan with a trial. */
  todayPaise: number;
  firstChargeAtMs: number;
  firstChargePaise: number;
  /** "₹0 today · ₹15,999 on 8 December 2026, then every year · cancel any time before" */
  text: string;
}

/** Exactly what will happen if the learner starts the subscription at `nowMs`: the words on the card and at payment. */
export function trialPromise(terms: SubscriptionTerms, nowMs: number): TrialPromise {
  const firstChargeAtMs = trialEndsAt(nowMs, terms.trialDays);
  return {
    todayPaise: terms.trialDays > 0 ? 0 : terms.amountPaise,
    firstChargeAtMs,
    firstChargePaise: terms.amountPaise,
    text: promiseText(terms, firstChargeAtMs),
  };
}

/** The promise's words for a first charge at `firstChargeAtMs` (the trial's end; now when there is no trial). */
export function promiseText(terms: Pick<SubscriptionTerms, 'amountPaise' | 'period' | 'trialDays'>, firstChargeAtMs: number): string {
  const every = terms.period === 'yearly' ? 'every year' : 'every month';
  const price = formatRupees(terms.amountPaise / 100);
  return terms.trialDays > 0
    ? `₹0 today · ${price} on ${formatLongIndiaDate(firstChargeAtMs)}, then ${every} · cancel any time before`
    : `${price} today, then ${every} · cancel any time`;
}

/**
 * A subscription's state as the site keeps it. `trial`: authorised, not yet charged. `active`: the last
 * charge paid the current cycle. `pending`: a renewal charge failed and Razorpay is retrying; access
 * continues meanwhile. `halted`: the retries ran out; access stops until the payment method is updated.
 * `cancelled`: no further charge; access lasts until `accessUntilMs`. `completed`: every cycle was charged.
 */
export const SUBSCRIPTION_STATES = ['created', 'trial', 'active', 'pending', 'halted', 'cancelled', 'completed'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** The statuses Razorpay documents for a subscription entity. */
export const GATEWAY_SUBSCRIPTION_STATUSES = [
  'created',
  'authenticated',
  'active',
  'pending',
  'halted',
  'cancelled',
  'completed',
  'expired',
  'paused',
] as const;
export type GatewaySubscriptionStatus = (typeof GATEWAY_SUBSCRIPTION_STATUSES)[number];

/** The site's state for a gateway status. `expired` (never authorised in time) reads as cancelled before any access. */
export function stateOf(status: GatewaySubscriptionStatus): SubscriptionState {
  switch (status) {
    case 'authenticated':
      return 'trial';
    case 'active':
      return 'active';
    case 'pending':
      return 'pending';
    case 'halted':
    case 'paused':
      return 'halted';
    case 'cancelled':
    case 'expired':
      return 'cancelled';
    case 'completed':
      return 'completed';
    default:
      return 'created';
  }
}

export interface SubscriptionView {
  state: SubscriptionState;
  /** The trial's end (the first charge) while in trial. */
  trialEndsAtMs: number | null;
  /** The end of the paid cycle (the next renewal) once charged. */
  currentEndMs: number | null;
  /** Set when a cancellation was asked for: no charge after this. */
  cancelledAtMs: number | null;
}

/** Until when the subscription gives access: the trial's or the paid cycle's end; none once halted or never started. */
export function accessUntil(view: SubscriptionView): number | null {
  switch (view.state) {
    case 'trial':
      return view.trialEndsAtMs;
    case 'active':
    case 'pending':
    case 'cancelled':
    case 'completed':
      return view.currentEndMs ?? (view.state === 'cancelled' ? view.trialEndsAtMs : null);
    default:
      return null;
  }
}

export const hasAccess = (view: SubscriptionView, nowMs: number): boolean => {
  const until = accessUntil(view);
  return until !== null && nowMs < until;
};

/** The one line My Courses and the console show for a subscription. */
export function subscriptionLabel(view: SubscriptionView, nowMs: number): string {
  const until = accessUntil(view);
  const on = (ms: number | null) => (ms === null ? '' : formatLongIndiaDate(ms));
  switch (view.state) {
    case 'created':
      return 'Not started: the authorisation was not completed';
    case 'trial':
      return view.cancelledAtMs !== null
        ? `Trial cancelled: access until ${on(until)}, never charged`
        : `Trial ends on ${on(view.trialEndsAtMs)}`;
    // Cancelled at the cycle's end: Razorpay keeps it active until then, and charges nothing more.
    case 'active':
      return view.cancelledAtMs !== null
        ? `Cancelled: access until ${on(view.currentEndMs)}`
        : `Active: renews on ${on(view.currentEndMs)}`;
    case 'pending':
      return 'Payment pending: update your payment method';
    case 'halted':
      return 'Halted: payments failed, access paused';
    case 'cancelled':
      return until !== null && nowMs < until ? `Cancelled: access until ${on(until)}` : `Cancelled: access ended on ${on(until)}`;
    case 'completed':
      return until !== null && nowMs < until ? `Completed: access until ${on(until)}` : 'Completed';
  }
}
