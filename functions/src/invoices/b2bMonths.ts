import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { b2bEntry, type B2bMonthDoc } from '@upskill/domain/organisations';
import { collection } from '../platform/collections';
import type { TaxDocumentDoc } from './store';

/**
 * The console's B2B revenue kept as it happens (domain organisations/figures.ts, issue 59): each B2B tax document's
 * entry in its month's document, written in the transaction that issues the document.
 */
export const b2bMonths = () => collection('b2bMonths');

/** Writes tax document `id`'s entry in its month's document (a merge: the month's other documents stay); nothing for a non-B2B one. */
export function writeB2bMonthEntry(tx: Transaction, id: string, doc: TaxDocumentDoc): void {
  const entry = b2bEntry(doc);
  if (!entry) return;
  tx.set(
    b2bMonths().doc(doc.month),
    { month: doc.month, documents: { [id]: entry }, updatedAt: doc.issuedAt } as unknown as B2bMonthDoc<Timestamp>,
    { merge: true },
  );
}
