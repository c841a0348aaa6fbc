import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import type { PreRegistrationCredit } from '@upskill/domain/records';
import { preRegistrationCredit } from '@upskill/domain/enrollment';
import { toPaise } from '@upskill/domain/common';
import { enrollmentsOwnedBy, type AccountIdentity } from './access';
import { enrollments } from './store';
import { withDeadline } from '../http/handler';
import { collection } from '../platform/collections';
import { runTransaction } from '../http/transaction';

const payments = () => collection('payments');

/** A reservation whose enrollment was never written (the request died between the two) is free again after this. */
const ABANDONED_AFTER_MS = 5 * 60_000;

/** What a Pre Registration has paid so far (paise): its captured charges, each recorded once by payment id. */
async function paidBy(preRegistrationId: string): Promise<number> {
  const charges = await withDeadline(payments().where('enrollmentId', '==', preRegistrationId).get());
  return charges.docs
    .map((d) => d.data())
    .filter((p) => p.state === 'captured' && p.outcome === 'applied')
    .reduce((sum, p) => sum + p.amount, 0);
}

/**
 * Reserves the caller's Pre Registration fee for the enrollment about to be written as `enrollmentId`
 * (its id is made first), for a price of `pricePaise`. One transaction marks the Pre Registration
 * (`feeCreditFor`), so its fee is credited once, however many enrollments race for it. A reservation
 * whose enrollment never appeared is taken over after a few minutes. Only a signed-in learner's own
 * Pre Registrations count (the ownership rule of My Courses), and only charged ones.
 */
export async function reservePreRegistrationCredit(
  account: AccountIdentity,
  enrollmentId: string,
  pricePaise: number,
  nowMs: number,
): Promise<PreRegistrationCredit | null> {
  const owned = (await enrollmentsOwnedBy(account)).filter((s) => {
    const d = s.data();
    return d.planId === 'preRegistration' && d.status === 'paid' && s.id !== enrollmentId;
  });
  for (const candidate of owned) {
    const paid = await paidBy(candidate.id);
    const amount = preRegistrationCredit(paid, pricePaise);
    if (amount <= 0) continue;
    const reserved = await withDeadline(
      runTransaction(async (tx) => {
        const current = (await tx.get(candidate.ref)).data();
        if (!current || current.status !== 'paid') return false;
        if (current.feeCreditFor) {
          const holder = await tx.get(enrollments().doc(current.feeCreditFor));
          const age = nowMs - current.updatedAt.toMillis();
          if (holder.exists || age < ABANDONED_AFTER_MS) return false;
        }
        tx.update(candidate.ref, { feeCreditFor: enrollmentId, updatedAt: FieldValue.serverTimestamp() });
        return true;
      }),
    );
    if (reserved) return { enrollmentId: candidate.id, paid: paid / 100, amount: amount / 100 };
  }
  return null;
}

/** Frees a reservation whose enrollment was not written (a full batch, an error): the fee stays to be credited. */
export async function releasePreRegistrationCredit(credit: PreRegistrationCredit, enrollmentId: string): Promise<void> {
  const ref = enrollments().doc(credit.enrollmentId);
  await withDeadline(
    runTransaction(async (tx) => {
      const current = (await tx.get(ref)).data();
      if (current?.feeCreditFor === enrollmentId) tx.update(ref, { feeCreditFor: null, updatedAt: Timestamp.now() });
    }),
  );
}

/** The credit for a new price (an edit changed the plan or course): what was paid, up to the price less ₹1. */
export function recomputedCredit(credit: PreRegistrationCredit, priceRupees: number): PreRegistrationCredit {
  return { ...credit, amount: preRegistrationCredit(toPaise(credit.paid), toPaise(priceRupees)) / 100 };
}
