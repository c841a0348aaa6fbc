import type { TopicSession } from '@upskill/domain/assignments';
import type { QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { entitledAt } from '../subscriptions/entitled';
import { withDeadline } from '../http/handler';
import { collection, type Stored } from '../platform/collections';
import { enrollmentsOwnedBy, type OwnedEnrollments } from '../enrollment/access';
import { enrollments, type EnrollmentDoc } from '../enrollment/store';
import { batchesWithSessions, seats, type SessionDoc } from '../batches/store';

export type { SessionDoc };

/** A batch with its sessions, as a calendar shows them. */
export interface CalendarBatch {
  id: string;
  batch: Stored<'batches'>;
  sessions: { id: string; doc: SessionDoc }[];
}
export const attendance = () => collection('attendance');
export const reminders = () => collection('reminders');
export const calendarFeeds = () => collection('calendarFeeds');

/** A session's stored status, with sessions planned before live classes read as scheduled. */
export const sessionTimes = (s: SessionDoc) => ({
  status: s.status ?? 'scheduled',
  startsAtMs: s.startsAt.toMillis(),
  endsAtMs: s.endsAt.toMillis(),
});

/** A batch's sessions as assignment dates read them: topics and times as they stand after any reschedule. */
export const topicSessions = (batch: Pick<CalendarBatch, 'sessions'>): TopicSession[] =>
  batch.sessions.map(({ doc }) => ({
    topic: doc.topic,
    startsAtMs: doc.startsAt.toMillis(),
    endsAtMs: doc.endsAt.toMillis(),
    cancelled: doc.status === 'cancelled',
  }));

/** Who a learner is, as a verified ID token (or, for a calendar feed, the account record) says. */
export interface Account {
  uid: string;
  email?: string;
  email_verified?: boolean;
}

/** A learner's place in a batch: a paid enrollment whose seat is confirmed and is still theirs. */
export interface Place {
  enrollmentId: string;
  enrollment: EnrollmentDoc;
  batchId: string;
}

/**
 * Whether an enrollment has a confirmed seat: paid, in a batch, and the seat document says confirmed for
 * this very enrollment (a refund or a move to another batch releases it).
 */
export async function confirmedPlace(
  snap: QueryDocumentSnapshot<EnrollmentDoc> | { id: string; data(): EnrollmentDoc | undefined },
  nowMs = Date.now(),
): Promise<Place | null> {
  const enrollment = snap.data();
  // Paid, or in a trial or subscription that still gives access (subscriptions/entitled.ts).
  if (!enrollment || !entitledAt(enrollment, nowMs) || !enrollment.batchId || !enrollment.seatId) return null;
  // A place taken with a credit or the membership lasts while the enrollment that paid for it gives access.
  if (enrollment.coveredBy) {
    const payer = (await withDeadline(enrollments().doc(enrollment.coveredBy.enrollmentId).get())).data();
    if (!payer || !entitledAt(payer, nowMs)) return null;
  }
  const seat = (await withDeadline(seats().doc(enrollment.seatId).get())).data();
  if (!seat || seat.state !== 'confirmed' || seat.enrollmentId !== snap.id || seat.batchId !== enrollment.batchId) return null;
  return { enrollmentId: snap.id, enrollment, batchId: enrollment.batchId };
}

/** The caller's confirmed places, one per batch (a second paid enrollment in the same batch adds nothing). */
export async function ownPlaces(
  caller: Account,
  nowMs = Date.now(),
  owned: Promise<OwnedEnrollments> = enrollmentsOwnedBy(caller),
): Promise<Place[]> {
  const places = (await Promise.all((await owned).map((snap) => confirmedPlace(snap, nowMs)))).filter((p): p is Place => p !== null);
  const byBatch = new Map<string, Place>();
  for (const place of places) if (!byBatch.has(place.batchId)) byBatch.set(place.batchId, place);
  return [...byBatch.values()];
}

/** The calendar of the given batches (all of a learner's, or one), read at once: the batches, then their sessions by id. */
export async function calendarOf(batchIds: readonly string[]): Promise<CalendarBatch[]> {
  const found = await withDeadline(batchesWithSessions(batchIds));
  return found.map(({ id, doc, sessions }) => ({ id, batch: doc, sessions }));
}
