import { createHash } from 'node:crypto';
import { collection, type Stored } from '../platform/collections';

export type ReferralCodeDoc = Stored<'referralCodes'>;
export type ReferralCreditDoc = Stored<'referralCredits'>;

export const referralCodes = () => collection('referralCodes');
export const referralCredits = () => collection('referralCredits');

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * An account's referral code: the first 40 bits of a hash of its uid, in base32. The same account always gets the
 * same code, so two first visits at once cannot make two; a uid is not public, so a code says nothing about it.
 */
export function codeFor(uid: string): string {
  const digest = createHash('sha256').update(`upskill-referral:${uid}`).digest();
  let bits = 0n;
  for (const byte of digest.subarray(0, 5)) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let i = 7; i >= 0; i -= 1) code += BASE32[Number((bits >> BigInt(i * 5)) & 31n)];
  return code;
}

/** referralCredits/{id}: one per friend, keyed by their e-mail, so a friend earns their referrer one credit, ever. */
export const friendCreditId = (email: string): string =>
  createHash('sha256').update(`upskill-referred:${email.trim().toLowerCase()}`).digest('hex').slice(0, 40);
