import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { purchaseTitle } from '@upskill/domain/enrollment';
import { formatRupees } from '@upskill/domain/common';
import { indiaDate } from '@upskill/domain/batches';
import type { Buyer, Supplier } from '@upskill/domain/records';
import {
  OUTSIDE_INDIA,
  SAC_COACHING,
  documentNumber,
  indiaMonth,
  placeOfSupply,
  splitInclusive,
  splitPart,
  stateName,
  type PlaceOfSupply,
  type TaxBreakup,
  type TaxDocumentSummary,
} from '@upskill/domain/tax';
import type { EnrollmentDoc } from '../enrollment/store';
import type { Numbers } from './numbers';
import { writeB2bMonthEntry } from './b2bMonths';
import { writeFinanceDayEntry } from './financeDays';
import { creditNoteId, invoiceId, taxDocuments, type TaxDocumentDoc } from './store';
import { supplier } from './supplier';
import { invoiceDiscounts } from '../referrals/capture';

/**
 * Issuing a tax document inside the caller's transaction: the number reserved for it (numbers.ts) is
 * marked used and the document created in the same commit, so a number is used exactly when its
 * document exists.
 */

/** The buyer as the invoice names them: the billing details given at the payment step, if any. */
function buyerOf(enrollment: EnrollmentDoc, seller: Supplier): Buyer {
  const billing = enrollment.billing ?? null;
  const state = billing?.state ?? seller.stateCode;
  return {
    name: enrollment.name,
    email: enrollment.email,
    businessName: billing?.gstin ? billing.businessName : null,
    gstin: billing?.gstin ?? null,
    state,
    stateName: state === OUTSIDE_INDIA ? 'Outside India' : (stateName(state) ?? state),
    country: state === OUTSIDE_INDIA ? (billing?.country ?? '') : 'India',
  };
}

const description = (enrollment: EnrollmentDoc) => `Live online coaching: ${purchaseTitle(enrollment)}`;

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
  /** Why a credit note that is not a refund was issued. */
  note?: string;
}

/** The document, numbered with the reservation of its kind. */
function issue(tx: Transaction, numbers: Numbers, kind: 'invoice' | 'credit-note', input: Issue): TaxDocumentSummary {
  const seller = supplier();
  const { year, sequence } = numbers.take(tx, kind, input.id);
  const number = documentNumber(kind, year, sequence);
  const place = input.invoice?.placeOfSupply ?? placeOfSupply(input.enrollment.billing ?? null, seller.stateCode);
  const breakup = input.invoice ? splitPart(input.invoice.breakup, input.amount) : splitInclusive(input.amount, place.kind);
  const date = indiaDate(input.atMs);
  const issuedAt = Timestamp.fromMillis(input.atMs);
  const discounts = kind === 'invoice' ? invoiceDiscounts(input.enrollment) : [];
  const doc: TaxDocumentDoc = {
    kind,
    number,
    year,
    sequence,
    date,
    month: indiaMonth(input.atMs),
    enrollmentId: input.enrollmentId,
    paymentId: input.paymentId,
    refundId: input.refundId,
    refersTo: input.refersTo,
    supplier: seller,
    buyer: buyerOf(input.enrollment, seller),
    placeOfSupply: place,
    sac: SAC_COACHING,
    description: description(input.enrollment),
    ...breakup,
    // A referral discount or credits, written on the invoice they reduced (the tax is on the price after them).
    ...(discounts.length > 0 ? { discounts } : {}),
    ...(input.note ? { note: input.note } : {}),
    issuedAt,
  };
  tx.create(taxDocuments().doc(input.id), doc);
  // The finance page's sums for its day, in the same transaction.
  writeFinanceDayEntry(tx, input.id, doc);
  return { id: input.id, number, date, placeOfSupply: place, breakup };
}

