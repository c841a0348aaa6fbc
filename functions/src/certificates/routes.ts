import { FieldValue } from 'firebase-admin/firestore';
import { normalizeCertificateCode, type CertificateAnswer } from '@upskill/domain/certificates';
import { certificateVisibilitySchema } from '@upskill/domain/schemas';
import { HttpError } from '../http/errors';
import { jsonEndpoint, withDeadline } from '../http/handler';
import { enforceRateLimit } from '../http/rateLimit';
import { allowMethods, bearerToken, pathSegment, readJsonObject, type HttpRequest, type HttpResponse } from '../http/request';
import { validateBody } from '../http/validate';
import { db } from '../platform/database';
import { verifyIdToken } from '../platform/identity';
import { SITE_URL } from '../platform/mailer';
import { ownedBy } from '../enrollment/access';
import { enrollments } from '../enrollment/store';
import { certificatePage, notFoundPage } from './page';
import { certificates, publicCertificate } from './store';

/** Read for a code that cannot exist, so a malformed code costs the same database read as an unknown one. */
const NO_CODE = '000000000000';
const notFound = () => new HttpError('not-found', 'No certificate with this ID.');

/**
 * The certificate a path names, or null. Malformed and unknown codes take the same path (one read of one
 * document) and end in the same answer, so neither the message nor the time tells a guesser anything.
 */
async function lookUp(raw: string, site: string): Promise<CertificateAnswer | null> {
  // Any text decodes here; the code's own rules (normalizeCertificateCode) decide what it may be.
  const code = normalizeCertificateCode(pathSegment(raw, /^/) ?? '');
  const snap = await withDeadline(certificates().doc(code ?? NO_CODE).get());
  const cert = code ? snap.data() : undefined;
  return code && cert ? publicCertificate(code, cert, site) : null;
}

/** Public, for a minute at the CDN: a revocation shows within a minute everywhere. */
function cacheable(res: HttpResponse, indexable: boolean) {
  res.set('Cache-Control', 'public, max-age=0, s-maxage=60');
  if (!indexable) res.set('X-Robots-Tag', 'noindex');
}

function sendHtml(res: HttpResponse, status: number, html: string, indexable: boolean) {
  cacheable(res, indexable);
  res.set('Content-Type', 'text/html; charset=utf-8');
  res.status(status).send(html);
}

/** POST /api/certificates/{code}/visibility {public}: only the learner it was issued to. */
async function setVisibility(req: HttpRequest, raw: string) {
  const token = bearerToken(req);
  if (!token) throw new HttpError('unauthenticated', 'Sign in to change your certificate.');
  const caller = await verifyIdToken(token);
  const input = await validateBody(certificateVisibilitySchema, readJsonObject(req), 'Say public or private.');
  const code = normalizeCertificateCode(raw);
  if (!code) throw notFound();
  await withDeadline(db().runTransaction(async (tx) => {
    const cert = (await tx.get(certificates().doc(code))).data();
    if (!cert) throw notFound();
    const enrollment = (await tx.get(enrollments().doc(cert.enrollmentId))).data();
    if (!enrollment || !ownedBy(caller, enrollment)) throw new HttpError('permission-denied', 'Only the person this certificate was issued to can change it.');
    tx.update(certificates().doc(code), { public: input.public });
    tx.update(enrollments().doc(cert.enrollmentId), { updatedAt: FieldValue.serverTimestamp() });
  }));
  return { public: input.public };
}

/**
 * Certificates, checkable by anyone:
 *   GET  /certificates/{code}                  the verification page (HTML, no script; noindex unless public)
 *   GET  /certificates/verify?code=…           the page's form: to the certificate's page, or the not-found page
 *   GET  /api/certificates/{code}              the same as JSON
 *   GET  /api/certificates/{code}.pdf          the PDF, with a QR code of the page
 *   POST /api/certificates/{code}/visibility   its owner lets search engines index the page, or not
 */
export const handleCertificates = jsonEndpoint('certificates', async (req, res) => {
  const site = SITE_URL.value();
  const path = req.path.replace(/\/$/, '');
  const visibility = /\/api\/certificates\/([^/]+)\/visibility$/.exec(path);
  if (visibility) {
    allowMethods(req, ['POST']);
    await enforceRateLimit('learning', req);
    res.status(200).json(await setVisibility(req, visibility[1]));
    return;
  }
  allowMethods(req, ['GET']);
  await enforceRateLimit('certificate', req);
  if (/\/certificates\/verify$/.test(path)) {
    const code = typeof req.query.code === 'string' ? normalizeCertificateCode(req.query.code) : null;
    if (code) {
      res.set('Location', `/certificates/${code}`);
      res.set('Cache-Control', 'private, no-store');
      res.status(302).send('');
    } else {
      sendHtml(res, 404, notFoundPage(site), false);
    }
    return;
  }
  const api = /\/api\/certificates\/([^/]+?)(\.pdf)?$/.exec(path);
  if (api) {
    const cert = await lookUp(api[1], site);
    if (!cert) throw notFound();
    cacheable(res, cert.public && cert.status === 'valid');
    if (api[2]) {
      res.set('Content-Type', 'application/pdf');
      res.set('Content-Disposition', `inline; filename="upskill-certificate-${cert.code}.pdf"`);
      // pdfkit and qrcode load on the first PDF only, not on every cold start (see invoices/download.ts).
      const { certificatePdf } = await import('./pdf');
      res.status(200).send(await certificatePdf(cert));
    } else {
      res.status(200).json(cert);
    }
    return;
  }
  const page = /\/certificates\/([^/]+)$/.exec(path);
  if (!page) throw notFound();
  const cert = await lookUp(page[1], site);
  if (cert) sendHtml(res, 200, certificatePage(cert, site), cert.public && cert.status === 'valid');
  else sendHtml(res, 404, notFoundPage(site), false);
});
