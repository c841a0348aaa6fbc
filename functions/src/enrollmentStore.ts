import { Timestamp, type DocumentSnapshot, type FirestoreDataConverter, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { EnrollmentRecord, EnrollmentStatus, EnrollmentSummary, PaymentDetails, RefundDetails } from './domain/api';
import { db } from './platform/database';

/** An enrollment as stored: the public record's fields plus what only the server sees. */
export interface EnrollmentDoc extends Omit<EnrollmentRecord, 'id' | 'createdAt' | 'updatedAt' | 'payment' | 'refund'> {
  status: EnrollmentStatus;
  /** The open gateway order (paise), reused by the next checkout while the price stays the same. */
  order?: { id: string; amount: number } | null;
  payment?: (Omit<PaymentDetails, 'paidAt'> & { paidAt: Timestamp }) | null;
  refund?: (Omit<RefundDetails, 'refundedAt'> & { refundedAt: Timestamp }) | null;
  /** The signed-in creator, if any: their My Courses lists it and their ID token may edit it. */
  uid: string | null;
  /** sha256 of each edit token handed out (the first answer and any idempotent replay). */
  editTokenHashes: string[];
  /** Lower-cased prefixes of the name and e-mail, for the staff console's search. */
  searchKeys: string[];
  /** A staff member's refund request, from the click until the gateway's webhook marks it refunded. */
  refundRequest?: { refundId: string | null; requestedAt: Timestamp; by: string } | null;
  /** When staff last resent each mail (a second click within a minute is refused). */
  staffResends?: Partial<Record<'payment-link' | 'receipt', Timestamp>>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/**
 * Typed reads; writes pass through unchanged because they use server timestamps and field transforms
 * (increment, arrayUnion) that are not the stored types.
 */
const converter: FirestoreDataConverter<EnrollmentDoc> = {
  toFirestore: (doc) => doc,
  fromFirestore: (snap: QueryDocumentSnapshot) => snap.data() as EnrollmentDoc,
};

export const enrollments = () => db().collection('enrollments').withConverter(converter);

function iso(value: unknown): string | null {
  return value instanceof Timestamp ? value.toDate().toISOString() : null;
}

/** The record a client may see: never the uid or the token hashes. */
export function publicRecord(snap: DocumentSnapshot<EnrollmentDoc>): EnrollmentRecord {
  const doc = snap.data();
  if (!doc) throw new Error(`enrollment ${snap.id} vanished`);
  return {
    id: snap.id,
    name: doc.name, collegeName: doc.collegeName, email: doc.email, phone: doc.phone,
    interestedCourse: doc.interestedCourse, preferredBatchTime: doc.preferredBatchTime,
    planName: doc.planName, planId: doc.planId, courseId: doc.courseId, courseIds: doc.courseIds ?? null,
    price: doc.price, listPrice: doc.listPrice, couponApplied: doc.couponApplied, features: doc.features,
    status: doc.status,
    payment: doc.payment ? { ...doc.payment, paidAt: iso(doc.payment.paidAt) ?? '' } : null,
    refund: doc.refund ? { ...doc.refund, refundedAt: iso(doc.refund.refundedAt) ?? '' } : null,
    createdAt: iso(doc.createdAt), updatedAt: iso(doc.updatedAt),
  };
}

export function summary(snap: QueryDocumentSnapshot<EnrollmentDoc>): EnrollmentSummary {
  const doc = snap.data();
  return {
    id: snap.id, planName: doc.planName, interestedCourse: doc.interestedCourse,
    preferredBatchTime: doc.preferredBatchTime, price: doc.price, createdAt: iso(doc.createdAt), status: doc.status,
  };
}
