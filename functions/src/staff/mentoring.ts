import { Timestamp, type Query } from 'firebase-admin/firestore';
import { indiaWeekStart as weekStart } from '@upskill/domain/batches';
import { COURSES } from '@upskill/domain/catalogue';
import { offeredMinutes, BOOKING_STATUSES, type BookingStatus, SESSION_KINDS, type SessionKind } from '@upskill/domain/mentoring';
import type { StaffMentoringAnswer } from '@upskill/domain/mentoring';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { bookingView, holdsTime, mentorBookings, mentors, type BookingDoc, type MentorProfileDoc } from '../mentoring/store';
import { placementQueue } from '../mentoring/placement';
import { careerFigures } from '../career/desk';

const WEEK_MS = 7 * 86_400_000;
const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const weekAtAGlance = (doc: MentorProfileDoc) =>
  [1, 2, 3, 4, 5, 6, 0]
    .map((d) => `${DAY_NAMES[d]} ${(doc.availability.weekly[d as 0] ?? []).map((r) => `${r.start}-${r.end}`).join(', ') || 'off'}`)
    .join('; ');

const one = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * GET /api/staff/mentoring?mentor=&kind=&status=&from=&to=: every mentor with their week and their utilisation
 * (hours booked against hours offered) for the four weeks before this one, this one and the three after; the
 * bookings that match the filters; and the placement requests.
 */
export async function mentoringBoard(query: Record<string, unknown>, nowMs: number): Promise<StaffMentoringAnswer> {
  const mentorId = one(query.mentor);
  const kind = one(query.kind);
  const status = one(query.status);
  const from = one(query.from);
  const to = one(query.to);
  if (kind !== undefined && !SESSION_KINDS.includes(kind as SessionKind))
    throw new HttpError('invalid-argument', 'Choose a kind of session.');
  if (status !== undefined && !BOOKING_STATUSES.includes(status as BookingStatus))
    throw new HttpError('invalid-argument', 'Choose a status.');
  if ((from !== undefined && !DATE.test(from)) || (to !== undefined && !DATE.test(to)))
    throw new HttpError('invalid-argument', 'Dates are YYYY-MM-DD.');
  if (mentorId !== undefined && !/^[A-Za-z0-9]{1,128}$/.test(mentorId)) throw new HttpError('invalid-argument', 'Choose a mentor.');

  const first = weekStart(nowMs) - 4 * WEEK_MS;
  const last = weekStart(nowMs) + 4 * WEEK_MS;
  const fromMs = from ? Date.parse(`${from}T00:00:00+05:30`) : first;
  const toMs = to ? Date.parse(`${to}T00:00:00+05:30`) + 86_400_000 : last;
  const range = (q: Query<BookingDoc>, a: number, b: number) =>
    q.where('startsAt', '>=', Timestamp.fromMillis(a)).where('startsAt', '<', Timestamp.fromMillis(b));
  const [mentorSnap, windowSnap, filteredSnap, queue, reviews] = await withDeadline(
    Promise.all([
      mentors().get(),
      range(mentorBookings(), first, last).get(),
      range(mentorId ? mentorBookings().where('mentorId', '==', mentorId) : mentorBookings(), fromMs, toMs).get(),
      placementQueue(nowMs),
      careerFigures(nowMs),
    ]),
  );
  const held = windowSnap.docs.map((d) => d.data()).filter((b) => holdsTime(b.status));
  const answerMentors = mentorSnap.docs
    .map((d) => {
      const doc = d.data();
      const weeks = Array.from({ length: 8 }, (_, i) => {
        const start = first + i * WEEK_MS;
        const booked = held
          .filter((b) => b.mentorId === d.id && b.startsAt.toMillis() >= start && b.startsAt.toMillis() < start + WEEK_MS)
          .reduce((sum, b) => sum + (b.endsAt.toMillis() - b.startsAt.toMillis()) / 3_600_000, 0);
        return { weekStartMs: start, offeredHours: offeredMinutes(doc.availability, start, start + WEEK_MS) / 60, bookedHours: booked };
      });
      return {
        id: d.id,
        name: doc.name,
        headline: doc.headline,
        timeZone: doc.availability.timeZone,
        kinds: doc.kinds,
        courses: doc.courseIds.map((id) => COURSES.find((c) => c.id === id)?.name ?? `Course ${id}`),
        languages: doc.languages,
        active: doc.active,
        week: weekAtAGlance(doc),
        weeks,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  const bookings = filteredSnap.docs
    .filter((d) => (!kind || d.data().kind === kind) && (!status || d.data().status === status))
    .map((d) => ({ ...bookingView(d.id, d.data()), learnerEmail: d.data().learnerEmail }))
    .sort((a, b) => b.startsAtMs - a.startsAtMs)
    .slice(0, 500);
  return { mentors: answerMentors, bookings, placements: queue.placements, placementFigures: queue.figures, careerFigures: reviews };
}
