import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { findOffering, indiaDateTime } from '@upskill/domain/batches';
import { attendanceId, sessionStatus } from '@upskill/domain/learning';
import type { StaffActionAnswer } from '@upskill/domain/staff';
import { attendanceSchema, recordingSchema, rescheduleSchema, sessionCancelSchema } from '@upskill/domain/teaching';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { validateBody } from '../http/validate';
import { batches, sessions, type BatchDoc } from '../batches/store';
import { attendance, sessionTimes, type SessionDoc } from '../learning/store';
import { queueMail } from '../mail/outbox';
import { writeAudit } from '../audit/staffAudit';
import { mayTeach, type Teacher } from './access';
import { batchLearners } from './roster';
import { runTransaction } from '../http/transaction';

const sessionNotFound = () => new HttpError('not-found', 'No such session.');
const serverTime = () => FieldValue.serverTimestamp() as unknown as Timestamp;

/** The session and its batch, read in the transaction; another instructor's session is the same 404 as a missing one. */
async function load(tx: Transaction, teacher: Teacher, sessionId: string): Promise<{ session: SessionDoc; batch: BatchDoc }> {
  const session = (await tx.get(sessions().doc(sessionId))).data();
  if (!session) throw sessionNotFound();
  const batch = (await tx.get(batches().doc(session.batchId))).data();
  if (!batch || !mayTeach(teacher, batch)) throw sessionNotFound();
  return { session, batch };
}

const indiaDateTimeText = (ms: number) =>
  new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(ms));

/** POST /api/teaching/sessions/{id}/attendance {enrollmentId, present}: for a learner of the batch, once the session has begun. */
export async function markAttendance(teacher: Teacher, sessionId: string, body: Record<string, unknown>): Promise<StaffActionAnswer> {
  const input = await validateBody(attendanceSchema, body, 'Please check the attendance.');
  return withDeadline(
    runTransaction(async (tx) => {
      const { session } = await load(tx, teacher, sessionId);
      const status = sessionStatus(sessionTimes(session), Date.now());
      if (status === 'cancelled') throw new HttpError('failed-precondition', 'This session was cancelled.');
      if (status === 'upcoming') throw new HttpError('failed-precondition', 'Attendance is taken once the session has begun.');
      const learners = await batchLearners(session.batchId, tx);
      const learner = learners.find((l) => l.enrollmentId === input.enrollmentId);
      if (!learner)
        throw new HttpError('invalid-argument', 'This learner is not in the batch.', { enrollmentId: 'Not a learner of this batch.' });
      tx.set(attendance().doc(attendanceId(sessionId, input.enrollmentId)), {
        batchId: session.batchId,
        sessionId,
        enrollmentId: input.enrollmentId,
        present: input.present,
        source: teacher.instructor ? 'instructor' : 'staff',
        markedBy: teacher.uid,
        at: serverTime(),
      });
      return {
        ok: true as const,
        auditId: writeAudit(
          tx,
          teacher,
          'attendance-marked',
          { kind: 'session', id: sessionId },
          `${learner.enrollment.name}: ${input.present ? 'present' : 'absent'}`,
        ),
      };
    }),
  );
}

/** POST /api/teaching/sessions/{id}/recording {recordingUrl, notes?}: once the session is held. */
export async function addRecording(teacher: Teacher, sessionId: string, body: Record<string, unknown>): Promise<StaffActionAnswer> {
  const input = await validateBody(recordingSchema, body, 'Please check the recording link.');
  return withDeadline(
    runTransaction(async (tx) => {
      const { session } = await load(tx, teacher, sessionId);
      if (sessionStatus(sessionTimes(session), Date.now()) !== 'held')
        throw new HttpError('failed-precondition', 'A recording is added once the session has ended.');
      const recordingUrl = input.recordingUrl.trim();
      tx.update(sessions().doc(sessionId), { recordingUrl, notes: input.notes?.trim() || null, updatedAt: serverTime() });
      return { ok: true as const, auditId: writeAudit(tx, teacher, 'recording-added', { kind: 'session', id: sessionId }, recordingUrl) };
    }),
  );
}

