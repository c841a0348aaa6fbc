import { FINANCE_PAGE, monthReportFromDays, type MonthReport } from '@upskill/domain/finance';
import { withDeadline } from '../http/handler';
import { financeDays, listedDocuments } from '../invoices/financeDays';
import { noteHeap } from '../platform/usageRecorder';
import { reportMonth } from './reportMonth';

/**
 * GET /api/staff/finance?month=YYYY-MM: a month's GST invoices and credit notes, summed as GSTR-1 asks. The sums (the
 * totals and the b2cs rows) are read from the month's day documents, kept as each document is issued
 * (invoices/financeDays.ts): at most 31 × FINANCE_DAY_SHARDS of them, however many B2C invoices the month has. The
 * documents GSTR-1 lists one by one (a registered buyer's, exports) are read as the report shows them, FINANCE_PAGE at
 * a time, only the fields it shows. It read the whole month until issue 59 (50,003 documents in the 10x month).
 */
export async function financeReport(monthParam: string | undefined, currentMonth: string): Promise<MonthReport> {
  const { month } = reportMonth(monthParam, currentMonth);
  const [days, listed] = await Promise.all([
    withDeadline(financeDays().where('month', '==', month).get()),
    listedDocuments(month, FINANCE_PAGE),
  ]);
  noteHeap();
  return monthReportFromDays(
    month,
    days.docs.map((d) => d.data()),
    listed,
  );
}
