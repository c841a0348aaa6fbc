import { describe, expect, it } from 'vitest';
import { accessWindowEnd, creditBalance, creditsLeft, grantOf, preRegistrationCredit, recordingsUntil, withinWindow } from './entitlements';
import { resolveOffer } from '../catalogue';

describe('what a purchase grants', () => {
  it('follows each plan card', () => {
    const grant = (ref: Parameters<typeof resolveOffer>[0]) => {
      const offer = resolveOffer(ref);
      if (!offer) throw new Error('no offer');
      return grantOf(offer);
    };
    expect(grant({ courseId: 1 })).toEqual({ kind: 'courses', courseIds: [1] });
    expect(grant({ planId: 'custom', courseIds: [2, 5] })).toEqual({ kind: 'courses', courseIds: [2, 5] });
    expect(grant({ planId: 'standard' })).toEqual({ kind: 'credits', credits: 1, recordingMonths: null });
    expect(grant({ planId: 'pro' })).toEqual({ kind: 'credits', credits: 3, recordingMonths: null });
    expect(grant({ planId: 'platinum' })).toEqual({ kind: 'credits', credits: 5, recordingMonths: null });
    expect(grant({ planId: 'singleCourse' })).toEqual({ kind: 'credits', credits: 1, recordingMonths: 6 });
    expect(grant({ planId: 'yearly' })).toEqual({ kind: 'membership' });
    expect(grant({ planId: 'preRegistration' })).toEqual({ kind: 'pre-registration' });
  });

  it('credits are never negative', () => {
    expect(creditsLeft(3, 1)).toBe(2);
    expect(creditsLeft(1, 2)).toBe(0);
  });
});

describe('access windows end on the right day, in India', () => {
  it('six months from 31 August 2026 end on 28 February 2027 at the same time of day', () => {
    const bought = Date.UTC(2026, 7, 31, 4, 30); // 10:00 IST
    const end = accessWindowEnd(bought, 6);
    expect(end).toBe(Date.UTC(2027, 1, 28, 4, 30));
    expect(withinWindow(end, end - 1)).toBe(true);
    expect(withinWindow(end, end)).toBe(false);
    expect(withinWindow(null, end)).toBe(true);
  });

  it("a purchase at 00:30 IST on 1 March counts from India's 1 March, not UTC's 28 February", () => {
    expect(accessWindowEnd(Date.UTC(2027, 1, 28, 19, 0), 6)).toBe(Date.UTC(2027, 7, 31, 19, 0));
  });
});

describe('the Pre Registration credit', () => {
  it('is what was paid, up to the course price less ₹1', () => {
    expect(preRegistrationCredit(103200, 339900)).toBe(103200);
    expect(preRegistrationCredit(412800, 339900)).toBe(339800);
    expect(preRegistrationCredit(0, 339900)).toBe(0);
  });
});

describe("a stored enrollment's credits and recordings window", () => {
  const e = (planId: string | null, creditsUsed?: number) => ({ planId, courseId: planId ? null : 3, courseIds: null, creditsUsed });
  it('counts the course chosen at enrollment as the first credit; the membership has no limit; others have none', () => {
    expect(creditBalance(e('pro'))).toEqual({ granted: 3, used: 1, left: 2, courseIds: null });
    expect(creditBalance(e('platinum', 5))).toEqual({ granted: 5, used: 5, left: 0, courseIds: null });
    expect(creditBalance(e('standard', 4))).toEqual({ granted: 1, used: 4, left: 0, courseIds: null });
    expect(creditBalance(e('yearly', 9))).toEqual({ granted: null, used: 9, left: null, courseIds: null });
    expect(creditBalance(e(null))).toBeNull();
    expect(creditBalance(e('preRegistration'))).toBeNull();
    // Custom: a seat in each chosen course.
    expect(creditBalance({ planId: 'custom', courseId: null, courseIds: [1, 2] })).toEqual({
      granted: 2,
      used: 0,
      left: 2,
      courseIds: [1, 2],
    });
  });
  it('Single Course Access keeps recordings 6 calendar months from purchase, in India; other plans always', () => {
    // Bought at 23:30 IST on 31 August: open until 23:30 IST on 28 February (a shorter month ends the window on its last day).
    const paid = Date.parse('2026-08-31T23:30:00+05:30');
    const until = recordingsUntil(e('singleCourse'), paid);
    expect(until).toBe(Date.parse('2027-02-28T23:30:00+05:30'));
    expect(withinWindow(until, Date.parse('2027-02-28T23:29:59.999+05:30'))).toBe(true);
    expect(withinWindow(until, Date.parse('2027-02-28T23:30:00+05:30'))).toBe(false);
    expect(recordingsUntil(e('pro'), paid)).toBeNull();
    expect(recordingsUntil(e('singleCourse'), null)).toBeNull();
  });
});
