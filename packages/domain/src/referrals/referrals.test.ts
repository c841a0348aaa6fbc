import { describe, expect, it } from 'vitest';
import { isReferralCode } from './codes';
import { firstName, referralPlanEligible, referralPrice, referralSettlesAt } from './terms';

describe('referral prices', () => {
  it("takes the friend's ₹500 off first, then whole credits, oldest first", () => {
    expect(referralPrice(379400, 500, [])).toEqual({ pricePaise: 329400, discountPaise: 50000, creditIds: [], creditPaise: 0 });
    expect(
      referralPrice(379400, 0, [
        { id: 'a', amount: 500 },
        { id: 'b', amount: 500 },
      ]),
    ).toEqual({
      pricePaise: 279400,
      discountPaise: 0,
      creditIds: ['a', 'b'],
      creditPaise: 100000,
    });
  });

  it('never brings a price under ₹1, and never splits a credit', () => {
    // ₹1,200 with three ₹500 credits: two fit (₹200 left), the third would go below ₹1 and stays for later.
    expect(
      referralPrice(
        120000,
        0,
        ['a', 'b', 'c'].map((id) => ({ id, amount: 500 })),
      ),
    ).toEqual({
      pricePaise: 20000,
      discountPaise: 0,
      creditIds: ['a', 'b'],
      creditPaise: 100000,
    });
    // ₹1,000 exactly with two credits: the second would leave ₹0, so one.
    expect(
      referralPrice(
        100000,
        0,
        ['a', 'b'].map((id) => ({ id, amount: 500 })),
      ).creditIds,
    ).toEqual(['a']);
    // A discount larger than the price leaves ₹1.
    expect(referralPrice(30000, 500, []).pricePaise).toBe(100);
  });

  it('applies to course plans only', () => {
    for (const planId of [null, 'standard', 'pro', 'platinum', 'custom', 'singleCourse']) expect(referralPlanEligible(planId)).toBe(true);
    for (const planId of ['preRegistration', 'yearly']) expect(referralPlanEligible(planId)).toBe(false);
  });

  it('settles 14 days after the payment; codes are 8 base32 characters; a friend is shown by first name', () => {
    expect(referralSettlesAt(Date.UTC(2031, 0, 10, 6))).toBe(Date.UTC(2031, 0, 24, 6));
    expect(isReferralCode('ABCD2345')).toBe(true);
    for (const bad of ['abcd2345', 'ABCD234', 'ABCD23451', 'ABCD2341', 'ABCD-345']) expect(isReferralCode(bad)).toBe(false);
    expect(firstName('  Asha   Rao ')).toBe('Asha');
  });
});
