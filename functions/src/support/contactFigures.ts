import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { figureWeeks, indiaWeekStart } from '@upskill/domain/batches';
import { contactWeekId, type ContactClock, type ContactWeekDoc } from '@upskill/domain/support';
import { withDeadline } from '../http/handler';
import { madeInWeek, rebuildFigureWeeks } from '../http/figureWeeks';
import { collection } from '../platform/collections';
import { mergeDoc, type Writer } from '../platform/writer';

/**
 * The reply clock's figures kept as messages arrive and are handled (domain support/contact.ts): a message's clock in
 * its week's document is written in the message's own commit and in the one that marks it handled, so the console
 * reads one small document a week instead of every message of eight weeks (issue 59).
 */
export const contactWeekDocs = () => collection('contactWeeks');

/** Writes ('keep') or removes ('drop') a message's clock in its arrival week's document. */
export function writeContactWeekEntry(writer: Writer, id: string, clock: ContactClock, entry: 'keep' | 'drop', atMs: number) {
  mergeDoc(writer, contactWeekDocs().doc(contactWeekId(clock.receivedMs)), {
    weekStart: Timestamp.fromMillis(indiaWeekStart(clock.receivedMs)),
    messages: { [id]: entry === 'keep' ? clock : FieldValue.delete() },
    updatedAt: Timestamp.fromMillis(atMs),
  });
}

/** A stored message's clock. */
export const clockOf = (d: { createdAt: Timestamp; dueAt: Timestamp; handled: boolean; handledAt: Timestamp | null }): ContactClock => ({
  receivedMs: d.createdAt.toMillis(),
  dueMs: d.dueAt.toMillis(),
  handledMs: d.handled && d.handledAt ? d.handledAt.toMillis() : null,
});

/** The week documents the console shows: the last FIGURE_WEEKS weeks'. */
export async function shownContactWeeks(nowMs: number): Promise<ContactWeekDoc<Timestamp>[]> {
  const since = Timestamp.fromMillis(figureWeeks(nowMs)[0]);
  return (await withDeadline(contactWeekDocs().where('weekStart', '>=', since).get())).docs.map((d) => d.data());
}

/** `npm run jobs -- contact-figures`: the shown weeks rebuilt from the messages (messages written around the API, or a figure that drifted). */
export async function rebuildContactWeeks(asOfMs: number): Promise<{ weeks: number; documents: number; messages: number }> {
  const { weeks, documents, entries } = await rebuildFigureWeeks(asOfMs, {
    ref: (startMs) => contactWeekDocs().doc(contactWeekId(startMs)),
    records: (startMs) => madeInWeek(collection('contactMessages'), 'createdAt', startMs),
    entry: (d) => clockOf(d.data()),
    doc: (startMs, messages, atMs) => ({ weekStart: Timestamp.fromMillis(startMs), messages, updatedAt: Timestamp.fromMillis(atMs) }),
  });
  return { weeks, documents, messages: entries };
}