/** The invoice of the payment that pays an enrollment. */
export function issueInvoice(
  tx: Transaction,
  numbers: Numbers,
  enrollmentId: string,
  enrollment: EnrollmentDoc,
  paymentId: string,
  amount: number,
  atMs: number,
) {
  return issue(tx, numbers, 'invoice', {
    id: invoiceId(paymentId),
    enrollmentId,
    enrollment,
    paymentId,
    refundId: null,
    refersTo: null,
    amount,
    invoice: null,
    atMs,
  });
}

/** The credit note of a refund of that payment, referring to its invoice. */
export function issueCreditNote(
  tx: Transaction,
  numbers: Numbers,
  enrollmentId: string,
  enrollment: EnrollmentDoc,
  invoice: TaxDocumentSummary,
  refund: { id: string; paymentId: string; amount: number },
  atMs: number,
) {
  return issue(tx, numbers, 'credit-note', {
    id: creditNoteId(refund.id),
    enrollmentId,
    enrollment,
    paymentId: refund.paymentId,
    refundId: refund.id,
    refersTo: { number: invoice.number, date: invoice.date },
    amount: refund.amount,
    invoice,
    atMs,
  });
}

/**
 * A course switched before it started (switching/): the supply changed, so the invoice that named the old course is
 * cancelled by a credit note for its whole value and the new course is invoiced afresh, both in the switch's
 * transaction: for the same amount, less a cheaper course's refunded difference, or plus a dearer course's difference
 * paid by its own payment (named in the invoice's note). Their ids count the enrollment's switches, so each switch
 * issues them once.
 */
export function issueSwitchDocuments(
  tx: Transaction,
  numbers: Numbers,
  enrollmentId: string,
  before: EnrollmentDoc,
  after: EnrollmentDoc,
  invoice: TaxDocumentSummary,
  paymentId: string,
  switchNumber: number,
  atMs: number,
  /** Paise given back (a cheaper course) or paid on top (a dearer one, with the payment that paid it); the new invoice is for the old total less or plus it. */
  difference: { refundPaise: number } | { topUpPaise: number; topUpPaymentId: string; earlierPaymentIds: string[] } = { refundPaise: 0 },
): { creditNote: TaxDocumentSummary; invoice: TaxDocumentSummary } {
  const refundPaise = 'refundPaise' in difference ? difference.refundPaise : 0;
  const topUpPaise = 'topUpPaise' in difference ? difference.topUpPaise : 0;
  const creditNote = issue(tx, numbers, 'credit-note', {
    id: `credit_switch_${enrollmentId}_${switchNumber}`,
    enrollmentId,
    enrollment: before,
    paymentId,
    refundId: null,
    refersTo: { number: invoice.number, date: invoice.date },
    amount: invoice.breakup.total,
    invoice,
    atMs,
    note:
      refundPaise > 0
        ? `Issued because the learner switched course before it started, to a course at a lower price: the supply is invoiced again under its new description for the new price, and the difference of ${formatRupees(refundPaise / 100)} is refunded to the original payment.`
        : topUpPaise > 0
          ? `Issued because the learner switched course before it started, to a course at a higher price: the supply is invoiced again under its new description for the new price, with the difference of ${formatRupees(topUpPaise / 100)} paid separately; nothing was refunded.`
          : `Issued because the learner switched course before it started, at no cost: the supply is invoiced again under its new description; nothing was refunded.`,
  });
  const reissued = issue(tx, numbers, 'invoice', {
    id: `invoice_switch_${enrollmentId}_${switchNumber}`,
    enrollmentId,
    enrollment: after,
    paymentId,
    refundId: null,
    refersTo: null,
    amount: invoice.breakup.total - refundPaise + topUpPaise,
    invoice: null,
    atMs,
    ...('topUpPaymentId' in difference
      ? {
          note: `The difference of ${formatRupees(topUpPaise / 100)} for this switch was paid by ${difference.topUpPaymentId}; the rest of the price by this enrollment's earlier payment${difference.earlierPaymentIds.length > 1 ? 's' : ''} (${difference.earlierPaymentIds.join(', ')}).`,
        }
      : {}),
  });
  return { creditNote, invoice: reissued };
}

