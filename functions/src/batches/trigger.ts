import type { FirestoreEvent } from 'firebase-functions/v2/firestore';
import { seatOfId } from './board';
import { offerFreeSeats } from './waitlist';
import { waitlist } from './store';

/**
 * A seat document was deleted (a refund, a move, a cancelled hold): if anyone waits for that batch, the
 * first in line is offered the seat. offerFreeSeats is idempotent, so the platform's retries are safe.
 */
export async function offerReleasedSeat(event: FirestoreEvent<unknown, { id: string }>): Promise<void> {
  const { batchId } = seatOfId(event.params.id);
  await offerFreeSeats(batchId, Date.now());
}

/** The scheduled sweep: each batch someone waits for gets offerFreeSeats (lapsed holds free their seats silently). */
export async function offerLapsedSeats(): Promise<void> {
  const waiting = await waitlist().where('status', '==', 'waiting').get();
  const batchIds = new Set(waiting.docs.map((doc) => doc.data().batchId));
  for (const batchId of batchIds) await offerFreeSeats(batchId, Date.now());
}
