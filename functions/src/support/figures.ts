import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { figureWeeks, indiaWeekStart } from '@upskill/domain/batches';
import { supportWeekEntry, supportWeekId, type SupportFigureFacts, type SupportWeekDoc } from '@upskill/domain/support';
import { withDeadline } from '../http/handler';
import { madeInWeek, rebuildFigureWeeks } from '../http/figureWeeks';
import { collection } from '../platform/collections';
import { mergeDoc, type Writer } from '../platform/writer';
import { supportRequests } from './store';

/**
 * The console's support figures kept as they happen (domain support/figures.ts): a request's entry in its week's
 * document is written in the same transaction as the request and as its first answer, so the console reads one small
 * document a week instead of every request of eight weeks (issue 59).
 */
export const supportWeeks = () => collection('supportWeeks');

/** Writes a request's entry in its week's document (a merge: the week's other requests stay). */
export function writeSupportWeekEntry(writer: Writer, id: string, r: SupportFigureFacts, atMs: number): void {
  mergeDoc(writer, supportWeeks().doc(supportWeekId(r.createdAt)), {
    weekStart: Timestamp.fromMillis(indiaWeekStart(r.createdAt.toMillis())),
    requests: { [id]: supportWeekEntry(r) },
    updatedAt: Timestamp.fromMillis(atMs),
  });
}

/** Takes an erased request out of its week (account deletion erases support requests; the figures then agree). */
export function dropSupportWeekEntry(writer: Writer, id: string, createdAt: Timestamp, atMs: number): void {
  mergeDoc(writer, supportWeeks().doc(supportWeekId(createdAt)), {
    requests: { [id]: FieldValue.delete() },
    updatedAt: Timestamp.fromMillis(atMs),
  });
}

/** The week documents the console shows: the last FIGURE_WEEKS weeks'. */
export async function shownSupportWeeks(nowMs: number): Promise<SupportWeekDoc<Timestamp>[]> {
  const since = Timestamp.fromMillis(figureWeeks(nowMs)[0]);
  return (await withDeadline(supportWeeks().where('weekStart', '>=', since).get())).docs.map((d) => d.data());
}

/** `npm run jobs -- support-figures`: the shown weeks rebuilt from the requests themselves (an import, or a figure that drifted). */
export async function rebuildSupportWeeks(asOfMs: number): Promise<{ weeks: number; documents: number; requests: number }> {
  const { weeks, documents, entries } = await rebuildFigureWeeks(asOfMs, {
    ref: (startMs) => supportWeeks().doc(supportWeekId(Timestamp.fromMillis(startMs))),
    records: (startMs) => madeInWeek(supportRequests(), 'createdAt', startMs),
    entry: (d) => supportWeekEntry(d.data()),
    doc: (startMs, requests, atMs) => ({ weekStart: Timestamp.fromMillis(startMs), requests, updatedAt: Timestamp.fromMillis(atMs) }),
  });
  return { weeks, documents, requests: entries };
}
