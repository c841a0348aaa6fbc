import { Timestamp } from 'firebase-admin/firestore';
import { MENTORING_REMINDERS, SESSION_LABELS } from '@upskill/domain/mentoring';
import { remind, type ReminderRun } from '../learning/reminders';
import { mentorBookings, mentors } from './store';

/**
 * Mentoring reminders, as of `nowMs` (the reminders job): the day before and the hour before each booked
 * session, to its learner. Each is a reminder document created with its mail in one batch, keyed by the
 * booking, its sequence (a moved session is reminded of again) and the kind: a second run's create fails, so
 * each mail goes exactly once. The day-before mail goes only to a booking made before that day began.
 */
export async function runMentoringReminders(nowMs: number): Promise<ReminderRun> {
  const run: ReminderRun = { sent: 0, alreadySent: 0 };
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
    await remind(
      kind,
      snap.id,
      b.sequence,
      b.enrollmentId,
      b.learnerEmail,
      {
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
      },
      run,
    );
  }
  return run;
}
