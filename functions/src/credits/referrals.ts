import type { DecodedIdToken } from 'firebase-admin/auth';
import { getAuth } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { indiaMonth } from '@upskill/domain/tax';
import {
  REFERRAL_CREDIT_RUPEES,
  REFERRAL_DISCOUNT_RUPEES,
  REFERRAL_MONTHLY_CAP,
  REFERRAL_SETTLE_DAYS,
  firstName,
  isReferralCode,
  referralPath,
  type ReferralCodeAnswer,
  type ReferralsAnswer,
} from '@upskill/domain/referrals';
import { enrollments } from '../enrollment/store';
import { enrollmentsOwnedBy } from '../enrollment/access';
import { GRPC, HttpError, errorCode } from '../http/errors';
import { withDeadline } from '../http/handler';
import { trustedEmail } from '../http/identity';
import { runTransaction } from '../http/transaction';
import { queueMail } from '../mail/outbox';
import { adminApp } from '../platform/app';
import { codeFor, referralCodes, referralCredits, type ReferralCodeDoc } from '../referrals/store';

/** Friends listed on My Courses: the newest this many (at 5 credits a month, years of them). */
const LISTED = 50;
/** Credits settled by one run of the job; the next run (hourly) takes the rest. */
const SETTLED_PER_RUN = 500;

const iso = (t: Timestamp | null) => (t ? t.toDate().toISOString() : null);

/** The account's code, made on first ask (the same every time, see referrals/store.ts). */
async function ensureCode(account: DecodedIdToken, nowMs: number): Promise<string> {
  const code = codeFor(account.uid);
  const ref = referralCodes().doc(code);
  const known = (await withDeadline(ref.get())).data();
  if (known) {
    if (known.uid !== account.uid) throw new Error(`referral code ${code} collides`);
    return code;
  }
  const [newest] = await enrollmentsOwnedBy(account, 1);
  const name = (typeof account.name === 'string' && account.name) || newest?.data().name || '';
  const doc: ReferralCodeDoc = {
    uid: account.uid,
    email: trustedEmail(account) ?? (account.email ?? '').toLowerCase(),
    // Empty when the account has no name yet: the friend then reads "a friend's link".
    firstName: firstName(name),
    createdAt: Timestamp.fromMillis(nowMs),
  };
  // Two first visits at once make the same document: the second finds it made, which is what it wanted.
  await withDeadline(ref.create(doc)).catch((err: unknown) => {
    if (errorCode(err) !== GRPC.ALREADY_EXISTS) throw err;
  });
  return code;
}

/** GET /api/me/referrals: the learner's link, what it has earned, and each friend who used it (first names only). */
export async function referralsOf(account: DecodedIdToken, nowMs: number): Promise<ReferralsAnswer> {
  const code = await ensureCode(account, nowMs);
  const listed = await withDeadline(
    referralCredits().where('referrerUid', '==', account.uid).orderBy('paidAt', 'desc').limit(LISTED).get(),
  );
  const entries = listed.docs.map((d) => {
    const c = d.data();
    return {
      id: d.id,
      friend: c.friendName,
      state: c.state,
      amount: c.amount,
      paidAt: c.paidAt.toDate().toISOString(),
      settlesAt: c.settlesAt.toDate().toISOString(),
      grantedAt: iso(c.grantedAt),
      spentAt: iso(c.spentAt),
    };
  });
  const month = indiaMonth(nowMs);
  const sum = (state: string) => entries.filter((e) => e.state === state).reduce((total, e) => total + e.amount, 0);
  return {
    code,
    path: referralPath(code),
    discount: REFERRAL_DISCOUNT_RUPEES,
    credit: REFERRAL_CREDIT_RUPEES,
    settleDays: REFERRAL_SETTLE_DAYS,
    monthlyCap: REFERRAL_MONTHLY_CAP,
    available: sum('available'),
    pending: sum('pending'),
    grantedThisMonth: listed.docs.filter((d) => d.data().grantedMonth === month && d.data().state !== 'capped').length,
    entries,
  };
}

