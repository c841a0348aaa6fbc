import { collection, type Stored } from '../platform/collections';

export type TaxDocumentDoc = Stored<'taxDocuments'>;
export type InvoiceNumberDoc = Stored<'invoiceNumbers'>;

export const taxDocuments = () => collection('taxDocuments');
export const invoiceNumbers = () => collection('invoiceNumbers');

/** A document's id is what it documents: one invoice per payment, one credit note per refund. */
export const invoiceId = (paymentId: string) => `invoice_${paymentId}`;
export const creditNoteId = (refundId: string) => `credit_${refundId}`;
export const numberId = (series: string, sequence: number) => `${series}_${String(sequence).padStart(6, '0')}`;
