import { courseFeatures, findCourse } from './courses';
import { isValidCoupon } from './coupon';
import { CUSTOM_PLAN, FALLBACK_PRICE, customPlanPrice, findPlan } from './plans';

export interface Offer {
  kind: 'plan' | 'course';
  planId?: string;
  courseId?: number;
  /** The courses chosen for the Custom plan. */
  courseIds?: number[];
  planName: string;
  price: number;
  /** Full price before a coupon, when a coupon lowered it. */
  listPrice: number;
  couponApplied: boolean;
  features: string[];
}

export type OfferRef =
  { planId: string; courseId?: undefined; courseIds?: readonly number[] } | { courseId: number; planId?: undefined; courseIds?: undefined };

/** The Custom plan's choice: 1 to 3 distinct catalogue courses, or undefined when it is not one. */
function customChoice(courseIds: readonly number[] | undefined) {
  if (!courseIds || new Set(courseIds).size !== courseIds.length) return undefined;
  const courses = courseIds.map(findCourse);
  const price = customPlanPrice(courses.length);
  if (price === undefined || courses.some((course) => course === undefined)) return undefined;
  return { courses: courses.filter((course) => course !== undefined), price };
}

/**
 * What an enrollment costs and includes, decided from the catalogue alone.
 * The server calls this for every write, so a price or feature list sent by a client never matters.
 */
export function resolveOffer(ref: OfferRef, coupon?: string): Offer | undefined {
  if (ref.courseId !== undefined) {
    const course = findCourse(ref.courseId);
    if (!course) return undefined;
    return {
      kind: 'course',
      courseId: course.id,
      planName: course.name,
      price: course.price,
      listPrice: course.price,
      couponApplied: false,
      features: courseFeatures(course),
    };
  }
  const plan = findPlan(ref.planId);
  if (!plan) return undefined;
  if (plan.id === CUSTOM_PLAN.id) {
    const choice = customChoice(ref.courseIds);
    if (!choice) return undefined;
    return {
      kind: 'plan',
      planId: plan.id,
      planName: plan.name,
      courseIds: choice.courses.map((course) => course.id),
      price: choice.price,
      listPrice: choice.price,
      couponApplied: false,
      features: [...choice.courses.map((course) => `Full access to ${course.name}`), ...plan.features.slice(1)],
    };
  }
  if (ref.courseIds !== undefined) return undefined;
  const listPrice = typeof plan.price === 'number' ? plan.price : FALLBACK_PRICE;
  const discounted = 'discountedPrice' in plan ? plan.discountedPrice : undefined;
  const couponApplied = discounted !== undefined && isValidCoupon(coupon);
  return {
    kind: 'plan',
    planId: plan.id,
    planName: plan.name,
    listPrice,
    price: couponApplied && discounted !== undefined ? discounted : listPrice,
    couponApplied,
    features: [...plan.features],
  };
}
