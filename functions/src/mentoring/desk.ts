import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import {
  mentorNameKey,
  withinHours,
  type Availability,
  type WeeklyHours,
  mentorProfileSchema,
  type MentorProfileInput,
} from '@upskill/domain/mentoring';
import type { MentorDeskAnswer } from '@upskill/domain/mentoring';
import { COURSES } from '@upskill/domain/catalogue';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { validateBody } from '../http/validate';
import type { MentorActor } from './access';
import { bookingView, mentorBookings, mentors, type MentorProfileDoc } from './store';
import { runTransaction } from '../http/transaction';

/** The stored hours from the validated input: days without ranges left out, overrides in date order. */
function availabilityOf(input: MentorProfileInput['availability']): Availability {
  const weekly: WeeklyHours = {};
  for (const [day, ranges] of Object.entries(input.weekly ?? {})) {
    if (ranges && ranges.length > 0) weekly[Number(day) as 0] = ranges.map((r) => ({ start: r.start, end: r.end }));
  }
  return {
    timeZone: input.timeZone,
    weekly,
    overrides: [...(input.overrides ?? [])]
      .map((o) => ({ date: o.date, hours: (o.hours ?? []).map((r) => ({ start: r.start, end: r.end })) }))
      .sort((a, b) => a.date.localeCompare(b.date)),
    bufferMinutes: input.bufferMinutes,
    dailyMax: input.dailyMax,
  };
}

/** GET /api/mentoring/desk: the mentor's profile and their own bookings (staff with no profile get every booking). */
export async function mentorDesk(actor: MentorActor, nowMs: number): Promise<MentorDeskAnswer> {
  const [profile, booked] = await withDeadline(
    Promise.all([
      mentors().doc(actor.uid).get(),
      // A mentor sees only their own learners; the console shows staff every mentor's bookings.
      mentorBookings().where('mentorId', '==', actor.uid).get(),
    ]),
  );
  const doc = profile.data();
  const since = nowMs - 90 * 86_400_000;
  return {
    isMentor: actor.mentor,
    profile: doc
      ? {
          name: doc.name,
          photo: doc.photo,
          headline: doc.headline,
          courseIds: doc.courseIds,
          categories: doc.categories,
          languages: doc.languages,
          kinds: doc.kinds,
          availability: doc.availability,
        }
      : null,
    bookings: booked.docs
      .filter((d) => d.data().endsAt.toMillis() >= since)
      .map((d) => ({ ...bookingView(d.id, d.data()), learnerEmail: d.data().learnerEmail }))
      .sort((a, b) => a.startsAtMs - b.startsAtMs),
  };
}

/**
 * PUT /api/mentoring/profile: the mentor's profile and hours. In one transaction with their bookings: a booking
 * the new hours no longer cover stands (the learner keeps it), is marked, and the answer names it, so the mentor
 * is told. Every booking writes the mentor's document too, so a booking made meanwhile is either seen here or
 * sees the new hours.
 */
export async function saveProfile(
  actor: MentorActor,
  body: unknown,
  nowMs: number,
): Promise<MentorDeskAnswer & { outsideHours: string[] }> {
  if (!actor.mentor) throw new HttpError('permission-denied', 'Only a mentor has a mentoring profile.');
  const input = await validateBody(mentorProfileSchema, body, 'Check your profile.');
  const unknown = input.courseIds.filter((id) => !COURSES.some((c) => c.id === id));
  if (unknown.length > 0)
    throw new HttpError('invalid-argument', 'Check your profile.', { courseIds: 'Choose courses from the catalogue.' });
  const availability = availabilityOf(input.availability);
  const ref = mentors().doc(actor.uid);
  const outside = await withDeadline(
    runTransaction(async (tx) => {
      const existing = (await tx.get(ref)).data();
      const upcoming = (
        await tx.get(mentorBookings().where('mentorId', '==', actor.uid).where('startsAt', '>', Timestamp.fromMillis(nowMs)))
      ).docs.filter((d) => d.data().status === 'booked');
      const doc: MentorProfileDoc = {
        name: input.name.trim(),
        nameKey: mentorNameKey(input.name),
        photo: input.photo ? input.photo : null,
        headline: input.headline.trim(),
        courseIds: [...new Set(input.courseIds)],
        categories: [...new Set(input.categories ?? [])],
        languages: input.languages.map((l) => l.trim()),
        kinds: [...new Set(input.kinds)],
        availability,
        active: true,
        version: (existing?.version ?? 0) + 1,
        updatedAt: Timestamp.fromMillis(nowMs),
      };
      tx.set(ref, doc);
      const flagged: string[] = [];
      for (const snap of upcoming) {
        const b = snap.data();
        const inside = withinHours(availability, b.startsAt.toMillis(), b.endsAt.toMillis());
        if (inside !== !b.outsideHours) tx.update(snap.ref, { outsideHours: !inside, updatedAt: FieldValue.serverTimestamp() });
        if (!inside) flagged.push(snap.id);
      }
      return flagged;
    }),
  );
  return { ...(await mentorDesk(actor, nowMs)), outsideHours: outside };
}
