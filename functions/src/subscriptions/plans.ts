import { defineString } from 'firebase-functions/params';
import { GATEWAY_PLAN_KEYS, gatewayPlan, type GatewayPlanKey } from '@upskill/domain/enrollment';
import { gatewayError, razorpay } from '../platform/razorpay';

/**
 * The Razorpay plans the recurring plan cards are charged through, one per price. Their ids are
 * configuration (a deploy sets them in .env.<project>; `npm start` and `npm test` write them to
 * functions/.env.local after `ensureGatewayPlans` has made them in the sandbox). What each plan charges is
 * decided by the domain, never by configuration: a configured plan that charges anything else is replaced.
 */
export const PLAN_ENV: Record<GatewayPlanKey, string> = {
  yearly: 'RAZORPAY_PLAN_YEARLY',
  'yearly-discount20': 'RAZORPAY_PLAN_YEARLY_DISCOUNT20',
  monthly: 'RAZORPAY_PLAN_MONTHLY',
};

export const PLAN_PARAMS = {
  yearly: defineString(PLAN_ENV.yearly, { default: '', description: 'Razorpay plan id: Elite Learning Membership, yearly' }),
  'yearly-discount20': defineString(PLAN_ENV['yearly-discount20'], {
    default: '',
    description: 'Razorpay plan id: Elite Learning Membership with DISCOUNT20, yearly',
  }),
  monthly: defineString(PLAN_ENV.monthly, { default: '', description: 'Razorpay plan id: Pre Registration, monthly' }),
} satisfies Record<GatewayPlanKey, unknown>;

interface PlanEntity {
  id: string;
  period: string;
  interval: number;
  item: { amount: number | string; currency: string };
}

/** Whether the gateway's plan charges exactly what the domain says this key charges. */
export function chargesAsDomain(key: GatewayPlanKey, plan: PlanEntity): boolean {
  const want = gatewayPlan(key);
  return (
    plan.period === want.period &&
    plan.interval === want.interval &&
    Number(plan.item.amount) === want.amountPaise &&
    plan.item.currency === 'INR'
  );
}

export interface EnsuredPlan {
  key: GatewayPlanKey;
  id: string;
  /** Made now: the configured id was missing, unknown to the gateway, or charged something else. */
  created: boolean;
}

/** Each plan at the configured account: the configured one when it charges what the domain says, else a new one. */
export async function ensureGatewayPlans(configured: Partial<Record<GatewayPlanKey, string>>): Promise<EnsuredPlan[]> {
  const ensured: EnsuredPlan[] = [];
  for (const key of GATEWAY_PLAN_KEYS) {
    const id = configured[key];
    if (id) {
      const existing = await razorpay()
        .plans.fetch(id)
        .catch((err: unknown) => {
          // Unknown to this account: made anew below. Anything else (a network failure) is the caller's to see.
          const { status, description } = gatewayError(err);
          if (status === 400) return null;
          throw new Error(`Fetching plan ${id} (${key}) from Razorpay failed: ${status ?? 'no answer'}, ${description}`);
        });
      if (existing && chargesAsDomain(key, existing as PlanEntity)) {
        ensured.push({ key, id, created: false });
        continue;
      }
    }
    const want = gatewayPlan(key);
    const plan = await razorpay().plans.create({
      period: want.period,
      interval: want.interval,
      item: { name: want.name, amount: want.amountPaise, currency: 'INR', description: want.description },
      notes: { upskill_plan: key },
    });
    ensured.push({ key, id: plan.id, created: true });
  }
  return ensured;
}
