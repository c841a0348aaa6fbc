import { FieldValue, Timestamp, type Transaction, type WriteBatch } from 'firebase-admin/firestore';
import { WEEK_MS, figureWeeks, indiaWeekStart } from '@upskill/domain/batches';
import { supportWeekEntry, supportWeekId, type SupportFigureFacts, type SupportWeekDoc } from '@upskill/domain/support';
import { withDeadline } from '../http/handler';
import { runTransaction } from '../http/transaction';
import { collection } from '../platform/collections';
import { supportRequests } from './store';

/**
 * The console's support figures kept as they happen (domain support/figures.ts): a request's entry in its week's
 * document is written in the same transaction as the request and as its first answer, so the console reads one small
 * document a week instead of every request of eight weeks (issue 59).
 */
export const supportWeeks = () => collection('supportWeeks');

/** Writes a request's entry in its week's document (a merge: the week's other requests stay). */
export function writeSupportWeekEntry(writer: Transaction | WriteBatch, id: string, r: SupportFigureFacts, atMs: number): void {
  // Transaction.set and WriteBatch.set share the signature; TypeScript cannot pick one overload on a union.
  (writer as WriteBatch).set(
    supportWeeks().doc(supportWeekId(r.createdAt)),
    {
      weekStart: Timestamp.fromMillis(indiaWeekStart(r.createdAt.toMillis())),
      requests: { [id]: supportWeekEntry(r) },
      updatedAt: Timestamp.fromMillis(atMs),
    } as unknown as SupportWeekDoc<Timestamp>,
    { merge: true },
  );
}

/** Takes an erased request out of its week (account deletion erases support requests; the figures then agree). */
export function dropSupportWeekEntry(writer: Transaction | WriteBatch, id: string, createdAt: Timestamp, atMs: number): void {
  (writer as WriteBatch).set(
    supportWeeks().doc(supportWeekId(createdAt)),
    { requests: { [id]: FieldValue.delete() }, updatedAt: Timestamp.fromMillis(atMs) } as unknown as SupportWeekDoc<Timestamp>,
    { merge: true },
  );
}

/** The week documents the console shows: the last FIGURE_WEEKS weeks'. */
export async function shownSupportWeeks(nowMs: number): Promise<SupportWeekDoc<Timestamp>[]> {
  const since = Timestamp.fromMillis(figureWeeks(nowMs)[0]);
  return (await withDeadline(supportWeeks().where('weekStart', '>=', since).get())).docs.map((d) => d.data());
}

/**
 * `npm run jobs -- support-figures`: the shown weeks' documents rebuilt from the requests themselves (requests written
 * around the API, such as an import, or a figure that drifted). Each week in a transaction that reads its document and
 * that week's requests, so a request made or answered meanwhile (whose transaction writes the same document) lands
 * before the rebuild reads or after it writes: none is lost. A week with no request has no document.
 */
export async function rebuildSupportWeeks(asOfMs: number): Promise<{ weeks: number; documents: number; requests: number }> {
  let documents = 0;
  let requests = 0;
  for (const startMs of figureWeeks(asOfMs)) {
    const counted = await runTransaction(async (tx) => {
      const ref = supportWeeks().doc(supportWeekId(Timestamp.fromMillis(startMs)));
      await tx.get(ref);
      const made = await tx.get(
        supportRequests()
          .where('createdAt', '>=', Timestamp.fromMillis(startMs))
          .where('createdAt', '<', Timestamp.fromMillis(startMs + WEEK_MS)),
      );
      if (made.empty) {
        tx.delete(ref);
        return 0;
      }
      tx.set(ref, {
        weekStart: Timestamp.fromMillis(startMs),
        requests: Object.fromEntries(made.docs.map((d) => [d.id, supportWeekEntry(d.data())])),
        updatedAt: Timestamp.fromMillis(asOfMs),
      });
      return made.size;
    });
    if (counted > 0) documents += 1;
    requests += counted;
  }
  return { weeks: figureWeeks(asOfMs).length, documents, requests };
}
