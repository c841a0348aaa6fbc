import type { TimestampLike } from '../common';

// Part of the stored documents' shapes (records/storedDocuments.ts names the collections).

/**
 * referralCodes/{code}: whose link it is. The code is derived from the account (functions/src/referrals/codes.ts),
 * so asking twice makes the same one; the e-mail is the account's at the time, kept to refuse self-referral.
 */
export interface ReferralCodeDoc<T extends TimestampLike = TimestampLike> {
  uid: string;
  email: string;
  /** The first word of the account's name, shown to the friend ("Asha invited you"); empty when it has none. */
  firstName: string;
  createdAt: T;
}

export const REFERRAL_CREDIT_STATES = ['pending', 'available', 'spent', 'void', 'capped'] as const;
export type ReferralCreditState = (typeof REFERRAL_CREDIT_STATES)[number];

/**
 * referralCredits/{friendKey}: the credit one friend's first purchase earns its referrer. Its id is a hash of the
 * friend's e-mail, so a friend earns a credit once however many purchases or reports there are; it is created in
 * the transaction that records the friend's payment, `pending` until `settlesAt`, then `available` (or `capped`,
 * over the month's cap, or `void`, refunded in time) by the referrals job, and `spent` by the capture of the
 * purchase it came off.
 */
export interface ReferralCreditDoc<T extends TimestampLike = TimestampLike> {
  referrerUid: string;
  code: string;
  friendEnrollmentId: string;
  friendName: string;
  /** Rupees. */
  amount: number;
  state: ReferralCreditState;
  paidAt: T;
  settlesAt: T;
  grantedAt: T | null;
  /** YYYY-MM (India) it was granted in: what the monthly cap counts. */
  grantedMonth: string | null;
  spentOn: string | null;
  spentAt: T | null;
  spentMonth: string | null;
  updatedAt: T;
}
