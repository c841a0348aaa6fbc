import { FieldValue } from 'firebase-admin/firestore';
import { toPaise } from '@upskill/domain/common';
import { enrollmentNotFound, type EnrollmentDoc } from '../enrollment/store';
import { withDeadline } from '../http/handler';
import { runTransaction } from '../http/transaction';
import type { DocumentReference } from 'firebase-admin/firestore';
import { referralCredits } from '../referrals/store';

/**
 * Before a gateway order is made: the referral credits that came off this price are still the owner's to spend. One
 * spent meanwhile on another purchase (paid first) no longer comes off, and the price goes back up by it, so the
 * order asks for what is owed and a credit is never spent twice. Nothing changes when all are still held.
 */
export async function withCreditsStillHeld(ref: DocumentReference<EnrollmentDoc>, doc: EnrollmentDoc): Promise<EnrollmentDoc> {
  const held = doc.referralCredits;
  if (!held || held.ids.length === 0) return doc;
  const snaps = await withDeadline(Promise.all(held.ids.map((id) => referralCredits().doc(id).get())));
  const kept = snaps.filter((s) => s.data()?.state === 'available' && s.data()?.referrerUid === doc.uid);
  if (kept.length === held.ids.length) return doc;
  const keptAmount = kept.reduce((sum, s) => sum + (s.data()?.amount ?? 0), 0);
  let updated: EnrollmentDoc | undefined;
  await withDeadline(
    runTransaction(async (tx) => {
      const current = (await tx.get(ref)).data();
      if (!current) throw enrollmentNotFound();
      const before = current.referralCredits?.amount ?? 0;
      const price = (toPaise(current.price) + toPaise(before) - toPaise(keptAmount)) / 100;
      const referralCreditsLeft = kept.length > 0 ? { ids: kept.map((s) => s.id), amount: keptAmount } : null;
      tx.update(ref, { price, referralCredits: referralCreditsLeft, updatedAt: FieldValue.serverTimestamp() });
      updated = { ...current, price, referralCredits: referralCreditsLeft };
    }),
  );
  return updated ?? doc;
}
