import type { TimestampLike } from '../common';
import {
  addToTotals,
  finishMonthReport,
  foldListed,
  rateOf,
  startMonthReport,
  zeroTotals,
  type B2csRow,
  type FinanceDocument,
  type MonthReport,
  type Totals,
} from './finance';

/**
 * financeDays/{YYYY-MM-DD}_{shard}: the finance page's sums kept as documents are issued (issue 59). Each tax document
 * adds its figures to one of its day's FINANCE_DAY_SHARDS documents, in the transaction that creates it, so the page
 * reads at most 31 × FINANCE_DAY_SHARDS small documents for a month's totals and b2cs rows, however many invoices the
 * month has, plus the documents GSTR-1 lists one by one (B2B, exports and their credit notes), which it shows.
 *
 * Why a day and shards: production Firestore sustains about one write a second to one document. A launch sale's 2,000
 * enrollments in an hour is 0.56 invoices a second, and 50 invoices a minute is 0.83: on one month document both are
 * near that limit, which is already spent. Spread over a day's four shards by the document's id, each takes a quarter
 * (0.14 and 0.21 a second). The day also bounds the repair job: it rebuilds a day's shards in one transaction that
 * reads the day's documents (1,700 on an average day of a 50,000-invoice month).
 */
export const FINANCE_DAY_SHARDS = 4;

/**
 * The sums of one shard of one day. `b2cs` is keyed by financeB2csKey, and absent while the shard holds only documents
 * GSTR-1 lists one by one (they add to the totals only).
 */
export interface FinanceDayDoc<T extends TimestampLike = TimestampLike> {
  month: string;
  date: string;
  shard: number;
  invoices: Totals;
  creditNotes: Totals;
  b2cs?: Record<string, B2csRow>;
  updatedAt: T;
}

export const financeDayId = (date: string, shard: number) => `${date}_${shard}`;

/** The shard a document's figures go to: a hash of its id (FNV-1a), so a rebuild puts each where it was issued. */
export function financeShard(documentId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < documentId.length; i++) {
    hash ^= documentId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % FINANCE_DAY_SHARDS;
}

/** Whether GSTR-1 lists the document one by one (an export, or a registered buyer's), rather than summing it in b2cs. */
export const listedInGstr1 = (doc: Pick<FinanceDocument, 'placeOfSupply' | 'buyer'>): boolean =>
  doc.placeOfSupply.kind === 'export' || Boolean(doc.buyer.gstin);

/** A b2cs row's key in a day document: a map key (no dots, which a field path would split). */
export const financeB2csKey = (type: string, code: string, rate: number) => `${type}_${code}_${String(rate).replace('.', 'p')}`;

/** Signed figures, paise: what a document adds to a sum (a credit note takes away from a b2cs row). */
export interface FinanceAmounts {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

/** What one document adds to its day's shard: one to its kind's totals, and, for a B2C document, to its b2cs row. */
export interface FinanceDayAddition {
  totals: 'invoices' | 'creditNotes';
  amounts: FinanceAmounts;
  b2cs: { key: string; row: Pick<B2csRow, 'type' | 'placeOfSupply' | 'rate'>; amounts: FinanceAmounts } | null;
}

const amountsOf = (doc: FinanceAmounts, sign = 1): FinanceAmounts => ({
  taxable: sign * doc.taxable,
  cgst: sign * doc.cgst,
  sgst: sign * doc.sgst,
  igst: sign * doc.igst,
  total: sign * doc.total,
});

export function financeDayAddition(doc: FinanceDocument): FinanceDayAddition {
  const credit = doc.kind === 'credit-note';
  const pos = doc.placeOfSupply;
  return {
    totals: credit ? 'creditNotes' : 'invoices',
    amounts: amountsOf(doc),
    b2cs:
      pos.kind === 'export' || doc.buyer.gstin
        ? null
        : {
            key: financeB2csKey(pos.kind, pos.code, rateOf(doc)),
            row: { type: pos.kind, placeOfSupply: `${pos.code}-${pos.name}`, rate: rateOf(doc) },
            amounts: amountsOf(doc, credit ? -1 : 1),
          },
  };
}

/** A day shard's sums from its documents, as the repair job writes them (what the issuing transactions add up to). */
export function financeDaySums(documents: readonly FinanceDocument[]): Required<Pick<FinanceDayDoc, 'invoices' | 'creditNotes' | 'b2cs'>> {
  const sums = { invoices: zeroTotals(), creditNotes: zeroTotals(), b2cs: {} as Record<string, B2csRow> };
  for (const doc of documents) {
    const addition = financeDayAddition(doc);
    addToTotals(sums[addition.totals], addition.amounts);
    if (addition.b2cs) {
      const row = (sums.b2cs[addition.b2cs.key] ??= { ...addition.b2cs.row, ...zeroTotals() });
      addToTotals(row, addition.b2cs.amounts);
    }
  }
  return sums;
}

/**
 * The month's report from its day documents and its listed documents: the same report monthReport makes from every
 * document (finance.test.ts holds them equal), read in a number of documents that does not grow with B2C sales.
 */
export function monthReportFromDays(
  month: string,
  days: readonly Pick<FinanceDayDoc, 'invoices' | 'creditNotes' | 'b2cs'>[],
  listed: readonly FinanceDocument[],
): MonthReport {
  const { report, b2cs: rows } = startMonthReport(month);
  for (const day of days) {
    addToTotals(report.invoices, day.invoices, 1, day.invoices.count);
    addToTotals(report.creditNotes, day.creditNotes, 1, day.creditNotes.count);
    for (const [key, row] of Object.entries(day.b2cs ?? {})) {
      const into = rows.get(key) ?? { type: row.type, placeOfSupply: row.placeOfSupply, rate: row.rate, ...zeroTotals() };
      addToTotals(into, row, 1, row.count);
      rows.set(key, into);
    }
  }
  addToTotals(report.net, report.invoices, 1, 0);
  addToTotals(report.net, report.creditNotes, -1, 0);
  foldListed(report, listed);
  return finishMonthReport({ report, b2cs: rows });
}
