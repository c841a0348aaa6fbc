import { Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import type { Buyer, Supplier } from '@upskill/domain/documents';
import {
  OUTSIDE_INDIA, SAC_COACHING, documentNumber, financialYear, indiaDay, indiaMonth, placeOfSupply, seriesId, splitInclusive, splitPart, stateName,
  type TaxDocumentKind, type TaxDocumentSummary,
} from '@upskill/domain/tax';
import type { EnrollmentDoc } from '../enrollment/store';
import { creditNoteId, invoiceId, invoiceSeries, taxDocuments, type InvoiceSeriesDoc } from './store';
import { supplier } from './supplier';

/**
 * Issuing a tax document inside the caller's transaction (docs/decisions/0016): the series counter is
 * read with the transaction's other reads, raised by one and written with the document, so a number is
 * given exactly when its document is created. Two captures at the same moment both read the counter;
 * Firestore lets one commit and retries the other, which then reads the raised value: no gap, no repeat.
 */

export interface SeriesCursor {
  ref: DocumentReference<InvoiceSeriesDoc>;
  kind: TaxDocumentKind;
  year: string;
  last: number;
}

/** The read half: where the series of `kind` stands in the financial year of `atMs`. */
export async function readSeries(tx: Transaction, kind: TaxDocumentKind, atMs: number): Promise<SeriesCursor> {
  const year = financialYear(atMs);
  const ref = invoiceSeries().doc(seriesId(kind, year));
  return { ref, kind, year, last: (await tx.get(ref)).data()?.last ?? 0 };
}

/** The buyer as the invoice names them: the billing details given at the payment step, if any. */
function buyerOf(enrollment: EnrollmentDoc, seller: Supplier): Buyer {
  const billing = enrollment.billing ?? null;
  const state = billing?.state ?? seller.stateCode;
  return {
    name: enrollment.name, email: enrollment.email,
    businessName: billing?.gstin ? billing.businessName : null, gstin: billing?.gstin ?? null,
    state, stateName: state === OUTSIDE_INDIA ? 'Outside India' : stateName(state) ?? state,
    country: state === OUTSIDE_INDIA ? billing?.country ?? '' : 'India',
  };
}

const description = (enrollment: EnrollmentDoc) => `Live online coaching: ${enrollment.planName}, ${enrollment.interestedCourse}`;

interface Issue {
  id: string;
  enrollmentId: string;
  enrollment: EnrollmentDoc;
  paymentId: string;
  refundId: string | null;
  refersTo: { number: string; date: string } | null;
  /** Paise: the price paid (invoice) or refunded (credit note). */
  amount: number;
  /** A credit note takes its invoice's place of supply and proportions; an invoice decides them. */
  invoice: TaxDocumentSummary | null;
  atMs: number;
}

/** The write half: the next number of the cursor's series and its document. */
function issue(tx: Transaction, cursor: SeriesCursor, input: Issue): TaxDocumentSummary {
  const seller = supplier();
  const sequence = cursor.last + 1;
  cursor.last = sequence;
  const number = documentNumber(cursor.kind, cursor.year, sequence);
  const place = input.invoice?.placeOfSupply ?? placeOfSupply(input.enrollment.billing ?? null, seller.stateCode);
  const breakup = input.invoice ? splitPart(input.invoice.breakup, input.amount) : splitInclusive(input.amount, place.kind);
  const date = indiaDay(input.atMs);
  const issuedAt = Timestamp.fromMillis(input.atMs);
  tx.set(cursor.ref, { kind: cursor.kind, year: cursor.year, last: sequence, updatedAt: issuedAt });
  tx.create(taxDocuments().doc(input.id), {
    kind: cursor.kind, number, year: cursor.year, sequence, date, month: indiaMonth(input.atMs),
    enrollmentId: input.enrollmentId, paymentId: input.paymentId, refundId: input.refundId, refersTo: input.refersTo,
    supplier: seller, buyer: buyerOf(input.enrollment, seller), placeOfSupply: place, sac: SAC_COACHING, description: description(input.enrollment),
    ...breakup, issuedAt,
  });
  return { id: input.id, number, date, placeOfSupply: place, breakup };
}

/** The invoice of the payment that pays an enrollment. */
export function issueInvoice(tx: Transaction, cursor: SeriesCursor, enrollmentId: string, enrollment: EnrollmentDoc, paymentId: string, amount: number, atMs: number) {
  return issue(tx, cursor, { id: invoiceId(paymentId), enrollmentId, enrollment, paymentId, refundId: null, refersTo: null, amount, invoice: null, atMs });
}

/** The credit note of a refund of that payment, referring to its invoice. */
export function issueCreditNote(
  tx: Transaction, cursor: SeriesCursor, enrollmentId: string, enrollment: EnrollmentDoc, invoice: TaxDocumentSummary, refund: { id: string; paymentId: string; amount: number }, atMs: number,
) {
  return issue(tx, cursor, {
    id: creditNoteId(refund.id), enrollmentId, enrollment, paymentId: refund.paymentId, refundId: refund.id,
    refersTo: { number: invoice.number, date: invoice.date }, amount: refund.amount, invoice, atMs,
  });
}
