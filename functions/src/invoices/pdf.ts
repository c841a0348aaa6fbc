import { ToWords } from 'to-words';
import { GST_RATE_PERCENT } from '@upskill/domain/tax';
import { INK, MUTED, a4Page, pdfRupees as rupees } from './pdfDocument';
import type { TaxDocumentDoc } from './store';

const words = new ToWords({ localeCode: 'en-IN', converterOptions: { currency: true, ignoreDecimal: false, ignoreZeroCurrency: false } });
const dateText = (day: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/**
 * A tax invoice or credit note as an A4 PDF (pdfkit), with every particular CGST Rule 46 (invoice) or
 * 53(1A) (credit note) asks for that applies to a supply of services to a consumer or a business.
 * Amounts use "Rs." because the PDF's standard fonts have no ₹ glyph.
 */
export function taxDocumentPdf(doc: TaxDocumentDoc): Promise<Buffer> {
  const credit = doc.kind === 'credit-note';
  const title = credit ? 'Credit Note' : 'Tax Invoice';
  const { pdf, left, width, line, details, done } = a4Page({
    Title: `${title} ${doc.number}`,
    Author: doc.supplier.legalName,
    Subject: doc.description,
  });

  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(20).text(title, left, 48);
  if (doc.placeOfSupply.kind === 'export') {
    pdf
      .font('Helvetica')
      .fontSize(10)
      .fillColor(MUTED)
      .text('Supply meant for export under Letter of Undertaking without payment of integrated tax', left, 74, { width });
  }
  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(11).text(doc.supplier.legalName, left, 100);
  pdf
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(doc.supplier.address, left, 116, { width: width / 2 })
    .text(`GSTIN: ${doc.supplier.gstin}`, left, pdf.y + 2);

  const meta: [string, string][] = [
    [credit ? 'Credit note no.' : 'Invoice no.', doc.number],
    [credit ? 'Credit note date' : 'Invoice date', dateText(doc.date)],
    ...(doc.refersTo ? [['Against invoice', `${doc.refersTo.number} of ${dateText(doc.refersTo.date)}`] as [string, string]] : []),
    [
      'Place of supply',
      doc.placeOfSupply.kind === 'export'
        ? `${doc.placeOfSupply.name} (outside India)`
        : `${doc.placeOfSupply.name} (state code ${doc.placeOfSupply.code})`,
    ],
    ['Reverse charge', 'No'],
  ];
  let y = details(meta, 100);

  y = Math.max(y, pdf.y) + 16;
  line(y);
  pdf
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(INK)
    .text(credit ? 'Issued to' : 'Billed to', left, y + 10);
  pdf
    .font('Helvetica')
    .fillColor(INK)
    .text(doc.buyer.businessName ?? doc.buyer.name, left, pdf.y + 2);
  if (doc.buyer.businessName && doc.buyer.name !== doc.buyer.businessName) pdf.fillColor(MUTED).text(`Attn. ${doc.buyer.name}`);
  // An organisation's order prints its billing address (IGST Act s.12: the recipient's state is the place of supply).
  if (doc.order) pdf.fillColor(MUTED).text(doc.order.address, { width: width / 2 });
  pdf
    .fillColor(MUTED)
    .text(doc.buyer.email)
    .text(
      doc.buyer.country === 'India'
        ? `${doc.buyer.stateName}, India (state code ${doc.buyer.state})`
        : doc.buyer.country || doc.buyer.stateName,
    )
    .text(doc.buyer.gstin ? `GSTIN: ${doc.buyer.gstin}` : 'Unregistered (no GSTIN)');

  y = pdf.y + 18;
  line(y);
  const cols = [left, left + 250, left + 320, left + width - 110];
  pdf
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(INK)
    .text('Description', cols[0], y + 8)
    .text('SAC', cols[1], y + 8)
    .text('Qty', cols[2], y + 8)
    .text(credit ? 'Value credited' : 'Taxable value', cols[3], y + 8, { width: 110, align: 'right' });
  y += 26;
  pdf.font('Helvetica').fillColor(INK).text(doc.description, cols[0], y, { width: 240 });
  const rowEnd = pdf.y;
  pdf
    .text(doc.sac, cols[1], y)
    .text(String(doc.order?.quantity ?? 1), cols[2], y)
    .text(rupees(doc.taxable), cols[3], y, { width: 110, align: 'right' });
  y = Math.max(rowEnd, y + 14) + 10;
  if (doc.discounts && doc.discounts.length > 0) {
    // A discount given at the time of supply and shown here reduces the value the tax is charged on (CGST Act s.15(3)(a)).
    const before = doc.total + doc.discounts.reduce((sum, d) => sum + d.amount, 0);
    pdf.fillColor(MUTED).text(`Price before discounts ${rupees(before)}, GST included`, cols[0], y, { width });
    for (const discount of doc.discounts) pdf.text(`Less ${discount.label}: ${rupees(discount.amount)}`, cols[0], pdf.y + 2, { width });
    pdf.text('GST is charged on the price after these discounts. A learning credit is a discount, not a payment.', cols[0], pdf.y + 2, {
      width,
    });
    y = pdf.y + 10;
  }
  if (doc.order) {
    pdf
      .fillColor(MUTED)
      .text(`${doc.order.quantity} seats at ${rupees(doc.order.unitPrice)} each, GST included`, cols[0], y, { width })
      .text(doc.order.poNumber ? `Buyer's PO number: ${doc.order.poNumber}` : 'No purchase order number given', cols[0], pdf.y + 2, {
        width,
      });
    y = pdf.y + 10;
  }
  line(y);

  const rows: [string, number][] = [['Taxable value', doc.taxable]];
  if (doc.placeOfSupply.kind === 'intra-state') rows.push([`CGST @ ${doc.cgstRate}%`, doc.cgst], [`SGST @ ${doc.sgstRate}%`, doc.sgst]);
  else if (doc.placeOfSupply.kind === 'inter-state') rows.push([`IGST @ ${doc.igstRate}%`, doc.igst]);
  else rows.push([`IGST @ 0% (zero-rated export; ${GST_RATE_PERCENT}% not charged under LUT ${doc.supplier.lut})`, 0]);
  y += 8;
  for (const [label, value] of rows) {
    pdf
      .font('Helvetica')
      .fillColor(MUTED)
      .text(label, left, y, { width: width - 120 });
    pdf.fillColor(INK).text(rupees(value), left + width - 110, y, { width: 110, align: 'right' });
    y = Math.max(pdf.y, y + 14) + 2;
  }
  line(y + 4);
  pdf
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor(INK)
    .text(credit ? 'Total credited' : 'Total', left, y + 12)
    .text(rupees(doc.total), left + width - 160, y + 12, { width: 160, align: 'right' });
  pdf
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(`In words: ${words.convert(doc.total / 100)}`, left, y + 32, { width });
  pdf.text('Tax payable on reverse charge: No.', left, pdf.y + 4);
  if (credit)
    pdf.text(
      doc.note ?? 'Issued for a refund of the supply invoiced above; the tax credited reduces the tax on that invoice.',
      left,
      pdf.y + 4,
      { width },
    );
  // An invoice's note says how it was paid when that took more than one payment (a dearer course switched to).
  else if (doc.note) pdf.text(doc.note, left, pdf.y + 4, { width });

  pdf
    .fontSize(9)
    .text(`Issued electronically by ${doc.supplier.legalName}, ${doc.supplier.address}.`, left, pdf.page.height - 90, { width });
  pdf.end();
  return done;
}
