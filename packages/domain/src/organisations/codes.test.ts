import { describe, expect, it } from 'vitest';
import { codeExpiresAt, codeRefusal, enrollmentCodeFrom, formatEnrollmentCode, normalizeEnrollmentCode } from './codes';

const NOW = Date.UTC(2024, 10, 30, 11, 30);
const DAY = 86_400_000;

describe('single-use enrollment codes', () => {
  it('are 10 characters of Crockford base32, shown in two fives, forgiving of case, dashes and look-alikes', () => {
    const code = enrollmentCodeFrom(new Uint8Array([0, 1, 2, 3, 4, 31, 32, 63, 200, 255]));
    expect(code).toBe('01234Z0Z8Z');
    expect(formatEnrollmentCode(code)).toBe('01234-Z0Z8Z');
    expect(normalizeEnrollmentCode(' o1234-z0z8z ')).toBe('01234Z0Z8Z');
    expect(normalizeEnrollmentCode('il234Z0Z8Z')).toBe('11234Z0Z8Z');
    expect(normalizeEnrollmentCode('01234-ZZZ8')).toBeNull();
    expect(normalizeEnrollmentCode('01234-ZZZ8U')).toBeNull();
    expect(() => enrollmentCodeFrom(new Uint8Array(9))).toThrow('not enough random bytes');
  });

  it('expire after 30 days by default, never after their seats lapse', () => {
    expect(codeExpiresAt(NOW, NOW + 365 * DAY)).toBe(Date.UTC(2024, 11, 30, 11, 30));
    expect(codeExpiresAt(NOW, NOW + 10 * DAY)).toBe(Date.UTC(2024, 11, 10, 11, 30));
    expect(codeExpiresAt(NOW, NOW + 365 * DAY, 7)).toBe(Date.UTC(2024, 11, 7, 11, 30));
  });

  it('refuse clearly: unknown, used, withdrawn, expired (at the millisecond)', () => {
    const fresh = { expiresAtMs: NOW + DAY, usedBy: null, revokedAtMs: null };
    expect(codeRefusal(fresh, NOW)).toBeNull();
    expect(codeRefusal(null, NOW)).toBe('unknown');
    expect(codeRefusal({ ...fresh, usedBy: 'uid-1' }, NOW)).toBe('used');
    expect(codeRefusal({ ...fresh, revokedAtMs: NOW - 1 }, NOW)).toBe('revoked');
    expect(codeRefusal(fresh, NOW + DAY - 1)).toBeNull();
    expect(codeRefusal(fresh, NOW + DAY)).toBe('expired');
  });
});
