import { type PlaceOfSupply, type TaxDocumentKind } from './tax';
import type { TimestampLike } from '../common';

// GST invoices and credit notes (docs/decisions/0016-gst-invoices.md).
// Part of the stored documents' shapes (documents.ts names the collections and re-exports every shape).

/** The supplier as configured when the document was issued (a later change of address leaves it as it was). */
export interface Supplier {
  legalName: string;
  address: string;
  gstin: string;
  stateCode: string;
  /** The Letter of Undertaking's reference, printed on exports. */
  lut: string;
}

/** The buyer as the document names them. */
export interface Buyer {
  name: string;
  email: string;
  businessName: string | null;
  gstin: string | null;
  /** A state code, or OUTSIDE_INDIA. */
  state: string;
  stateName: string;
  country: string;
}

/**
 * taxDocuments/{invoice_<payment id> | credit_<refund id>}: a tax invoice or a credit note. Its id is
 * the payment or refund it documents, so the transaction that creates it fails for a second reporter;
 * its number is one reserved in invoiceNumbers and marked used in the same transaction.
 */
export interface TaxDocumentDoc<T extends TimestampLike = TimestampLike> {
  kind: TaxDocumentKind;
  number: string;
  /** The financial year ("26-27") and the position in its series (1, 2, …). */
  year: string;
  sequence: number;
  date: string;
  /** YYYY-MM, the month it is reported in. */
  month: string;
  /** The enrollment it documents; null for an organisation's order (`order`). */
  enrollmentId: string | null;
  /** The payment it documents (for an order, the receipt that settled it: a Razorpay payment id or a UTR). */
  paymentId: string;
  refundId: string | null;
  /** A credit note's invoice: its number and date. */
  refersTo: { number: string; date: string } | null;
  supplier: Supplier;
  buyer: Buyer;
  placeOfSupply: PlaceOfSupply;
  sac: string;
  description: string;
  /** Paise. */
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  cgstRate: number;
  sgstRate: number;
  igstRate: number;
  /** An organisation's order (issue 56): seats, the price of one, the buyer's PO number and billing address. */
  order?: OrderInvoiceLines | null;
  /**
   * Discounts given at the time of supply and written on the invoice (a referral discount, referral credits), in
   * paise with tax: `total` is the price after them, and the tax is charged on that (CGST Act s.15(3)(a)).
   */
  discounts?: InvoiceDiscount[] | null;
  /** Why a credit note was issued, when it is not a refund (a course switched before it started: issued again). */
  note?: string | null;
  issuedAt: T;
}

/** One discount on an invoice: what it is and how much it took off (paise, tax included). */
export interface InvoiceDiscount {
  label: string;
  amount: number;
}

/** What a B2B invoice for seats prints besides the figures. */
export interface OrderInvoiceLines {
  orderId: string;
  quantity: number;
  /** One seat, GST included (paise). */
  unitPrice: number;
  poNumber: string | null;
  address: string;
}

export const NUMBER_STATES = ['reserved', 'used', 'free'] as const;
export type NumberState = (typeof NUMBER_STATES)[number];

/**
 * invoiceNumbers/{prefix}_{year}_{sequence}: one per number of a series, created when a request reserves
 * it (a create: two requests cannot both get it), marked used in the transaction that issues its
 * document, or freed for the next document if that transaction did not issue one. So every number up to
 * the highest is used or about to be: no gap, no repeat (docs/decisions/0016).
 */
export interface InvoiceNumberDoc<T extends TimestampLike = TimestampLike> {
  kind: TaxDocumentKind;
  /** "UPS_26-27": the series and its financial year. */
  series: string;
  sequence: number;
  state: NumberState;
  /** The payment or refund it is reserved for. */
  holder: string;
  /** The document that used it. */
  documentId: string | null;
  updatedAt: T;
}
