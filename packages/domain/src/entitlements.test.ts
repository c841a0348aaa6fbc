import { describe, expect, it } from 'vitest';
import { accessWindowEnd, creditsLeft, grantOf, preRegistrationCredit, withinWindow } from './entitlements';
import { resolveOffer } from './offer';

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

  it('a purchase at 00:30 IST on 1 March counts from India\'s 1 March, not UTC\'s 28 February', () => {
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
