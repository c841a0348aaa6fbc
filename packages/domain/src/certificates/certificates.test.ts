import { describe, expect, it } from 'vitest';
import {
  CODE_ALPHABET,
  certificateCodeFrom,
  formatCertificateCode,
  linkedInAddToProfileUrl,
  normalizeCertificateCode,
} from './certificates';

describe('certificate codes', () => {
  it('are 12 Crockford characters, printed in groups of four', () => {
    const code = certificateCodeFrom(new Uint8Array(Array.from({ length: 12 }, (_, i) => i * 37)));
    expect(code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{12}$`));
    expect(formatCertificateCode('7K3M9QXR2HDV')).toBe('7K3M-9QXR-2HDV');
    expect(() => certificateCodeFrom(new Uint8Array(11))).toThrow();
  });

  it('read back as typed: any case, dashes and spaces, O for 0 and I or L for 1', () => {
    expect(normalizeCertificateCode('7k3m-9qxr-2hdv')).toBe('7K3M9QXR2HDV');
    expect(normalizeCertificateCode(' 7K3M 9QXR 2HDV ')).toBe('7K3M9QXR2HDV');
    expect(normalizeCertificateCode('OK3M-9QXR-2HDL')).toBe('0K3M9QXR2HD1');
    for (const bad of ['', '7K3M9QXR2HD', '7K3M9QXR2HDVV', '7K3M9QXR2HDU', '../../etc/pass', '7K3M9QXR2HD%'])
      expect(normalizeCertificateCode(bad), bad).toBeNull();
  });
});

describe('LinkedIn add to profile', () => {
  it('prefills the certification name, organisation, issue month, id and URL', () => {
    const url = linkedInAddToProfileUrl({
      course: 'Python Programming Foundations',
      code: '7K3M9QXR2HDV',
      issuedAt: '2026-12-20T10:00:00.000Z',
      url: 'https://www.upskill-learning.in/certificates/7K3M9QXR2HDV',
    });
    const [base, query] = url.split('?');
    expect(base).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(query.split('&').map((pair) => pair.split('=').map(decodeURIComponent)))).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Python Programming Foundations: Certificate of completion',
      organizationName: 'Upskill',
      issueYear: '2026',
      issueMonth: '12',
      certUrl: 'https://www.upskill-learning.in/certificates/7K3M9QXR2HDV',
      certId: '7K3M-9QXR-2HDV',
    });
  });
});
