import { describe, expect, it } from 'vitest';
import {
  FINANCE_DAY_SHARDS,
  financeB2csKey,
  financeDayAddition,
  financeDaySums,
  financeShard,
  listedInGstr1,
  monthReportFromDays,
} from './days';
import { monthReport, type FinanceDocument } from './finance';
import { placeOfSupply, splitInclusive, splitPart, type BillingDetails } from '../tax';

const KA = '29';
const STATES = ['29', '27', '33', '07', '36'];

function documentAt(i: number): FinanceDocument & { id: string } {
  const abroad = i % 17 === 0;
  const registered = i % 11 === 0;
  const billing: BillingDetails | null =
    i % 5 === 0
      ? null
      : {
          state: abroad ? 'outside-india' : STATES[i % STATES.length],
          country: abroad ? 'United States' : null,
          gstin: registered && !abroad ? '27AAPFU0939F1ZV' : null,
          businessName: registered && !abroad ? 'Acme Analytics LLP' : null,
        };
  const pos = placeOfSupply(billing, KA);
  const prices = [1599900, 779900, 379400, 103200];
  const invoice: FinanceDocument = {
    kind: 'invoice',
    number: `UPS/26-27/${String(i).padStart(6, '0')}`,
    date: `2026-11-${String(1 + (i % 28)).padStart(2, '0')}`,
    placeOfSupply: pos,
    refersTo: null,
    buyer: { name: `Learner ${i}`, businessName: billing?.businessName ?? null, gstin: billing?.gstin ?? null },
    ...splitInclusive(prices[i % prices.length], pos.kind),
  };
  if (i % 7 !== 3) return { id: `invoice_pay_${i}`, ...invoice };
  // Every seventh a credit note (a refund, whole or part) against an invoice like it.
  return {
    id: `credit_rfnd_${i}`,
    ...invoice,
    ...splitPart(invoice, i % 2 ? invoice.total : 50000),
    kind: 'credit-note',
    number: `UCN/26-27/${String(i).padStart(6, '0')}`,
    refersTo: { number: invoice.number, date: invoice.date },
  };
}

describe("the finance page's day documents", () => {
  const docs = Array.from({ length: 600 }, (_, i) => documentAt(i + 1));

  it('add up to the same report as every document read one by one: totals, b2cs rows, listed tables', () => {
    const shards = new Map<string, (FinanceDocument & { id: string })[]>();
    for (const doc of docs) {
      const key = `${doc.date}_${financeShard(doc.id)}`;
      shards.set(key, [...(shards.get(key) ?? []), doc]);
    }
    const days = [...shards.values()].map((documents) => financeDaySums(documents));
    const listed = docs.filter(listedInGstr1);
    const strip = ({ id: _, ...doc }: FinanceDocument & { id: string }): FinanceDocument => doc;
    const fromDays = monthReportFromDays('2026-11', days, listed.map(strip));
    const whole = monthReport('2026-11', docs.map(strip));
    expect(fromDays).toEqual(whole);
    // The test's data reaches every table.
    expect([whole.b2b, whole.exports, whole.cdnr, whole.cdnur].every((list) => list.length > 0)).toBe(true);
    expect(whole.b2cs.length).toBe(STATES.length);
    expect(whole.creditNotes.count).toBeGreaterThan(50);
  });

  it('spreads a day over its shards, and each document always to the same one', () => {
    const counts = Array.from({ length: FINANCE_DAY_SHARDS }, () => 0);
    for (let i = 0; i < 4000; i++) counts[financeShard(`invoice_pay_${i}`)] += 1;
    // Each shard takes about a quarter (±15%): the write rate each one sees.
    for (const count of counts) expect(Math.abs(count - 1000)).toBeLessThan(150);
    expect(financeShard('invoice_pay_ABC')).toBe(financeShard('invoice_pay_ABC'));
  });

  it("puts a B2C document's figures in its b2cs row (a credit note's taken away), and a listed one's in the totals only", () => {
    const b2c = documentAt(2);
    const added = financeDayAddition(b2c);
    expect(added).toMatchObject({ totals: 'invoices', amounts: { total: b2c.total }, b2cs: { amounts: { total: b2c.total } } });
    const credit = documentAt(10);
    expect(credit.kind).toBe('credit-note');
    expect(financeDayAddition(credit).b2cs?.amounts.total).toBe(-credit.total);
    expect(financeDayAddition(credit).amounts.total).toBe(credit.total);
    expect(financeDayAddition(documentAt(11))).toMatchObject({ b2cs: null });
    expect(financeDayAddition(documentAt(17))).toMatchObject({ b2cs: null });
    // A rate with a fraction is still one map key (a dot would split a field path).
    expect(financeB2csKey('inter-state', '27', 0.1)).toBe('inter-state_27_0p1');
  });
});
