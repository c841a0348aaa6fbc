import { markSeatId } from '../batches/board';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import { DELETED_LEARNER_NAME, OPEN_ORDER_MINUTES, deletedAddress, type AccountDeleted } from '@upskill/domain/account';
import type { EnrollmentDoc } from '@upskill/domain/records';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { sha256 } from '../http/request';
import { queueMail } from '../mail/outbox';
import { adminApp } from '../platform/app';
import { collection } from '../platform/collections';
import { db } from '../platform/database';
import { byEach, personalRecords } from './records';
import { runTransaction } from '../http/transaction';
import { dropSupportWeekEntry } from '../support/figures';
import { clockOf, writeContactWeekEntry } from '../support/contactFigures';
import { writeMentorWeekEntry } from '../mentoring/figures';

/** Subscription states in which Razorpay may still charge: deletion waits until it is cancelled. */
const LIVE_SUBSCRIPTION = new Set(['created', 'authenticated', 'active', 'pending', 'halted']);

/** Kept for the tax records: anything money moved for (paid, refunded, or a membership charged once). */
const kept = (doc: EnrollmentDoc) => doc.status !== 'pending_payment' || doc.payment != null;

/** Why an enrollment must finish before its account can go, or null. */
function stillInPayment(doc: EnrollmentDoc, openOrderSince: number, orderCreatedMs: number | undefined): string | null {
  if (doc.subscription && !doc.subscription.cancelledAt && LIVE_SUBSCRIPTION.has(doc.subscription.snapshot.status)) {
    return `Your ${doc.planName} is still active. Cancel it in My Courses first; you can delete your account once it is cancelled.`;
  }
  if (doc.status === 'pending_payment' && doc.order && orderCreatedMs !== undefined && orderCreatedMs > openOrderSince) {
    return `A payment for ${doc.planName} was started in the last ${OPEN_ORDER_MINUTES} minutes. Please finish or abandon it and try again in ${OPEN_ORDER_MINUTES} minutes.`;
  }
  return null;
}

/**
 * Deletes an account (docs/decisions/0019): in one transaction, erases what nothing requires us to keep
 * (unpaid enrollments and their held seats, contact messages, support requests, mails, the newsletter subscription,
 * waitlist places, calendar links, account mail requests, certificates) and pseudonymises the paid
 * enrollments the tax law makes us keep (their tax invoices and credit notes stay as issued). Refused
 * (409) while a payment is under way. The Auth user goes last, so a failure before it can be retried.
 */
