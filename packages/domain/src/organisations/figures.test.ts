import { describe, expect, it } from 'vitest';
import { B2B_MONTHS_SHOWN, b2bByMonth, b2bEntry, b2bMonthsShown } from './figures';

const order = { orderId: 'o1', quantity: 10, unitPrice: 1000, poNumber: null, address: 'Bengaluru' };
const buyer = (gstin: string | null) => ({
  name: 'Acme',
  email: 'a@acme.example',
  businessName: 'Acme',
  gstin,
  state: '29',
  stateName: 'Karnataka',
  country: 'India',
});

describe('B2B revenue kept by month', () => {
  it('counts an order’s invoice to a registered buyer, a credit note against it as negative, and nothing else', () => {
    expect(b2bEntry({ kind: 'invoice', order, buyer: buyer('29ABCDE1234F1Z5'), taxable: 8475, total: 10000 })).toEqual({
      taxable: 8475,
      total: 10000,
    });
    expect(b2bEntry({ kind: 'credit-note', order, buyer: buyer('29ABCDE1234F1Z5'), taxable: 847, total: 1000 })).toEqual({
      taxable: -847,
      total: -1000,
    });
    // An unregistered buyer (a campus without a GSTIN), and a learner's own invoice even with a GSTIN.
    expect(b2bEntry({ kind: 'invoice', order, buyer: buyer(null), taxable: 8475, total: 10000 })).toBeNull();
    expect(b2bEntry({ kind: 'invoice', order: null, buyer: buyer('29ABCDE1234F1Z5'), taxable: 8475, total: 10000 })).toBeNull();
  });

  it('shows twelve months ending with this one in India, across a year’s end and at its first minute', () => {
    // 1 January 2027, 00:10 in India is still 31 December 2026 in UTC.
    const months = b2bMonthsShown(Date.UTC(2026, 11, 31, 18, 40));
    expect(months).toHaveLength(B2B_MONTHS_SHOWN);
    expect(months[0]).toBe('2026-02');
    expect(months.at(-1)).toBe('2027-01');
    expect(b2bMonthsShown(Date.UTC(2026, 10, 30, 12))).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
  });

  it('sums each month’s entries, oldest month first', () => {
    expect(
      b2bByMonth([
        { month: '2026-11', documents: { a: { taxable: 100, total: 118 }, b: { taxable: -10, total: -11.8 } } },
        { month: '2026-10', documents: { c: { taxable: 50, total: 59 } } },
      ]),
    ).toEqual([
      { month: '2026-10', taxable: 50, total: 59 },
      { month: '2026-11', taxable: 90, total: 106.2 },
    ]);
  });
});
