import { describe, expect, it } from 'vitest';
import { boardOfSeat } from '@upskill/domain/batches';
import { db } from '../support/admin';

// Every seat the whole run left, API and browser tests alike, against its batch's seat board (decision 0040): each
// seat write commits its board entry with it (functions/src/batches/board.ts), and the listings count seats left
// from the boards alone. A write path that forgets its board shows here as a seat without its entry, an entry
// without its seat, or two different instants.

describe('seat boards', () => {
  it('hold exactly the seats there are, each with its own activeUntil', async () => {
    const [seats, boards] = await Promise.all([db().collection('seats').get(), db().collection('seatBoards').get()]);
    const fromSeats = new Map<string, number>();
    for (const doc of seats.docs) {
      const seat = doc.data() as { batchId: string; index: number; activeUntil: FirebaseFirestore.Timestamp };
      fromSeats.set(`${seat.batchId}_${boardOfSeat(seat.index)}/${seat.index}`, seat.activeUntil.toMillis());
    }
    const fromBoards = new Map<string, number>();
    for (const doc of boards.docs) {
      for (const [index, until] of Object.entries((doc.get('seats') ?? {}) as Record<string, number>))
        fromBoards.set(`${doc.id}/${index}`, until);
    }
    const disagree = [...new Set([...fromSeats.keys(), ...fromBoards.keys()])]
      .filter((key) => fromSeats.get(key) !== fromBoards.get(key))
      .map((key) => `${key}: seat ${fromSeats.get(key) ?? 'none'}, board ${fromBoards.get(key) ?? 'none'}`);
    console.log(`seat boards: ${seats.size} seats on ${boards.size} boards; ${disagree.length} disagree`);
    // The whole run enrolls hundreds of learners: no seat at all would mean the check read nothing.
    if (!process.env.UPSKILL_FOCUSED) expect(seats.size).toBeGreaterThan(0);
    expect(disagree).toEqual([]);
  });
});
