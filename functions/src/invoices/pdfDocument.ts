import PDFDocument from 'pdfkit';
import { formatPaise } from '@upskill/domain/tax';

/** The documents' three colours: text, secondary text, and rules. */
export const INK = '#0f172a';
export const MUTED = '#475569';
const RULE = '#cbd5e1';
const MARGIN = 48;

/** Money as the PDFs print it: "Rs." because their standard fonts have no ₹ glyph. */
export const pdfRupees = (paise: number) => `Rs. ${formatPaise(paise)}`;

/** An A4 page being written, its text column, and the buffer it becomes once `pdf.end()` is called. */
export interface A4Page {
  pdf: PDFKit.PDFDocument;
  /** The column's left edge and width, inside 48 pt margins. */
  left: number;
  width: number;
  /** A thin rule across the column at `y`. */
  line: (y: number) => void;
  /** Label and value pairs stacked in the right half from `y`; returns where the next line goes. */
  details: (rows: readonly (readonly [string, string])[], y: number) => number;
  done: Promise<Buffer>;
}

/** A new A4 document (pdfkit) with its title and author, as tax invoices, credit notes and quotes are laid out. */
export function a4Page(info: { Title: string; Author: string; Subject?: string }): A4Page {
  const pdf = new PDFDocument({ size: 'A4', margin: MARGIN, info });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const left = MARGIN;
  const width = pdf.page.width - 2 * MARGIN;
  const line = (y: number) => {
    pdf
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.75)
      .strokeColor(RULE)
      .stroke();
  };
  const details = (rows: readonly (readonly [string, string])[], from: number) => {
    const x = left + width / 2 + 20;
    let y = from;
    for (const [label, value] of rows) {
      pdf.font('Helvetica').fontSize(10).fillColor(MUTED).text(label, x, y, { width: 100 });
      pdf.fillColor(INK).text(value, x + 100, y, { width: width / 2 - 120 });
      y = Math.max(pdf.y, y + 14) + 2;
    }
    return y;
  };
  return { pdf, left, width, line, details, done };
}
