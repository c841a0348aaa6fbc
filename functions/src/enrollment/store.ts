import { mentoringAllowances } from '@upskill/domain/mentoring';
import { Timestamp, type DocumentSnapshot, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { EnrollmentRecord, EnrollmentSummary, SubscriptionSummary } from '@upskill/domain/enrollment';
import { purchaseLines, summariseSubscription, creditBalance, switchRefund, switchTargets, switchTopUp } from '@upskill/domain/enrollment';
import { OFFERINGS } from '@upskill/domain/batches';
import { HttpError } from '../http/errors';
import { maskEmail, type GuardianSummary } from '@upskill/domain/account';
import { withDeadline } from '../http/handler';
import { collection, type Stored } from '../platform/collections';

/** An enrollment as stored (the domain's shape, with the admin SDK's Timestamp). */
export type EnrollmentDoc = Stored<'enrollments'>;

export const enrollments = () => collection('enrollments');

/** The one answer for an enrollment id that names nothing (or nothing the caller may know of). */
export const enrollmentNotFound = () => new HttpError('not-found', 'No enrollment with that id.');

/** Reads an enrollment or answers 404. */
export async function loadEnrollment(id: string) {
  const ref = enrollments().doc(id);
  const snap = await withDeadline(ref.get());
  const doc = snap.data();
  if (!doc) throw enrollmentNotFound();
  return { ref, snap, doc };
}

function iso(value: unknown): string | null {
  return value instanceof Timestamp ? value.toDate().toISOString() : null;
}

/** A stored subscription as the learner sees it at `nowMs`. */
export function subscriptionOf(doc: EnrollmentDoc, nowMs: number): SubscriptionSummary | null {
  const stored = doc.subscription;
  if (!stored) return null;
  return summariseSubscription(stored.snapshot, stored.cancelledAt instanceof Timestamp ? stored.cancelledAt.toMillis() : null, nowMs);
}

/** The record a client may see: never the uid or the token hashes. */
export function publicRecord(snap: DocumentSnapshot<EnrollmentDoc>, nowMs = Date.now()): EnrollmentRecord {
  const doc = snap.data();
  if (!doc) throw new Error(`enrollment ${snap.id} vanished`);
  return recordOf(snap.id, doc, nowMs);
}

/** The record of an enrollment from its data, as read or as just written (no server timestamps in it). */
export function recordOf(id: string, doc: EnrollmentDoc, nowMs = Date.now()): EnrollmentRecord {
  return {
    id,
    name: doc.name,
    collegeName: doc.collegeName,
    email: doc.email,
    phone: doc.phone,
    interestedCourse: doc.interestedCourse,
    preferredBatchTime: doc.preferredBatchTime,
    planName: doc.planName,
    planId: doc.planId,
    courseId: doc.courseId,
    courseIds: doc.courseIds ?? null,
    price: doc.price,
    listPrice: doc.listPrice,
    couponApplied: doc.couponApplied,
    features: doc.features,
    status: doc.status,
    batchId: doc.batchId ?? null,
    holdUntil: doc.status === 'pending_payment' ? iso(doc.holdUntil) : null,
    payment: doc.payment ? { ...doc.payment, paidAt: iso(doc.payment.paidAt) ?? '' } : null,
    refund: doc.refund ? { ...doc.refund, refundedAt: iso(doc.refund.refundedAt) ?? '' } : null,
    billing: doc.billing ?? null,
    invoice: doc.invoice ?? null,
    creditNote: doc.creditNote ?? null,
    subscription: subscriptionOf(doc, nowMs),
    credits: doc.coveredBy ? null : creditBalance(doc),
    coveredBy: doc.coveredBy ?? null,
    preRegistrationCredit: doc.preRegistrationCredit ?? null,
    referral: doc.referral?.discount ? { referrer: doc.referral.referrerName || null, discount: doc.referral.discount } : null,
    referralCredits: doc.referralCredits ? { count: doc.referralCredits.ids.length, amount: doc.referralCredits.amount } : null,
    ageDeclaration: doc.ageDeclaration ?? null,
    guardian: guardianSummary(doc),
    createdAt: iso(doc.createdAt),
    updatedAt: iso(doc.updatedAt),
  };
}

export function summary(snap: QueryDocumentSnapshot<EnrollmentDoc>, nowMs = Date.now()): EnrollmentSummary {
  const doc = snap.data();
  return {
    id: snap.id,
    planName: doc.planName,
    interestedCourse: doc.interestedCourse,
    preferredBatchTime: doc.preferredBatchTime,
    price: doc.price,
    createdAt: iso(doc.createdAt),
    status: doc.status,
    purchase: purchaseLines(doc),
    invoiceNumber: doc.invoice?.number ?? null,
    creditNoteNumber: doc.creditNote?.number ?? null,
    subscription: subscriptionOf(doc, nowMs),
    credits: !doc.coveredBy && (doc.status === 'paid' || doc.status === 'trial') ? creditBalance(doc) : null,
    coveredBy: doc.coveredBy ?? null,
    batchId: doc.batchId ?? null,
    guardian: guardianSummary(doc),
    includesMentoring: !doc.coveredBy && mentoringAllowances(doc.planId).length > 0,
    organisation: doc.organisationSeat?.organisationName ?? null,
    // A seat an organisation gave is its to place: the learner switches their own purchases only.
    switchTargets: doc.organisationSeat
      ? []
      : switchTargets(doc, OFFERINGS).map((o) => ({
          slug: o.slug,
          name: o.name,
          kind: o.kind,
          refund: switchRefund({ ...doc, paidAmount: doc.payment?.amount ?? 0 }, o.slug),
          topUp: switchTopUp(doc, o.slug),
        })),
    switchRefund: doc.switchRefund ? { amount: doc.switchRefund.amount, processed: Boolean(doc.switchRefund.processedAt) } : null,
  };
}

/** The learner's view of their guardian: the address masked, since an edit token may be all a reader holds. */
export function guardianSummary(doc: EnrollmentDoc): GuardianSummary | null {
  const g = doc.guardian;
  if (!g) return null;
  return { name: g.name, email: maskEmail(g.email), state: g.state, requestedAt: iso(g.requestedAt) };
}
