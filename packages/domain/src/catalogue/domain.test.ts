import { describe, expect, it } from 'vitest';
import { COURSES, featuredCourses, slugify, findCourse, findCourseBySlug } from './courses';
import { isValidCoupon } from './coupon';
import {
  BATCH_TIMES,
  CATEGORIES,
  CONTACT_COURSES,
  INTERESTED_COURSES,
  LEVELS,
  PAYMENT_METHODS,
  SORT_OPTIONS,
  formatIndianNumber,
  formatRupees,
} from '../common';
import { resolveOffer } from './offer';
import { FALLBACK_PRICE, HOME_PLANS, PRICING_PLANS, customPlanPrice } from './plans';
import { contactSchema, enrollmentSchema, normaliseGuardian } from '../forms';
import { maskEmail } from '../account';

describe('catalogue', () => {
  it('has 34 courses with ids 1..34', () => {
    expect(COURSES).toHaveLength(34);
    expect(COURSES.map((c) => c.id)).toEqual(Array.from({ length: 34 }, (_, i) => i + 1));
  });

  it('keeps every field within the spec ranges', () => {
    for (const c of COURSES) {
      expect(c.rating, c.name).toBeGreaterThanOrEqual(4.2);
      expect(c.rating, c.name).toBeLessThanOrEqual(4.9);
      expect(c.price, c.name).toBeGreaterThanOrEqual(3359);
      expect(c.price, c.name).toBeLessThanOrEqual(3589);
      const weeks = Number(/^(\d+) weeks$/.exec(c.duration)?.[1]);
      expect(weeks, c.name).toBeGreaterThanOrEqual(5);
      expect(weeks, c.name).toBeLessThanOrEqual(14);
      expect(c.progress).toBeGreaterThanOrEqual(0);
      expect(c.progress).toBeLessThanOrEqual(100);
      expect(c.students).toBeGreaterThan(0);
      expect(CATEGORIES).toContain(c.category);
      expect(LEVELS).toContain(c.level);
      if (c.badge) expect(['Popular', 'Trending', 'New']).toContain(c.badge);
      expect(c.topics.length).toBeGreaterThanOrEqual(3);
      expect(c.learningOutcomes.length).toBeGreaterThanOrEqual(3);
      expect(c.instructor.name).toBeTruthy();
      expect(c.instructor.photo).toMatch(/^\/images\/instructors\/[a-z-]+\.svg$/);
      expect(c.details.length).toBeGreaterThan(20);
    }
  });

  it('covers all 11 categories and 3 levels with distinct names and descriptions', () => {
    expect(new Set(COURSES.map((c) => c.category)).size).toBe(11);
    expect(new Set(COURSES.map((c) => c.level)).size).toBe(3);
    expect(new Set(COURSES.map((c) => c.name)).size).toBe(34);
    expect(new Set(COURSES.map((c) => c.desc)).size).toBe(34);
    expect(findCourse(34)?.id).toBe(34);
    expect(findCourse(35)).toBeUndefined();
  });
});

describe('featured courses (the home page, chosen at build time)', () => {
  it('are the six best rated, the most enrolled first among equals', () => {
    const featured = featuredCourses();
    expect(featured).toHaveLength(6);
    const lowest = featured[5];
    for (const [a, b] of featured.slice(1).map((course, index) => [featured[index], course])) {
      expect(a.rating > b.rating || (a.rating === b.rating && a.students >= b.students)).toBe(true);
    }
    const outranked = COURSES.filter((course) => !featured.includes(course)).filter(
      (course) => course.rating > lowest.rating || (course.rating === lowest.rating && course.students > lowest.students),
    );
    expect(outranked).toEqual([]);
  });
});

