import { describe, expect, it } from 'vitest';
import { chargesAsDomain } from './plans';

const plan = (over: Partial<{ period: string; interval: number; amount: number | string; currency: string }> = {}) => ({
  id: 'plan_1',
  period: over.period ?? 'yearly',
  interval: over.interval ?? 1,
  item: { amount: over.amount ?? 1599900, currency: over.currency ?? 'INR' },
});

describe('a configured Razorpay plan is used only when it charges what the domain says', () => {
  it('Elite yearly at ₹15,999; with DISCOUNT20 ₹13,499; Pre Registration monthly ₹1,032', () => {
    expect(chargesAsDomain('yearly', plan())).toBe(true);
    expect(chargesAsDomain('yearly-discount20', plan({ amount: 1349900 }))).toBe(true);
    expect(chargesAsDomain('monthly', plan({ period: 'monthly', amount: '103200' }))).toBe(true);
  });

  it('another amount, period, interval or currency is not', () => {
    expect(chargesAsDomain('yearly', plan({ amount: 1349900 }))).toBe(false);
    expect(chargesAsDomain('yearly', plan({ period: 'monthly' }))).toBe(false);
    expect(chargesAsDomain('yearly', plan({ interval: 2 }))).toBe(false);
    expect(chargesAsDomain('monthly', plan({ period: 'monthly', amount: 103200, currency: 'USD' }))).toBe(false);
  });
});
