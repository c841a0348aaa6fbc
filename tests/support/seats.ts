import { Timestamp } from 'firebase-admin/firestore';
import { boardOfSeat } from '@upskill/domain/batches';
import { db } from './admin';

/**
 * Time passes for one seat: its hold or offer lapses at `untilMs` (in the past, for a lapse). Written as the
 * functions write a seat, with its entry on the batch's seat board in the same commit (functions/src/batches/board.ts),
 * so the listings count what the seats say.
 */
export async function moveSeatUntil(seatId: string, untilMs: number): Promise<void> {
  const seat = (await db().doc(`seats/${seatId}`).get()).data() as { batchId: string; index: number } | undefined;
  if (!seat) throw new Error(`no seat ${seatId}`);
  const until = Timestamp.fromMillis(untilMs);
  const wb = db().batch();
  wb.update(db().doc(`seats/${seatId}`), { activeUntil: until });
  wb.set(
    db().doc(`seatBoards/${seat.batchId}_${boardOfSeat(seat.index)}`),
    { batchId: seat.batchId, seats: { [String(seat.index)]: untilMs }, updatedAt: Timestamp.now() },
    { merge: true },
  );
  await wb.commit();
}