/** GET /api/enroll/referrals/{code}: whose link it is, for the friend's enrollment page; 404 for any other string. */
export async function lookupReferralCode(code: string): Promise<ReferralCodeAnswer> {
  const notFound = new HttpError('not-found', 'This referral link is not valid.');
  if (!isReferralCode(code)) throw notFound;
  const owner = (await withDeadline(referralCodes().doc(code).get())).data();
  if (!owner) throw notFound;
  return { code, referrer: owner.firstName || null, discount: REFERRAL_DISCOUNT_RUPEES };
}

/** Where a referrer's mail goes and how it greets them: the account as it is now, else as it was when the code was made. */
async function referrerContact(uid: string, code: string): Promise<{ email: string; name: string } | null> {
  const user = await getAuth(adminApp())
    .getUser(uid)
    .catch(() => null);
  const saved = (await referralCodes().doc(code).get()).data();
  const email = user?.email ?? saved?.email;
  if (!email) return null;
  return { email, name: firstName(user?.displayName ?? '') || saved?.firstName || 'Hello' };
}

/**
 * `npm run jobs -- referrals` (and referralSweep, hourly): each friend's credit whose settle date has passed becomes
 * the referrer's, if the friend's payment still stands and the referrer is under the month's cap; over the cap it is
 * recorded as such, and a refunded payment voids it. Each in its own transaction with its mail, so a credit is
 * granted and announced exactly once however often the job runs.
 */
export async function runReferralSettlement(asOfMs: number): Promise<{ granted: number; capped: number; voided: number }> {
  const due = await referralCredits()
    .where('state', '==', 'pending')
    .where('settlesAt', '<=', Timestamp.fromMillis(asOfMs))
    .orderBy('settlesAt')
    .limit(SETTLED_PER_RUN)
    .get();
  const counts = { granted: 0, capped: 0, voided: 0 };
  const month = indiaMonth(asOfMs);
  for (const snap of due.docs) {
    const credit = snap.data();
    const contact = await referrerContact(credit.referrerUid, credit.code);
    const outcome = await runTransaction(async (tx) => {
      const current = (await tx.get(snap.ref)).data();
      if (current?.state !== 'pending') return null;
      const friend = (await tx.get(enrollments().doc(current.friendEnrollmentId))).data();
      const [grantedThisMonth, ready] = await Promise.all([
        tx.get(referralCredits().where('referrerUid', '==', current.referrerUid).where('grantedMonth', '==', month)),
        tx.get(referralCredits().where('referrerUid', '==', current.referrerUid).where('state', '==', 'available')),
      ]);
      const at = Timestamp.fromMillis(asOfMs);
      if (!friend || (friend.status !== 'paid' && friend.status !== 'ended')) {
        tx.update(snap.ref, { state: 'void', updatedAt: at });
        return 'voided' as const;
      }
      const used = grantedThisMonth.docs.filter((d) => d.data().state !== 'capped').length;
      if (used >= REFERRAL_MONTHLY_CAP) {
        tx.update(snap.ref, { state: 'capped', grantedMonth: month, updatedAt: at });
        return 'capped' as const;
      }
      tx.update(snap.ref, { state: 'available', grantedAt: at, grantedMonth: month, updatedAt: at });
      if (contact) {
        const available = ready.docs.reduce((sum, d) => sum + d.data().amount, 0) + current.amount;
        queueMail(tx, contact.email, {
          template: 'referral-credit',
          data: { name: contact.name, friend: current.friendName, amount: current.amount, available },
        });
      }
      return 'granted' as const;
    });
    if (outcome) counts[outcome] += 1;
  }
  if (due.docs.length === SETTLED_PER_RUN) logger.info('referral settlement: more due than one run takes', { asOfMs });
  return counts;
}
