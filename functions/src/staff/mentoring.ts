import { FieldPath, Timestamp, type Query, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { indiaWeekStart as weekStart } from '@upskill/domain/batches';
import { COURSES } from '@upskill/domain/catalogue';
import { DAY_MS, WEEK_MS } from '@upskill/domain/common';
import { offeredMinutes, BOOKING_STATUSES, type BookingStatus, SESSION_KINDS, type SessionKind } from '@upskill/domain/mentoring';
import {
  STAFF_BOOKINGS_SHOWN,
  STAFF_MENTORS_PAGE,
  mentorNameKey,
  mentorWeekId,
  utilisationWeeks,
  type StaffMentoringAnswer,
  type StaffPlacementsAnswer,
} from '@upskill/domain/mentoring';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { bookingView, mentorBookings, mentors, type BookingDoc, type MentorProfileDoc } from '../mentoring/store';
import { bookedHours } from '../mentoring/figures';
import { placementQueue } from '../mentoring/placement';
import { careerFigures } from '../career/desk';

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MENTOR_ID = /^[A-Za-z0-9]{1,128}$/;

const weekAtAGlance = (doc: MentorProfileDoc) =>
  [1, 2, 3, 4, 5, 6, 0]
    .map((d) => `${DAY_NAMES[d]} ${(doc.availability.weekly[d as 0] ?? []).map((r) => `${r.start}-${r.end}`).join(', ') || 'off'}`)
    .join('; ');

const one = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * One page of mentors by name, or of those whose name starts with `q` (any case), after the mentor `after`: one read
 * for the cursor, STAFF_MENTORS_PAGE + 1 for the page (the extra one says whether there is a next).
 */
async function mentorPage(
  q: string | undefined,
  after: string | undefined,
): Promise<{ docs: QueryDocumentSnapshot<MentorProfileDoc>[]; next: string | null }> {
  const key = q === undefined ? undefined : mentorNameKey(q);
  const field = key === undefined ? 'name' : 'nameKey';
  let query = mentors().orderBy(field).orderBy(FieldPath.documentId());
  if (key !== undefined) query = query.where('nameKey', '>=', key).where('nameKey', '<', `${key}\uf8ff`);
  if (after !== undefined) {
    const cursor = (await withDeadline(mentors().doc(after).get())).data();
    if (!cursor) throw new HttpError('invalid-argument', 'That page of mentors is gone: start from the first.');
    query = query.startAfter(field === 'name' ? cursor.name : (cursor.nameKey ?? mentorNameKey(cursor.name)), after);
  }
  const snap = await withDeadline(query.limit(STAFF_MENTORS_PAGE + 1).get());
  const docs = snap.docs.slice(0, STAFF_MENTORS_PAGE);
  return { docs, next: snap.docs.length > STAFF_MENTORS_PAGE ? docs[docs.length - 1].id : null };
}

/**
 * GET /api/staff/mentoring?q=&after=&mentor=&kind=&status=&from=&to=: one page of mentors with their week and their
 * utilisation (hours booked against hours offered) for the four weeks before this one, this one and the three after,
 * and the bookings that match the filters. Reads the page's mentors and their bookings of those eight weeks, never
 * every mentor's: the tab grows with the page, not with the team. Placement requests are their own tab (placementBoard).
 */
export async function mentoringBoard(query: Record<string, unknown>, nowMs: number): Promise<StaffMentoringAnswer> {
  const mentorId = one(query.mentor);
  const kind = one(query.kind);
  const status = one(query.status);
  const from = one(query.from);
  const to = one(query.to);
  const q = one(query.q)?.trim() || undefined;
  const after = one(query.after);
  if (kind !== undefined && !SESSION_KINDS.includes(kind as SessionKind))
    throw new HttpError('invalid-argument', 'Choose a kind of session.');
  if (status !== undefined && !BOOKING_STATUSES.includes(status as BookingStatus))
    throw new HttpError('invalid-argument', 'Choose a status.');
  if ((from !== undefined && !DATE.test(from)) || (to !== undefined && !DATE.test(to)))
    throw new HttpError('invalid-argument', 'Dates are YYYY-MM-DD.');
  if (mentorId !== undefined && !MENTOR_ID.test(mentorId)) throw new HttpError('invalid-argument', 'Choose a mentor.');
  if (after !== undefined && !MENTOR_ID.test(after))
    throw new HttpError('invalid-argument', 'That page of mentors is gone: start from the first.');
  if (q !== undefined && q.length > 100) throw new HttpError('invalid-argument', 'Search for at most 100 characters of a name.');

  const fromMs = from ? Date.parse(`${from}T00:00:00+05:30`) : weekStart(nowMs) - 4 * WEEK_MS;
  const toMs = to ? Date.parse(`${to}T00:00:00+05:30`) + DAY_MS : weekStart(nowMs) + 4 * WEEK_MS;
  const range = (q: Query<BookingDoc>, a: number, b: number) =>
    q.where('startsAt', '>=', Timestamp.fromMillis(a)).where('startsAt', '<', Timestamp.fromMillis(b));
  // The filters are the query's own, newest first, one page: the list reads what it shows, however many bookings
  // the range holds (an index for each mix of filters, startsAt descending, in firestore.indexes.json).
  let filtered: Query<BookingDoc> = mentorBookings();
  if (mentorId) filtered = filtered.where('mentorId', '==', mentorId);
  if (kind) filtered = filtered.where('kind', '==', kind);
  if (status) filtered = filtered.where('status', '==', status);
  const [page, filteredSnap] = await Promise.all([
    mentorPage(q, after),
    withDeadline(range(filtered, fromMs, toMs).orderBy('startsAt', 'desc').limit(STAFF_BOOKINGS_SHOWN).get()),
  ]);
  // The page's mentors' booked hours: a week document each (mentoring/figures.ts), kept with every booking.
  const weekStarts = utilisationWeeks(nowMs);
  const booked = await withDeadline(
    bookedHours(
      page.docs.map((d) => d.id),
      weekStarts,
    ),
  );
  const answerMentors = page.docs.map((d) => {
    const doc = d.data();
    const weeks = weekStarts.map((start) => ({
      weekStartMs: start,
      offeredHours: offeredMinutes(doc.availability, start, start + WEEK_MS) / 60,
      bookedHours: booked.get(mentorWeekId(d.id, start)) ?? 0,
    }));
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
  });
  const bookings = filteredSnap.docs.map((d) => ({ ...bookingView(d.id, d.data()), learnerEmail: d.data().learnerEmail }));
  return { mentors: answerMentors, next: page.next, bookings };
}

/** GET /api/staff/placements: the placement requests, open first, with the team's figures and the career reviews'. */
export async function placementBoard(nowMs: number): Promise<StaffPlacementsAnswer> {
  const [queue, reviews] = await Promise.all([placementQueue(nowMs), careerFigures(nowMs)]);
  return { placements: queue.placements, placementFigures: queue.figures, careerFigures: reviews };
}
