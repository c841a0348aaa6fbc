import { COMPANY } from '../common';

/**
 * Certificates of completion: their codes, who earns one (learning.ts: ¾ of the sessions held), what the
 * public verification says, and the LinkedIn link. No schema library here: My Courses imports this.
 * The staff and learner actions' schemas are in staff.ts and schemas.ts. See docs/decisions/0015-certificates.md.
 */

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed from paper survives. */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 12 characters, 60 random bits: unguessable at any rate the rate limit allows, short enough to type. */
export const CODE_LENGTH = 12;

/** "7K3M9QXR2HDV" -> "7K3M-9QXR-2HDV", as printed. */
export const formatCertificateCode = (code: string): string => code.match(/.{1,4}/g)?.join('-') ?? code;

/**
 * What someone typed, as the stored code: case, dashes and spaces ignored, the letters Crockford reads as
 * digits (O as 0, I and L as 1) mapped. Null when it cannot be a code at all.
 */
export function normalizeCertificateCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== CODE_LENGTH) return null;
  for (const ch of code) if (!CODE_ALPHABET.includes(ch)) return null;
  return code;
}

/** A code from random bytes (at least CODE_LENGTH of them): each byte picks one of 32 characters. */
export function certificateCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < CODE_LENGTH) throw new Error('not enough random bytes');
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[bytes[i] % 32];
  return code;
}

export const CERTIFICATE_STATUSES = ['valid', 'revoked'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

export const certificatePath = (code: string) => `/certificates/${code}`;
export const certificateUrl = (site: string, code: string) => `${site}${certificatePath(code)}`;

/** A certificate assignment the learner passed, as the certificate lists it. */
export interface CertificateProject {
  title: string;
  points: number;
  outOf: number;
  /** The work's link: only where its learner chose to show links. */
  link: string | null;
}

/** The certificate's public record: GET /api/certificates/{code}, and what its page shows. */
export interface CertificateAnswer {
  code: string;
  status: CertificateStatus;
  name: string;
  course: string;
  /** India dates of the batch, YYYY-MM-DD. */
  startDate: string;
  endDate: string;
  instructor: string;
  issuedAt: string;
  revokedAt: string | null;
  url: string;
  pdfUrl: string;
  /** The Open Badges 3.0 credential, signed (a VC-JWT): 409 once the certificate is revoked. */
  badgeUrl: string;
  /** Whether its owner lets search engines index the page. */
  public: boolean;
  /** The projects passed (the certificate's assignments), with links only if the learner shows them. */
  projects: CertificateProject[];
}

/** A learner's own certificate, on My Courses. */
export interface LearnerCertificate {
  code: string;
  status: CertificateStatus;
  url: string;
  pdfUrl: string;
  badgeUrl: string;
  linkedInUrl: string;
  public: boolean;
  /** The learner shows the links to their work on the certificate; `hasLinks` says whether there are any. */
  showLinks: boolean;
  hasLinks: boolean;
}

/**
 * LinkedIn's "Add to profile" link for a certification: the name, the issuing organisation, the issue
 * month, the credential's id and URL, prefilled for the member to confirm.
 */
export function linkedInAddToProfileUrl(cert: { course: string; code: string; issuedAt: string; url: string }): string {
  const issued = new Date(cert.issuedAt);
  const params: Record<string, string> = {
    startTask: 'CERTIFICATION_NAME',
    name: `${cert.course}: Certificate of completion`,
    organizationName: COMPANY.name,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: cert.url,
    certId: formatCertificateCode(cert.code),
  };
  const query = Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
  return `https://www.linkedin.com/profile/add?${query}`;
}
