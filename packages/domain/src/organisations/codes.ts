import { CODE_ALPHABET } from '../certificates';
import { DAY_MS } from '../common';

// Single-use enrollment codes with an expiry (issue 56): an admin hands a code to one person, who claims a seat
// with it. Crockford's base32 as certificates use, so a code read aloud or typed from paper survives.

/** 10 characters, 50 random bits: unguessable at any rate the rate limit allows, short enough to type. */
export const ENROLLMENT_CODE_LENGTH = 10;
/** A code lasts 30 days unless the admin says otherwise, and never past the day its seats lapse. */
export const CODE_DEFAULT_DAYS = 30;

/** "K7M29QXR2H" -> "K7M29-QXR2H", as shown and mailed. */
export const formatEnrollmentCode = (code: string): string => `${code.slice(0, 5)}-${code.slice(5)}`;

/** What someone typed, as the stored code (case, dashes and spaces ignored; O read as 0, I and L as 1), or null. */
export function normalizeEnrollmentCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== ENROLLMENT_CODE_LENGTH) return null;
  for (const ch of code) if (!CODE_ALPHABET.includes(ch)) return null;
  return code;
}

/** A code from random bytes (at least ENROLLMENT_CODE_LENGTH of them): each byte picks one of 32 characters. */
export function enrollmentCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < ENROLLMENT_CODE_LENGTH) throw new Error('not enough random bytes');
  let code = '';
  for (let i = 0; i < ENROLLMENT_CODE_LENGTH; i++) code += CODE_ALPHABET[bytes[i] % 32];
  return code;
}

/** When a new code expires: after `days` (30 by default), but never after its seats lapse. */
export function codeExpiresAt(nowMs: number, seatsLapseAtMs: number, days: number = CODE_DEFAULT_DAYS): number {
  return Math.min(nowMs + days * DAY_MS, seatsLapseAtMs);
}

export interface StoredCode {
  expiresAtMs: number;
  /** The learner who claimed with it, once used. */
  usedBy: string | null;
  revokedAtMs: number | null;
}

export const CODE_REFUSALS = {
  unknown: 'There is no such code. Check it with the person who gave it to you.',
  used: 'This code has been used: each code gives one seat, once.',
  revoked: 'This code was withdrawn by your organisation. Ask them for a new one.',
  expired: 'This code has expired. Ask your organisation for a new one.',
} as const;
export type CodeRefusal = keyof typeof CODE_REFUSALS;

/** Why a code cannot be claimed now, or null when it can. Checked again inside the claim's transaction. */
export function codeRefusal(code: StoredCode | null, nowMs: number): CodeRefusal | null {
  if (!code) return 'unknown';
  if (code.usedBy) return 'used';
  if (code.revokedAtMs !== null) return 'revoked';
  if (nowMs >= code.expiresAtMs) return 'expired';
  return null;
}
