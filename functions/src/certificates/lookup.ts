import { FieldValue } from 'firebase-admin/firestore';
import { normalizeCertificateCode, type CertificateAnswer } from '@upskill/domain/certificates';
import { certificateVisibilitySchema } from '@upskill/domain/forms';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { verifyIdToken } from '../http/identity';
import { bearerToken, pathSegment, readJsonObject, type HttpRequest } from '../http/request';
import { validateBody } from '../http/validate';
import { ownedBy } from '../enrollment/access';
import { enrollments } from '../enrollment/store';
import { certificates, publicCertificate, type CertificateDoc } from './store';
import { runTransaction } from '../http/transaction';

/** Read for a code that cannot exist, so a malformed code costs the same database read as an unknown one. */
const NO_CODE = '000000000000';
export const certificateNotFound = () => new HttpError('not-found', 'No certificate with this ID.');

/**
 * The certificate a path names, or null. Malformed and unknown codes take the same path (one read of one
 * document) and end in the same answer, so neither the message nor the time tells a guesser anything.
 */
export async function lookUpCertificate(raw: string, site: string): Promise<CertificateAnswer | null> {
  const found = await certificateRecord(raw);
  return found ? publicCertificate(found.code, found.cert, site) : null;
}

/** The stored certificate a path names, or null, by the same single read (for the badge, which signs what is stored). */
export async function certificateRecord(raw: string): Promise<{ code: string; cert: CertificateDoc } | null> {
  // Any text decodes here; the code's own rules (normalizeCertificateCode) decide what it may be.
  const code = normalizeCertificateCode(pathSegment(raw, /^/) ?? '');
  const snap = await withDeadline(
    certificates()
      .doc(code ?? NO_CODE)
      .get(),
  );
  const cert = code ? snap.data() : undefined;
  return code && cert ? { code, cert } : null;
}

/** POST /api/certificates/{code}/visibility {public?, showLinks?}: only the learner it was issued to. */
export async function setCertificateVisibility(req: HttpRequest, raw: string) {
  const token = bearerToken(req);
  if (!token) throw new HttpError('unauthenticated', 'Sign in to change your certificate.');
  const caller = await verifyIdToken(token);
  const input = await validateBody(certificateVisibilitySchema, readJsonObject(req), 'Say public or private.');
  const code = normalizeCertificateCode(raw);
  if (!code) throw certificateNotFound();
  await withDeadline(
    runTransaction(async (tx) => {
      const cert = (await tx.get(certificates().doc(code))).data();
      if (!cert) throw certificateNotFound();
      const enrollment = (await tx.get(enrollments().doc(cert.enrollmentId))).data();
      if (!enrollment || !ownedBy(caller, enrollment))
        throw new HttpError('permission-denied', 'Only the person this certificate was issued to can change it.');
      tx.update(certificates().doc(code), {
        ...(input.public === undefined ? {} : { public: input.public }),
        ...(input.showLinks === undefined ? {} : { showLinks: input.showLinks }),
      });
      tx.update(enrollments().doc(cert.enrollmentId), { updatedAt: FieldValue.serverTimestamp() });
    }),
  );
  return input;
}
