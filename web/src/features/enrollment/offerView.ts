import { resolveOffer, type Offer, CUSTOM_PLAN } from '@upskill/domain/catalogue';
import type { EnrollmentTarget } from './target';

/** The summary the form shows: the same rule the server applies, from the same module. */
export function offerFor(target: EnrollmentTarget, coupon?: string): Offer | undefined {
  return target.kind === 'course'
    ? resolveOffer({ courseId: target.courseId })
    : resolveOffer({ planId: target.planId, courseIds: target.courseIds }, coupon);
}

/** The Custom plan is chosen before its courses are: its form opens without an offer yet. */
export const isCustomPlan = (target: EnrollmentTarget) => target.kind === 'plan' && target.planId === CUSTOM_PLAN.id;
