import { csvRow } from '../common';
import type { Buyer, TaxDocumentDoc } from '../records';
import { SAC_COACHING, type PlaceOfSupply } from '../tax';

/**
 * The staff console's finance page: one month's invoices and credit notes, summed the way GSTR-1 asks
 * (b2b, b2cs, exp, cdnr, cdnur, hsn), and its CSV. Pure: the server reads the month's documents and sums
 * them here (GET /api/staff/finance), the console writes the CSV; every figure is a sum of documents, in paise.
 */

/** The fields of a stored tax document the report reads (the stored shape itself, with either SDK's timestamp). */
export type FinanceDocument = Pick<
  TaxDocumentDoc,
  | 'kind'
  | 'number'
  | 'date'
  | 'placeOfSupply'
  | 'refersTo'
  | 'taxable'
  | 'cgst'
  | 'sgst'
  | 'igst'
  | 'total'
  | 'cgstRate'
  | 'sgstRate'
  | 'igstRate'
> & { buyer: Pick<Buyer, 'name' | 'businessName' | 'gstin'> };

/** The stored fields the report reads, as paths: what a server selects, and nothing more leaves it. */
export const FINANCE_FIELDS = [
  'kind',
  'number',
  'date',
  'placeOfSupply',
  'refersTo',
  'taxable',
  'cgst',
  'sgst',
  'igst',
  'total',
  'cgstRate',
  'sgstRate',
  'igstRate',
  'buyer.name',
  'buyer.businessName',
  'buyer.gstin',
] as const;

/** A stored document as the report reads it: its figures, its buyer's name and GSTIN; not their e-mail or address. */
export const financeDocument = (d: FinanceDocument): FinanceDocument => ({
  kind: d.kind,
  number: d.number,
  date: d.date,
  placeOfSupply: d.placeOfSupply,
  refersTo: d.refersTo ?? null,
  taxable: d.taxable,
  cgst: d.cgst,
  sgst: d.sgst,
  igst: d.igst,
  total: d.total,
  cgstRate: d.cgstRate,
  sgstRate: d.sgstRate,
  igstRate: d.igstRate,
  buyer: { name: d.buyer.name, businessName: d.buyer.businessName ?? null, gstin: d.buyer.gstin ?? null },
});

