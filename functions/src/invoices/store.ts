import { collection, type Stored } from '../platform/collections';

export type TaxDocumentDoc = Stored<'taxDocuments'>;
export type InvoiceSeriesDoc = Stored<'invoiceSeries'>;

export const taxDocuments = () => collection('taxDocuments');
export const invoiceSeries = () => collection('invoiceSeries');

/** A document's id is what it documents: one invoice per payment, one credit note per refund. */
export const invoiceId = (paymentId: string) => `invoice_${paymentId}`;
export const creditNoteId = (refundId: string) => `credit_${refundId}`;
