import { Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { indiaMonth, type InvoiceDiscount } from '@upskill/domain/tax';
import { REFERRAL_CREDIT_RUPEES, firstName, referralSettlesAt } from '@upskill/domain/referrals';
import type { Stored } from '../platform/collections';
import { friendCreditId, referralCredits, type ReferralCreditDoc } from './store';

type EnrollmentDoc = Stored<'enrollments'>;

/**
 * What a captured payment settles for referrals, read inside the capture's transaction before any write: the friend's
 * credit for their referrer (created once per friend), and the buyer's own credits that came off the price (each
 * spent once; one already spent by another purchase is reported, not spent twice).
 */
export interface ReferralCapture {
  friend: { ref: DocumentReference<ReferralCreditDoc>; exists: boolean } | null;
  credits: { ref: DocumentReference<ReferralCreditDoc>; doc: ReferralCreditDoc | undefined }[];
}

export async function readReferralCapture(tx: Transaction, enrollment: EnrollmentDoc): Promise<ReferralCapture> {
  const friendRef = enrollment.referral?.discount ? referralCredits().doc(friendCreditId(enrollment.email)) : null;
  const creditRefs = (enrollment.referralCredits?.ids ?? []).map((id) => referralCredits().doc(id));
  const [friend, ...credits] = await Promise.all([friendRef ? tx.get(friendRef) : null, ...creditRefs.map((ref) => tx.get(ref))]);
  return {
    friend: friendRef ? { ref: friendRef, exists: Boolean(friend?.exists) } : null,
    credits: credits.map((snap, i) => ({ ref: creditRefs[i], doc: snap?.data() })),
  };
}

/**
 * Writes what `read` found to do, in the capture's transaction. Returns the reason to flag the payment when a credit
 * that came off its price had been spent meanwhile (two purchases paid at once with the same credit): the payment
 * stands, the credit stays spent once, and finance sees the shortfall.
 */
export function writeReferralCapture(
  tx: Transaction,
  read: ReferralCapture,
  enrollmentId: string,
  enrollment: EnrollmentDoc,
  atMs: number,
): string | null {
  const at = Timestamp.fromMillis(atMs);
  if (read.friend && !read.friend.exists && enrollment.referral && enrollment.referral.discount > 0) {
    tx.create(read.friend.ref, {
      referrerUid: enrollment.referral.referrerUid,
      code: enrollment.referral.code,
      friendEnrollmentId: enrollmentId,
      friendName: firstName(enrollment.name),
      amount: REFERRAL_CREDIT_RUPEES,
      state: 'pending',
      paidAt: at,
      settlesAt: Timestamp.fromMillis(referralSettlesAt(atMs)),
      grantedAt: null,
      grantedMonth: null,
      spentOn: null,
      spentAt: null,
      spentMonth: null,
      updatedAt: at,
    });
  }
  const taken: string[] = [];
  for (const { ref, doc } of read.credits) {
    if (doc?.state === 'available' && doc.referrerUid === enrollment.uid) {
      tx.update(ref, { state: 'spent', spentOn: enrollmentId, spentAt: at, spentMonth: indiaMonth(atMs), updatedAt: at });
    } else if (doc?.spentOn !== enrollmentId) taken.push(ref.id);
  }
  return taken.length > 0
    ? `Referral credit ${taken.join(', ')} came off this price but was no longer available; it was not spent twice.`
    : null;
}

/** The discounts an enrollment's invoice lists (paise, tax included), in the order they came off the price. */
export function invoiceDiscounts(enrollment: Pick<EnrollmentDoc, 'referral' | 'referralCredits'>): InvoiceDiscount[] {
  const lines: InvoiceDiscount[] = [];
  if (enrollment.referral && enrollment.referral.discount > 0)
    lines.push({
      label: `Referral discount (${enrollment.referral.referrerName ? `invited by ${enrollment.referral.referrerName}` : 'a friend’s link'})`,
      amount: Math.round(enrollment.referral.discount * 100),
    });
  const credits = enrollment.referralCredits;
  if (credits && credits.amount > 0)
    lines.push({
      label: `Referral learning credit${credits.ids.length === 1 ? '' : `s (${credits.ids.length})`}`,
      amount: Math.round(credits.amount * 100),
    });
  return lines;
}
