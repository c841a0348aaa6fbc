import { FieldValue, Timestamp, type DocumentReference, type Query } from 'firebase-admin/firestore';
import { indiaWeekStart } from '@upskill/domain/batches';
import { bookedHoursOf, mentorWeekEntry, mentorWeekId, type MentorFigureFacts, type MentorWeekDoc } from '@upskill/domain/mentoring';
import { withDeadline } from '../http/handler';
import { runTransaction } from '../http/transaction';
import { madeInWeek } from '../http/figureWeeks';
import { collection } from '../platform/collections';
import { readById } from '../platform/readById';
import { mergeDoc, type Writer } from '../platform/writer';
import { mentorBookings } from './store';

/**
 * The console's mentor utilisation kept as sessions are booked, moved and cancelled (domain mentoring/figures.ts): a
 * booking's minutes in its mentor's week are written in the booking's own transaction, so the console reads a
 * document per shown mentor and week instead of every booking of its mentors' eight weeks (issue 59).
 */
export const mentorWeeks = () => collection('mentorWeeks');

const weekRef = (mentorId: string, startsAtMs: number) => mentorWeeks().doc(mentorWeekId(mentorId, startsAtMs));

/**
 * Puts a booking's minutes in its week, or takes them out when it holds no time (cancelled). `before`, for a session
 * moved to another week: its old week, which the booking leaves.
 */
export function writeMentorWeekEntry(
  writer: Writer,
  id: string,
  b: MentorFigureFacts,
  atMs: number,
  before?: Pick<MentorFigureFacts, 'mentorId' | 'startsAt'>,
): void {
  const minutes = mentorWeekEntry(b);
  const at = Timestamp.fromMillis(atMs);
  if (before && mentorWeekId(before.mentorId, before.startsAt.toMillis()) !== mentorWeekId(b.mentorId, b.startsAt.toMillis())) {
    mergeDoc(writer, weekRef(before.mentorId, before.startsAt.toMillis()), { bookings: { [id]: FieldValue.delete() }, updatedAt: at });
  }
  mergeDoc(writer, weekRef(b.mentorId, b.startsAt.toMillis()), {
    mentorId: b.mentorId,
    weekStart: Timestamp.fromMillis(indiaWeekStart(b.startsAt.toMillis())),
    bookings: { [id]: minutes === null ? FieldValue.delete() : minutes },
    updatedAt: at,
  });
}

/** Each mentor's booked hours in each of these weeks (starts, ms): a read by id per mentor and week. */
export async function bookedHours(mentorIds: readonly string[], weekStarts: readonly number[]): Promise<Map<string, number>> {
  const refs = mentorIds.flatMap((id) => weekStarts.map((startMs) => weekRef(id, startMs)));
  const found = new Map<string, number>();
  for (const doc of await readById(refs)) found.set(mentorWeekId(doc.mentorId, doc.weekStart.toMillis()), bookedHoursOf(doc));
  return found;
}

/**
 * `npm run jobs -- mentor-figures`: the mentor weeks from `fromMs` to `toMs` rebuilt from the bookings (bookings written
 * around the API, or a figure that drifted). Each mentor's week in a transaction that reads its document and that
 * mentor's sessions of the week, so a booking made, moved or cancelled meanwhile (whose transaction writes the same
 * document) lands before the rebuild reads or after it writes: none is lost. A week with no session has no document.
 */
export async function rebuildMentorWeeks(fromMs: number, toMs: number, asOfMs: number): Promise<{ documents: number; bookings: number }> {
  const range = <T>(q: Query<T>, field: string, a: number, b: number) =>
    q.where(field, '>=', Timestamp.fromMillis(a)).where(field, '<', Timestamp.fromMillis(b));
  const [sessions, kept] = await withDeadline(
    Promise.all([range(mentorBookings(), 'startsAt', fromMs, toMs).get(), range(mentorWeeks(), 'weekStart', fromMs, toMs).get()]),
  );
  // Which documents to rebuild: those the sessions name, and those that exist.
  const keys = new Map<string, { mentorId: string; weekStartMs: number }>();
  for (const d of sessions.docs) {
    const { mentorId, startsAt } = d.data();
    keys.set(mentorWeekId(mentorId, startsAt.toMillis()), { mentorId, weekStartMs: indiaWeekStart(startsAt.toMillis()) });
  }
  for (const d of kept.docs) keys.set(d.id, { mentorId: d.data().mentorId, weekStartMs: d.data().weekStart.toMillis() });
  let documents = 0;
  let bookings = 0;
  for (const { mentorId, weekStartMs } of keys.values()) {
    const counted = await withDeadline(
      runTransaction(async (tx) => {
        const ref: DocumentReference<MentorWeekDoc<Timestamp>> = weekRef(mentorId, weekStartMs);
        await tx.get(ref);
        const held = (await tx.get(madeInWeek(mentorBookings().where('mentorId', '==', mentorId), 'startsAt', weekStartMs))).docs
          .map((d) => [d.id, mentorWeekEntry(d.data())] as const)
          .filter((e): e is readonly [string, number] => e[1] !== null);
        if (held.length === 0) {
          tx.delete(ref);
          return 0;
        }
        tx.set(ref, {
          mentorId,
          weekStart: Timestamp.fromMillis(weekStartMs),
          bookings: Object.fromEntries(held),
          updatedAt: Timestamp.fromMillis(asOfMs),
        });
        return held.length;
      }),
    );
    if (counted > 0) documents += 1;
    bookings += counted;
  }
  return { documents, bookings };
}
