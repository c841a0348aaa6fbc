import { QUOTE_VALID_DAYS, TDS_PERCENT, TDS_SECTION, seatDescription } from '@upskill/domain/organisations';
import type { Supplier } from '@upskill/domain/records';
import { INK, MUTED, a4Page, pdfRupees as rupees } from '../invoices/pdfDocument';
import { orderReference, type OrganisationDoc, type SeatOrderDoc } from './store';

const day = (ms: number) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date(ms));

/**
 * A quote as an A4 PDF (pdfkit): who it is for, the seats, the price of one after the volume discount, GST as it
 * will be invoiced, the total, how long it holds, the buyer's PO number, and how to pay (online, or by transfer, net
 * of TDS if they deduct it). "Rs." because the PDF's standard fonts have no ₹ glyph.
 */
export function quotePdf(id: string, order: SeatOrderDoc, organisation: OrganisationDoc, seller: Supplier): Promise<Buffer> {
  const reference = orderReference(id);
  const { pdf, left, width, line, details, done } = a4Page({ Title: `Quote ${reference}`, Author: seller.legalName });

  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(20).text('Quote', left, 48);
  pdf.font('Helvetica-Bold').fontSize(11).text(seller.legalName, left, 84);
  pdf
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(seller.address, left, 100, { width: width / 2 })
    .text(`GSTIN: ${seller.gstin}`);
  let y = details(
    [
      ['Quote no.', reference],
      ['Date', day(order.createdAt.toMillis())],
      ['Valid until', day(order.validUntil.toMillis())],
      ['Your PO number', order.poNumber ?? 'None given'],
    ],
    84,
  );
  y = Math.max(y, pdf.y) + 16;
  line(y);
  pdf
    .font('Helvetica-Bold')
    .fillColor(INK)
    .text('For', left, y + 10);
  pdf
    .font('Helvetica')
    .text(organisation.legalName, left, pdf.y + 2)
    .fillColor(MUTED)
    .text(organisation.address, { width: width / 2 })
    .text(organisation.gstin ? `GSTIN: ${organisation.gstin}` : 'Unregistered (no GSTIN)');
  y = pdf.y + 18;
  line(y);
  const description = seatDescription(order.subject, order.seats, order.batchLabel);
  const rows: [string, string][] = [
    ['What', description],
    ['Seats', String(order.seats)],
    ['List price of one seat', rupees(order.listSeatPrice)],
    [`Price of one seat (${order.percentOff}% off for ${order.seats} seats)`, rupees(order.seatPrice)],
    ['Taxable value', rupees(order.tax.taxable)],
    ...(order.supply === 'intra-state'
      ? ([
          [`CGST @ ${order.tax.cgstRate}%`, rupees(order.tax.cgst)],
          [`SGST @ ${order.tax.sgstRate}%`, rupees(order.tax.sgst)],
        ] as [string, string][])
      : ([[`IGST @ ${order.tax.igstRate}%`, rupees(order.tax.igst)]] as [string, string][])),
  ];
  y += 10;
  for (const [label, value] of rows) {
    pdf
      .font('Helvetica')
      .fillColor(MUTED)
      .text(label, left, y, { width: width - 180 });
    pdf.fillColor(INK).text(value, left + width - 170, y, { width: 170, align: 'right' });
    y = Math.max(pdf.y, y + 14) + 2;
  }
  line(y + 4);
  pdf
    .font('Helvetica-Bold')
    .fontSize(12)
    .text('Total', left, y + 12)
    .text(rupees(order.tax.total), left + width - 170, y + 12, { width: 170, align: 'right' });
  pdf
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      `This quote holds for ${QUOTE_VALID_DAYS} days. Pay it online from your team page, or by bank transfer quoting ${reference}. If you deduct TDS under section ${TDS_SECTION}, deduct at most ${TDS_PERCENT}% of the taxable value (${rupees(order.tdsAllowed)}) and send us the certificate.`,
      left,
      y + 40,
      { width },
    )
    .text(
      'One GST tax invoice is issued when the order is paid in full, to the details above. Tax payable on reverse charge: No.',
      left,
      pdf.y + 6,
      {
        width,
      },
    );
  pdf.end();
  return done;
}
