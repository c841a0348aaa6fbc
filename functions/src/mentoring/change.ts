import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import {
  SESSION_LABELS,
  SESSION_MINUTES,
  mentoringAllowances,
  MENTORING_JOIN_OPENS_MINUTES_BEFORE,
  bookingChangeSchema,
  changeOutcome,
  clashes,
  noShowSchema,
  scorecardSchema,
  sessionNotesSchema,
  sessionReturnSchema,
} from '@upskill/domain/mentoring';
import type { StaffActionAnswer } from '@upskill/domain/staff';
import type { StaffActor } from '../http/staffAccess';
import type { BookingAnswer, BookingView } from '@upskill/domain/mentoring';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { validateBody } from '../http/validate';
import { writeAudit } from '../audit/staffAudit';
import { queueMail } from '../mail/outbox';
import type { MentorActor } from './access';
import { bookedMailData, bookingNotFound, classClash, isBookable, mentorBusy } from './book';
import { writeMentorWeekEntry } from './figures';
import { bookingView, mentorBookings, mentors, type BookingDoc } from './store';
import { runTransaction } from '../http/transaction';

type Side = { as: 'learner'; account: DecodedIdToken } | { as: 'mentor'; actor: MentorActor };

/** The booking if the caller is on it (its learner, or its mentor; staff see any); else the same 404 as no booking. */
function assertOnBooking(side: Side, doc: BookingDoc | undefined): BookingDoc {
  if (!doc) throw bookingNotFound();
  if (side.as === 'learner' && doc.learnerUid !== side.account.uid) throw bookingNotFound();
  if (side.as === 'mentor' && !side.actor.staff && doc.mentorId !== side.actor.uid) throw bookingNotFound();
  return doc;
}

const cancelledMail = (id: string, doc: BookingDoc, by: 'learner' | 'mentor' | 'staff', returned: boolean) => ({
  template: 'mentoring-cancelled' as const,
  data: {
    bookingId: id,
    name: doc.learnerName,
    kind: SESSION_LABELS[doc.kind].one,
    mentor: doc.mentorName,
    startsAt: doc.startsAt.toDate().toISOString(),
    by,
    returned,
  },
});

/**
 * POST /api/mentoring/bookings/{id}/cancel. A learner's cancellation 12 hours or more before the start gives
 * the session back; a later one is allowed, and uses it (the page says so before they confirm). A mentor's (or
 * staff's) always gives it back and mails the learner a link to book again. Once, however often it is sent.
 */
export async function cancelBooking(side: Side, id: string, nowMs: number): Promise<BookingView> {
  const ref = mentorBookings().doc(id);
  return withDeadline(
    runTransaction(async (tx) => {
      const doc = assertOnBooking(side, (await tx.get(ref)).data());
      if (doc.status === 'cancelled') return bookingView(id, doc);
      if (doc.status !== 'booked') throw new HttpError('failed-precondition', 'This session is over; it can no longer be cancelled.');
      const by = side.as === 'learner' ? 'learner' : side.actor.staff && doc.mentorId !== side.actor.uid ? 'staff' : 'mentor';
      const outcome = changeOutcome('cancel', by === 'learner' ? 'learner' : 'mentor', doc.startsAt.toMillis(), nowMs);
      if (!outcome.allowed) throw new HttpError('failed-precondition', outcome.reason);
      const next: BookingDoc = {
        ...doc,
        status: 'cancelled',
        counts: !outcome.returnsAllowance,
        cancelledBy: by,
        cancelledAt: Timestamp.fromMillis(nowMs),
        updatedAt: Timestamp.fromMillis(nowMs),
      };
      tx.set(ref, next);
      writeMentorWeekEntry(tx, id, next, nowMs);
      tx.update(mentors().doc(doc.mentorId), { version: FieldValue.increment(1) });
      queueMail(tx, doc.learnerEmail, cancelledMail(id, doc, by, outcome.returnsAllowance));
      // A mentor's or staff's cancellation gives a learner their session back: on the audit trail, with who.
      if (side.as === 'mentor')
        writeAudit(
          tx,
          { uid: side.actor.uid, email: side.actor.email, admin: false },
          'mentoring-cancelled',
          { kind: 'booking', id },
          `${by}: ${doc.learnerEmail}`,
        );
      return bookingView(id, next);
    }),
  );
}

/**
 * POST /api/mentoring/bookings/{id}/reschedule {startsAt}: the learner moves their own booking to another of the
 * same mentor's free starts, up to 12 hours before it; it keeps its allowance and gets a new sequence (so the
 * reminders go again, at the new time).
 */
