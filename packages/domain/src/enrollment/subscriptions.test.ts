import { describe, expect, it } from 'vitest';
import {
  accessUntil,
  cycleEndsAt,
  gatewayPlan,
  hasAccess,
  stateOf,
  subscriptionLabel,
  subscriptionTerms,
  trialEndsAt,
  trialPromise,
  type SubscriptionView,
} from './subscriptions';

// 24 November 2026, 15:30 IST: the clock every case here starts from.
const NOW = Date.UTC(2026, 10, 24, 10, 0);
const DAY = 86_400_000;

describe('subscription terms come from the plans, never from a client', () => {
  it('Elite: yearly at ₹15,999 (₹13,499 with DISCOUNT20) after 14 free days; Pre Registration: monthly at ₹1,032 after 7', () => {
    expect(subscriptionTerms('yearly')).toMatchObject({ period: 'yearly', amountPaise: 1599900, trialDays: 14, gatewayPlan: 'yearly' });
    expect(subscriptionTerms('yearly', ' discount20 ')).toMatchObject({ amountPaise: 1349900, gatewayPlan: 'yearly-discount20' });
    expect(subscriptionTerms('yearly', 'NOPE')).toMatchObject({ amountPaise: 1599900 });
    expect(subscriptionTerms('preRegistration', 'DISCOUNT20')).toMatchObject({
      period: 'monthly',
      amountPaise: 103200,
      trialDays: 7,
      gatewayPlan: 'monthly',
    });
    expect(gatewayPlan('yearly-discount20')).toMatchObject({ period: 'yearly', interval: 1, amountPaise: 1349900 });
    expect(gatewayPlan('monthly').description).toBe('Pre Registration, ₹1,032 every month');
  });
});

describe("the trial and the cycles, on India's calendar", () => {
  it("says exactly what happens: ₹0 today and the first charge on the trial's last day", () => {
    expect(trialPromise(subscriptionTerms('yearly'), NOW)).toEqual({
      todayPaise: 0,
      firstChargeAtMs: NOW + 14 * DAY,
      firstChargePaise: 1599900,
      text: '₹0 today · ₹15,999 on 8 December 2026, then every year · cancel any time before',
    });
    expect(trialPromise(subscriptionTerms('preRegistration'), NOW).text).toBe(
      '₹0 today · ₹1,032 on 1 December 2026, then every month · cancel any time before',
    );
  });

  it("a trial started late in the evening in India ends on India's date, not UTC's", () => {
    const lateEvening = Date.UTC(2026, 10, 24, 19, 0); // 00:30 IST on 25 November
    expect(trialPromise(subscriptionTerms('yearly'), lateEvening).text).toContain('on 9 December 2026');
  });

  it('a cycle is a calendar month or year: 31 January renews on the last day of February; a leap day on 28 February', () => {
    expect(cycleEndsAt(Date.UTC(2027, 0, 31, 6), 'monthly')).toBe(Date.UTC(2027, 1, 28, 6));
    expect(cycleEndsAt(Date.UTC(2028, 1, 29, 6), 'yearly')).toBe(Date.UTC(2029, 1, 28, 6));
    expect(trialEndsAt(NOW, 14)).toBe(NOW + 14 * DAY);
  });
});

describe('states and access', () => {
  const view = (over: Partial<SubscriptionView>): SubscriptionView => ({
    state: 'trial',
    trialEndsAtMs: NOW + 14 * DAY,
    currentEndMs: null,
    cancelledAtMs: null,
    ...over,
  });

  it('maps every gateway status', () => {
    expect(
      ['created', 'authenticated', 'active', 'pending', 'halted', 'cancelled', 'completed', 'expired', 'paused'].map((s) =>
        stateOf(s as never),
      ),
    ).toEqual(['created', 'trial', 'active', 'pending', 'halted', 'cancelled', 'completed', 'cancelled', 'halted']);
  });

  it('a trial gives access to its last instant; a paid cycle to its end; a pending renewal keeps it; halted stops it', () => {
    const trial = view({});
    expect(hasAccess(trial, NOW + 14 * DAY - 1)).toBe(true);
    expect(hasAccess(trial, NOW + 14 * DAY)).toBe(false);
    const active = view({ state: 'active', currentEndMs: NOW + 379 * DAY });
    expect(accessUntil(active)).toBe(NOW + 379 * DAY);
    expect(hasAccess(view({ state: 'pending', currentEndMs: NOW + DAY }), NOW)).toBe(true);
    expect(hasAccess(view({ state: 'halted', currentEndMs: NOW + DAY }), NOW)).toBe(false);
    expect(hasAccess(view({ state: 'created' }), NOW)).toBe(false);
  });

  it('cancelled: access until the end of what was paid, or of the trial when it never was', () => {
    expect(accessUntil(view({ state: 'cancelled', currentEndMs: NOW + 30 * DAY, cancelledAtMs: NOW }))).toBe(NOW + 30 * DAY);
    expect(accessUntil(view({ state: 'cancelled', cancelledAtMs: NOW }))).toBe(NOW + 14 * DAY);
  });

  it('labels each state in words with its date', () => {
    expect(subscriptionLabel(view({}), NOW)).toBe('Trial ends on 8 December 2026');
    expect(subscriptionLabel(view({ state: 'active', currentEndMs: Date.UTC(2027, 11, 8, 10) }), NOW)).toBe(
      'Active: renews on 8 December 2027',
    );
    expect(subscriptionLabel(view({ state: 'cancelled', cancelledAtMs: NOW }), NOW)).toBe('Cancelled: access until 8 December 2026');
    expect(subscriptionLabel(view({ state: 'cancelled', cancelledAtMs: NOW }), NOW + 20 * DAY)).toBe(
      'Cancelled: access ended on 8 December 2026',
    );
    expect(subscriptionLabel(view({ state: 'pending' }), NOW)).toBe('Payment pending: update your payment method');
    expect(subscriptionLabel(view({ state: 'halted' }), NOW)).toBe('Halted: payments failed, access paused');
  });
});
