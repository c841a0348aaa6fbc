import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import {
  bookableSlots,
  SESSION_LABELS,
  SESSION_MINUTES,
  type Availability,
  bookingSchema,
  clashes,
  type BookingAnswer,
  type SessionKind,
} from '@upskill/domain/mentoring';
import { DAY_MS } from '@upskill/domain/common';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { validateBody } from '../http/validate';
import { newMeetingUrl } from '../learning/meeting';
import { calendarOf, ownPlaces, sessionTimes } from '../learning/store';
import { queueMail } from '../mail/outbox';
import { mentoringPurchases, standingOf, type MentoringPurchase } from './allowances';
import { writeMentorWeekEntry } from './figures';
import { bookingView, holdsTime, mentorBookings, mentoringLedgers, mentors, type BookingDoc, type MentorProfileDoc } from './store';
import { runTransaction } from '../http/transaction';

export const bookingNotFound = () => new HttpError('not-found', 'No such booking.');
const slotGone = () => new HttpError('failed-precondition', 'That time is no longer free. Choose another time.');

/** The mentor's bookings that hold time within a day either side of `aroundMs` (read in the transaction when given). */
export async function mentorBusy(mentorId: string, fromMs: number, toMs: number, tx?: Transaction) {
  const query = mentorBookings()
    .where('mentorId', '==', mentorId)
    .where('startsAt', '>=', Timestamp.fromMillis(fromMs - DAY_MS))
    .where('startsAt', '<', Timestamp.fromMillis(toMs + DAY_MS));
  const snap = tx ? await tx.get(query) : await query.get();
  return snap.docs.filter((d) => holdsTime(d.data().status)).map((d) => ({ id: d.id, doc: d.data() }));
}

/** Whether `startMs` is one of the mentor's bookable starts for this kind, with the given bookings held. */
export function isBookable(
  availability: Availability,
  kind: SessionKind,
  horizonDays: number,
  busy: readonly { doc: BookingDoc }[],
  startMs: number,
  nowMs: number,
): boolean {
  const booked = busy.map((b) => ({ startMs: b.doc.startsAt.toMillis(), endMs: b.doc.endsAt.toMillis() }));
  return bookableSlots({ availability, sessionMinutes: SESSION_MINUTES[kind], horizonDays, nowMs, booked }).some(
    (s) => s.startMs === startMs,
  );
}

/** The learner's live classes (not cancelled) with their times: what a mentoring session may clash with. */
export async function liveClasses(account: DecodedIdToken, nowMs: number): Promise<{ startMs: number; endMs: number; topic: string }[]> {
  const places = await ownPlaces(account, nowMs);
  if (places.length === 0) return [];
  return (await calendarOf(places.map((p) => p.batchId))).flatMap((b) =>
    b.sessions
      .map((s) => ({ ...sessionTimes(s.doc), topic: s.doc.topic }))
      .filter((s) => s.status !== 'cancelled')
      .map((s) => ({ startMs: s.startsAtMs, endMs: s.endsAtMs, topic: s.topic })),
  );
}

/** The learner's live classes that overlap [startMs, endMs): a warning, never a refusal (a class can be watched later). */
export async function classClash(account: DecodedIdToken, startMs: number, endMs: number, nowMs: number): Promise<string | null> {
  const clash = clashes(startMs, endMs, await liveClasses(account, nowMs))[0];
  return clash ? `This overlaps your live class “${clash.topic}”. Its recording will be on My Courses if you miss it.` : null;
}

/** The purchase a new booking of `kind` spends: the oldest with one left; else why there is none. */
function purchaseFor(purchases: readonly MentoringPurchase[], kind: SessionKind): MentoringPurchase {
  const label = SESSION_LABELS[kind];
  const offering = purchases.filter((p) => p.standings.some((s) => s.allowance.kind === kind));
  if (offering.length === 0) throw new HttpError('permission-denied', `Your plan does not include ${label.many}.`);
  const open = offering.find((p) => p.standings.some((s) => s.allowance.kind === kind && s.left > 0));
  if (open) return open;
  if (offering.every((p) => p.source.inTrial))
    throw new HttpError('permission-denied', `Your ${label.many} start with your first payment, when the free trial ends.`);
  throw new HttpError('failed-precondition', `You have no ${label.many} left for now. My Courses says when they renew.`);
}

/**
 * POST /api/mentoring/bookings {kind, mentorId, startsAt}. One transaction reads the mentor (their hours and
 * version), the purchase's ledger, the mentor's bookings around the time and the learner's own, and writes the
 * booking, the mentor's version plus one, the ledger and the confirmation mail. Every booking of one mentor
 * writes the mentor's document and every booking of one purchase its ledger, so concurrent bookings serialise
 * on both: a slot is taken once, and an allowance never spent twice.
 */
