import type { DecodedIdToken } from 'firebase-admin/auth';
import { COURSES } from '@upskill/domain/catalogue';
import {
  bookableSlots,
  mentoringAllowances,
  SESSION_MINUTES,
  mayRequestPlacement,
  PLACEMENT_PLANS,
  SESSION_KINDS,
  type SessionKind,
  clashes,
} from '@upskill/domain/mentoring';
import { MENTOR_CARDS, mentorNameKey } from '@upskill/domain/mentoring';
import type { MentorCard, MentoringAnswer, MentorSearchAnswer, SlotsAnswer } from '@upskill/domain/mentoring';
import type { QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { db } from '../platform/database';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { allowanceViews, mentoringPurchases } from './allowances';
import { liveClasses, mentorBusy } from './book';
import { bookingView, mentorBookings, mentoringLedgers, mentors, placementRequests, placementView, type MentorProfileDoc } from './store';

const courseName = (id: number) => COURSES.find((c) => c.id === id)?.name ?? `Course ${id}`;

function mentorCard(id: string, doc: MentorProfileDoc, advisorIds: ReadonlySet<string>): MentorCard {
  return {
    id,
    name: doc.name,
    photo: doc.photo,
    headline: doc.headline,
    courses: doc.courseIds.map(courseName),
    languages: doc.languages,
    timeZone: doc.availability.timeZone,
    kinds: doc.kinds,
    advisor: advisorIds.has(id),
  };
}

/**
 * The mentors a learner's booking form lists, read by what it shows: their named advisors by id, MENTOR_CARDS teaching
 * their courses, and MENTOR_CARDS of each kind of session they may book, by name. Never every mentor: a learner finds
 * any other by name (mentorSearch). Active ones only; each once.
 */
async function bookableMentors(advisorIds: ReadonlySet<string>, kinds: ReadonlySet<SessionKind>, ownCourses: ReadonlySet<number>) {
  const active = mentors().where('active', '==', true);
  const [advisors, teaching, ...byKind] = await withDeadline(
    Promise.all([
      advisorIds.size ? db().getAll(...[...advisorIds].map((id) => mentors().doc(id))) : Promise.resolve([]),
      ownCourses.size
        ? active
            .where('courseIds', 'array-contains-any', [...ownCourses].slice(0, 30))
            .orderBy('name')
            .limit(MENTOR_CARDS)
            .get()
        : Promise.resolve(undefined),
      ...[...kinds].map((kind) => active.where('kinds', 'array-contains', kind).orderBy('name').limit(MENTOR_CARDS).get()),
    ]),
  );
  const found = new Map<string, QueryDocumentSnapshot<MentorProfileDoc>>();
  for (const snap of [...(teaching?.docs ?? []), ...byKind.flatMap((s) => s.docs)]) found.set(snap.id, snap);
  const named = advisors.filter((snap) => snap.data()?.active) as QueryDocumentSnapshot<MentorProfileDoc>[];
  return [...named.filter((snap) => !found.has(snap.id)), ...found.values()];
}

/**
 * GET /api/mentoring/mentors?kind=&q=: the active mentors offering that kind whose name starts with q, in any case
 * (nameKey, written with each save of a profile), MENTOR_CARDS at most, by name. Only for a learner whose plan
 * includes that kind.
 */
export async function mentorSearch(account: DecodedIdToken, query: Record<string, unknown>, nowMs: number): Promise<MentorSearchAnswer> {
  const kind = query.kind;
  if (!isSessionKind(kind)) throw new HttpError('invalid-argument', 'Choose a kind of session.', { kind: 'Choose a kind of session.' });
  const q = typeof query.q === 'string' ? mentorNameKey(query.q) : '';
  if (q.length < 1 || q.length > 60)
    throw new HttpError('invalid-argument', 'Type the start of a mentor’s name.', { q: 'Type the start of a mentor’s name.' });
  const own = (await withDeadline(mentorBookings().where('learnerUid', '==', account.uid).get())).docs.map((d) => d.data());
  const purchases = await mentoringPurchases(account, own, nowMs);
  if (!purchases.some((p) => mentoringAllowances(p.enrollment.planId).some((a) => a.kind === kind)))
    throw new HttpError('permission-denied', 'Your plan does not include this kind of session.');
  const ledgers = await withDeadline(Promise.all(purchases.map((p) => mentoringLedgers().doc(p.enrollmentId).get())));
  const advisorIds = new Set(ledgers.map((l) => l.data()?.advisorId).filter((id): id is string => typeof id === 'string'));
  const found = await withDeadline(
    mentors()
      .where('active', '==', true)
      .where('kinds', 'array-contains', kind)
      .where('nameKey', '>=', q)
      .where('nameKey', '<', `${q}\uf8ff`)
      .orderBy('nameKey')
      .limit(MENTOR_CARDS)
      .get(),
  );
  return { mentors: found.docs.map((d) => mentorCard(d.id, d.data(), advisorIds)) };
}

/**
 * GET /api/mentoring: what the learner's purchases give (with what is left), the mentors they may book (those
 * whose courses match the learner's, first), their bookings, and their placement requests.
 */
export async function mentoringOverview(account: DecodedIdToken, nowMs: number): Promise<MentoringAnswer> {
  const [bookingSnap, placementSnap] = await withDeadline(
    Promise.all([mentorBookings().where('learnerUid', '==', account.uid).get(), placementRequests().where('uid', '==', account.uid).get()]),
  );
  const bookings = bookingSnap.docs.map((d) => d.data());
  const purchases = await mentoringPurchases(account, bookings, nowMs);
  const ledgers = await withDeadline(Promise.all(purchases.map((p) => mentoringLedgers().doc(p.enrollmentId).get())));
  const advisorIds = new Set(ledgers.map((l) => l.data()?.advisorId).filter((id): id is string => typeof id === 'string'));
  const kinds = new Set(purchases.flatMap((p) => mentoringAllowances(p.enrollment.planId).map((a) => a.kind)));
  const ownCourses = new Set(
    purchases.flatMap((p) => [p.enrollment.courseId, ...(p.enrollment.courseIds ?? [])]).filter((c) => c !== null),
  );
  const mentorSnaps = await bookableMentors(advisorIds, kinds, ownCourses);
  const matching = (doc: MentorProfileDoc) => doc.courseIds.filter((c) => ownCourses.has(c)).length;
  const mentorCards = mentorSnaps
    .filter((d) => d.data().kinds.some((k) => kinds.has(k)))
    .sort(
      (a, b) =>
        Number(advisorIds.has(b.id)) - Number(advisorIds.has(a.id)) ||
        matching(b.data()) - matching(a.data()) ||
        a.data().name.localeCompare(b.data().name),
    )
    .map((d) => mentorCard(d.id, d.data(), advisorIds));
  const views = bookingSnap.docs.map((d) => bookingView(d.id, d.data())).sort((a, b) => a.startsAtMs - b.startsAtMs);
  const placements = placementSnap.docs.map((d) => placementView(d.id, d.data()));
  const named = new Set(placements.map((p) => p.bookingId));
  const ready = views.filter((b) => b.kind === 'mock-interview' && b.scorecard?.verdict === 'ready');
  return {
    allowances: allowanceViews(purchases),
    mentors: mentorCards,
    bookings: views,
    placements,
    placementIncluded: purchases.some((p) => (PLACEMENT_PLANS as readonly string[]).includes(p.enrollment.planId ?? '')),
    mayRequestPlacement: purchases.some((p) =>
      mayRequestPlacement(
        p.enrollment.planId,
        ready.map((b) => b.scorecard!.verdict),
      ),
    ),
    readyBookings: ready.filter((b) => !named.has(b.id)).map((b) => b.id),
  };
}

export const isSessionKind = (value: unknown): value is SessionKind => SESSION_KINDS.includes(value as SessionKind);

/** GET /api/mentoring/mentors/{id}/slots?kind=: the mentor's free starts for that kind, within the learner's horizon. */
export async function mentorSlots(account: DecodedIdToken, mentorId: string, kind: unknown, nowMs: number): Promise<SlotsAnswer> {
  if (!isSessionKind(kind)) throw new HttpError('invalid-argument', 'Choose a kind of session.', { kind: 'Choose a kind of session.' });
  const mentor = (await withDeadline(mentors().doc(mentorId).get())).data();
  if (!mentor || !mentor.active || !mentor.kinds.includes(kind))
    throw new HttpError('not-found', 'No mentor with that id offers this kind of session.');
  const own = (await withDeadline(mentorBookings().where('learnerUid', '==', account.uid).get())).docs.map((d) => d.data());
  const purchases = await mentoringPurchases(account, own, nowMs);
  const standings = purchases.flatMap((p) => p.standings).filter((s) => s.allowance.kind === kind);
  if (standings.length === 0) throw new HttpError('permission-denied', 'Your plan does not include this kind of session.');
  const horizonDays = Math.max(...standings.map((s) => s.allowance.horizonDays));
  const busy = await mentorBusy(mentorId, nowMs, nowMs + horizonDays * 86_400_000);
  const booked = busy.map((b) => ({ startMs: b.doc.startsAt.toMillis(), endMs: b.doc.endsAt.toMillis() }));
  const mine = own.filter((b) => b.status === 'booked').map((b) => ({ startMs: b.startsAt.toMillis(), endMs: b.endsAt.toMillis() }));
  const classes = await liveClasses(account, nowMs);
  const slots = bookableSlots({ availability: mentor.availability, sessionMinutes: SESSION_MINUTES[kind], horizonDays, nowMs, booked })
    // The learner's own other sessions are not offered: they could not book them.
    .filter((s) => clashes(s.startMs, s.endMs, mine).length === 0)
    .map((s) => ({ ...s, clashesWithClass: clashes(s.startMs, s.endMs, classes)[0]?.topic ?? null }));
  return { mentorId, kind, timeZone: mentor.availability.timeZone, slots };
}
