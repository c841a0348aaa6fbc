import { randomBytes } from 'node:crypto';
import {
  certificateCodeFrom,
  certificateUrl,
  linkedInAddToProfileUrl,
  type CertificateAnswer,
  type LearnerCertificate,
} from '@upskill/domain/certificates';
import { collection, type Stored } from '../platform/collections';

export type CertificateDoc = Stored<'certificates'>;
export const certificates = () => collection('certificates');

/** A fresh code from the platform's CSPRNG: 12 × 5 bits. */
export const newCertificateCode = (): string => certificateCodeFrom(randomBytes(12));

const pdfPath = (code: string) => `/api/certificates/${code}.pdf`;

/** What anyone may read of a certificate: the verification. Never the e-mail, the enrollment or the reason for a revocation. */
export function publicCertificate(code: string, cert: CertificateDoc, site: string): CertificateAnswer {
  return {
    code,
    status: cert.status,
    name: cert.name,
    course: cert.course,
    startDate: cert.startDate,
    endDate: cert.endDate,
    instructor: cert.instructor,
    issuedAt: cert.issuedAt.toDate().toISOString(),
    revokedAt: cert.revokedAt?.toDate().toISOString() ?? null,
    url: certificateUrl(site, code),
    pdfUrl: `${site}${pdfPath(code)}`,
    badgeUrl: `${site}/api/certificates/${code}/badge`,
    public: cert.public,
    projects: (cert.projects ?? []).map((p) => ({ ...p, link: cert.showLinks ? p.link : null })),
  };
}

/** The learner's own view of it, on My Courses: links to share it. */
export function learnerCertificate(code: string, cert: CertificateDoc, site: string): LearnerCertificate {
  const url = certificateUrl(site, code);
  return {
    code,
    status: cert.status,
    url,
    pdfUrl: `${site}${pdfPath(code)}`,
    badgeUrl: `${site}/api/certificates/${code}/badge`,
    public: cert.public,
    showLinks: cert.showLinks === true,
    hasLinks: (cert.projects ?? []).some((p) => p.link !== null),
    linkedInUrl: linkedInAddToProfileUrl({ course: cert.course, code, issuedAt: cert.issuedAt.toDate().toISOString(), url }),
  };
}