export async function bookSession(account: DecodedIdToken, body: unknown, nowMs: number): Promise<BookingAnswer> {
  const input = await validateBody(bookingSchema, body, 'Check the booking.');
  const startMs = Date.parse(input.startsAt);
  const endMs = startMs + SESSION_MINUTES[input.kind] * 60_000;
  const mine = async (tx?: Transaction) =>
    (tx
      ? await tx.get(mentorBookings().where('learnerUid', '==', account.uid))
      : await mentorBookings().where('learnerUid', '==', account.uid).get()
    ).docs.map((d) => d.data());
  // Which purchase pays is decided first, outside the transaction; the transaction checks it again.
  const chosen = purchaseFor(await mentoringPurchases(account, await withDeadline(mine()), nowMs), input.kind);
  const warning = await classClash(account, startMs, endMs, nowMs);

  const mentorRef = mentors().doc(input.mentorId);
  const ledgerRef = mentoringLedgers().doc(chosen.enrollmentId);
  const bookingRef = mentorBookings().doc();
  const created = await withDeadline(
    runTransaction(async (tx) => {
      const [mentorSnap, ledgerSnap] = await Promise.all([tx.get(mentorRef), tx.get(ledgerRef)]);
      const mentor = mentorSnap.data();
      if (!mentor || !mentor.active || !mentor.kinds.includes(input.kind))
        throw new HttpError('not-found', `No mentor with that id offers ${SESSION_LABELS[input.kind].many}.`);
      const ledger = ledgerSnap.data();
      if (input.kind === 'advisor-call' && ledger?.advisorId && ledger.advisorId !== input.mentorId)
        throw new HttpError('failed-precondition', 'Advisor calls are with your named learning advisor. Choose them.');
      const [busy, own] = await Promise.all([mentorBusy(input.mentorId, startMs, endMs, tx), mine(tx)]);
      const standing = chosen.standings.find((s) => s.allowance.kind === input.kind)!;
      const now = standingOf(chosen.enrollmentId, chosen.source, standing.allowance, own, nowMs);
      if (now.left <= 0)
        throw new HttpError(
          'failed-precondition',
          `You have no ${SESSION_LABELS[input.kind].many} left for now. My Courses says when they renew.`,
        );
      if (
        clashes(
          startMs,
          endMs,
          own.filter((b) => b.status === 'booked').map((b) => ({ startMs: b.startsAt.toMillis(), endMs: b.endsAt.toMillis() })),
        ).length > 0
      )
        throw new HttpError('failed-precondition', 'You already have a session at that time.');
      if (!isBookable(mentor.availability, input.kind, standing.allowance.horizonDays, busy, startMs, nowMs)) throw slotGone();

      const doc: BookingDoc = {
        kind: input.kind,
        mentorId: input.mentorId,
        mentorName: mentor.name,
        learnerUid: account.uid,
        learnerEmail: chosen.enrollment.email,
        learnerName: chosen.enrollment.name,
        enrollmentId: chosen.enrollmentId,
        planId: chosen.enrollment.planId ?? '',
        windowStartMs: now.window.startMs,
        startsAt: Timestamp.fromMillis(startMs),
        endsAt: Timestamp.fromMillis(endMs),
        status: 'booked',
        counts: true,
        meetingUrl: newMeetingUrl(),
        sequence: 0,
        outsideHours: false,
        notes: null,
        scorecard: null,
        cancelledBy: null,
        cancelledAt: null,
        noShowReport: null,
        createdAt: Timestamp.fromMillis(nowMs),
        updatedAt: Timestamp.fromMillis(nowMs),
      };
      tx.create(bookingRef, doc);
      writeMentorWeekEntry(tx, bookingRef.id, doc, nowMs);
      tx.update(mentorRef, { version: FieldValue.increment(1) });
      tx.set(ledgerRef, {
        uid: account.uid,
        bookings: (ledger?.bookings ?? 0) + 1,
        advisorId: input.kind === 'advisor-call' ? (ledger?.advisorId ?? input.mentorId) : (ledger?.advisorId ?? null),
        updatedAt: Timestamp.fromMillis(nowMs),
      });
      queueMail(tx, chosen.enrollment.email, {
        template: 'mentoring-booked',
        data: bookedMailData(bookingRef.id, doc, mentor),
      });
      return doc;
    }),
  );
  return { booking: bookingView(bookingRef.id, created), warning };
}

export const bookedMailData = (id: string, doc: BookingDoc, mentor: Pick<MentorProfileDoc, 'availability'>) => ({
  bookingId: id,
  name: doc.learnerName,
  kind: SESSION_LABELS[doc.kind].one,
  mentor: doc.mentorName,
  startsAt: doc.startsAt.toDate().toISOString(),
  endsAt: doc.endsAt.toDate().toISOString(),
  timeZone: mentor.availability.timeZone,
});
