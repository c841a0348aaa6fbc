import { FieldPath, FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import {
  FINANCE_DAY_SHARDS,
  FINANCE_FIELDS,
  financeDayAddition,
  financeDayId,
  financeDaySums,
  financeDocument,
  financeShard,
  type FinanceAmounts,
  type FinanceDayDoc,
  type FinanceDocument,
} from '@upskill/domain/finance';
import { indiaDate } from '@upskill/domain/batches';
import { indiaMonth } from '@upskill/domain/tax';
import { DAY_MS } from '@upskill/domain/common';
import { collection } from '../platform/collections';
import { mergeDoc } from '../platform/writer';
import { withDeadline } from '../http/handler';
import { runTransaction } from '../http/transaction';
import { taxDocuments, type TaxDocumentDoc } from './store';

/**
 * The finance page's sums kept as documents are issued (domain finance/days.ts, issue 59): a tax document's figures
 * added to its day's shard in the transaction that creates it. A document is created once (the transaction's create
 * fails on a second), so its increments land exactly once.
 */
export const financeDays = () => collection('financeDays');

const NONE: FinanceAmounts = { taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 };

/** A document's figures as increments; `count` 0 for the totals of the other kind (so a new shard has both). */
const increments = (amounts: FinanceAmounts, count = 1) => ({
  count: FieldValue.increment(count),
  taxable: FieldValue.increment(amounts.taxable),
  cgst: FieldValue.increment(amounts.cgst),
  sgst: FieldValue.increment(amounts.sgst),
  igst: FieldValue.increment(amounts.igst),
  total: FieldValue.increment(amounts.total),
});

/** Adds tax document `id` to its day's shard (a merge of increments: the shard's other documents stay). */
export function writeFinanceDayEntry(tx: Transaction, id: string, doc: TaxDocumentDoc): void {
  const addition = financeDayAddition(financeDocument(doc));
  const shard = financeShard(id);
  mergeDoc(tx, financeDays().doc(financeDayId(doc.date, shard)), {
    month: doc.month,
    date: doc.date,
    shard,
    invoices: addition.totals === 'invoices' ? increments(addition.amounts) : increments(NONE, 0),
    creditNotes: addition.totals === 'creditNotes' ? increments(addition.amounts) : increments(NONE, 0),
    ...(addition.b2cs ? { b2cs: { [addition.b2cs.key]: { ...addition.b2cs.row, ...increments(addition.b2cs.amounts) } } } : {}),
    updatedAt: doc.issuedAt,
  });
}

/** The India dates of `month` (YYYY-MM), first to last. */
function datesOf(month: string): string[] {
  const [year, m] = month.split('-').map(Number);
  // Noon UTC is the same date in India (UTC+5:30).
  const first = Date.UTC(year, m - 1, 1, 12);
  const dates: string[] = [];
  for (let at = first; indiaMonth(at) === month; at += DAY_MS) dates.push(indiaDate(at));
  return dates;
}

/** The months a repair rebuilds by default: `asOfMs`'s and the one before (whose GSTR-1 is filed by the 11th). */
export function financeMonthsDue(asOfMs: number): string[] {
  const month = indiaMonth(asOfMs);
  const [year, m] = month.split('-').map(Number);
  const before = m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
  return [before, month];
}

/**
 * `npm run jobs -- finance-figures`: a month's day shards rebuilt from its tax documents (documents written around
 * the API, an import, or a sum that drifted). Each day in one transaction that reads the day's shards and the day's
 * documents, so a document issued meanwhile (whose transaction writes one of those shards) lands before the rebuild
 * reads or after it writes: none is lost. A shard with no document has no document.
 */
export async function rebuildFinanceDays(
  months: readonly string[],
  atMs: number,
): Promise<{ months: number; days: number; documents: number; shards: number }> {
  let days = 0;
  let documents = 0;
  let shards = 0;
  for (const month of months) {
    for (const date of datesOf(month)) {
      const counted = await runTransaction(async (tx) => {
        const refs = Array.from({ length: FINANCE_DAY_SHARDS }, (_, shard) => financeDays().doc(financeDayId(date, shard)));
        await tx.getAll(...refs);
        const found = await tx.get(
          taxDocuments()
            .withConverter(null)
            .where('date', '==', date)
            .select(...FINANCE_FIELDS),
        );
        const byShard = refs.map((): FinanceDocument[] => []);
        for (const d of found.docs) byShard[financeShard(d.id)].push(financeDocument(d.data() as FinanceDocument));
        let written = 0;
        byShard.forEach((list, shard) => {
          if (list.length === 0) {
            tx.delete(refs[shard]);
            return;
          }
          const doc: FinanceDayDoc<Timestamp> = { month, date, shard, ...financeDaySums(list), updatedAt: Timestamp.fromMillis(atMs) };
          tx.set(refs[shard], doc);
          written += 1;
        });
        return { documents: found.size, shards: written };
      });
      if (counted.documents > 0) days += 1;
      documents += counted.documents;
      shards += counted.shards;
    }
  }
  return { months: months.length, days, documents, shards };
}

/** The documents of `month` GSTR-1 lists one by one, a page at a time: a registered buyer's, and exports. */
export async function listedDocuments(month: string, pageSize: number): Promise<FinanceDocument[]> {
  const byId = new Map<string, FinanceDocument>();
  const shapes = [
    taxDocuments().withConverter(null).where('month', '==', month).where('buyer.gstin', '>', '').orderBy('buyer.gstin'),
    taxDocuments().withConverter(null).where('month', '==', month).where('placeOfSupply.kind', '==', 'export'),
  ];
  for (const shape of shapes) {
    const query = shape
      .orderBy(FieldPath.documentId())
      .select(...FINANCE_FIELDS)
      .limit(pageSize);
    for (let page = await withDeadline(query.get()); ; page = await withDeadline(query.startAfter(page.docs[page.docs.length - 1]).get())) {
      for (const d of page.docs) byId.set(d.id, financeDocument(d.data() as FinanceDocument));
      if (page.size < pageSize) break;
    }
  }
  return [...byId.values()];
}
