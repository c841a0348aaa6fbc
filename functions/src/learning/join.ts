import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { attendanceId, joinOpensAtMs, joinRefusal } from '@upskill/domain/learning';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { batches, sessions } from '../batches/store';
import { attendance, confirmedPlace, sessionTimes, type Account } from './store';
import { enrollmentsOwnedBy } from '../enrollment/access';
import { runTransaction } from '../http/transaction';

const indiaTime = (ms: number) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' }).format(
    new Date(ms),
  );

export const sessionNotFound = () => new HttpError('not-found', 'No such session.');

/**
 * Joining a session: the caller must hold a confirmed seat in its batch and be inside its join window;
 * then their attendance is recorded (once, however often they click) and the meeting URL is theirs.
 * The order of the checks tells nobody anything they may not know: a stranger learns only that they have
 * no seat, never the session's times.
 */
export async function joinSession(caller: Account, sessionId: string, nowMs: number): Promise<string> {
  const session = (await withDeadline(sessions().doc(sessionId).get())).data();
  if (!session) throw sessionNotFound();
  const inBatch = (await enrollmentsOwnedBy(caller)).filter((e) => e.data().batchId === session.batchId);
  if (inBatch.length === 0)
    throw new HttpError('permission-denied', 'This class is for the learners of its batch. Sign in with the account you enrolled with.');
  const place = (await Promise.all(inBatch.map((snap) => confirmedPlace(snap, nowMs)))).find((p) => p !== null);
  if (!place)
    throw new HttpError(
      'failed-precondition',
      'Your seat in this batch is not confirmed: complete the payment on My Courses to join its classes.',
    );

  const times = sessionTimes(session);
  const refusal = joinRefusal(times, nowMs);
  if (refusal === 'cancelled')
    throw new HttpError('failed-precondition', 'This class was cancelled. My Courses shows the timetable as it stands.');
  if (refusal === 'too-early')
    throw new HttpError(
      'failed-precondition',
      `This class opens for joining at ${indiaTime(joinOpensAtMs(times))} IST, 15 minutes before it starts.`,
    );
  if (refusal === 'ended')
    throw new HttpError('failed-precondition', 'This class has ended. Its recording appears on My Courses once it is added.');

  const batch = (await withDeadline(batches().doc(session.batchId).get())).data();
  if (batch?.status === 'completed') throw new HttpError('failed-precondition', 'This batch is complete; its classes have ended.');
  if (batch?.status === 'cancelled') throw new HttpError('failed-precondition', 'This batch was cancelled.');
  if (!batch?.meetingUrl)
    throw new HttpError(
      'failed-precondition',
      'The meeting room for this class is not ready. Please contact us and we will send you the link.',
    );

  // One attendance record per learner per session: a transaction, so a burst of clicks writes it once.
  const ref = attendance().doc(attendanceId(sessionId, place.enrollmentId));
  await withDeadline(
    runTransaction(async (tx) => {
      const existing = (await tx.get(ref)).data();
      if (existing?.present) return;
      const record = {
        batchId: session.batchId,
        sessionId,
        enrollmentId: place.enrollmentId,
        present: true,
        source: 'join' as const,
        markedBy: caller.uid,
        at: FieldValue.serverTimestamp() as unknown as Timestamp,
      };
      if (existing) tx.set(ref, record);
      else tx.create(ref, record);
    }),
  );
  return batch.meetingUrl;
}
