import { FINANCE_FIELDS, financeDocument, monthReport, type FinanceDocument, type MonthReport } from '@upskill/domain/finance';
import { withDeadline } from '../http/handler';
import { taxDocuments } from '../invoices/store';
import { reportMonth } from './reportMonth';

/**
 * GET /api/staff/finance?month=YYYY-MM: a month's GST invoices and credit notes, summed as GSTR-1 asks. One query
 * read at a single moment, the month's documents and only the fields the report shows. It was the console's live
 * listener until a busy emulator left that listener without its first snapshot for 30 s: a month's return is read
 * once and downloaded, so a one-time read is what finance needs, and the server sums it where the rules cannot slip.
 */
export async function financeReport(monthParam: string | undefined, currentMonth: string): Promise<MonthReport> {
  const { month } = reportMonth(monthParam, currentMonth);
  const snap = await withDeadline(
    // Past the shape check: a selection is part of a document by design, and its fields keep their stored shape.
    taxDocuments()
      .withConverter(null)
      .where('month', '==', month)
      .select(...FINANCE_FIELDS)
      .get(),
  );
  return monthReport(
    month,
    snap.docs.map((d) => financeDocument(d.data() as FinanceDocument)),
  );
}
