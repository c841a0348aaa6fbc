import { createHash } from 'node:crypto';
import { defineSecret } from 'firebase-functions/params';
import type { JWK } from 'jose';
import { COMPANY } from '@upskill/domain/common';
import { CERTIFICATE_ATTENDANCE } from '@upskill/domain/learning';
import { certificateUrl } from '@upskill/domain/certificates';
import type { CertificateDoc } from './store';

/**
 * Open Badges 3.0: each certificate as an OpenBadgeCredential, signed as a VC-JWT (RS256) with the key in the
 * BADGE_SIGNING_KEY secret (a private RSA JWK, base64url-encoded JSON). Its public half is served at
 * /.well-known/jwks.json and at the `kid` URL, so any verifier can check the signature; the credential's status
 * points to GET /api/certificates/{code}, which says "revoked" once staff revoke it. See docs/decisions/0023.
 * jose loads on the first key or badge asked for, not on every cold start.
 */
export const BADGE_SIGNING_KEY = defineSecret('BADGE_SIGNING_KEY');

const OB_CONTEXT = ['https://www.w3.org/2018/credentials/v1', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'];
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

export const issuerId = (site: string) => `${site}/api/certificates/issuer`;
export const badgeId = (site: string, code: string) => `${site}/api/certificates/${code}/badge`;
const keyUrl = (site: string, thumbprint: string) => `${site}/api/certificates/keys/${thumbprint}`;

interface SigningKey {
  privateJwk: JWK;
  publicJwk: JWK;
  thumbprint: string;
}

let cached: { raw: string; key: SigningKey } | undefined;

/** The signing key from the secret, and its public half (never a private member) named by its RFC 7638 thumbprint. */
async function signingKey(): Promise<SigningKey> {
  const raw = BADGE_SIGNING_KEY.value();
  if (cached?.raw === raw) return cached.key;
  const { calculateJwkThumbprint } = await import('jose');
  const privateJwk = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as JWK;
  if (privateJwk.kty !== 'RSA' || !privateJwk.d) throw new Error('BADGE_SIGNING_KEY must be a private RSA JWK');
  const publicJwk: JWK = Object.fromEntries(
    Object.entries(privateJwk).filter(([name]) => !(PRIVATE_MEMBERS as readonly string[]).includes(name)),
  );
  const thumbprint = await calculateJwkThumbprint(publicJwk);
  const key = { privateJwk, publicJwk, thumbprint };
  cached = { raw, key };
  return key;
}

/** The public key as published: its `kid` is the URL a badge's header names, so a verifier matches the two. */
const published = (key: SigningKey, site: string): JWK => ({
  ...key.publicJwk,
  kid: keyUrl(site, key.thumbprint),
  alg: 'RS256',
  use: 'sig',
});

/** GET /.well-known/jwks.json: the public keys that sign our badges. */
export async function publicKeySet(site: string): Promise<{ keys: JWK[] }> {
  return { keys: [published(await signingKey(), site)] };
}

/** GET /api/certificates/keys/{thumbprint}: the one key a badge's `kid` names, or null. */
export async function publicKey(thumbprint: string, site: string): Promise<JWK | null> {
  const key = await signingKey();
  return key.thumbprint === thumbprint ? published(key, site) : null;
}

/** GET /api/certificates/issuer: our issuer profile (the credential's `issuer.id` resolves here). */
export function issuerProfile(site: string) {
  return {
    '@context': OB_CONTEXT,
    id: issuerId(site),
    type: ['Profile'],
    name: COMPANY.name,
    url: site,
    email: COMPANY.email,
    description: `${COMPANY.legalName}: live, mentor-led technology courses.`,
  };
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
/** A stable URI for the learner in this credential that reveals nothing: a name-based id from the certificate. */
const subjectId = (code: string) => {
  const h = sha256(`upskill-badge-subject:${code}`);
  return `urn:uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** The OpenBadgeCredential of a certificate: the achievement, its criteria, and the projects passed as evidence. */
export function badgeCredential(code: string, cert: CertificateDoc, site: string) {
  const page = certificateUrl(site, code);
  const projects = cert.projects ?? [];
  const issuedAt = cert.issuedAt
    .toDate()
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z');
  const attendance = `${Math.round((CERTIFICATE_ATTENDANCE.numerator / CERTIFICATE_ATTENDANCE.denominator) * 100)}%`;
  return {
    '@context': OB_CONTEXT,
    id: badgeId(site, code),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: `${cert.course}: certificate of completion`,
    description: `${cert.name} completed the live, mentor-led course ${cert.course} at ${COMPANY.name}, taught by ${cert.instructor}.`,
    issuer: { id: issuerId(site), type: ['Profile'], name: COMPANY.name, url: site, email: COMPANY.email },
    issuanceDate: issuedAt,
    credentialSubject: {
      id: subjectId(code),
      type: ['AchievementSubject'],
      // The learner's e-mail address, salted and hashed: a verifier who knows it can match it; nobody else learns it.
      identifier: [
        {
          type: 'IdentityObject',
          hashed: true,
          identityHash: `sha256$${sha256(`${cert.email.toLowerCase()}${code}`)}`,
          identityType: 'emailAddress',
          salt: code,
        },
      ],
      activityStartDate: `${cert.startDate}T00:00:00+05:30`,
      activityEndDate: `${cert.endDate}T23:59:59+05:30`,
      achievement: {
        id: `${site}/courses#${encodeURIComponent(cert.course)}`,
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: cert.course,
        description: `Completion of ${cert.course}, a live, mentor-led course at ${COMPANY.name}.`,
        criteria: {
          narrative: `Attend at least ${attendance} of the live sessions held, and pass every assignment that counts for the certificate, each reviewed by a mentor or the instructor against its rubric.`,
        },
      },
    },
    evidence: projects.map((p) => ({
      ...(cert.showLinks && p.link ? { id: p.link } : {}),
      type: ['Evidence'],
      name: p.title,
      description: `Passed: ${p.points} of ${p.outOf} points against the rubric.`,
    })),
    credentialStatus: { id: `${site}/api/certificates/${code}`, type: 'UpskillCertificateStatus' },
    // The human-readable page of the same certificate.
    url: page,
  };
}

/** The credential as a Compact JWS (VC-JWT): the JOSE header names the key by a URL; the payload carries it in `vc`. */
export async function signedBadge(code: string, cert: CertificateDoc, site: string): Promise<string> {
  const { SignJWT, importJWK } = await import('jose');
  const key = await signingKey();
  const vc = badgeCredential(code, cert, site);
  const signer = await importJWK(key.privateJwk, 'RS256');
  return new SignJWT({ vc })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: keyUrl(site, key.thumbprint) })
    .setIssuer(vc.issuer.id)
    .setSubject(vc.credentialSubject.id)
    .setJti(vc.id)
    .setNotBefore(Math.floor(cert.issuedAt.toMillis() / 1000))
    .sign(signer);
}
