import { AggregateField, Timestamp } from 'firebase-admin/firestore';
import { b2bByMonth, b2bEntry, b2bMonthsShown, type StaffOrganisations } from '@upskill/domain/organisations';
import { rebuildFigurePeriods } from '../http/figureWeeks';
import { b2bMonths } from '../invoices/b2bMonths';
import { taxDocuments } from '../invoices/store';
import { readById } from '../platform/readById';
import { seatOrders } from './store';

/**
 * The Organisations tab's money figures, read in a bounded number of documents however many orders there are (issue
 * 59): B2B revenue from the shown months' b2bMonths documents (kept by invoices/b2bMonths.ts as each B2B document is
 * issued), and the TDS receivable as one sum over the orders whose TDS certificate has not arrived.
 */
export async function b2bFigures(nowMs: number): Promise<Pick<StaffOrganisations, 'b2bByMonth' | 'tdsReceivable'>> {
  const [months, receivable] = await Promise.all([
    readById(b2bMonthsShown(nowMs).map((month) => b2bMonths().doc(month))),
    seatOrders()
      .where('tds.certificate', '==', null)
      .aggregate({ amount: AggregateField.sum('tds.amount') })
      .get(),
  ]);
  return { b2bByMonth: b2bByMonth(months), tdsReceivable: receivable.data().amount ?? 0 };
}

/**
 * `npm run jobs -- b2b-figures`: the shown months rebuilt from the orders' tax documents (documents written around the
 * API, or a figure that drifted). Each month in a transaction that reads its document and the month's order documents,
 * so a document issued meanwhile (whose own transaction writes the same month) lands before the rebuild reads or after
 * it writes: none is lost. A month with no B2B document has no document.
 */
export async function rebuildB2bMonths(asOfMs: number): Promise<{ months: number; documents: number; entries: number }> {
  const months = b2bMonthsShown(asOfMs);
  const rebuilt = await rebuildFigurePeriods(months, asOfMs, {
    ref: (month) => b2bMonths().doc(month),
    records: (month) => taxDocuments().where('month', '==', month).where('order.orderId', '>', ''),
    entry: (d) => b2bEntry(d.data()),
    doc: (month, documents, atMs) => ({ month, documents, updatedAt: Timestamp.fromMillis(atMs) }),
  });
  return { months: months.length, ...rebuilt };
}
