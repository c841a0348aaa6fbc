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
import type { MentorCard, MentoringAnswer, SlotsAnswer } from '@upskill/domain/mentoring';
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
 * GET /api/mentoring: what the learner's purchases give (with what is left), the mentors they may book (those
 * whose courses match the learner's, first), their bookings, and their placement requests.
 */
export async function mentoringOverview(account: DecodedIdToken, nowMs: number): Promise<MentoringAnswer> {
  const [bookingSnap, mentorSnap, placementSnap] = await withDeadline(
    Promise.all([
      mentorBookings().where('learnerUid', '==', account.uid).get(),
      mentors().where('active', '==', true).get(),
      placementRequests().where('uid', '==', account.uid).get(),
    ]),
  );
  const bookings = bookingSnap.docs.map((d) => d.data());
  const purchases = await mentoringPurchases(account, bookings, nowMs);
  const ledgers = await withDeadline(Promise.all(purchases.map((p) => mentoringLedgers().doc(p.enrollmentId).get())));
  const advisorIds = new Set(ledgers.map((l) => l.data()?.advisorId).filter((id): id is string => typeof id === 'string'));
  const kinds = new Set(purchases.flatMap((p) => mentoringAllowances(p.enrollment.planId).map((a) => a.kind)));
  const ownCourses = new Set(
    purchases.flatMap((p) => [p.enrollment.courseId, ...(p.enrollment.courseIds ?? [])]).filter((c) => c !== null),
  );
  const matching = (doc: MentorProfileDoc) => doc.courseIds.filter((c) => ownCourses.has(c)).length;
  const mentorCards = mentorSnap.docs
    .filter((d) => d.data().kinds.some((k) => kinds.has(k)))
    .sort((a, b) => matching(b.data()) - matching(a.data()) || a.data().name.localeCompare(b.data().name))
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
