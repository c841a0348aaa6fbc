import { courseFeatures, findCourse } from './courses';
import { isValidCoupon } from './coupon';
import { FALLBACK_PRICE, findPlan } from './plans';

export interface Offer {
  kind: 'plan' | 'course';
  planId?: string;
  courseId?: number;
  planName: string;
  price: number;
  /** Full price before a coupon, when a coupon lowered it. */
  listPrice: number;
  couponApplied: boolean;
  features: string[];
}

export type OfferRef = { planId: string; courseId?: undefined } | { courseId: number; planId?: undefined };

/**
 * What an enrollment costs and includes, decided from the catalogue alone.
 * The server calls this for every write, so a price or feature list sent by a client never matters.
 */
export function resolveOffer(ref: OfferRef, coupon?: string): Offer | undefined {
  if (ref.courseId !== undefined) {
    const course = findCourse(ref.courseId);
    if (!course) return undefined;
    return {
      kind: 'course', courseId: course.id, planName: course.name, price: course.price, listPrice: course.price,
      couponApplied: false, features: courseFeatures(course),
    };
  }
  const plan = findPlan(ref.planId);
  if (!plan) return undefined;
  const listPrice = typeof plan.price === 'number' ? plan.price : FALLBACK_PRICE;
  const discounted = 'discountedPrice' in plan ? plan.discountedPrice : undefined;
  const couponApplied = discounted !== undefined && isValidCoupon(coupon);
  return {
    kind: 'plan', planId: plan.id, planName: plan.name, listPrice,
    price: couponApplied && discounted !== undefined ? discounted : listPrice,
    couponApplied, features: [...plan.features],
  };
}