export async function eraseAccount(uid: string, nowMs: number): Promise<AccountDeleted> {
  const auth = getAuth(adminApp());
  const user = await withDeadline(auth.getUser(uid));
  // The same records the download shows (records.ts): what it lists, this erases or pseudonymises.
  const held = await personalRecords(user);
  const { email, enrollments: owned } = held;
  const pseudonym = sha256(`account:${uid}`).slice(0, 16);
  const refs = (snaps: readonly { ref: DocumentReference }[]) => snaps.map((d) => d.ref);
  const orders = await byEach(
    'orders',
    'enrollmentId',
    owned.map((d) => d.id),
  );
  const certificates = new Map(held.certificates.map((snap) => [snap.id, snap.ref as DocumentReference]));
  for (const d of owned) {
    const code = d.data().certificateCode;
    if (code) certificates.set(code, collection('certificates').doc(code) as DocumentReference);
  }
  const rest = [
    ...refs(held.contactMessages),
    ...refs(held.waitlist),
    ...refs(held.mail),
    ...refs(held.calendarFeeds),
    ...refs(held.supportRequests),
    ...refs(held.starterProgress),
    ...refs(held.mentoringLedgers),
    ...refs(held.jobApplications),
    ...refs(held.nudges),
    // Their referral link and the credits it earned them (a credit is not cash: it ends with the account).
    ...refs(held.referralCodes),
    ...refs(held.referralCredits),
    ...refs(held.assignmentWork),
    // An attempt nobody has reviewed yet leaves the reviewers' queue with the account: there is no one to review it for.
    ...refs(held.submissions.filter((d) => d.data().state === 'awaiting-review')),
    // So does a career review still waiting: its links go with the account.
    ...refs(held.careerReviews.filter((d) => d.data().state === 'waiting')),
  ];
  const consentsFound = held.consents;
  const newestOrder = new Map<string, number>();
  for (const order of orders) {
    const data = order.data();
    if (!data.voided) newestOrder.set(data.enrollmentId, Math.max(newestOrder.get(data.enrollmentId) ?? 0, data.createdAt.toMillis()));
  }

  const outcome = await withDeadline(
    runTransaction(async (tx) => {
      // Read again inside the transaction: a checkout or subscription that starts now conflicts with this.
      const current = await Promise.all(owned.map((d) => tx.get(d.ref)));
      for (const snap of current) {
        const doc = snap.data();
        const reason = doc && stillInPayment(doc, nowMs - OPEN_ORDER_MINUTES * 60_000, newestOrder.get(snap.id));
        if (reason) throw new HttpError('failed-precondition', reason);
      }
      const unpaid = current.filter((snap) => {
        const doc = snap.data();
        return doc !== undefined && !kept(doc);
      });
      // Account mail still being prepared (a reset asked for just before): erased in this transaction, so the
      // trigger that would mail it finds nothing to handle, rather than mailing a deleted account afterwards.
      const requests = (await Promise.all(refs(held.accountRequests).map((ref) => tx.get(ref)))).filter((snap) => snap.exists);
      const seats = await Promise.all(
        unpaid.map(async (snap) => {
          const seatId = snap.data()?.seatId;
          if (!seatId) return null;
          const seat = collection('seats').doc(seatId);
          const held = (await tx.get(seat)).data();
          return held && held.enrollmentId === snap.id && held.state !== 'confirmed' ? seat : null;
        }),
      );
      // Writes from here on (a transaction reads everything first).
      const paid = current.filter((snap) => {
        const doc = snap.data();
        return doc !== undefined && kept(doc);
      });
      for (const snap of paid) {
        tx.update(snap.ref, {
          name: DELETED_LEARNER_NAME,
          collegeName: '',
          email: deletedAddress(pseudonym),
          phone: '',
          uid: null,
          searchKeys: [],
          editTokenHashes: [],
          billing: null,
          certificateCode: null,
          guardian: null,
          updatedAt: FieldValue.serverTimestamp(),
        });
      }
      // Consents end with the account. A guardian's consent to a paid enrollment we keep stays as the proof
      // that the minor's enrollment was consented to, with no name or address left on it (decision 0020).
      const keptIds = new Set(paid.map((snap) => snap.id));
      for (const [id, consent] of consentsFound) {
        const ref = collection('consents').doc(id);
        if (consent.kind === 'guardian' && consent.enrollmentId && keptIds.has(consent.enrollmentId)) {
          tx.update(ref, { uid: null, subjectHash: sha256(deletedAddress(pseudonym)), givenBy: null });
        } else tx.delete(ref);
      }
      for (const snap of unpaid) tx.delete(snap.ref);
      for (const seat of seats) {
        if (!seat) continue;
        tx.delete(seat);
        markSeatId(tx, seat.id, null);
      }
      // A seat an organisation gave stays used (deleting an account frees nothing); its admin sees "Deleted learner".
      for (const snap of held.orderSeats)
        tx.update(snap.ref, {
          learnerName: DELETED_LEARNER_NAME,
          name: null,
          email: null,
          uid: null,
          updatedAt: FieldValue.serverTimestamp(),
        });
      const doomed: DocumentReference[] = [...certificates.values()];
      if (email) doomed.push(collection('newsletterSubscriptions').doc(sha256(email)) as DocumentReference);
      for (const ref of doomed) tx.delete(ref);
      for (const request of requests) tx.delete(request.ref);
      const erased = unpaid.length + doomed.length + requests.length + rest.length;
      if (user.email) queueMail(tx, user.email, { template: 'account-deleted', data: { kept: paid.length, erased } });
      // One entry for the account, and one on each kept enrollment, where staff looking at it will see why
      // it has no name. The actor is the account's pseudonym: no address survives in the audit trail.
      const detail = `The learner deleted their account: ${paid.length} paid enrollment(s) kept under "${DELETED_LEARNER_NAME}" for the tax records, ${erased} record(s) erased.`;
      const targets = [{ kind: 'account' as const, id: pseudonym }, ...paid.map((snap) => ({ kind: 'enrollment' as const, id: snap.id }))];
      for (const target of targets) {
        tx.create(collection('staffAudit').doc(), {
          action: 'account-deleted',
          targetKind: target.kind,
          targetId: target.id,
          actorUid: pseudonym,
          actorEmail: '',
          detail,
          at: Timestamp.fromMillis(nowMs),
        });
      }
      return { kept: paid.length, erased };
    }),
  );
  // Messages, past mails, waitlist places and links may be many: erased in batches after the decision
  // above. The Auth user still exists until they are gone, so a failure here is finished by a retry.
  // A support request or a contact message leaves the console's week figures in the commit that erases it.
  const supportIds = new Map(held.supportRequests.map((d) => [d.ref.path, d]));
  const contactIds = new Map(held.contactMessages.map((d) => [d.ref.path, d]));
  for (let i = 0; i < rest.length; i += 200) {
    const batch = db().batch();
    for (const ref of rest.slice(i, i + 200)) {
      batch.delete(ref);
      const request = supportIds.get(ref.path);
      if (request) dropSupportWeekEntry(batch, request.id, request.data().createdAt, nowMs);
      const message = contactIds.get(ref.path);
      if (message) writeContactWeekEntry(batch, message.id, clockOf(message.data()), 'drop', nowMs);
    }
    await withDeadline(batch.commit());
  }
  // Their Q&A posts stay for the others who learn from them, as "Deleted learner": no name, no account.
  const posts = [...held.qaQuestions, ...held.qaAnswers].map((d) => d.ref as DocumentReference);
  for (let i = 0; i < posts.length; i += 400) {
    const batch = db().batch();
    for (const ref of posts.slice(i, i + 400)) batch.update(ref, { authorName: DELETED_LEARNER_NAME, authorUid: `deleted-${pseudonym}` });
    await withDeadline(batch.commit());
  }
  // Mentoring sessions and reviewed work stay in the mentors' and reviewers' history as "Deleted learner": no name,
  // address or account, nor what the learner wrote or what was noted about them. A session still to come is cancelled;
  // an attempt still awaiting review was erased with the rest above.
  const anonymous = `deleted-${pseudonym}`;
  const at = Timestamp.fromMillis(nowMs);
  const anonymised = [
    ...held.mentorBookings.map((d) => ({
      ref: d.ref as DocumentReference,
      change: {
        learnerUid: anonymous,
        learnerEmail: '',
        learnerName: DELETED_LEARNER_NAME,
        notes: null,
        scorecard: null,
        noShowReport: null,
        ...(d.data().status === 'booked' ? { status: 'cancelled', counts: false, cancelledBy: 'learner', cancelledAt: at } : {}),
        updatedAt: at,
      },
    })),
    // A credit their purchase earned a friend stays the friend's, without this learner's name.
    ...held.referredBy.map((d) => ({ ref: d.ref as DocumentReference, change: { friendName: DELETED_LEARNER_NAME, updatedAt: at } })),
    ...held.submissions
      .filter((d) => d.data().state !== 'awaiting-review')
      .map((d) => ({
        ref: d.ref as DocumentReference,
        change: { uid: anonymous, learnerName: DELETED_LEARNER_NAME, learnerEmail: '', text: null, link: null, updatedAt: at },
      })),
    // A released career review stays in its reviewer's history with its marks and verdict: the links, the role and
    // what was written about the learner go.
    ...held.careerReviews
      .filter((d) => d.data().state !== 'waiting')
      .map((d) => ({
        ref: d.ref as DocumentReference,
        change: {
          uid: null,
          email: null,
          learnerName: DELETED_LEARNER_NAME,
          versions: d.data().versions.map((v) => ({
            ...v,
            link: '',
            targetRole: '',
            postingLink: null,
            review: v.review
              ? { ...v.review, summary: '', firstChanges: [], checks: v.review.checks.map((c) => ({ ...c, comment: '' })) }
              : null,
          })),
          updatedAt: at,
        },
      })),
    // A placement request stays in the team's figures (its dates, steps and referrals); who asked, and every word the
    // learner wrote (the request, their reports' companies and roles), go.
    ...held.placementRequests.map((d) => ({
      ref: d.ref as DocumentReference,
      change: {
        uid: anonymous,
        email: '',
        name: DELETED_LEARNER_NAME,
        note: '',
        history: d.data().history.map((h, i) => (i === 0 ? { ...h, note: '', by: anonymous } : h)),
        reports: (d.data().reports ?? []).map((r) => ({ ...r, company: '', role: '' })),
        updatedAt: at,
      },
    })),
  ];
  // A booked session the erasure cancels gives its mentor's time back, in the commit that cancels it.
  const cancelled = new Map(held.mentorBookings.filter((d) => d.data().status === 'booked').map((d) => [d.ref.path, d]));
  for (let i = 0; i < anonymised.length; i += 400) {
    const batch = db().batch();
    for (const { ref, change } of anonymised.slice(i, i + 400)) {
      batch.update(ref, change);
      const booking = cancelled.get(ref.path);
      if (booking) writeMentorWeekEntry(batch, booking.id, { ...booking.data(), status: 'cancelled' }, nowMs);
    }
    await withDeadline(batch.commit());
  }
  await withDeadline(auth.deleteUser(uid));
  return { status: 'deleted', ...outcome };
}
