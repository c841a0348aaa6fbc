import type { TaxDocumentKind } from './tax';

// A tax document's file name, on its own: My Courses' download button needs only this, not the tax tables.

/** The file name a tax document's PDF is saved under, e.g. upskill-invoice-UPS-26-27-000042.pdf. */
export const taxDocumentFilename = (kind: TaxDocumentKind, number: string) =>
  `${kind === 'invoice' ? 'upskill-invoice' : 'upskill-credit-note'}-${number.replace(/\//g, '-')}.pdf`;
