import { normalizeCertificateCode } from '@upskill/domain/certificates';
import { certificateNotFound, certificateRecord, lookUpCertificate, setCertificateVisibility } from '../certificates/lookup';
import { certificatePage, notFoundPage } from '../certificates/page';
import type { HttpResponse } from '../http/request';
import { routeTable, type Route } from '../http/routes';
import { HttpError } from '../http/errors';
import { issuerProfile, publicKey, publicKeySet, signedBadge } from '../certificates/badge';
import { SITE_URL } from '../platform/mailer';

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

/** The certificate a code names, for the JSON and the PDF (a 404 otherwise), cacheable as its visibility allows. */
async function publicAnswer(res: HttpResponse, code: string) {
  const cert = await lookUpCertificate(code, SITE_URL.value());
  if (!cert) throw certificateNotFound();
  cacheable(res, cert.public && cert.status === 'valid');
  return cert;
}

const anyone = { kind: 'anyone' } as const;
// Anyone may check a certificate; counting by address is what keeps guessing codes hopeless.
const checks = { action: 'certificate', by: 'router' } as const;
// Malformed and unknown codes take the same path to the same answer (certificates/lookup.ts): no 404 from the router.
const code = { code: 'raw' } as const;

/**
 * Certificates, checkable by anyone:
 *   GET  /certificates/{code}                  the verification page (HTML, no script; noindex unless public)
 *   GET  /certificates/verify?code=…           the page's form: to the certificate's page, or the not-found page
 *   GET  /api/certificates/{code}              the same as JSON
 *   GET  /api/certificates/{code}.pdf          the PDF, with a QR code of the page
 *   POST /api/certificates/{code}/visibility   its owner lets search engines index the page, or shows their work's links
 *   GET  /api/certificates/{code}/badge        the Open Badges 3.0 credential, signed (VC-JWT)
 *   GET  /api/certificates/issuer              the issuer profile the credential names
 *   GET  /api/certificates/keys/{thumbprint}   the public key a credential's `kid` names (JWK)
 *   GET  /.well-known/jwks.json                every public key that signs our credentials (JWKS)
 */
export const CERTIFICATE_ROUTES: readonly Route[] = [
  // Named paths first: a certificate code never spells them (the code alphabet has no I, L, O or U).
  {
    method: 'GET',
    path: '/api/certificates/issuer',
    auth: anyone,
    rateLimit: checks,
    handle: async ({ res }) => {
      res.set('Cache-Control', 'public, max-age=3600');
      res.status(200).json(issuerProfile(SITE_URL.value()));
    },
  },
  {
    method: 'GET',
    path: '/.well-known/jwks.json',
    auth: anyone,
    rateLimit: checks,
    handle: async ({ res }) => {
      res.set('Cache-Control', 'public, max-age=3600');
      res.status(200).json(await publicKeySet(SITE_URL.value()));
    },
  },
  {
    method: 'GET',
    path: '/api/certificates/keys/:thumbprint',
    params: { thumbprint: /^[A-Za-z0-9_-]{43}$/ },
    auth: anyone,
    rateLimit: checks,
    handle: async ({ res, params }) => {
      const key = await publicKey(params.thumbprint, SITE_URL.value());
      if (!key) throw new HttpError('not-found', 'No such key.');
      res.set('Cache-Control', 'public, max-age=3600');
      res.status(200).json(key);
    },
  },
  {
    method: 'GET',
    path: '/api/certificates/:code/badge',
    params: code,
    auth: anyone,
    rateLimit: checks,
    handle: async ({ res, params }) => {
      const found = await certificateRecord(params.code);
      if (!found) throw certificateNotFound();
      if (found.cert.status !== 'valid') throw new HttpError('failed-precondition', 'This certificate is revoked, so it has no badge.');
      res.set('Cache-Control', 'private, no-store');
      res.set('Content-Type', 'application/jwt');
      res.set('Content-Disposition', `attachment; filename="upskill-open-badge-${found.code}.jwt"`);
      res.status(200).send(await signedBadge(found.code, found.cert, SITE_URL.value()));
    },
  },
  {
    method: 'POST',
    path: '/api/certificates/:code/visibility',
    params: code,
    auth: { kind: 'checked-by', who: 'the learner it was issued to' },
    rateLimit: { action: 'learning', by: 'router' },
    handle: async ({ req, res, params }) => void res.status(200).json(await setCertificateVisibility(req, params.code)),
  },
  {
    method: 'GET',
    path: '/certificates/verify',
    auth: anyone,
    rateLimit: checks,
    handle: async ({ req, res }) => {
      const found = typeof req.query.code === 'string' ? normalizeCertificateCode(req.query.code) : null;
      if (found) {
        res.set('Location', `/certificates/${found}`);
        res.set('Cache-Control', 'private, no-store');
        res.status(302).send('');
      } else {
        sendHtml(res, 404, notFoundPage(SITE_URL.value()), false);
      }
    },
  },
  {
    method: 'GET',
    path: '/api/certificates/:code.pdf',
    params: code,
    auth: anyone,
    rateLimit: checks,
    handle: async ({ res, params }) => {
      const cert = await publicAnswer(res, params.code);
      res.set('Content-Type', 'application/pdf');
      res.set('Content-Disposition', `inline; filename="upskill-certificate-${cert.code}.pdf"`);
      // pdfkit and qrcode load on the first PDF only, not on every cold start (see invoices/download.ts).
      const { certificatePdf } = await import('../certificates/pdf');
      res.status(200).send(await certificatePdf(cert));
    },
  },
  {
    method: 'GET',
    path: '/api/certificates/:code',
    params: code,
    auth: anyone,
    rateLimit: checks,
    handle: async ({ res, params }) => void res.status(200).json(await publicAnswer(res, params.code)),
  },
  {
    method: 'GET',
    path: '/certificates/:code',
    params: code,
    auth: anyone,
    rateLimit: checks,
    handle: async ({ res, params }) => {
      const site = SITE_URL.value();
      const cert = await lookUpCertificate(params.code, site);
      if (cert) sendHtml(res, 200, certificatePage(cert, site), cert.public && cert.status === 'valid');
      else sendHtml(res, 404, notFoundPage(site), false);
    },
  },
];

export const handleCertificates = routeTable('certificates', CERTIFICATE_ROUTES, certificateNotFound);
