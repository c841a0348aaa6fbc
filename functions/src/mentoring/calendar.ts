import { MENTORING_JOIN_OPENS_MINUTES_BEFORE, SESSION_LABELS } from '@upskill/domain/mentoring';
import { withDeadline } from '../http/handler';
import type { CalendarExtra } from '../learning/calendar';
import { mentorBookings } from './store';

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A learner's mentoring sessions as calendar events, for their .ics download and private feed: each booking's
 * UID is its id, its SEQUENCE its reschedule count (a moved session updates in place), a cancelled one stays as
 * CANCELLED so calendars that have it remove it. Never the meeting link: that comes from My Courses in its window.
 */
export async function mentoringEvents(uid: string, site: string): Promise<CalendarExtra[]> {
  const snap = await withDeadline(mentorBookings().where('learnerUid', '==', uid).get());
  return snap.docs
    .map((d) => ({ id: d.id, b: d.data() }))
    .filter(({ b }) => b.status === 'booked' || b.status === 'cancelled' || b.status === 'completed')
    .map(({ id, b }) => ({
      uid: `mentoring-${id}`,
      sequence: b.sequence + (b.status === 'cancelled' ? 1 : 0),
      startMs: b.startsAt.toMillis(),
      endMs: b.endsAt.toMillis(),
      summary: `${capital(SESSION_LABELS[b.kind].one)} with ${b.mentorName}`,
      description: `Your ${SESSION_LABELS[b.kind].one} with ${b.mentorName}.\nJoin from My Courses, from ${MENTORING_JOIN_OPENS_MINUTES_BEFORE} minutes before the start: ${site}/mycourses#mentoring`,
      cancelled: b.status === 'cancelled',
    }));
}