export async function rescheduleBooking(account: DecodedIdToken, id: string, body: unknown, nowMs: number): Promise<BookingAnswer> {
  const { startsAt } = await validateBody(bookingChangeSchema, body, 'Choose a new time.');
  const startMs = Date.parse(startsAt);
  const ref = mentorBookings().doc(id);
  const first = assertOnBooking({ as: 'learner', account }, (await withDeadline(ref.get())).data());
  const endMs = startMs + SESSION_MINUTES[first.kind] * 60_000;
  const warning = await classClash(account, startMs, endMs, nowMs);
  const moved = await withDeadline(
    runTransaction(async (tx) => {
      const doc = assertOnBooking({ as: 'learner', account }, (await tx.get(ref)).data());
      if (doc.status !== 'booked') throw new HttpError('failed-precondition', 'Only a booked session can be moved.');
      const outcome = changeOutcome('reschedule', 'learner', doc.startsAt.toMillis(), nowMs);
      if (!outcome.allowed) throw new HttpError('failed-precondition', outcome.reason);
      const mentorRef = mentors().doc(doc.mentorId);
      const mentor = (await tx.get(mentorRef)).data();
      if (!mentor || !mentor.active)
        throw new HttpError('failed-precondition', 'This mentor is not taking bookings now. Cancel it, and book another.');
      const busy = (await mentorBusy(doc.mentorId, startMs, endMs, tx)).filter((b) => b.id !== id);
      const own = (await tx.get(mentorBookings().where('learnerUid', '==', account.uid))).docs
        .filter((d) => d.id !== id && d.data().status === 'booked')
        .map((d) => ({ startMs: d.data().startsAt.toMillis(), endMs: d.data().endsAt.toMillis() }));
      if (clashes(startMs, endMs, own).length > 0) throw new HttpError('failed-precondition', 'You already have a session at that time.');
      const horizon = Math.max(
        ...mentoringAllowances(doc.planId)
          .filter((a) => a.kind === doc.kind)
          .map((a) => a.horizonDays),
        14,
      );
      if (!isBookable(mentor.availability, doc.kind, horizon, busy, startMs, nowMs))
        throw new HttpError('failed-precondition', 'That time is no longer free. Choose another time.');
      const next: BookingDoc = {
        ...doc,
        startsAt: Timestamp.fromMillis(startMs),
        endsAt: Timestamp.fromMillis(endMs),
        sequence: doc.sequence + 1,
        outsideHours: false,
        updatedAt: Timestamp.fromMillis(nowMs),
      };
      tx.set(ref, next);
      // The session leaves its old week's figures when it moves to another week.
      writeMentorWeekEntry(tx, id, next, nowMs, doc);
      tx.update(mentorRef, { version: FieldValue.increment(1) });
      queueMail(tx, doc.learnerEmail, { template: 'mentoring-booked', data: bookedMailData(id, next, mentor) });
      return next;
    }),
  );
  return { booking: bookingView(id, moved), warning };
}

/**
 * GET /api/mentoring/bookings/{id}/join: the meeting link, to the booking's learner or mentor only, from 10
 * minutes before the start until the end. Anyone else gets the same 404 as for no booking.
 */
export async function joinBooking(side: Side, id: string, nowMs: number): Promise<string> {
  const doc = assertOnBooking(side, (await withDeadline(mentorBookings().doc(id).get())).data());
  if (doc.status === 'cancelled') throw new HttpError('failed-precondition', 'This session was cancelled.');
  const opens = doc.startsAt.toMillis() - MENTORING_JOIN_OPENS_MINUTES_BEFORE * 60_000;
  if (nowMs < opens)
    throw new HttpError(
      'failed-precondition',
      `The meeting room opens ${MENTORING_JOIN_OPENS_MINUTES_BEFORE} minutes before the session starts.`,
    );
  if (nowMs >= doc.endsAt.toMillis()) throw new HttpError('failed-precondition', 'This session has ended.');
  return doc.meetingUrl;
}

/** Once the session has started: the mentor's after-session writing needs it to have begun. */
function assertStarted(doc: BookingDoc, nowMs: number) {
  if (doc.status === 'cancelled') throw new HttpError('failed-precondition', 'This session was cancelled.');
  if (nowMs < doc.startsAt.toMillis()) throw new HttpError('failed-precondition', 'This session has not started yet.');
}

