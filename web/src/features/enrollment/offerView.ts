import { resolveOffer, type Offer } from '@domain/offer';
import type { EnrollmentTarget } from './target';

/** The summary the form shows: the same rule the server applies, from the same module. */
export function offerFor(target: EnrollmentTarget, coupon?: string): Offer | undefined {
  return target.kind === 'course' ? resolveOffer({ courseId: target.courseId }) : resolveOffer({ planId: target.planId }, coupon);
}
