import type { SubscriptionSummary } from './api';
import type { GatewaySubscriptionStatus, SubscriptionView } from './subscriptions';
import { accessUntil, hasAccess, stateOf, subscriptionLabel } from './subscriptions';

/**
 * Razorpay's subscription entity, as every `subscription.*` webhook carries it, is the truth about a
 * subscription. Webhooks are retried and may arrive twice or out of order, so the site keeps the newest
 * snapshot it has seen and drops older ones. Pure; see docs/decisions/0017-subscriptions.md.
 */
export interface SubscriptionSnapshot {
  id: string;
  planId: string;
  status: GatewaySubscriptionStatus;
  /** Cycles charged so far: it only grows, so it orders snapshots across charges. */
  paidCount: number;
  /** When the first charge falls (the trial's end). */
  startAtMs: number | null;
  /** The paid cycle's bounds, once charged. */
  currentStartMs: number | null;
  currentEndMs: number | null;
  /** The next charge. */
  chargeAtMs: number | null;
  endedAtMs: number | null;
  /** Razorpay's page where a learner pays a pending charge with another method. */
  shortUrl: string | null;
}

/** Statuses after which nothing changes: a snapshot in one of them is never replaced by a live one. */
const FINAL: ReadonlySet<GatewaySubscriptionStatus> = new Set(['cancelled', 'completed', 'expired']);

/**
 * Within one count of paid cycles, the order a subscription passes through: authorised (the trial), then
 * active, then a failed renewal (pending), then retries exhausted (halted). Leaving pending or halted for
 * active takes a charge, which raises `paidCount`.
 */
const STEP: Record<GatewaySubscriptionStatus, number> = {
  created: 0,
  authenticated: 1,
  active: 2,
  pending: 3,
  halted: 4,
  paused: 4,
  cancelled: 5,
  completed: 5,
  expired: 5,
};

/** Whether `incoming` is newer than `stored` and should replace it; equal snapshots (a redelivery) are not. */
export function isNewerSnapshot(stored: SubscriptionSnapshot | null, incoming: SubscriptionSnapshot): boolean {
  if (stored === null) return true;
  if (stored.id !== incoming.id) return false;
  if (FINAL.has(stored.status)) return false;
  if (FINAL.has(incoming.status)) return true;
  if (incoming.paidCount !== stored.paidCount) return incoming.paidCount > stored.paidCount;
  return STEP[incoming.status] > STEP[stored.status];
}

/**
 * What the learner's access follows from a snapshot: the trial ends at the first charge (`start_at`), a
 * paid cycle at `current_end`. `cancelledAtMs` is the site's own record of when the learner cancelled.
 */
export function viewOfSnapshot(snapshot: SubscriptionSnapshot, cancelledAtMs: number | null): SubscriptionView {
  return {
    state: stateOf(snapshot.status),
    trialEndsAtMs: snapshot.startAtMs,
    currentEndMs: snapshot.paidCount > 0 ? snapshot.currentEndMs : null,
    cancelledAtMs,
  };
}

/** Whether a snapshot is over for good: no further charge, nothing left to cancel. */
export const isFinalSnapshot = (snapshot: SubscriptionSnapshot): boolean => FINAL.has(snapshot.status);

/** A stored subscription as the learner and staff see it at `nowMs` (the API's SubscriptionSummary). */
export function summariseSubscription(snapshot: SubscriptionSnapshot, cancelledAtMs: number | null, nowMs: number): SubscriptionSummary {
  const view = viewOfSnapshot(snapshot, cancelledAtMs);
  const until = accessUntil(view);
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    id: snapshot.id,
    state: view.state,
    label: subscriptionLabel(view, nowMs),
    trialEndsAt: view.state === 'trial' ? iso(view.trialEndsAtMs) : null,
    renewsAt: view.state === 'active' && cancelledAtMs === null ? iso(snapshot.chargeAtMs ?? view.currentEndMs) : null,
    accessUntil: iso(until),
    hasAccess: hasAccess(view, nowMs),
    cancellable: cancelledAtMs === null && !FINAL.has(snapshot.status) && snapshot.status !== 'created',
    payUrl: view.state === 'pending' || view.state === 'halted' ? snapshot.shortUrl : null,
  };
}
