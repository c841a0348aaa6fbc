import { FieldValue, type WithFieldValue } from 'firebase-admin/firestore';
import type { MailMessage } from '@upskill/domain/records';
import { collection, type Stored } from '../platform/collections';
import { createDoc, type Writer } from '../platform/writer';

export type { MailMessage, MailStatus, MailTemplate } from '@upskill/domain/records';
/** mail/{id}: one message in the outbox and the record of its delivery. */
export type MailDoc = Stored<'mail'>;

export const mailbox = () => collection('mail');

/**
 * Queues a message in the same transaction or batch as the event that causes it: the event and its
 * mail are written together or not at all, and the sender (a Firestore trigger) delivers it later,
 * never inside the request.
 */
export function queueMail(writer: Writer, to: string, message: MailMessage): string {
  const ref = mailbox().doc();
  const doc: WithFieldValue<MailDoc> = {
    ...message,
    to,
    status: 'pending',
    attempts: 0,
    lastError: null,
    leaseUntil: null,
    sentAt: null,
    createdAt: FieldValue.serverTimestamp(),
  };
  createDoc(writer, ref, doc);
  return ref.id;
}
