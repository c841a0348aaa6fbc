import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { COMPANY } from '@upskill/domain/common';
import { formatIndiaDate, formatLongIndiaDate } from '@upskill/domain/batches';
import { formatCertificateCode, type CertificateAnswer } from '@upskill/domain/certificates';

const INK = '#0f172a';
const MUTED = '#475569';
const BRAND = '#2563eb';

/**
 * The certificate as an A4 landscape PDF (pdfkit, docs/decisions/0015): the learner, the course, the batch
 * dates, the instructor, the issue date and the code, and a QR code of its public page drawn as vector
 * squares (sharp at any zoom or print size), so anyone holding the paper can check it.
 */
export function certificatePdf(cert: CertificateAnswer): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 56,
    info: {
      Title: `Certificate of completion: ${cert.course}`,
      Author: COMPANY.legalName,
      Subject: `${cert.name}, ${cert.course}`,
      Keywords: formatCertificateCode(cert.code),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { width, height } = doc.page;
  doc
    .lineWidth(3)
    .strokeColor(BRAND)
    .rect(28, 28, width - 56, height - 56)
    .stroke();
  doc
    .lineWidth(0.75)
    .strokeColor('#cbd5e1')
    .rect(40, 40, width - 80, height - 80)
    .stroke();

  doc
    .fillColor(BRAND)
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(COMPANY.name.toUpperCase(), 0, 84, { align: 'center', characterSpacing: 4 });
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(34).text('Certificate of completion', 0, 120, { align: 'center' });
  doc.fillColor(MUTED).font('Helvetica').fontSize(14).text('This certifies that', 0, 184, { align: 'center' });
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(30)
    .text(cert.name, 60, 210, { align: 'center', width: width - 120 });
  doc.fillColor(MUTED).font('Helvetica').fontSize(14).text('has completed the live, mentor-led course', 0, 262, { align: 'center' });
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(22)
    .text(cert.course, 60, 286, { align: 'center', width: width - 120 });
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(13)
    .text(`Batch of ${formatIndiaDate(cert.startDate)} to ${formatIndiaDate(cert.endDate)}, taught by ${cert.instructor}`, 60, 326, {
      align: 'center',
      width: width - 120,
    });

  // The projects passed, one line each (a long title or link is cut with an ellipsis, never wrapped into the footer).
  if (cert.projects.length > 0) {
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(11)
      .text('Projects passed', 60, 356, { align: 'center', width: width - 120 });
    doc.fillColor(MUTED).font('Helvetica').fontSize(10);
    cert.projects.slice(0, 5).forEach((p, i) =>
      doc.text(`${p.title}: ${p.points} of ${p.outOf} points${p.link ? ` · ${p.link}` : ''}`, 60, 372 + i * 14, {
        align: 'center',
        width: width - 120,
        height: 14,
        ellipsis: true,
        lineBreak: false,
      }),
    );
  }

  const footY = height - 150;
  doc
    .fillColor(INK)
    .font('Helvetica')
    .fontSize(11)
    .text(`Issued on ${formatLongIndiaDate(cert.issuedAt)} by ${COMPANY.legalName}`, 72, footY)
    .text(`Certificate ID ${formatCertificateCode(cert.code)}`, 72, footY + 18)
    .fillColor(BRAND)
    .text(`Verify at ${cert.url}`, 72, footY + 36, { link: cert.url, underline: true });

  // The QR code: the page URL, medium error correction, 3-point modules with a 4-module quiet zone.
  const qr = QRCode.create(cert.url, { errorCorrectionLevel: 'M' });
  const cell = 3;
  const size = qr.modules.size * cell;
  const x = Math.round(width - 72 - size);
  const y = Math.round(height - 72 - size);
  doc.rect(x - 4 * cell, y - 4 * cell, size + 8 * cell, size + 8 * cell).fill('#ffffff');
  for (let row = 0; row < qr.modules.size; row++) {
    for (let col = 0; col < qr.modules.size; col++) if (qr.modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell, cell);
  }
  doc.fill('#000000');
  if (cert.status === 'revoked') {
    doc
      .save()
      .rotate(-20, { origin: [width / 2, height / 2] })
      .fillColor('#b91c1c')
      .opacity(0.35)
      .font('Helvetica-Bold')
      .fontSize(96)
      .text('REVOKED', 0, height / 2 - 50, { align: 'center', width })
      .restore();
  }
  doc.end();
  return done;
}