describe('course slugs (public URLs: changing one breaks links and search results)', () => {
  it('are pinned, unique and URL-safe', () => {
    expect(COURSES.map((c) => c.slug)).toEqual([
      'python-programming-foundations',
      'java-and-object-oriented-design',
      'data-structures-and-algorithms-in-cpp',
      'machine-learning-with-python',
      'data-analytics-with-sql-and-power-bi',
      'deep-learning-and-generative-ai',
      'aws-cloud-practitioner-to-architect',
      'devops-with-docker-kubernetes-and-ci-cd',
      'linux-and-shell-scripting-essentials',
      'ethical-hacking-and-penetration-testing',
      'security-operations-and-incident-response',
      'cybersecurity-fundamentals',
      'full-stack-web-development-with-react-and-node',
      'android-app-development-with-kotlin',
      'html-css-and-javascript-for-beginners',
      'blockchain-and-web3-development',
      'internet-of-things-with-raspberry-pi',
      'ar-and-vr-experiences-with-unity',
      'embedded-systems-with-arduino-and-arm',
      'vlsi-design-fundamentals',
      'electric-vehicle-technology',
      'autocad-and-revit-for-civil-engineers',
      'mechanical-design-with-solidworks',
      'structural-analysis-with-staad-pro',
      'digital-marketing-mastery',
      'product-management-essentials',
      'financial-modelling-and-valuation',
      'ui-ux-design-bootcamp',
      'graphic-design-with-adobe-creative-suite',
      'motion-graphics-and-video-editing',
      'bioinformatics-with-python-and-r',
      'research-methods-and-scientific-writing',
      'data-science-for-climate-research',
      'go-for-backend-engineers',
    ]);
    for (const c of COURSES) expect(c.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
  it('come from the name and find their course', () => {
    expect(slugify('  UI/UX & C++ -- Basics! ')).toBe('ui-ux-and-cpp-basics');
    for (const c of COURSES) expect(findCourseBySlug(c.slug)).toBe(c);
    for (const bad of ['', 'Python-Programming-Foundations', 'python-programming-foundations/', '__proto__', 'constructor']) {
      expect(findCourseBySlug(bad)).toBeUndefined();
    }
  });
});

describe('enumerations', () => {
  it('match the spec', () => {
    expect(INTERESTED_COURSES).toHaveLength(7);
    expect(INTERESTED_COURSES[0]).toBe('Full Stack Web Development');
    expect(BATCH_TIMES).toEqual(['Weekday Morning', 'Weekday Evening', 'Weekend Morning', 'Weekend Evening']);
    expect(CONTACT_COURSES).toEqual(['Web Development', 'Data Science', 'UI/UX Design', 'Cloud Computing', 'Cybersecurity']);
    expect(CATEGORIES).toHaveLength(11);
    expect(LEVELS).toEqual(['Beginner', 'Intermediate', 'Advanced']);
    expect(PAYMENT_METHODS).toEqual(['Credit Card', 'Debit Card', 'UPI', 'Net Banking']);
    expect(SORT_OPTIONS).toHaveLength(5);
  });
});

describe('plans', () => {
  it('home plans carry the spec prices and course counts', () => {
    expect(HOME_PLANS.map((p) => [p.id, p.price, p.courses])).toEqual([
      ['standard', 3794, 1],
      ['pro', 7799, 3],
      ['platinum', 9996, 5],
      ['custom', '3499 - 10498', null],
    ]);
  });

  it('pricing plans carry the spec prices, plan types and trials', () => {
    expect(PRICING_PLANS.map((p) => [p.id, p.name, p.price, p.discountedPrice, p.planType, p.trial?.days])).toEqual([
      ['singleCourse', 'Single Course Access', 4599, 3945, 'single', undefined],
      ['preRegistration', 'Pre Registration', 1032, undefined, 'monthly', 7],
      ['yearly', 'Elite Learning Membership', 15999, 13499, 'yearly', 14],
    ]);
  });
});

describe('coupon', () => {
  it('accepts DISCOUNT20 trimmed and in any case', () => {
    for (const code of ['DISCOUNT20', 'discount20', '  Discount20  ', '\tdIsCoUnT20\n']) expect(isValidCoupon(code), code).toBe(true);
  });
  it('rejects anything else', () => {
    for (const code of ['', 'DISCOUNT2', 'DISCOUNT200', 'DISCOUNT 20', 'SAVE20', undefined, null]) expect(isValidCoupon(code)).toBe(false);
  });
});

describe('resolveOffer (what the server charges)', () => {
  it('applies the coupon to the two discountable plans only', () => {
    expect(resolveOffer({ planId: 'yearly' }, 'discount20')?.price).toBe(13499);
    expect(resolveOffer({ planId: 'singleCourse' }, 'DISCOUNT20')?.price).toBe(3945);
    expect(resolveOffer({ planId: 'preRegistration' }, 'DISCOUNT20')?.price).toBe(1032);
    expect(resolveOffer({ planId: 'yearly' }, 'nope')?.price).toBe(15999);
    expect(resolveOffer({ planId: 'pro' }, 'DISCOUNT20')?.couponApplied).toBe(false);
  });
  it('prices the Custom plan at 3499 per chosen course, inside its advertised range, never at the fallback', () => {
    const custom = HOME_PLANS.find((plan) => plan.id === 'custom');
    const [low, high] = String(custom?.price)
      .split('-')
      .map((part) => Number(part.trim()));
    const prices = [[1], [1, 2], [1, 2, 34]].map((ids) => resolveOffer({ planId: 'custom', courseIds: ids })?.price);
    expect(prices).toEqual([3499, 6998, 10497]);
    for (const price of prices) expect(price !== undefined && price >= low && price <= high).toBe(true);
    expect(prices).not.toContain(FALLBACK_PRICE);
    expect(FALLBACK_PRICE).toBe(3259);
    const offer = resolveOffer({ planId: 'custom', courseIds: [4, 28] }, 'DISCOUNT20');
    expect(offer).toMatchObject({ planName: 'Custom', courseIds: [4, 28], price: 6998, listPrice: 6998, couponApplied: false });
    expect(offer?.features.slice(0, 2)).toEqual([`Full access to ${findCourse(4)?.name}`, `Full access to ${findCourse(28)?.name}`]);
    expect(customPlanPrice(0)).toBeUndefined();
    expect(customPlanPrice(4)).toBeUndefined();
  });

  it('refuses a Custom plan without 1 to 3 distinct known courses, and courses on any other plan', () => {
    for (const ids of [undefined, [], [1, 2, 3, 4], [1, 1], [99], [0], [1.5]]) {
      expect(resolveOffer({ planId: 'custom', courseIds: ids }), JSON.stringify(ids)).toBeUndefined();
    }
    expect(resolveOffer({ planId: 'pro', courseIds: [1] })).toBeUndefined();
  });

  it('prices courses from the catalogue', () => {
    expect(resolveOffer({ courseId: 5 })?.price).toBe(findCourse(5)?.price);
    expect(resolveOffer({ courseId: 99 })).toBeUndefined();
    expect(resolveOffer({ planId: 'gold' })).toBeUndefined();
  });
});

describe('formatRupees', () => {
  it('uses the rupee sign and Indian grouping', () => {
    expect(formatRupees(15999)).toBe('₹15,999');
    expect(formatRupees(1234567)).toBe('₹12,34,567');
  });

  it('groups exactly as Intl does for en-IN', () => {
    const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
    const plain = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    const samples = [0, 7, 99, 999, 1000, 3359, 10498, 99999, 100000, 1234567, 98765432, 1000000000, -3259, 42.4, 42.6];
    for (let n = 1; n < 1e12; n = n * 7 + 3) samples.push(n);
    for (const n of samples) {
      expect(formatRupees(n)).toBe(rupees.format(n));
      expect(formatIndianNumber(n)).toBe(plain.format(n));
    }
  });
});

describe('schemas', () => {
  const valid = {
    name: 'Asha',
    collegeName: 'IIT Madras',
    email: 'asha@example.com',
    phone: '9876543210',
    interestedCourse: 'Cloud Computing',
    preferredBatchTime: 'Weekend Evening',
    planId: 'pro',
    ageDeclaration: 'adult',
  };
  it('accepts a valid enrollment and rejects wrong types without coercion', async () => {
    await expect(enrollmentSchema.validate(valid, { strict: true })).resolves.toBeTruthy();
    await expect(enrollmentSchema.validate({ ...valid, phone: 9876543210 }, { strict: true })).rejects.toThrow();
    await expect(enrollmentSchema.validate({ ...valid, extra: 1 }, { strict: true })).rejects.toThrow(/Unexpected field/);
    await expect(enrollmentSchema.validate({ ...valid, name: 'A\u0000' }, { strict: true })).rejects.toThrow();
  });
  it('requires 1 to 3 distinct courses for the Custom plan and refuses them elsewhere', async () => {
    const ok = { ...valid, planId: 'custom', courseIds: [1, 34] };
    await expect(enrollmentSchema.validate(ok, { strict: true })).resolves.toBeTruthy();
    for (const courseIds of [undefined, [], [1, 2, 3, 4], [2, 2], [35], ['1'], [1.5]]) {
      await expect(enrollmentSchema.validate({ ...ok, courseIds }, { strict: true }), JSON.stringify(courseIds)).rejects.toThrow();
    }
    await expect(enrollmentSchema.validate({ ...valid, planId: 'pro', courseIds: [1] }, { strict: true })).rejects.toThrow(/Custom plan/);
    await expect(enrollmentSchema.validate({ ...valid, planId: undefined, courseId: 3, courseIds: [1] }, { strict: true })).rejects.toThrow(
      /Custom plan/,
    );
  });
  it('asks for an age declaration, and under 18 a guardian with an address of their own', async () => {
    const errorsOf = (value: object) =>
      enrollmentSchema.validate(value, { strict: true, abortEarly: false }).then(
        () => [],
        (e: { errors: string[] }) => e.errors,
      );
    expect(await errorsOf({ ...valid, ageDeclaration: undefined })).toEqual(['Please tell us whether you are 18 or older']);
    expect(await errorsOf({ ...valid, ageDeclaration: 'child' })).toEqual(['Please tell us whether you are 18 or older']);
    expect(await errorsOf({ ...valid, ageDeclaration: 'minor' })).toEqual([
      'Please enter your parent’s or guardian’s name',
      'Please enter your parent’s or guardian’s e-mail',
    ]);
    expect(await errorsOf({ ...valid, ageDeclaration: 'minor', guardianName: ' ', guardianEmail: ' ASHA@example.com ' })).toEqual([
      'Please enter your parent’s or guardian’s name',
      'Please enter your parent’s or guardian’s own e-mail, not yours',
    ]);
    expect(await errorsOf({ ...valid, ageDeclaration: 'minor', guardianName: 'Ravi', guardianEmail: 'ravi@example.com' })).toEqual([]);
    // An adult's form may carry the empty guardian fields it never showed.
    expect(await errorsOf({ ...valid, guardianName: '', guardianEmail: '' })).toEqual([]);
    expect(normaliseGuardian({ ageDeclaration: 'minor', guardianName: ' Ravi ', guardianEmail: ' Ravi@Example.com ' })).toEqual({
      ageDeclaration: 'minor',
      guardian: { name: 'Ravi', email: 'ravi@example.com' },
    });
    expect(normaliseGuardian({ ageDeclaration: 'adult', guardianName: 'Ravi', guardianEmail: 'ravi@example.com' })).toEqual({
      ageDeclaration: 'adult',
      guardian: null,
    });
    expect(maskEmail('ravi@example.com')).toBe('r•••@example.com');
  });
  it('gives the spec messages for the contact form', async () => {
    const result = await contactSchema
      .validate({ fullName: '', email: 'x', mobile: 'abc', message: '' }, { abortEarly: false })
      .catch((e: { errors: string[] }) => e.errors);
    expect(result).toEqual(
      expect.arrayContaining([
        'Full Name is required',
        'Please enter a valid email',
        'Please enter a valid mobile number',
        'Please enter your message',
      ]),
    );
  });
});
