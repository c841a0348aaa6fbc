import { describe, expect, it } from 'vitest';
import {
  GST_STATES,
  OUTSIDE_INDIA,
  billingProblems,
  documentNumber,
  financialYear,
  gstinCheckCharacter,
  gstinProblem,
  placeOfSupply,
  splitInclusive,
  splitPart,
} from './tax';
import { HOME_PLANS, PRICING_PLANS, COURSES } from '../catalogue';

const KARNATAKA = '29';

describe('GSTIN', () => {
  it('accepts GSTINs whose check character is right, and names what is wrong with others', () => {
    // Published examples: GSTN's own sample and a widely used test GSTIN.
    expect(gstinProblem('12AAACI1681G1Z0')).toBeUndefined();
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeUndefined();
    expect(gstinProblem(' 27aapfu0939f1zv ')).toBeUndefined();
    expect(gstinProblem('27AAPFU0939F1ZW')).toMatch(/typo/);
    expect(gstinProblem('47AAACI1681G1Z0')).toMatch(/not a state code/);
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15 characters/);
    expect(gstinProblem('27AAPFU0939F0ZV')).toMatch(/15 characters/);
  });

  it('every single-character typo in a GSTIN is caught by its check character', () => {
    const valid = '27AAPFU0939F1ZV';
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    let caught = 0;
    let tried = 0;
    for (let i = 0; i < 14; i++) {
      for (const c of alphabet) {
        if (c === valid[i]) continue;
        const typo = valid.slice(0, i) + c + valid.slice(i + 1);
        tried += 1;
        if (gstinCheckCharacter(typo.slice(0, 14)) !== valid[14]) caught += 1;
      }
    }
    expect(caught).toBe(tried);
  });
});

describe('billing details', () => {
  const base = { country: null, gstin: null, businessName: null };
  it('a GSTIN must agree with the chosen state and come with its business name', () => {
    expect(billingProblems({ ...base, state: '27', gstin: '27AAPFU0939F1ZV', businessName: 'Acme' })).toEqual({});
    expect(billingProblems({ ...base, state: KARNATAKA, gstin: '27AAPFU0939F1ZV', businessName: 'Acme' }).gstin).toBe(
      'This GSTIN is registered in Maharashtra, not Karnataka.',
    );
    expect(billingProblems({ ...base, state: '27', gstin: '27AAPFU0939F1ZV' }).businessName).toMatch(/business name/);
    expect(billingProblems({ ...base, state: OUTSIDE_INDIA }).country).toMatch(/country/);
    expect(billingProblems({ ...base, state: '99' }).state).toMatch(/state/);
  });

  it('the place of supply: the GSTIN’s state, else the state given, else (nothing given) our own; abroad is an export', () => {
    expect(placeOfSupply({ ...base, state: KARNATAKA }, KARNATAKA)).toEqual({ kind: 'intra-state', code: '29', name: 'Karnataka' });
    expect(placeOfSupply({ ...base, state: '27' }, KARNATAKA)).toEqual({ kind: 'inter-state', code: '27', name: 'Maharashtra' });
    expect(placeOfSupply({ ...base, state: '27', gstin: '27AAPFU0939F1ZV', businessName: 'Acme' }, KARNATAKA).code).toBe('27');
    expect(placeOfSupply({ ...base, state: OUTSIDE_INDIA, country: 'United States' }, KARNATAKA)).toEqual({
      kind: 'export',
      code: '96',
      name: 'United States',
    });
    expect(placeOfSupply(null, KARNATAKA).kind).toBe('intra-state');
  });

  it('lists the 28 states and 8 union territories once each', () => {
    expect(GST_STATES).toHaveLength(36);
    expect(new Set(GST_STATES.map((s) => s.code)).size).toBe(36);
  });
});

describe('the tax in a GST-inclusive price', () => {
  const listed: unknown[] = [...[...HOME_PLANS, ...PRICING_PLANS].map((p) => p.price), ...COURSES.map((c) => c.price)];
  const prices = [...new Set([...listed.filter((p): p is number => typeof p === 'number'), 1, 99, 7799, 15999, 3794])].map((rupees) =>
    Math.round(rupees * 100),
  );

  it.each(['intra-state', 'inter-state'] as const)(
    '%s: taxable value and taxes add up to every price to the paisa, each tax within a paisa of its rate',
    (kind) => {
      for (const total of [...prices, ...Array.from({ length: 500 }, (_, i) => 100 + i * 997)]) {
        const b = splitInclusive(total, kind);
        expect(b.taxable + b.cgst + b.sgst + b.igst).toBe(total);
        if (kind === 'intra-state') {
          expect(b.cgst).toBe(b.sgst);
          expect(Math.abs(b.cgst - b.taxable * 0.09)).toBeLessThanOrEqual(1);
        } else {
          expect(b.cgst + b.sgst).toBe(0);
          expect(Math.abs(b.igst - b.taxable * 0.18)).toBeLessThanOrEqual(1);
        }
      }
    },
  );

  it('₹15,999 in Karnataka is ₹13,558.48 + CGST ₹1,220.26 + SGST ₹1,220.26; an export is zero-rated', () => {
    expect(splitInclusive(1599900, 'intra-state')).toMatchObject({
      taxable: 1355848,
      cgst: 122026,
      sgst: 122026,
      igst: 0,
      cgstRate: 9,
      sgstRate: 9,
    });
    expect(splitInclusive(1599900, 'inter-state')).toMatchObject({ taxable: 1355848, igst: 244052, igstRate: 18 });
    expect(splitInclusive(1599900, 'export')).toMatchObject({ taxable: 1599900, cgst: 0, sgst: 0, igst: 0, igstRate: 0 });
  });

  it('a part refunded keeps the proportions and still adds up', () => {
    const whole = splitInclusive(1599900, 'intra-state');
    const part = splitPart(whole, 500000);
    expect(part.taxable + part.cgst + part.sgst).toBe(500000);
    expect(part.cgst).toBe(part.sgst);
    expect(splitPart(whole, 1599900)).toEqual(whole);
  });
});

describe('financial years and numbers', () => {
  it('the year turns on 1 April, in India’s time', () => {
    expect(financialYear(Date.parse('2027-03-31T23:59:59+05:30'))).toBe('26-27');
    expect(financialYear(Date.parse('2027-04-01T00:00:00+05:30'))).toBe('27-28');
    // 1 April 00:10 in India is still 31 March in UTC.
    expect(financialYear(Date.parse('2027-03-31T18:40:00Z'))).toBe('27-28');
    expect(financialYear(Date.parse('2099-12-31T12:00:00Z'))).toBe('99-00');
  });

  it('numbers are at most 16 characters of letters, digits, / and -', () => {
    expect(documentNumber('invoice', '26-27', 42)).toBe('UPS/26-27/000042');
    expect(documentNumber('credit-note', '27-28', 1)).toBe('UCN/27-28/000001');
    expect(documentNumber('invoice', '26-27', 999999)).toHaveLength(16);
    expect(() => documentNumber('invoice', '26-27', 0)).toThrow();
    expect(() => documentNumber('invoice', '26-27', 1_000_000)).toThrow();
  });
});
