import { FieldValue, type Timestamp, type Transaction, type WriteBatch } from 'firebase-admin/firestore';
import type { FirestoreDataConverter, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { db } from '../platform/database';

/** Every message the product sends, with the facts its template needs (rendered when it is sent). */
export type MailMessage =
  | { template: 'enrollment-created'; data: { enrollmentId: string; name: string; planName: string; course: string; batch: string; price: number; features: string[] } }
  | { template: 'payment-received'; data: { enrollmentId: string; name: string; planName: string; course: string; batch: string; amount: number; paymentId: string; method: string; paidAt: string } }
  | { template: 'contact-ack'; data: { fullName: string; message: string } }
  | { template: 'contact-staff'; data: { contactId: string; fullName: string; email: string; mobile: string; courseInterest: string; message: string } }
  | { template: 'newsletter-confirm'; data: { subscriptionId: string; nonce: string } };

export type MailTemplate = MailMessage['template'];
export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** mail/{id}: one message in the outbox and the record of its delivery. */
export type MailDoc = MailMessage & {
  to: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  /** While a sender holds it; another sender waits this out before trying (a crashed send is retried). */
  leaseUntil: Timestamp | null;
  createdAt: Timestamp;
  sentAt: Timestamp | null;
};

const converter: FirestoreDataConverter<MailDoc> = {
  toFirestore: (doc) => doc,
  fromFirestore: (snap: QueryDocumentSnapshot) => snap.data() as MailDoc,
};

export const mailbox = () => db().collection('mail').withConverter(converter);

/**
 * Queues a message in the same transaction or batch as the event that causes it: the event and its
 * mail are written together or not at all, and the sender (a Firestore trigger) delivers it later,
 * never inside the request.
 */
export function queueMail(writer: Transaction | WriteBatch, to: string, message: MailMessage): string {
  const ref = mailbox().doc();
  const doc = {
    ...message, to, status: 'pending', attempts: 0, lastError: null, leaseUntil: null, sentAt: null, createdAt: FieldValue.serverTimestamp(),
  } as unknown as MailDoc;
  // Transaction.create and WriteBatch.create share the signature; TypeScript cannot pick one overload on a union.
  (writer as WriteBatch).create(ref, doc);
  return ref.id;
}