/** The change's mail to every learner of the batch, in the change's transaction (at most 200 learners: within Firestore's 500 writes). */
async function mailLearners(
  tx: Transaction,
  session: SessionDoc,
  batch: BatchDoc,
  change: { change: 'rescheduled' | 'cancelled'; startsAt: string | null; endsAt: string | null; reason: string },
) {
  const offering = findOffering(batch.offering)?.name ?? batch.offering;
  for (const { enrollmentId, enrollment } of await batchLearners(session.batchId, tx)) {
    queueMail(tx, enrollment.email, {
      template: 'session-changed',
      data: {
        enrollmentId,
        name: enrollment.name,
        offering,
        topic: session.topic,
        was: session.startsAt.toDate().toISOString(),
        ...change,
      },
    });
  }
}

/**
 * POST /api/teaching/sessions/{id}/reschedule {date, startTime, endTime, reason} (India time): a session not yet
 * held moves to a future time; its SEQUENCE rises (calendars update the event in place), learners are mailed
 * in the same transaction, and its reminder will go again for the new time.
 */
export async function rescheduleSession(teacher: Teacher, sessionId: string, body: Record<string, unknown>): Promise<StaffActionAnswer> {
  const input = await validateBody(rescheduleSchema, body, 'Please check the new time.');
  const startsAt = Date.parse(indiaDateTime(input.date, input.startTime));
  const endsAt = Date.parse(indiaDateTime(input.date, input.endTime));
  const nowMs = Date.now();
  if (startsAt <= nowMs) throw new HttpError('invalid-argument', 'Choose a time in the future.', { date: 'Choose a time in the future.' });
  return withDeadline(
    runTransaction(async (tx) => {
      const { session, batch } = await load(tx, teacher, sessionId);
      const status = sessionStatus(sessionTimes(session), nowMs);
      if (status === 'cancelled') throw new HttpError('failed-precondition', 'This session was cancelled.');
      if (status !== 'upcoming') throw new HttpError('failed-precondition', 'This session has begun; it cannot move.');
      const reason = input.reason.trim();
      await mailLearners(tx, session, batch, {
        change: 'rescheduled',
        startsAt: new Date(startsAt).toISOString(),
        endsAt: new Date(endsAt).toISOString(),
        reason,
      });
      tx.update(sessions().doc(sessionId), {
        startsAt: Timestamp.fromMillis(startsAt),
        endsAt: Timestamp.fromMillis(endsAt),
        sequence: (session.sequence ?? 0) + 1,
        updatedAt: serverTime(),
      });
      // The batch's own span follows its first and last sessions.
      const span: Partial<BatchDoc> = {};
      if (session.index === 0) span.startsAt = Timestamp.fromMillis(startsAt);
      if (endsAt > batch.endsAt.toMillis()) span.endsAt = Timestamp.fromMillis(endsAt);
      if (Object.keys(span).length) tx.update(batches().doc(session.batchId), { ...span, updatedAt: serverTime() });
      const detail = `${indiaDateTimeText(session.startsAt.toMillis())} → ${indiaDateTimeText(startsAt)} IST: ${reason}`;
      return { ok: true as const, auditId: writeAudit(tx, teacher, 'session-rescheduled', { kind: 'session', id: sessionId }, detail) };
    }),
  );
}

/** POST /api/teaching/sessions/{id}/cancel {reason}: a session not yet held; calendars mark it cancelled, learners are mailed. */
export async function cancelSession(teacher: Teacher, sessionId: string, body: Record<string, unknown>): Promise<StaffActionAnswer> {
  const input = await validateBody(sessionCancelSchema, body, 'Please give a reason.');
  return withDeadline(
    runTransaction(async (tx) => {
      const { session, batch } = await load(tx, teacher, sessionId);
      const status = sessionStatus(sessionTimes(session), Date.now());
      if (status === 'cancelled') throw new HttpError('failed-precondition', 'This session is already cancelled.');
      if (status !== 'upcoming') throw new HttpError('failed-precondition', 'This session has begun; it cannot be cancelled.');
      const reason = input.reason.trim();
      await mailLearners(tx, session, batch, { change: 'cancelled', startsAt: null, endsAt: null, reason });
      tx.update(sessions().doc(sessionId), { status: 'cancelled', sequence: (session.sequence ?? 0) + 1, updatedAt: serverTime() });
      return { ok: true as const, auditId: writeAudit(tx, teacher, 'session-cancelled', { kind: 'session', id: sessionId }, reason) };
    }),
  );
}
