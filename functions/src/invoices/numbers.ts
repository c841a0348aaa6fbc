import { Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { financialYear, seriesId, type TaxDocumentKind } from '@upskill/domain/tax';
import { isConflict } from '../http/errors';
import { withDeadline } from '../http/handler';
import { invoiceNumbers, numberId, type InvoiceNumberDoc } from './store';

/**
 * Gapless numbers without a hot counter (docs/decisions/0016). A counter document read and raised in
 * every issuing transaction is the textbook answer, but every capture then queues on that one
 * document's lock: 50 concurrent captures took 21 s in the emulator, and 40 of them failed with
 * "Transaction lock timeout". Instead each number is its own document, reserved before the transaction
 * by a create (which only one request can win, and a loser learns at once and tries the next number),
 * and marked used inside the issuing transaction. A reservation not used (the payment was refused, or
 * another reporter issued the invoice first) is freed, and the next request takes the lowest free
 * number before a new one; one abandoned by a crashed request is free after RESERVATION_LEASE_MS.
 */

const RESERVATION_LEASE_MS = 2 * 60_000;

interface Reservation {
  ref: DocumentReference<InvoiceNumberDoc>;
  kind: TaxDocumentKind;
  year: string;
  sequence: number;
  holder: string;
}

/** Reserves the lowest free number of `kind`'s series in the financial year of `atMs`, for `holder`. */
async function reserveNumber(kind: TaxDocumentKind, atMs: number, holder: string): Promise<Reservation> {
  const year = financialYear(atMs);
  const series = seriesId(kind, year);
  const fields = (sequence: number) => ({
    kind,
    series,
    sequence,
    state: 'reserved' as const,
    holder,
    documentId: null,
    updatedAt: Timestamp.now(),
  });
  const reusable = await withDeadline(
    invoiceNumbers().where('series', '==', series).where('state', 'in', ['free', 'reserved']).orderBy('sequence').limit(20).get(),
  );
  for (const snap of reusable.docs) {
    const number = snap.data();
    if (number.state === 'reserved' && Date.now() - number.updatedAt.toMillis() < RESERVATION_LEASE_MS) continue;
    try {
      await withDeadline(snap.ref.update(fields(number.sequence), { lastUpdateTime: snap.updateTime }));
      return { ref: snap.ref, kind, year, sequence: number.sequence, holder };
    } catch (err) {
      if (!isConflict(err)) throw err;
    }
  }
  const top = await withDeadline(invoiceNumbers().where('series', '==', series).orderBy('sequence', 'desc').limit(1).get());
  for (let sequence = (top.docs[0]?.data().sequence ?? 0) + 1; ; sequence++) {
    const ref = invoiceNumbers().doc(numberId(series, sequence));
    try {
      await withDeadline(ref.create(fields(sequence)));
      return { ref, kind, year, sequence, holder };
    } catch (err) {
      if (!isConflict(err)) throw err;
    }
  }
}

/** Thrown inside a transaction whose reservation was taken over (its lease ran out): reserve again. */
class ReservationLost extends Error {}

/** Thrown inside a transaction that needs a number of a kind it did not expect to: reserve it too, and run again. */
class NumberNeeded extends Error {
  constructor(readonly kind: TaxDocumentKind) {
    super(`A ${kind} number is needed`);
  }
}

/** The reservations one issuing transaction may use, and which it did. */
export class Numbers {
  private readonly used = new Set<TaxDocumentKind>();
  constructor(readonly reserved: Partial<Record<TaxDocumentKind, Reservation>>) {}

  /** The read half, first in each attempt of the transaction: every reservation must still be ours. */
  async check(tx: Transaction): Promise<void> {
    this.used.clear();
    for (const reservation of Object.values(this.reserved)) {
      const number = (await tx.get(reservation.ref)).data();
      if (number?.state !== 'reserved' || number.holder !== reservation.holder)
        throw new ReservationLost(`${reservation.ref.id} is no longer reserved for ${reservation.holder}`);
    }
  }

  /** The write half: the number of `kind` goes to `documentId`. */
  take(tx: Transaction, kind: TaxDocumentKind, documentId: string): Reservation {
    const reservation = this.reserved[kind];
    if (!reservation) throw new NumberNeeded(kind);
    tx.update(reservation.ref, { state: 'used', documentId, updatedAt: Timestamp.now() });
    this.used.add(kind);
    return reservation;
  }

  unused(): Reservation[] {
    return Object.entries(this.reserved)
      .filter(([kind]) => !this.used.has(kind as TaxDocumentKind))
      .map(([, reservation]) => reservation);
  }

  forgetUse(): void {
    this.used.clear();
  }
}

/** Gives an unused reservation back, so the next document takes the number and no gap is left. */
async function releaseNumber(reservation: Reservation): Promise<void> {
  const snap = await reservation.ref.get();
  const number = snap.data();
  if (number?.state !== 'reserved' || number.holder !== reservation.holder) return;
  try {
    await reservation.ref.update({ state: 'free', updatedAt: Timestamp.now() }, { lastUpdateTime: snap.updateTime });
  } catch (err) {
    if (!isConflict(err)) throw err;
  }
}

/**
 * Runs `issue` (a transaction that calls `numbers.check` first and `numbers.take` for what it issues)
 * with a reserved number of each kind it will usually need, and frees the ones it did not use. A kind it
 * needs only now and then (a refund whose invoice was never issued) is reserved when `take` asks for it,
 * and the transaction runs again. A reservation lost to a lease take-over (a request stalled for minutes)
 * is retried with fresh ones.
 */
export async function withNumbers<R>(
  kinds: TaxDocumentKind[],
  atMs: number,
  holder: string,
  issue: (numbers: Numbers) => Promise<R>,
): Promise<R> {
  const wanted = new Set(kinds);
  for (let lost = 0; ;) {
    const reserved: Partial<Record<TaxDocumentKind, Reservation>> = {};
    for (const kind of wanted) reserved[kind] = await reserveNumber(kind, atMs, holder);
    const numbers = new Numbers(reserved);
    try {
      return await issue(numbers);
    } catch (err) {
      // Not committed (or not known to be): releasing checks the number is still only reserved.
      numbers.forgetUse();
      if (err instanceof NumberNeeded && !wanted.has(err.kind)) {
        wanted.add(err.kind);
        continue;
      }
      if (err instanceof ReservationLost && lost++ < 2) continue;
      throw err;
    } finally {
      await Promise.all(numbers.unused().map((reservation) => releaseNumber(reservation).catch(() => undefined)));
    }
  }
}
