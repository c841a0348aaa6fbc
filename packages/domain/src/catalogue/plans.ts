/** The plans: the home page's chooser and the pricing page's three. */

export interface HomePlan {
  id: 'standard' | 'pro' | 'platinum' | 'custom';
  name: string;
  /** Rupees, or a display range for the custom plan. */
  price: number | string;
  courses: number | null;
  description: string;
  features: string[];
  highlighted?: boolean;
}

export interface PricingPlan {
  id: 'singleCourse' | 'preRegistration' | 'yearly';
  name: string;
  price: number;
  /** Price after a valid coupon; plans without one are not discounted. */
  discountedPrice?: number;
  description: string;
  features: string[];
  planType: 'single' | 'monthly' | 'yearly';
  trial?: { days: number; note: string };
  highlighted?: boolean;
}

export const HOME_PLANS: readonly HomePlan[] = [
  {
    id: 'standard',
    name: 'Standard',
    price: 3794,
    courses: 1,
    description: 'One course of your choice with live classes and mentor support.',
    features: ['Access to 1 course', 'Live weekly sessions', 'Mentor Q&A forum', 'Certificate of completion'],
  },
  {
    id: 'pro',
    name: 'Pro',
    price: 7799,
    courses: 3,
    highlighted: true,
    description: 'Three courses to build a complete skill path, with career support.',
    features: [
      'Access to 3 courses',
      'Live weekly sessions',
      'A 30-minute 1:1 mentor call every month',
      'Resume and LinkedIn review',
      'Certificates of completion',
    ],
  },
  {
    id: 'platinum',
    name: 'Platinum',
    price: 9996,
    courses: 5,
    description: 'Five courses, priority mentoring and placement assistance.',
    features: [
      'Access to 5 courses',
      'Two 1:1 mentor calls a month, booked up to 4 weeks ahead',
      'Three mock interviews with scorecards',
      'Placement assistance',
      'Certificates of completion',
    ],
  },
  {
    id: 'custom',
    name: 'Custom',
    price: '3499 - 10498',
    courses: null,
    description: 'Pick the courses and support you need; we tailor the price to your plan.',
    features: ['Choose 1 to 3 courses', 'Flexible schedule', 'Team and campus options', 'A named learning advisor, two calls a month'],
  },
];

export const PRICING_PLANS: readonly PricingPlan[] = [
  {
    id: 'singleCourse',
    name: 'Single Course Access',
    price: 4599,
    discountedPrice: 3945,
    planType: 'single',
    description: 'Up to 6 months of access to one course of your choice.',
    features: ['Up to 6 months access to one course', 'Live and recorded sessions', 'Graded assignments', 'Certificate of completion'],
  },
  {
    id: 'preRegistration',
    name: 'Pre Registration',
    price: 1032,
    planType: 'monthly',
    trial: { days: 7, note: '7-day free trial' },
    description: 'Reserve your seat in an upcoming cohort and start learning today.',
    features: [
      'Guaranteed seat in the next cohort',
      'Starter lessons and community access',
      'Amount adjusted against your course fee',
      '7-day free trial',
    ],
  },
  {
    id: 'yearly',
    name: 'Elite Learning Membership',
    price: 15999,
    discountedPrice: 13499,
    planType: 'yearly',
    highlighted: true,
    trial: { days: 14, note: '14-day free trial' },
    description: 'A full year of unlimited courses, mentoring and career services.',
    features: [
      'Unlimited access to all 34 courses for 12 months',
      'A 30-minute 1:1 mentor call every month',
      'Four mock interviews a year and placement assistance',
      'Priority support',
      '14-day free trial',
    ],
  },
];

export const PLAN_IDS = [...HOME_PLANS.map((p) => p.id), ...PRICING_PLANS.map((p) => p.id)] as const;

/**
 * The Custom plan's rule: the visitor picks 1 to 3 catalogue courses at 3499 each (3499, 6998 or 10497),
 * which is what the advertised '3499 - 10498' range promises. The form shows and the server charges
 * the same number, from customPlanPrice.
 */
export const CUSTOM_PLAN = { id: 'custom', pricePerCourse: 3499, minCourses: 1, maxCourses: 3 } as const;

export function customPlanPrice(courseCount: number): number | undefined {
  if (!Number.isInteger(courseCount) || courseCount < CUSTOM_PLAN.minCourses || courseCount > CUSTOM_PLAN.maxCourses) return undefined;
  return courseCount * CUSTOM_PLAN.pricePerCourse;
}

/** The price the enrollment page shows when a plan has no price of its own (the spec's 3259). */
export const FALLBACK_PRICE = 3259;

export function findPlan(id: string): HomePlan | PricingPlan | undefined {
  return [...HOME_PLANS, ...PRICING_PLANS].find((plan) => plan.id === id);
}
