import type { SubscriptionSnapshot } from '@upskill/domain/enrollment';
import { GATEWAY_SUBSCRIPTION_STATUSES, type GatewaySubscriptionStatus } from '@upskill/domain/enrollment';
import { isRecord } from '../payments/gatewayPayment';

/**
 * A Razorpay subscription entity read defensively into the snapshot the site keeps: it arrives in a
 * signed webhook or from the Subscriptions API, and either may lack a field or carry a surprise.
 * Razorpay's times are Unix seconds.
 */
const STATUSES: ReadonlySet<string> = new Set(GATEWAY_SUBSCRIPTION_STATUSES);
const ID = /^sub_[A-Za-z0-9]{1,40}$/;
const PLAN_ID = /^plan_[A-Za-z0-9]{1,40}$/;
const PAY_PAGE = /^(?:https:\/\/|http:\/\/(?:127\.0\.0\.1|localhost)(?::\d{1,5})?\/)[^\s"<>]{1,200}$/;

/** Seconds to ms; null when absent; undefined (refused) when present but not a whole, plausible second. */
const instant = (value: unknown): number | null | undefined => {
  if (value === null || value === undefined) return null;
  return Number.isSafeInteger(value) && (value as number) > 0 && (value as number) < 4_102_444_800 ? (value as number) * 1000 : undefined;
};

export function readSubscription(entity: unknown): SubscriptionSnapshot | undefined {
  if (!isRecord(entity)) return undefined;
  const { id, plan_id: planId, status, paid_count: paidCount, short_url: shortUrl } = entity;
  if (typeof id !== 'string' || !ID.test(id) || typeof planId !== 'string' || !PLAN_ID.test(planId)) return undefined;
  if (typeof status !== 'string' || !STATUSES.has(status)) return undefined;
  if (!Number.isSafeInteger(paidCount) || (paidCount as number) < 0) return undefined;
  const times = [entity.start_at, entity.current_start, entity.current_end, entity.charge_at, entity.ended_at].map(instant);
  if (times.some((t) => t === undefined)) return undefined;
  const [startAtMs, currentStartMs, currentEndMs, chargeAtMs, endedAtMs] = times as (number | null)[];
  return {
    id,
    planId,
    status: status as GatewaySubscriptionStatus,
    paidCount: paidCount as number,
    startAtMs,
    currentStartMs,
    currentEndMs,
    chargeAtMs,
    endedAtMs,
    // Only an https page (Razorpay's) is ever shown to a learner as "pay here"; plain http only on this
    // machine's loopback, where the local sandbox serves its stand-in of that page.
    shortUrl: typeof shortUrl === 'string' && PAY_PAGE.test(shortUrl) ? shortUrl : null,
  };
}
