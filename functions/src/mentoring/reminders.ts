import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { MENTORING_REMINDERS, SESSION_LABELS } from '@upskill/domain/mentoring';
import { reminderId } from '@upskill/domain/learning';
import { GRPC, errorCode } from '../http/errors';
import { reminders } from '../learning/store';
import { queueMail } from '../mail/outbox';
import { db } from '../platform/database';
import { mentorBookings, mentors } from './store';

/**
 * Mentoring reminders, as of `nowMs` (the reminders job): the day before and the hour before each booked
 * session, to its learner. Each is a reminder document created with its mail in one batch, keyed by the
 * booking, its sequence (a moved session is reminded of again) and the kind: a second run's create fails, so
 * each mail goes exactly once. The day-before mail goes only to a booking made before that day began.
 */
export async function runMentoringReminders(nowMs: number): Promise<{ sent: number; alreadySent: number }> {
  const run = { sent: 0, alreadySent: 0 };
  const due = await mentorBookings()
    .where('startsAt', '>', Timestamp.fromMillis(nowMs))
    .where('startsAt', '<=', Timestamp.fromMillis(nowMs + MENTORING_REMINDERS.day * 60_000))
    .get();
  const zones = new Map<string, string>();
  for (const snap of due.docs) {
    const b = snap.data();
    if (b.status !== 'booked') continue;
    const startMs = b.startsAt.toMillis();
    const when = startMs - nowMs <= MENTORING_REMINDERS.hour * 60_000 ? 'hour' : 'day';
    if (when === 'day' && b.createdAt.toMillis() > startMs - MENTORING_REMINDERS.day * 60_000) continue;
    if (!zones.has(b.mentorId))
      zones.set(b.mentorId, (await mentors().doc(b.mentorId).get()).data()?.availability.timeZone ?? 'Asia/Kolkata');
    const kind = when === 'hour' ? 'mentoring-hour' : 'mentoring-day';
    const wb = db().batch();
    const mailId = queueMail(wb, b.learnerEmail, {
      template: 'mentoring-reminder',
      data: {
        bookingId: snap.id,
        name: b.learnerName,
        kind: SESSION_LABELS[b.kind].one,
        mentor: b.mentorName,
        startsAt: b.startsAt.toDate().toISOString(),
        endsAt: b.endsAt.toDate().toISOString(),
        timeZone: zones.get(b.mentorId)!,
        when,
      },
    });
    wb.create(reminders().doc(reminderId(kind, snap.id, b.sequence, b.enrollmentId)), {
      kind,
      subjectId: snap.id,
      version: b.sequence,
      enrollmentId: b.enrollmentId,
      mailId,
      createdAt: FieldValue.serverTimestamp() as unknown as Timestamp,
    });
    try {
      await wb.commit();
      run.sent++;
    } catch (err) {
      if (errorCode(err) !== GRPC.ALREADY_EXISTS) throw err;
      run.alreadySent++;
    }
  }
  return run;
}
