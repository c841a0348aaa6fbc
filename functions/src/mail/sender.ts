import type { FirestoreEvent, QueryDocumentSnapshot } from 'firebase-functions/v2/firestore';
import { mailTransport } from '../platform/mailer';
import { deliverMail } from './deliver';
import { mailbox } from './outbox';

/**
 * The outbox's sender: runs when a message is queued. A message still pending after this run's
 * attempts makes the run fail, so the platform retries the event later (retry: true).
 */
export async function sendQueuedMail(event: FirestoreEvent<QueryDocumentSnapshot | undefined, { id: string }>): Promise<void> {
  const result = await deliverMail(mailbox().doc(event.params.id), { transport: mailTransport() });
  if (result === 'retry-later') throw new Error(`mail ${event.params.id} not delivered yet; the event will be retried`);
}
