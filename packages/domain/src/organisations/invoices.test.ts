import { describe, expect, it } from 'vitest';
import { findCourseBySlug } from '../catalogue';
import type { OrganisationDetails } from './organisations';
import { orderInvoiceFacts, seatDescription, supplyFor, unusedSeatsCredit } from './invoices';

const KARNATAKA = '29';
const ML = findCourseBySlug('machine-learning-with-python')!;
const company: OrganisationDetails = {
  kind: 'team',
  legalName: 'Sahyadri Analytics Private Limited',
  address: '4th floor, Baner Road, Pune 411045',
  state: '27',
  gstin: '27AAPFU0939F1ZV',
  domains: [],
};
const college: OrganisationDetails = {
  kind: 'campus',
  legalName: 'Malnad College of Engineering',
  address: 'Salagame Road, Hassan, Karnataka 573202',
  state: '29',
  gstin: null,
  domains: ['students.mcehassan.ac.in'],
};
// The quotes' figures (quotes.test: organisations.test.ts), written out.
const PRO_25 = { total: 16_572_500, taxable: 14_044_491, cgst: 0, sgst: 0, igst: 2_528_009, cgstRate: 0, sgstRate: 0, igstRate: 18 };
const ML_40 = { total: 12_204_000, taxable: 10_342_372, cgst: 930_814, sgst: 930_814, igst: 0, cgstRate: 9, sgstRate: 9, igstRate: 0 };

describe("an organisation's invoice", () => {
  it('a Maharashtra company: IGST, its GSTIN and legal name, the PO number, SAC 999293, no reverse charge, a B2B row', () => {
    expect(supplyFor(company, KARNATAKA)).toBe('inter-state');
    expect(
      orderInvoiceFacts({
        organisation: company,
        supplierStateCode: KARNATAKA,
        subject: { kind: 'plan', planId: 'pro' },
        seats: 25,
        seatPrice: 662_900,
        tax: PRO_25,
        poNumber: 'PO/2024-25/0172',
        batchLabel: null,
      }),
    ).toEqual({
      recipient: {
        legalName: 'Sahyadri Analytics Private Limited',
        address: '4th floor, Baner Road, Pune 411045',
        gstin: '27AAPFU0939F1ZV',
        stateCode: '27',
        stateName: 'Maharashtra',
      },
      placeOfSupply: { kind: 'inter-state', code: '27', name: 'Maharashtra' },
      sac: '999293',
      description: '25 seats: Pro plan',
      quantity: 25,
      unitPrice: 662_900,
      poNumber: 'PO/2024-25/0172',
      reverseCharge: false,
      b2b: true,
      tax: PRO_25,
    });
  });

  it('a Karnataka college with no GSTIN: CGST + SGST, its billing state as the place of supply, a B2C row', () => {
    expect(supplyFor(college, KARNATAKA)).toBe('intra-state');
    const facts = orderInvoiceFacts({
      organisation: college,
      supplierStateCode: KARNATAKA,
      subject: { kind: 'course', courseId: ML.id },
      seats: 40,
      seatPrice: 305_100,
      tax: ML_40,
      poNumber: null,
      batchLabel: 'Weekend Morning, from Sat 14 Dec 2024 (Sat, Sun 09:00–12:00 IST)',
    });
    expect([facts.placeOfSupply, facts.b2b, facts.description]).toEqual([
      { kind: 'intra-state', code: '29', name: 'Karnataka' },
      false,
      '40 seats in Machine Learning with Python (batch: Weekend Morning, from Sat 14 Dec 2024 (Sat, Sun 09:00–12:00 IST))',
    ]);
  });

  it('names plans as people know them', () => {
    expect(seatDescription({ kind: 'plan', planId: 'yearly' }, 5, null)).toBe('5 seats: Elite Learning Membership');
    expect(seatDescription({ kind: 'plan', planId: 'platinum' }, 1, null)).toBe('1 seat: Platinum plan');
  });

  it("credits cancelled unclaimed seats in the invoice's proportions, adding up to the paisa", () => {
    const credit = unusedSeatsCredit({ tax: ML_40, unitPrice: 305_100, quantity: 40 }, 3);
    expect(credit).toEqual({ ...ML_40, total: 915_300, taxable: 775_678, cgst: 69_811, sgst: 69_811 });
    expect(credit.taxable + credit.cgst + credit.sgst).toBe(915_300);
    expect(() => unusedSeatsCredit({ tax: ML_40, unitPrice: 305_100, quantity: 40 }, 41)).toThrow('Cancel 1 to 40 seats, not 41');
  });
});