export interface Totals {
  count: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

/** B2C supplies grouped by place of supply and rate, credit notes netted (as GSTR-1's b2cs table wants). */
export interface B2csRow extends Totals {
  type: 'intra-state' | 'inter-state';
  placeOfSupply: string;
  rate: number;
}

export interface MonthReport {
  month: string;
  invoices: Totals;
  creditNotes: Totals;
  /** Invoices less credit notes: what the month's return declares. */
  net: Totals;
  b2b: FinanceDocument[];
  b2cs: B2csRow[];
  exports: FinanceDocument[];
  /** Credit notes to registered buyers. */
  cdnr: FinanceDocument[];
  /** Credit notes against exports (unregistered buyers abroad). */
  cdnur: FinanceDocument[];
}

export const zeroTotals = (): Totals => ({ count: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 });

/** Adds a document's figures (taken away with `sign` -1) and `count` documents to a sum. */
export function addToTotals<R extends Totals>(
  into: R,
  doc: Pick<FinanceDocument, 'taxable' | 'cgst' | 'sgst' | 'igst' | 'total'>,
  sign = 1,
  count = 1,
): R {
  into.count += count;
  into.taxable += sign * doc.taxable;
  into.cgst += sign * doc.cgst;
  into.sgst += sign * doc.sgst;
  into.igst += sign * doc.igst;
  into.total += sign * doc.total;
  return into;
}

export const rateOf = (doc: Pick<FinanceDocument, 'igstRate' | 'cgstRate' | 'sgstRate'>) => doc.igstRate + doc.cgstRate + doc.sgstRate;
const byNumber = (a: FinanceDocument, b: FinanceDocument) => a.number.localeCompare(b.number);

/**
 * How many documents the server reads of a month at a time: it folds each page into the report and lets it go. 5,000
 * selected documents are a few MiB; a month of 50,000 is ten pages. With 1,000 a page the emulator, which scans the
 * collection for each page, took 25 s for 48 of the 50 (production reads a page from its index).
 */
export const FINANCE_PAGE = 5000;

/** A month's report being built a page of documents at a time, so that a month of 50,000 invoices is never held whole. */
export interface MonthReportFold {
  report: MonthReport;
  b2cs: Map<string, B2csRow>;
}

export const startMonthReport = (month: string): MonthReportFold => ({
  report: {
    month,
    invoices: zeroTotals(),
    creditNotes: zeroTotals(),
    net: zeroTotals(),
    b2b: [],
    b2cs: [],
    exports: [],
    cdnr: [],
    cdnur: [],
  },
  b2cs: new Map(),
});

/** Adds a page of documents: sums, B2C rows by place and rate, and the documents GSTR-1 lists one by one (B2B, exports). */
export function foldMonthReport(fold: MonthReportFold, documents: readonly FinanceDocument[]): void {
  const { report, b2cs } = fold;
  for (const doc of documents) {
    const credit = doc.kind === 'credit-note';
    addToTotals(credit ? report.creditNotes : report.invoices, doc);
    addToTotals(report.net, doc, credit ? -1 : 1);
    const pos = doc.placeOfSupply;
    if (pos.kind === 'export' || doc.buyer.gstin) foldListed(report, [doc]);
    else {
      const key = `${pos.kind}|${pos.code}|${rateOf(doc)}`;
      const row = b2cs.get(key) ?? { type: pos.kind, placeOfSupply: `${pos.code}-${pos.name}`, rate: rateOf(doc), ...zeroTotals() };
      b2cs.set(key, addToTotals(row, doc, credit ? -1 : 1));
    }
  }
}

/** Adds documents GSTR-1 lists one by one to their tables: exports and their credit notes, a registered buyer's and theirs. */
export function foldListed(report: MonthReport, documents: readonly FinanceDocument[]): void {
  for (const doc of documents) {
    const credit = doc.kind === 'credit-note';
    if (doc.placeOfSupply.kind === 'export') (credit ? report.cdnur : report.exports).push(doc);
    else if (doc.buyer.gstin) (credit ? report.cdnr : report.b2b).push(doc);
  }
}

/** The report once every page is in: the listed documents by number, the B2C rows by place and rate. */
export function finishMonthReport(fold: MonthReportFold): MonthReport {
  const { report } = fold;
  for (const list of [report.b2b, report.exports, report.cdnr, report.cdnur]) list.sort(byNumber);
  report.net.count = report.invoices.count + report.creditNotes.count;
  report.b2cs = [...fold.b2cs.values()].sort((a, b) => a.placeOfSupply.localeCompare(b.placeOfSupply) || a.rate - b.rate);
  return report;
}

/** A month's report from all its documents at once (the fold above, in one page). */
export function monthReport(month: string, documents: readonly FinanceDocument[]): MonthReport {
  const fold = startMonthReport(month);
  foldMonthReport(fold, documents);
  return finishMonthReport(fold);
}

/** Rupees with two decimals, as GSTR-1's offline tool reads them. */
const rs = (paise: number) => (paise / 100).toFixed(2);
const posText = (pos: PlaceOfSupply) => `${pos.code}-${pos.name}`;
const day = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${d}-${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(m) - 1]}-${y}`;
};

/**
 * The month as one CSV: a section per GSTR-1 table with that table's column names (plus the tax
 * amounts, which the portal computes and staff want to check), then the hsn summary and the totals.
 * Every cell passes through csvRow, so a buyer's name cannot become a spreadsheet formula.
 */
export function gstr1Csv(report: MonthReport): string {
  const lines: string[] = [];
  const section = (title: string, header: string[], rows: (string | number)[][]) => {
    lines.push(csvRow([title]), csvRow(header), ...rows.map((row) => csvRow(row)), '');
  };
  const taxes = (d: Pick<FinanceDocument, 'igst' | 'cgst' | 'sgst'>) => [rs(d.igst), rs(d.cgst), rs(d.sgst)];
  section(
    'b2b',
    [
      'GSTIN/UIN of Recipient',
      'Receiver Name',
      'Invoice Number',
      'Invoice date',
      'Invoice Value',
      'Place Of Supply',
      'Reverse Charge',
      'Invoice Type',
      'Rate',
      'Taxable Value',
      'Integrated Tax',
      'Central Tax',
      'State/UT Tax',
    ],
    report.b2b.map((d) => [
      d.buyer.gstin ?? '',
      d.buyer.businessName ?? d.buyer.name,
      d.number,
      day(d.date),
      rs(d.total),
      posText(d.placeOfSupply),
      'N',
      'Regular B2B',
      rateOf(d),
      rs(d.taxable),
      ...taxes(d),
    ]),
  );
  section(
    'b2cs',
    ['Type', 'Place Of Supply', 'Rate', 'Taxable Value', 'Integrated Tax', 'Central Tax', 'State/UT Tax'],
    report.b2cs.map((r) => ['OE', r.placeOfSupply, r.rate, rs(r.taxable), ...taxes(r)]),
  );
  section(
    'exp',
    [
      'Export Type',
      'Invoice Number',
      'Invoice date',
      'Invoice Value',
      'Port Code',
      'Shipping Bill Number',
      'Shipping Bill Date',
      'Rate',
      'Taxable Value',
    ],
    report.exports.map((d) => ['WOPAY', d.number, day(d.date), rs(d.total), '', '', '', 0, rs(d.taxable)]),
  );
  section(
    'cdnr',
    [
      'GSTIN/UIN of Recipient',
      'Receiver Name',
      'Note Number',
      'Note Date',
      'Note Type',
      'Place Of Supply',
      'Reverse Charge',
      'Note Supply Type',
      'Note Value',
      'Rate',
      'Taxable Value',
      'Integrated Tax',
      'Central Tax',
      'State/UT Tax',
      'Against Invoice',
    ],
    report.cdnr.map((d) => [
      d.buyer.gstin ?? '',
      d.buyer.businessName ?? d.buyer.name,
      d.number,
      day(d.date),
      'C',
      posText(d.placeOfSupply),
      'N',
      'Regular B2B',
      rs(d.total),
      rateOf(d),
      rs(d.taxable),
      ...taxes(d),
      d.refersTo?.number ?? '',
    ]),
  );
  section(
    'cdnur',
    ['UR Type', 'Note Number', 'Note Date', 'Note Type', 'Place Of Supply', 'Note Value', 'Rate', 'Taxable Value', 'Against Invoice'],
    report.cdnur.map((d) => [
      'EXPWOP',
      d.number,
      day(d.date),
      'C',
      posText(d.placeOfSupply),
      rs(d.total),
      0,
      rs(d.taxable),
      d.refersTo?.number ?? '',
    ]),
  );
  const net = report.net;
  section(
    'hsn',
    [
      'HSN',
      'Description',
      'UQC',
      'Total Quantity',
      'Total Value',
      'Taxable Value',
      'Integrated Tax Amount',
      'Central Tax Amount',
      'State/UT Tax Amount',
    ],
    report.invoices.count + report.creditNotes.count === 0
      ? []
      : [
          [
            SAC_COACHING,
            'Commercial training and coaching services',
            'OTH-OTHERS',
            report.invoices.count - report.creditNotes.count,
            rs(net.total),
            rs(net.taxable),
            ...taxes(net),
          ],
        ],
  );
  section(
    'totals',
    ['Documents', 'Count', 'Taxable Value', 'Integrated Tax', 'Central Tax', 'State/UT Tax', 'Total Value'],
    [
      ['Invoices', report.invoices.count, rs(report.invoices.taxable), ...taxes(report.invoices), rs(report.invoices.total)],
      [
        'Credit notes',
        report.creditNotes.count,
        rs(report.creditNotes.taxable),
        ...taxes(report.creditNotes),
        rs(report.creditNotes.total),
      ],
      ['Net', net.count, rs(net.taxable), ...taxes(net), rs(net.total)],
    ],
  );
  return lines.join('\r\n');
}
