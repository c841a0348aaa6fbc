import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { boardOfSeat, seatBoardIds, type SeatBoard } from '@upskill/domain/batches';
import { collection } from '../platform/collections';
import { readById } from '../platform/readById';
import { mergeDoc, type Writer } from '../platform/writer';

/**
 * The seat boards (decision 0040): each seat write also writes its seat's entry on the batch's board, in the same
 * commit, through markSeat. The listings read a batch's boards (one for a public batch) to count seats left; a
 * claim never trusts a board, only the seat's own create or update.
 */

const seatBoards = () => collection('seatBoards');

/** The batch and index a seat id names (`{batchId}_{index}`, seatRef's form). */
export function seatOfId(seatId: string): { batchId: string; index: number } {
  const cut = seatId.lastIndexOf('_');
  return { batchId: seatId.slice(0, cut), index: Number(seatId.slice(cut + 1)) };
}

/**
 * Puts seats' activeUntil on their boards, or takes them off (`null`: the seat document is deleted), with the writer
 * that writes the seats: one merge per board, of just these seats' entries, so two buyers' seats on one board never
 * overwrite each other, and an organisation's 200 places paid at once are four board writes, not 200.
 */
export function markSeats(writer: Writer, batchId: string, entries: readonly { index: number; activeUntil: Timestamp | null }[]): void {
  const byBoard = new Map<number, Record<string, number | FieldValue>>();
  for (const { index, activeUntil } of entries) {
    const board = byBoard.get(boardOfSeat(index)) ?? {};
    board[String(index)] = activeUntil === null ? FieldValue.delete() : activeUntil.toMillis();
    byBoard.set(boardOfSeat(index), board);
  }
  // Whatever commits the seat's own write: a transaction, or a batch.
  for (const [board, seats] of byBoard)
    mergeDoc(writer, seatBoards().doc(`${batchId}_${board}`), { batchId, seats, updatedAt: Timestamp.now() });
}

/** markSeats for one seat. */
export function markSeat(writer: Writer, batchId: string, index: number, activeUntil: Timestamp | null): void {
  markSeats(writer, batchId, [{ index, activeUntil }]);
}

/** markSeat for a seat named by its id. */
export function markSeatId(writer: Writer, seatId: string, activeUntil: Timestamp | null): void {
  const { batchId, index } = seatOfId(seatId);
  markSeat(writer, batchId, index, activeUntil);
}

/** The boards of each batch, merged per batch (seat index → activeUntil ms): one read per board, by id. */
export async function boardsOf(list: readonly { id: string; doc: { capacity: number } }[]): Promise<Map<string, SeatBoard>> {
  const refs = list.flatMap(({ id, doc }) => seatBoardIds(id, doc.capacity).map((boardId) => seatBoards().doc(boardId)));
  const found = new Map<string, Record<string, number>>(list.map(({ id }) => [id, {}]));
  for (const board of await readById(refs)) Object.assign(found.get(board.batchId) ?? {}, board.seats);
  return found;
}
