import type { TimestampLike } from '../common';
import { indiaMonth, type TaxDocumentDoc } from '../tax';
import type { StaffOrganisations } from './api';

/** How many months of B2B revenue the console shows: this one and the eleven before it. */
export const B2B_MONTHS_SHOWN = 12;

/** One B2B tax document's share of its month, paise: an invoice's taxable value and total, a credit note's negative. */
export interface B2bEntry {
  taxable: number;
  total: number;
}

/**
 * b2bMonths/{YYYY-MM}: the console's B2B revenue for a month, kept as it happens (issue 59). An entry per tax document
 * of an organisation's order to a registered buyer (a GSTIN on the document), by the document's id, written in the
 * transaction that issues it: the console reads B2B_MONTHS_SHOWN documents by id however many orders there are (it
 * summed the newest 200 orders, and was short past them). `npm run jobs -- b2b-figures` rebuilds the shown months
 * from the tax documents. A tax document is never changed or removed once issued, so an entry is never taken back.
 */
export interface B2bMonthDoc<T extends TimestampLike = TimestampLike> {
  month: string;
  documents: Record<string, B2bEntry>;
  updatedAt: T;
}

/** What a tax document adds to its month's B2B revenue, or null when it is not an order's document to a registered buyer. */
export function b2bEntry(doc: Pick<TaxDocumentDoc, 'kind' | 'order' | 'buyer' | 'taxable' | 'total'>): B2bEntry | null {
  if (!doc.order || !doc.buyer.gstin) return null;
  const sign = doc.kind === 'credit-note' ? -1 : 1;
  return { taxable: sign * doc.taxable, total: sign * doc.total };
}

/** The months the console shows, oldest first, ending with `nowMs`'s month in India: also their documents' ids. */
export function b2bMonthsShown(nowMs: number): string[] {
  const [year, month] = indiaMonth(nowMs).split('-').map(Number);
  return Array.from({ length: B2B_MONTHS_SHOWN }, (_, i) => {
    const back = B2B_MONTHS_SHOWN - 1 - i;
    const index = year * 12 + (month - 1) - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/** The console's B2B revenue by month from the shown months' documents: the months with a document, oldest first. */
export function b2bByMonth(docs: Pick<B2bMonthDoc, 'month' | 'documents'>[]): StaffOrganisations['b2bByMonth'] {
  return docs
    .map(({ month, documents }) => {
      const entries = Object.values(documents);
      return {
        month,
        taxable: entries.reduce((sum, e) => sum + e.taxable, 0),
        total: entries.reduce((sum, e) => sum + e.total, 0),
      };
    })
    .sort((a, b) => a.month.localeCompare(b.month));
}
