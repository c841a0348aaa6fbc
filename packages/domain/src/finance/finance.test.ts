import { describe, expect, it } from 'vitest';
import { finishMonthReport, foldMonthReport, gstr1Csv, monthReport, startMonthReport, type FinanceDocument } from './finance';
import { placeOfSupply, splitInclusive, splitPart, type BillingDetails } from '../tax';

const KA = '29';
let n = 0;
function invoice(billing: BillingDetails | null, total: number, name = 'Meera Pillai'): FinanceDocument {
  const pos = placeOfSupply(billing, KA);
  n += 1;
  return {
    kind: 'invoice',
    number: `UPS/26-27/${String(n).padStart(6, '0')}`,
    date: '2026-11-24',
    placeOfSupply: pos,
    refersTo: null,
    buyer: { name, businessName: billing?.businessName ?? null, gstin: billing?.gstin ?? null },
    ...splitInclusive(total, pos.kind),
  };
}
function creditNote(of: FinanceDocument, amount: number): FinanceDocument {
  n += 1;
  const breakup = splitPart(of, amount);
  return {
    ...of,
    ...breakup,
    kind: 'credit-note',
    number: `UCN/26-27/${String(n).padStart(6, '0')}`,
    refersTo: { number: of.number, date: of.date },
  };
}

const b = (state: string, extra: Partial<BillingDetails> = {}): BillingDetails => ({
  state,
  country: null,
  gstin: null,
  businessName: null,
  ...extra,
});

describe('the month report', () => {
  const docs = [
    invoice(b(KA), 1599900),
    invoice(b(KA), 779900),
    invoice(b('27'), 1599900),
    invoice(b('27', { gstin: '27AAPFU0939F1ZV', businessName: 'Acme Analytics LLP' }), 779900),
    invoice(b('outside-india', { country: 'United States' }), 1599900),
    invoice(null, 379400, '=HYPERLINK("http://evil","x")'),
  ];
  docs.push(creditNote(docs[0], 1599900), creditNote(docs[3], 779900), creditNote(docs[4], 500000));
  const report = monthReport('2026-11', docs);

  it('sorts each document into its GSTR-1 table', () => {
    expect(report.b2b.map((d) => d.buyer.gstin)).toEqual(['27AAPFU0939F1ZV']);
    expect(report.exports).toHaveLength(1);
    expect(report.cdnr).toHaveLength(1);
    expect(report.cdnur).toHaveLength(1);
    expect(report.b2cs.map((r) => [r.placeOfSupply, r.type, r.rate])).toEqual([
      ['27-Maharashtra', 'inter-state', 18],
      ['29-Karnataka', 'intra-state', 18],
    ]);
  });

  it('every total is the sum of the documents', () => {
    const sum = (kind: string, field: 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total') =>
      docs.filter((d) => d.kind === kind).reduce((s, d) => s + d[field], 0);
    for (const field of ['taxable', 'cgst', 'sgst', 'igst', 'total'] as const) {
      expect(report.invoices[field]).toBe(sum('invoice', field));
      expect(report.creditNotes[field]).toBe(sum('credit-note', field));
      expect(report.net[field]).toBe(sum('invoice', field) - sum('credit-note', field));
      // The tables together hold the net: b2b + b2cs + exp − cdnr − cdnur.
      const tables =
        [...report.b2b, ...report.exports].reduce((s, d) => s + d[field], 0) +
        report.b2cs.reduce((s, r) => s + r[field], 0) -
        [...report.cdnr, ...report.cdnur].reduce((s, d) => s + d[field], 0);
      expect(tables).toBe(report.net[field]);
    }
    expect(report.invoices.count).toBe(6);
    expect(report.creditNotes.count).toBe(3);
  });

  it('folded a page at a time, in the order the server reads them (by id, not number), it is the same report, to the paisa and the row', () => {
    const shuffled = [docs[5], docs[8], docs[1], docs[3], docs[0], docs[7], docs[2], docs[6], docs[4]];
    for (const pageSize of [1, 2, 4, 9]) {
      const fold = startMonthReport('2026-11');
      for (let i = 0; i < shuffled.length; i += pageSize) foldMonthReport(fold, shuffled.slice(i, i + pageSize));
      const paged = finishMonthReport(fold);
      expect(paged).toEqual(report);
      expect(gstr1Csv(paged)).toBe(gstr1Csv(report));
    }
    // Three B2B invoices read newest first: listed by number all the same.
    const b2b = (total: number) => invoice(b('27', { gstin: '27AAPFU0939F1ZV', businessName: 'Acme Analytics LLP' }), total);
    const more = [...docs, b2b(100000), b2b(200000)].reverse();
    const fold = startMonthReport('2026-11');
    for (let i = 0; i < more.length; i += 2) foldMonthReport(fold, more.slice(i, i + 2));
    const paged = finishMonthReport(fold);
    expect(paged.b2b.map((d) => d.total)).toEqual([779900, 100000, 200000]);
    expect(paged.b2b.map((d) => d.number)).toEqual([...paged.b2b.map((d) => d.number)].sort());
    expect(paged.invoices.count).toBe(8);
  });

  it('the CSV has the sections, totals in rupees, and no cell a spreadsheet would run', () => {
    const csv = gstr1Csv(report);
    for (const title of ['b2b', 'b2cs', 'exp', 'cdnr', 'cdnur', 'hsn', 'totals']) expect(csv.split('\r\n')).toContain(title);
    const net = csv.split('\r\n').find((line) => line.startsWith('Net,'));
    expect(net).toBe(
      `Net,9,${(report.net.taxable / 100).toFixed(2)},${(report.net.igst / 100).toFixed(2)},${(report.net.cgst / 100).toFixed(2)},${(report.net.sgst / 100).toFixed(2)},${(report.net.total / 100).toFixed(2)}`,
    );
    expect(csv).toContain('999293,Commercial training and coaching services,OTH-OTHERS,3,');
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
  });
});