/** What an organisation's order invoice is issued from (organisations/ reads and passes it; nothing here reads). */
export interface OrderInvoiceInput {
  orderId: string;
  /** The receipt that settled the order: a Razorpay payment id or a transfer's UTR. */
  settledBy: string;
  recipient: { legalName: string; address: string; gstin: string | null; state: string; email: string };
  description: string;
  quantity: number;
  unitPrice: number;
  poNumber: string | null;
  tax: TaxBreakup;
  atMs: number;
}

export const orderInvoiceId = (orderId: string) => `invoice_order_${orderId}`;
export const orderCreditNoteId = (orderId: string, n: number) => `credit_order_${orderId}_${n}`;

/**
 * One B2B tax invoice per organisation order (issue 56), from the same series: the recipient's legal name, address
 * and GSTIN, the place of supply of its state, SAC 999293, the seats and the PO number. Its id is the order's, so a
 * second settlement cannot issue another.
 */
export function issueOrderInvoice(tx: Transaction, numbers: Numbers, input: OrderInvoiceInput): TaxDocumentSummary {
  return issueForOrder(tx, numbers, 'invoice', orderInvoiceId(input.orderId), input, null, input.tax);
}

/** A credit note against an order's invoice, for unclaimed seats cancelled before they start. */
export function issueOrderCreditNote(
  tx: Transaction,
  numbers: Numbers,
  id: string,
  input: OrderInvoiceInput,
  invoice: TaxDocumentSummary,
  credited: TaxBreakup,
): TaxDocumentSummary {
  return issueForOrder(
    tx,
    numbers,
    'credit-note',
    id,
    input,
    { number: invoice.number, date: invoice.date },
    credited,
    invoice.placeOfSupply,
  );
}

function issueForOrder(
  tx: Transaction,
  numbers: Numbers,
  kind: 'invoice' | 'credit-note',
  id: string,
  input: OrderInvoiceInput,
  refersTo: { number: string; date: string } | null,
  breakup: TaxBreakup,
  place?: PlaceOfSupply,
): TaxDocumentSummary {
  const seller = supplier();
  const { year, sequence } = numbers.take(tx, kind, id);
  const number = documentNumber(kind, year, sequence);
  const { recipient } = input;
  const placeOf =
    place ??
    placeOfSupply({ state: recipient.state, country: null, gstin: recipient.gstin, businessName: recipient.legalName }, seller.stateCode);
  const date = indiaDate(input.atMs);
  const doc: TaxDocumentDoc = {
    kind,
    number,
    year,
    sequence,
    date,
    month: indiaMonth(input.atMs),
    enrollmentId: null,
    paymentId: input.settledBy,
    refundId: null,
    refersTo,
    supplier: seller,
    buyer: {
      name: recipient.legalName,
      email: recipient.email,
      businessName: recipient.legalName,
      gstin: recipient.gstin,
      state: recipient.state,
      stateName: stateName(recipient.state) ?? recipient.state,
      country: 'India',
    },
    placeOfSupply: placeOf,
    sac: SAC_COACHING,
    description: `Live online coaching: ${input.description}`,
    ...breakup,
    order: {
      orderId: input.orderId,
      quantity: input.quantity,
      unitPrice: input.unitPrice,
      poNumber: input.poNumber,
      address: recipient.address,
    },
    issuedAt: Timestamp.fromMillis(input.atMs),
  };
  tx.create(taxDocuments().doc(id), doc);
  // The finance page's sums for its day, and the console's B2B revenue for the month (an order's document to a
  // registered buyer), in the same transaction.
  writeFinanceDayEntry(tx, id, doc);
  writeB2bMonthEntry(tx, id, doc);
  return { id, number, date, placeOfSupply: placeOf, breakup };
}