/** POST /api/mentoring/bookings/{id}/notes {notes, actionItems}: the mentor's notes, which the learner sees; marks it completed. */
export async function writeNotes(actor: MentorActor, id: string, body: unknown, nowMs: number): Promise<BookingView> {
  const input = await validateBody(sessionNotesSchema, body, 'Check the notes.');
  const ref = mentorBookings().doc(id);
  return withDeadline(
    runTransaction(async (tx) => {
      const doc = assertOnBooking({ as: 'mentor', actor }, (await tx.get(ref)).data());
      assertStarted(doc, nowMs);
      const next: BookingDoc = {
        ...doc,
        status: doc.status === 'booked' ? 'completed' : doc.status,
        notes: { text: input.notes, actionItems: input.actionItems ?? [], at: Timestamp.fromMillis(nowMs) },
        updatedAt: Timestamp.fromMillis(nowMs),
      };
      tx.set(ref, next);
      return bookingView(id, next);
    }),
  );
}

/** POST /api/mentoring/bookings/{id}/scorecard: a mock interview's five ratings, comments and verdict. */
export async function writeScorecard(actor: MentorActor, id: string, body: unknown, nowMs: number): Promise<BookingView> {
  const input = await validateBody(scorecardSchema, body, 'Check the scorecard.');
  const ref = mentorBookings().doc(id);
  return withDeadline(
    runTransaction(async (tx) => {
      const doc = assertOnBooking({ as: 'mentor', actor }, (await tx.get(ref)).data());
      if (doc.kind !== 'mock-interview') throw new HttpError('failed-precondition', 'Only a mock interview has a scorecard.');
      assertStarted(doc, nowMs);
      const next: BookingDoc = {
        ...doc,
        status: doc.status === 'booked' ? 'completed' : doc.status,
        scorecard: { ratings: input.ratings, comments: input.comments, verdict: input.verdict, at: Timestamp.fromMillis(nowMs) },
        updatedAt: Timestamp.fromMillis(nowMs),
      };
      tx.set(ref, next);
      return bookingView(id, next);
    }),
  );
}

/**
 * POST /api/mentoring/bookings/{id}/no-show {note}: the mentor says the learner did not come (the session is
 * used), or the learner reports that the mentor did not (staff look into it; the session stays used until they
 * give it back). Once the session has started; once per booking; both are kept on the booking for staff.
 */
export async function reportNoShow(side: Side, id: string, body: unknown, nowMs: number): Promise<BookingView> {
  const { note } = await validateBody(noShowSchema, body, 'Check the note.');
  const ref = mentorBookings().doc(id);
  return withDeadline(
    runTransaction(async (tx) => {
      const doc = assertOnBooking(side, (await tx.get(ref)).data());
      assertStarted(doc, nowMs);
      if (doc.noShowReport) throw new HttpError('failed-precondition', 'A no-show is already reported for this session.');
      const by = side.as;
      const next: BookingDoc = {
        ...doc,
        status: by === 'mentor' ? 'no-show-learner' : 'no-show-mentor',
        noShowReport: { by, note: note ?? '', at: Timestamp.fromMillis(nowMs) },
        updatedAt: Timestamp.fromMillis(nowMs),
      };
      tx.set(ref, next);
      // Both sides' reports go on the audit trail, for staff to look into.
      const who =
        side.as === 'learner'
          ? { uid: side.account.uid, email: doc.learnerEmail, admin: false }
          : { uid: side.actor.uid, email: side.actor.email, admin: false };
      writeAudit(
        tx,
        who,
        'mentoring-no-show',
        { kind: 'booking', id },
        `${by === 'mentor' ? 'The learner did not come' : 'The mentor did not come'}${note ? `: ${note}` : ''}`,
      );
      return bookingView(id, next);
    }),
  );
}

/**
 * POST /api/staff/mentoring/bookings/{id}/return {reason}: after looking into a reported no-show (or any used
 * session), staff give it back: it no longer counts, so the learner may book again. Once; audited with the reason.
 */
export async function returnSession(
  actor: StaffActor,
  id: string,
  body: Record<string, unknown>,
  nowMs: number,
): Promise<StaffActionAnswer> {
  const { reason } = await validateBody(sessionReturnSchema, body, 'Say why the session is given back.');
  const ref = mentorBookings().doc(id);
  const auditId = await withDeadline(
    runTransaction(async (tx) => {
      const doc = (await tx.get(ref)).data();
      if (!doc) throw bookingNotFound();
      if (!doc.counts) throw new HttpError('failed-precondition', 'This session already does not count: the learner has it to book again.');
      if (doc.status === 'booked' && nowMs < doc.endsAt.toMillis())
        throw new HttpError('failed-precondition', 'This session has not happened yet: cancel it instead, and the learner gets it back.');
      tx.update(ref, { counts: false, updatedAt: Timestamp.fromMillis(nowMs) });
      return writeAudit(tx, actor, 'mentoring-returned', { kind: 'booking', id }, reason.trim());
    }),
  );
  return { ok: true, auditId };
}
