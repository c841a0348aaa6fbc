import { FieldPath, type DocumentData, type QuerySnapshot } from 'firebase-admin/firestore';
import {
  FINANCE_FIELDS,
  FINANCE_PAGE,
  financeDocument,
  finishMonthReport,
  foldMonthReport,
  startMonthReport,
  type FinanceDocument,
  type MonthReport,
} from '@upskill/domain/finance';
import { withDeadline } from '../http/handler';
import { taxDocuments } from '../invoices/store';
import { noteHeap } from '../platform/usageRecorder';
import { reportMonth } from './reportMonth';

/**
 * The time a month's report may take, within the HTTP function's 30 s: a month of 50,000 documents is ten pages of
 * FINANCE_PAGE, more than the 8 s every other request's reads are held to.
 */
const FINANCE_BUDGET_MS = 25_000;

/**
 * GET /api/staff/finance?month=YYYY-MM: a month's GST invoices and credit notes, summed as GSTR-1 asks. The month is
 * read FINANCE_PAGE (5,000) documents at a time (by id, each page after the last one's id), only the fields the report shows,
 * and each page is folded into the sums and let go: memory holds a page and the documents GSTR-1 lists one by one (B2B,
 * exports), never the month (a 256 MiB function must not hold 50,000 invoices). It was the console's live listener
 * until a busy emulator left that listener without its first snapshot for 30 s: a month's return is read once and
 * downloaded, so a one-time read is what finance needs, and the server sums it where the rules cannot slip.
 */
export async function financeReport(monthParam: string | undefined, currentMonth: string): Promise<MonthReport> {
  const { month } = reportMonth(monthParam, currentMonth);
  const fold = startMonthReport(month);
  const until = Date.now() + FINANCE_BUDGET_MS;
  let after: string | null = null;
  for (;;) {
    // Past the shape check: a selection is part of a document by design, and its fields keep their stored shape.
    const query = taxDocuments()
      .withConverter(null)
      .where('month', '==', month)
      .orderBy(FieldPath.documentId())
      .select(...FINANCE_FIELDS)
      .limit(FINANCE_PAGE);
    const page: QuerySnapshot<DocumentData> = await withDeadline(
      (after ? query.startAfter(after) : query).get(),
      Math.max(0, until - Date.now()),
    );
    foldMonthReport(
      fold,
      page.docs.map((d) => financeDocument(d.data() as FinanceDocument)),
    );
    noteHeap();
    if (page.size < FINANCE_PAGE) break;
    after = page.docs[page.docs.length - 1].id;
  }
  return finishMonthReport(fold);
}
