import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import ICAL from 'ical.js';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AdvisorAnswer,
  BookingAnswer,
  BookingView,
  MentorDeskAnswer,
  MentoringAnswer,
  MentorSearchAnswer,
  PlacementView,
  SlotsAnswer,
  StaffMentoringAnswer,
} from '@upskill/domain/mentoring';
import { MENTOR_CARDS } from '@upskill/domain/mentoring';
import { call, untilAnswered } from '../support/api';
import { indiaMonthName, nextIndiaMonthName } from '../support/dates';
import { adminAuth, db } from '../support/admin';
import { bearer, createUser, freshlySignedIn, type TestUser } from '../support/auth';
import { mailWith, mailsTo } from '../support/mail';
import { allDay, buyer as buyerOf, newMentor as mentorOf } from '../support/mentoring';
import { createStaff, staffCli } from '../support/staff';

// #42's mentoring through Hosting -> Functions -> Firestore: what each plan gives, mentors' hours, booking
// with the allowance and the slot taken in one transaction (never twice, however many at once), changes and
// the 12-hour cut-off, the join window, notes and scorecards, placement requests, and every refusal from
// the wrong side.

const run = promisify(execFile);
const HOUR = 3_600_000;
const NOW = 'x-emulator-now';
let client = '';
const headers = (user: TestUser, nowMs?: number) => ({
  ...bearer(user),
  ...(nowMs === undefined ? {} : { [NOW]: new Date(nowMs).toISOString() }),
});
type Err = { error?: { code: string; message: string; fields?: Record<string, string> } };

/**
 * More paid Pro learners fast: accounts in the Auth emulator and a copy of a paid Pro enrollment each, written
 * directly (the payment path is covered above; what is under test here is the booking transaction).
 */
async function clonesOf(enrollmentId: string, count: number): Promise<TestUser[]> {
  const source = (await db().doc(`enrollments/${enrollmentId}`).get()).data()!;
  return Promise.all(
    Array.from({ length: count }, async () => {
      const user = await createUser({ emailVerified: true });
      await db()
        .collection('enrollments')
        .add({ ...source, uid: user.uid, email: user.email, editTokenHashes: [] });
      return user;
    }),
  );
}

const overview = async (user: TestUser, nowMs?: number) =>
  (await call<MentoringAnswer>('GET', '/api/mentoring', { headers: headers(user, nowMs), client })).body;
const search = (user: TestUser, kind: string, q: string) =>
  call<MentorSearchAnswer & Err>('GET', `/api/mentoring/mentors?kind=${kind}&q=${encodeURIComponent(q)}`, {
    headers: headers(user),
    client,
  });
const slots = async (user: TestUser, mentorId: string, kind: string, nowMs?: number) =>
  call<SlotsAnswer & Err>('GET', `/api/mentoring/mentors/${mentorId}/slots?kind=${kind}`, { headers: headers(user, nowMs), client });
const book = (user: TestUser, mentorId: string, startMs: number, kind = 'mentor-call', nowMs?: number) =>
  call<BookingAnswer & Err>('POST', '/api/mentoring/bookings', {
    body: { kind, mentorId, startsAt: new Date(startMs).toISOString() },
    headers: headers(user, nowMs),
    client,
  });
const act = <T>(user: TestUser, path: string, body: unknown = {}, nowMs?: number) =>
  call<T & Err>('POST', path, { body, headers: headers(user, nowMs), client });

const newMentor = (name: string, zone: string, kinds?: string[]) => mentorOf(name, zone, kinds, client);
const buyer = (planId: string) => buyerOf(planId, client);

let bengaluru: TestUser;
let newYork: TestUser;
let pro: { learner: TestUser; enrollmentId: string };

beforeAll(async () => {
  client = `mentoring-${randomUUID().slice(0, 8)}`;
  [bengaluru, newYork, pro] = await Promise.all([
    newMentor('Asha Kulkarni', 'Asia/Kolkata'),
    newMentor('Ben Carter', 'America/New_York'),
    buyer('pro'),
  ]);
}, 120_000);

describe('what each plan gives', () => {
  it('Pro: one 30-minute mentor call a month, said as "1 mentor call left in <month>; renews 1 <next month>"', async () => {
    // The request names its instant, so the month on both sides is the same one, even at a month's last minute.
    const now = Date.now();
    const answer = await overview(pro.learner, now);
    expect(answer.allowances).toEqual([
      expect.objectContaining({
        enrollmentId: pro.enrollmentId,
        kind: 'mentor-call',
        count: 1,
        used: 0,
        left: 1,
        inTrial: false,
        horizonDays: 14,
      }),
    ]);
    expect(answer.allowances[0].summary).toBe(`1 mentor call left in ${indiaMonthName(now)}; renews 1 ${nextIndiaMonthName(now)}`);
    // A page of the mentors who offer what the plan gives (12 of each kind by name, and those teaching the learner's
    // courses), never every mentor; never a meeting link anywhere.
    expect(answer.mentors.length).toBeGreaterThan(0);
    expect(answer.mentors.length).toBeLessThanOrEqual(2 * MENTOR_CARDS);
    expect(answer.mentors.every((m) => m.kinds.includes('mentor-call'))).toBe(true);
    expect(JSON.stringify(answer)).not.toMatch(/meet\.jit\.si/);
    // Any other is found by the start of their name, in any case, with their zone.
    const found = await search(pro.learner, 'mentor-call', 'asha KUL');
    expect(found.status, found.text).toBe(200);
    expect(found.body.mentors.map((m) => m.id)).toContain(bengaluru.uid);
    expect(found.body.mentors.every((m) => m.name.toLowerCase().startsWith('asha kul'))).toBe(true);
    expect((await search(pro.learner, 'mentor-call', 'Ben Carter')).body.mentors).toContainEqual(
      expect.objectContaining({ id: newYork.uid, timeZone: 'America/New_York' }),
    );
    // From the wrong side: no kind, no name, a kind the plan does not include, no purchase.
    expect((await search(pro.learner, '', 'asha')).status).toBe(400);
    expect((await search(pro.learner, 'mentor-call', ' ')).status).toBe(400);
    expect((await search(pro.learner, 'mock-interview', 'asha')).status).toBe(403);
    expect((await search(await createUser({ emailVerified: true }), 'mentor-call', 'asha')).status).toBe(403);
  });

  it('booking without an entitlement is 403: a Standard buyer, and an account with no purchase', async () => {
    const standard = await buyer('standard');
    const nobody = await createUser({ emailVerified: true });
    const start = (await slots(pro.learner, bengaluru.uid, 'mentor-call')).body.slots[0].startMs;
    for (const user of [standard.learner, nobody]) {
      const res = await book(user, bengaluru.uid, start);
      expect(res.status).toBe(403);
      expect(res.body.error?.message).toBe('Your plan does not include mentor calls.');
      expect((await slots(user, bengaluru.uid, 'mentor-call')).status).toBe(403);
      expect((await overview(user)).allowances).toEqual([]);
    }
    // Pro has no mock interviews.
    expect((await book(pro.learner, bengaluru.uid, start, 'mock-interview')).status).toBe(403);
    expect((await call('GET', '/api/mentoring', { client })).status).toBe(401);
  });
});

describe('slots across time zones', () => {
  it("a New York mentor's Tuesday 9:00 stays 9:00 in New York across both US clock changes, and moves by an hour for India", async () => {
    const ny = (ms: number) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(ms);
    const ist = (ms: number) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit' }).format(ms);
    const nineAm = (answer: SlotsAnswer, weekday: string) => answer.slots.filter((s) => ny(s.startMs) === `${weekday} 09:00`);
    // Autumn: the US leaves daylight time on Sunday 1 November 2026. Asked on Wednesday 28 October.
    const autumnNow = Date.parse('2026-10-28T00:00:00Z');
    const autumn = (await slots(pro.learner, newYork.uid, 'mentor-call', autumnNow)).body;
    expect(autumn.timeZone).toBe('America/New_York');
    const [thu29, thu5] = nineAm(autumn, 'Thu');
    expect(new Date(thu29.startMs).toISOString()).toBe('2026-10-29T13:00:00.000Z');
    expect(ist(thu29.startMs)).toBe('18:30');
    expect(new Date(thu5.startMs).toISOString()).toBe('2026-11-05T14:00:00.000Z');
    expect(ist(thu5.startMs)).toBe('19:30');
    // Spring: back to daylight time on Sunday 14 March 2027. Asked on Wednesday 10 March.
    const springNow = Date.parse('2027-03-10T00:00:00Z');
    const spring = (await slots(pro.learner, newYork.uid, 'mentor-call', springNow)).body;
    const [tue16] = nineAm(spring, 'Tue');
    const [thu11] = nineAm(spring, 'Thu');
    expect(ist(thu11.startMs)).toBe('19:30');
    expect(new Date(tue16.startMs).toISOString()).toBe('2027-03-16T13:00:00.000Z');
    expect(ist(tue16.startMs)).toBe('18:30');
    // Nothing sooner than 12 hours, nothing past the 14-day horizon; every slot 30 minutes.
    expect(Math.min(...autumn.slots.map((s) => s.startMs))).toBeGreaterThanOrEqual(autumnNow + 12 * HOUR);
    expect(Math.max(...autumn.slots.map((s) => s.startMs))).toBeLessThanOrEqual(autumnNow + 14 * 24 * HOUR);
    expect(autumn.slots.every((s) => s.endMs - s.startMs === 30 * 60_000)).toBe(true);
  });
});

describe('booking', () => {
  it('books, mails once, and then has none left this month; the slot is gone for everyone', async () => {
    const { learner, enrollmentId } = await buyer('pro');
    const open = (await slots(learner, bengaluru.uid, 'mentor-call')).body.slots;
    const res = await book(learner, bengaluru.uid, open[3].startMs);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.booking).toMatchObject({
      kind: 'mentor-call',
      mentorId: bengaluru.uid,
      status: 'booked',
      startsAtMs: open[3].startMs,
      endsAtMs: open[3].startMs + 30 * 60_000,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/meet\.jit\.si/);
    const after = await overview(learner);
    expect(after.allowances[0]).toMatchObject({ enrollmentId, used: 1, left: 0 });
    expect(after.allowances[0].summary).toMatch(/^0 mentor calls left in /);
    const second = await book(learner, bengaluru.uid, open[8].startMs);
    expect(second.status).toBe(409);
    expect(second.body.error?.message).toBe('You have no mentor calls left for now. My Courses says when they renew.');
    expect((await slots(pro.learner, bengaluru.uid, 'mentor-call')).body.slots.map((s) => s.startMs)).not.toContain(open[3].startMs);
    expect((await mailWith(learner.email, 'Your mentor call with Asha Kulkarni')).text).toContain('Asha Kulkarni');
    const mails = (await db().collection('mail').where('to', '==', learner.email).where('template', '==', 'mentoring-booked').get()).docs;
    expect(mails).toHaveLength(1);
  });

  it('50 learners on one slot at once: exactly one booking, 49 told it is taken', async () => {
    const learners = await clonesOf(pro.enrollmentId, 50);
    const mentor = await newMentor('Chitra Rao', 'Asia/Kolkata', ['mentor-call']);
    // One clock for the listing and the bookings: the first slot is the one nearest the 12 hours' notice, and
    // a burst that outlasted its last moment would be refused for that, not for the race under test.
    const now = Date.now();
    const start = (await slots(learners[0], mentor.uid, 'mentor-call', now)).body.slots[0].startMs;
    const answers = await Promise.all(learners.map((l) => untilAnswered(() => book(l, mentor.uid, start, 'mentor-call', now))));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.error?.message).toBe('That time is no longer free. Choose another time.');
    const held = await db().collection('mentorBookings').where('mentorId', '==', mentor.uid).get();
    expect(held.size).toBe(1);
  }, 180_000);

  it('one learner with one call left, booking 5 slots at once, gets exactly one', async () => {
    const [learner] = await clonesOf(pro.enrollmentId, 1);
    const open = (await slots(learner, newYork.uid, 'mentor-call')).body.slots;
    const answers = await Promise.all([0, 2, 4, 6, 8].map((i) => untilAnswered(() => book(learner, newYork.uid, open[i].startMs))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await db().collection('mentorBookings').where('learnerUid', '==', learner.uid).get()).size).toBe(1);
  }, 120_000);

  it('validation: every field, with its message, and nothing written', async () => {
    const before = (await db().collection('mentorBookings').where('learnerUid', '==', pro.learner.uid).get()).size;
    const post = (body: unknown) => call<Err>('POST', '/api/mentoring/bookings', { body, headers: bearer(pro.learner), client });
    const bad = await post({ kind: 'therapy', mentorId: 'a/b', startsAt: 'tomorrow' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ kind: 'Choose a kind of session.', mentorId: 'Choose a mentor.', startsAt: 'Choose a time.' });
    expect((await post({ kind: 'mentor-call', mentorId: bengaluru.uid, startsAt: '2026-12-01T10:00:00Z', extra: 1 })).status).toBe(400);
    // A time that is not one of the mentor's starts (a quarter past) is refused as not free.
    const open = (await slots(pro.learner, bengaluru.uid, 'mentor-call')).body.slots;
    const odd = await book(pro.learner, bengaluru.uid, open[1].startMs + 15 * 60_000);
    expect(odd.status).toBe(409);
    const unknown = await book(pro.learner, 'nobodyHere', open[1].startMs);
    expect(unknown.status).toBe(404);
    expect((await db().collection('mentorBookings').where('learnerUid', '==', pro.learner.uid).get()).size).toBe(before);
  });
});

describe('changes, the cut-off, joining and the wrong side', () => {
  let booking: BookingView;
  let learner: TestUser;
  beforeAll(async () => {
    ({ learner } = await buyer('pro'));
    const open = (await slots(learner, bengaluru.uid, 'mentor-call')).body.slots;
    booking = (await book(learner, bengaluru.uid, open[10].startMs)).body.booking;
  });

  it("another learner's booking is 404 for every action, and another mentor's too", async () => {
    const stranger = pro.learner;
    for (const path of ['cancel', 'reschedule', 'no-show'])
      expect(
        (
          await act(
            stranger,
            `/api/mentoring/bookings/${booking.id}/${path}`,
            path === 'reschedule' ? { startsAt: new Date(booking.startsAtMs).toISOString() } : {},
          )
        ).status,
      ).toBe(404);
    expect(
      (await call('GET', `/api/mentoring/bookings/${booking.id}/join`, { headers: headers(stranger, booking.startsAtMs), client })).status,
    ).toBe(404);
    // New York is a mentor, but not this booking's: the same 404, and not on their desk.
    expect(
      (await act(newYork, `/api/mentoring/desk/bookings/${booking.id}/notes`, { notes: 'x', actionItems: [] }, booking.startsAtMs + 60_000))
        .status,
    ).toBe(404);
    expect(
      (await call('GET', `/api/mentoring/desk/bookings/${booking.id}/join`, { headers: headers(newYork, booking.startsAtMs), client }))
        .status,
    ).toBe(404);
    const desk = (await call<MentorDeskAnswer>('GET', '/api/mentoring/desk', { headers: bearer(newYork), client })).body;
    expect(desk.bookings.map((b) => b.id)).not.toContain(booking.id);
    // A learner is not a mentor.
    expect((await call('GET', '/api/mentoring/desk', { headers: bearer(learner), client })).status).toBe(403);
  });

  it('joins only inside the window (10 minutes before to the end), only as its learner or mentor', async () => {
    const join = (user: TestUser, at: number, side = '') =>
      call<{ meetingUrl?: string } & Err>('GET', `/api/mentoring${side}/bookings/${booking.id}/join`, {
        headers: { ...headers(user, at), Accept: 'application/json' },
        client,
      });
    const early = await join(learner, booking.startsAtMs - 11 * 60_000);
    expect(early.status).toBe(409);
    expect(early.body.error?.message).toBe('The meeting room opens 10 minutes before the session starts.');
    const inWindow = await join(learner, booking.startsAtMs - 9 * 60_000);
    expect(inWindow.status).toBe(200);
    expect(inWindow.body.meetingUrl).toMatch(/^https:\/\/meet\.jit\.si\/Upskill-[0-9a-f]{24}$/);
    const mentorJoin = await join(bengaluru, booking.startsAtMs, '/desk');
    expect(mentorJoin.body.meetingUrl).toBe(inWindow.body.meetingUrl);
    expect((await join(learner, booking.endsAtMs)).status).toBe(409);
    // Forged: a token that is not Firebase's is 401, whatever it claims.
    const forged = await call('GET', `/api/mentoring/bookings/${booking.id}/join`, {
      headers: { Authorization: `Bearer ${learner.idToken.slice(0, -4)}abcd` },
      client,
    });
    expect(forged.status).toBe(401);
  });

  it('inside 12 hours: moving is refused, cancelling uses the session (said before), and it is not refunded', async () => {
    const late = booking.startsAtMs - 11 * HOUR;
    const move = await act(
      learner,
      `/api/mentoring/bookings/${booking.id}/reschedule`,
      { startsAt: new Date(booking.startsAtMs + HOUR).toISOString() },
      late,
    );
    expect(move.status).toBe(409);
    expect(move.body.error?.message).toBe('Sessions can be moved up to 12 hours before they start. You can still cancel it.');
    const cancel = await act<BookingView>(learner, `/api/mentoring/bookings/${booking.id}/cancel`, {}, late);
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ status: 'cancelled', counts: true });
    // Cancelling again changes nothing.
    expect((await act<BookingView>(learner, `/api/mentoring/bookings/${booking.id}/cancel`, {}, late)).body).toMatchObject({
      status: 'cancelled',
      counts: true,
    });
    expect((await overview(learner)).allowances[0]).toMatchObject({ used: 1, left: 0 });
    const mail = (await db().collection('mail').where('to', '==', learner.email).where('template', '==', 'mentoring-cancelled').get()).docs;
    expect(mail.map((m) => m.get('data.returned'))).toEqual([false]);
  });

  it('in time: the learner moves it, then cancels, and the session comes back', async () => {
    const { learner: other } = await buyer('pro');
    const open = (await slots(other, newYork.uid, 'mentor-call')).body.slots;
    const made = (await book(other, newYork.uid, open[20].startMs)).body.booking;
    const moved = await act<BookingAnswer>(other, `/api/mentoring/bookings/${made.id}/reschedule`, {
      startsAt: new Date(open[24].startMs).toISOString(),
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.booking.startsAtMs).toBe(open[24].startMs);
    const cancelled = await act<BookingView>(other, `/api/mentoring/bookings/${made.id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', counts: false });
    expect((await overview(other)).allowances[0]).toMatchObject({ used: 0, left: 1 });
  });

  it("a mentor's cancellation always gives it back and mails a link to rebook", async () => {
    const { learner: other } = await buyer('pro');
    const open = (await slots(other, bengaluru.uid, 'mentor-call')).body.slots;
    const made = (await book(other, bengaluru.uid, open[14].startMs)).body.booking;
    const cancelled = await act<BookingView>(bengaluru, `/api/mentoring/desk/bookings/${made.id}/cancel`, {}, made.startsAtMs - HOUR);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', counts: false });
    expect((await overview(other)).allowances[0]).toMatchObject({ left: 1 });
    const notice = await mailWith(other.email, 'Cancelled:');
    expect(notice.text).toContain('Asha Kulkarni cancelled');
    expect(notice.text).toContain('/mycourses#mentoring');
  });
});

describe('after the session: notes, scorecards and placement', () => {
  it('a Platinum mock interview: scorecard, trend, then a placement request the team works through', async () => {
    const platinum = await buyer('platinum');
    const answer = await overview(platinum.learner);
    expect(answer.allowances.map((a) => [a.kind, a.count, a.horizonDays])).toEqual([
      ['mentor-call', 2, 28],
      ['mock-interview', 3, 28],
    ]);
    expect(answer.allowances[1].summary).toBe('3 of 3 mock interviews left');
    const open = (await slots(platinum.learner, bengaluru.uid, 'mock-interview')).body.slots;
    expect(open[1].endMs - open[1].startMs).toBe(60 * 60_000);
    const made = (await book(platinum.learner, bengaluru.uid, open[1].startMs, 'mock-interview')).body.booking;
    // Not before it starts.
    const tooSoon = await act(
      bengaluru,
      `/api/mentoring/desk/bookings/${made.id}/scorecard`,
      { ratings: {}, comments: '', verdict: 'x' },
      made.startsAtMs - HOUR,
    );
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.body.error?.fields).toMatchObject({
      comments: 'Say what went well and what to work on.',
      verdict: 'Say whether they are ready.',
    });
    const ratings = { problemSolving: 4, technicalDepth: 4, communication: 5, codeQuality: 3, roleFit: 4 };
    const early = await act(
      bengaluru,
      `/api/mentoring/desk/bookings/${made.id}/scorecard`,
      { ratings, comments: 'Clear.', verdict: 'ready' },
      made.startsAtMs - HOUR,
    );
    expect(early.status).toBe(409);
    const after = made.endsAtMs + 60_000;
    // Placement opens only after a "ready".
    expect(
      (await act(platinum.learner, '/api/mentoring/placements', { bookingId: made.id, note: 'Backend roles in Bengaluru' })).status,
    ).toBe(409);
    const scored = await act<BookingView>(
      bengaluru,
      `/api/mentoring/desk/bookings/${made.id}/scorecard`,
      { ratings, comments: 'Clear thinking; tidy code.', verdict: 'ready' },
      after,
    );
    expect(scored.status, JSON.stringify(scored.body)).toBe(200);
    expect(scored.body.scorecard).toMatchObject({ verdict: 'ready', mean: 4 });
    const notes = await act<BookingView>(
      bengaluru,
      `/api/mentoring/desk/bookings/${made.id}/notes`,
      { notes: 'Worked on system design.', actionItems: ['Read DDIA ch. 5'] },
      after,
    );
    expect(notes.body).toMatchObject({
      status: 'completed',
      notes: { text: 'Worked on system design.', actionItems: ['Read DDIA ch. 5'] },
    });
    const seen = await overview(platinum.learner);
    expect(seen.bookings[0]).toMatchObject({ scorecard: { verdict: 'ready', mean: 4 }, notes: { actionItems: ['Read DDIA ch. 5'] } });
    expect(seen).toMatchObject({ mayRequestPlacement: true, readyBookings: [made.id] });
    expect(seen.allowances[1].summary).toBe('2 of 3 mock interviews left');

    const requested = await act<PlacementView>(platinum.learner, '/api/mentoring/placements', {
      bookingId: made.id,
      note: 'Backend roles in Bengaluru',
    });
    expect(requested.status).toBe(201);
    expect(requested.body).toMatchObject({ state: 'requested', bookingId: made.id });
    // A second click finds the first.
    expect((await act<PlacementView>(platinum.learner, '/api/mentoring/placements', { bookingId: made.id, note: 'again' })).body.id).toBe(
      requested.body.id,
    );
    // A Pro learner cannot open one, even on someone else's interview id.
    expect((await act(pro.learner, '/api/mentoring/placements', { bookingId: made.id, note: 'me too' })).status).toBe(404);
    const after2 = await overview(platinum.learner);
    expect(after2.placements).toEqual([expect.objectContaining({ state: 'requested' })]);
    expect(after2.readyBookings).toEqual([]);
  });

  it('no-shows: the mentor marks the learner, once; the learner reports the mentor', async () => {
    const { learner } = await buyer('pro');
    const open = (await slots(learner, newYork.uid, 'mentor-call')).body.slots;
    const made = (await book(learner, newYork.uid, open[2].startMs)).body.booking;
    expect((await act(newYork, `/api/mentoring/desk/bookings/${made.id}/no-show`, { note: '' }, made.startsAtMs - 60_000)).status).toBe(
      409,
    );
    const marked = await act<BookingView>(
      newYork,
      `/api/mentoring/desk/bookings/${made.id}/no-show`,
      { note: 'Waited 15 minutes.' },
      made.startsAtMs + 20 * 60_000,
    );
    expect(marked.body).toMatchObject({ status: 'no-show-learner', noShowReport: { by: 'mentor', note: 'Waited 15 minutes.' } });
    expect(
      (await act(learner, `/api/mentoring/bookings/${made.id}/no-show`, { note: 'I was there' }, made.startsAtMs + 25 * 60_000)).status,
    ).toBe(409);
  });
});

describe('mentors and their hours', () => {
  it('hours changed while a booking stands: the booking stays, is marked, and the mentor is told', async () => {
    const mentor = await newMentor('Dev Shah', 'Asia/Kolkata', ['mentor-call']);
    const { learner } = await buyer('pro');
    const open = (await slots(learner, mentor.uid, 'mentor-call')).body.slots;
    const made = (await book(learner, mentor.uid, open[0].startMs)).body.booking;
    const profile = {
      name: 'Dev Shah',
      headline: 'Senior engineer',
      photo: null,
      courseIds: [1],
      categories: [],
      languages: ['English', 'Hindi'],
      kinds: ['mentor-call'],
      availability: { ...allDay('Asia/Kolkata'), weekly: { '1': [{ start: '23:00', end: '23:30' }] } },
    };
    const saved = await call<MentorDeskAnswer & { outsideHours: string[] }>('PUT', '/api/mentoring/profile', {
      body: profile,
      headers: bearer(mentor),
      client,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.outsideHours).toEqual([made.id]);
    expect(saved.body.bookings.find((b) => b.id === made.id)).toMatchObject({ status: 'booked', outsideHours: true });
    expect((await overview(learner)).bookings[0]).toMatchObject({ id: made.id, status: 'booked' });
  });

  it('a profile is validated field by field; only a mentor has one; the claim comes off with the CLI', async () => {
    const mentor = await newMentor('Esha Iyer', 'Asia/Kolkata', ['mentor-call']);
    const bad = await call<Err>('PUT', '/api/mentoring/profile', {
      body: {
        name: ' ',
        headline: '',
        photo: 'http://x',
        courseIds: [],
        categories: ['Cooking'],
        languages: [],
        kinds: [],
        availability: {
          timeZone: 'Mars/Olympus',
          weekly: { '1': [{ start: '10:00', end: '09:00' }] },
          overrides: [],
          bufferMinutes: 90,
          dailyMax: 0,
        },
      },
      headers: bearer(mentor),
      client,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toMatchObject({
      name: 'Give your name.',
      headline: 'Say what you do, in a line.',
      photo: 'A photo is an https link or a site image.',
      courseIds: 'Choose at least one course.',
      categories: 'Choose categories from the catalogue.',
      languages: 'Give at least one language.',
      kinds: 'Choose the kinds of session you offer.',
    });
    expect(Object.keys(bad.body.error?.fields ?? {}).some((f) => f.startsWith('availability'))).toBe(true);
    expect((await call('PUT', '/api/mentoring/profile', { body: {}, headers: bearer(pro.learner), client })).status).toBe(403);
    expect(staffCli('mentor', mentor.email, 'none').status).toBe(0);
    expect((await db().doc(`mentors/${mentor.uid}`).get()).get('active')).toBe(false);
    expect((await overview(pro.learner)).mentors.map((m) => m.id)).not.toContain(mentor.uid);
    expect((await search(pro.learner, 'mentor-call', 'Dev Shah')).body.mentors.map((m) => m.id)).not.toContain(mentor.uid);
    expect((await adminAuth().getUser(mentor.uid)).customClaims?.mentor).toBeUndefined();
  });
});

describe('reminders: the day before and the hour before, once', () => {
  it('npm run jobs -- reminders, run twice and at once, sends each reminder once', async () => {
    const { learner } = await buyer('pro');
    const open = (await slots(learner, bengaluru.uid, 'mentor-call')).body.slots;
    const target = open.find((s) => s.startMs > Date.now() + 30 * HOUR)!;
    const made = (await book(learner, bengaluru.uid, target.startMs)).body.booking;
    const jobs = (asOfMs: number) =>
      run(process.execPath, ['tools/jobs.mjs', 'reminders', '--as-of', new Date(asOfMs).toISOString()], { env: process.env });
    await Promise.all([jobs(made.startsAtMs - 23 * HOUR), jobs(made.startsAtMs - 23 * HOUR)]);
    await jobs(made.startsAtMs - 22 * HOUR);
    await Promise.all([jobs(made.startsAtMs - 50 * 60_000), jobs(made.startsAtMs - 40 * 60_000)]);
    const reminders = await db().collection('reminders').where('subjectId', '==', made.id).get();
    expect(reminders.docs.map((d) => d.get('kind')).sort()).toEqual(['mentoring-day', 'mentoring-hour']);
    await mailWith(learner.email, 'Reminder: your mentor call with Asha Kulkarni within the hour');
    const subjects = (await mailsTo(learner.email)).map((m) => m.subject).filter((s) => s.startsWith('Reminder:'));
    expect(subjects).toHaveLength(2);
    expect(subjects.some((s) => s.includes('tomorrow'))).toBe(true);
    expect(subjects.some((s) => s.includes('within the hour'))).toBe(true);
  }, 120_000);
});

describe('the console: mentors, utilisation, bookings, placement requests and the team', () => {
  it('mentors come 20 to a page by name, found by the start of a name in any case; a page reads its mentors, not the team', async () => {
    const staff = await createStaff();
    // 21 mentors under a prefix no other test uses: a full page, and one on the next.
    const prefix = `Pager ${randomUUID().slice(0, 6)}`;
    const names = Array.from({ length: 21 }, (_, i) => `${prefix} Mentor ${String(i + 1).padStart(2, '0')}`);
    const made = [];
    for (const group of [names.slice(0, 7), names.slice(7, 14), names.slice(14)])
      made.push(...(await Promise.all(group.map((name) => mentorOf(name, 'Asia/Kolkata', ['mentor-call'], client, 'admin')))));
    const page = (query: string) =>
      call<StaffMentoringAnswer & Err>('GET', `/api/staff/mentoring?${query}`, { headers: bearer(staff), client });
    const first = await page(`q=${encodeURIComponent(prefix.toUpperCase())}`);
    expect(first.status, first.text).toBe(200);
    expect(first.body.mentors.map((m) => m.name)).toEqual(names.slice(0, 20));
    expect(first.body.next).toBe(made[19].uid);
    const second = await page(`q=${encodeURIComponent(prefix.toLowerCase())}&after=${first.body.next}`);
    expect(second.body.mentors.map((m) => m.name)).toEqual([names[20]]);
    expect(second.body.next).toBeNull();
    // Without a search the pages go by name through the whole team: every page at most 20, each mentor once.
    const all = await page('');
    expect(all.body.mentors.length).toBeLessThanOrEqual(20);
    const sorted = all.body.mentors.map((m) => m.name);
    expect(sorted).toEqual([...sorted].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    if (all.body.next) {
      const after = await page(`after=${all.body.next}`);
      expect(after.body.mentors.map((m) => m.id)).not.toContain(all.body.mentors[0].id);
      expect(after.body.mentors[0].name >= sorted[sorted.length - 1]).toBe(true);
    }
    // A search that finds nobody is an empty page; a cursor that is not a mentor, or a search too long, is a 400.
    const none = await page(`q=${encodeURIComponent(`${prefix} nobody`)}`);
    expect(none.body).toMatchObject({ mentors: [], next: null });
    const gone = await page('after=notAMentor123');
    expect(gone.status).toBe(400);
    expect(gone.body.error?.message).toBe('That page of mentors is gone: start from the first.');
    expect((await page(`q=${'x'.repeat(101)}`)).status).toBe(400);
    expect((await page('after=../x')).status).toBe(400);
  }, 120_000);

  it('utilisation is kept with each booking: a move to another week goes with it, a cancellation gives the hour back; a booking written around the API counts once mentor-figures has run, and a rebuild while sessions move loses none', async () => {
    const staff = await createStaff();
    const mentor = await newMentor('Gita Verma', 'Asia/Kolkata', ['mentor-call', 'mock-interview']);
    const platinum = await buyer('platinum');
    const DAY = 86_400_000;
    // The board's eight weeks for this mentor: each week with hours booked, as [week start, hours].
    const board = async () => {
      const res = await call<StaffMentoringAnswer>('GET', '/api/staff/mentoring?q=gita%20verma', { headers: bearer(staff), client });
      expect(res.status, res.text).toBe(200);
      return res.body.mentors.find((m) => m.id === mentor.uid)!.weeks;
    };
    const shown = async () => (await board()).filter((w) => w.bookedHours > 0).map((w) => [w.weekStartMs, w.bookedHours]);
    // The same, counted in the test from the bookings themselves: every one not cancelled, in the board's own weeks.
    const truth = async () => {
      const weeks = await board();
      const held = (await db().collection('mentorBookings').where('mentorId', '==', mentor.uid).get()).docs
        .map((d) => d.data())
        .filter((b) => b.status !== 'cancelled');
      return weeks
        .map((w) => {
          const inWeek = held.filter((b) => b.startsAt.toMillis() >= w.weekStartMs && b.startsAt.toMillis() < w.weekStartMs + 7 * DAY);
          return [w.weekStartMs, inWeek.reduce((sum, b) => sum + (b.endsAt.toMillis() - b.startsAt.toMillis()) / 3_600_000, 0)];
        })
        .filter(([, hours]) => hours > 0);
    };
    const open = (await slots(platinum.learner, mentor.uid, 'mock-interview')).body.slots;
    const made = (await book(platinum.learner, mentor.uid, open[0].startMs, 'mock-interview')).body.booking;
    const first = await shown();
    expect(first).toHaveLength(1);
    expect(first).toEqual(await truth());

    // Moved a week or more on: the hour leaves its first week for the new one.
    const later = open.filter((s) => s.startMs >= made.startsAtMs + 7 * DAY && s.startMs < Date.now() + 20 * DAY);
    expect(later.length, 'a free start a week or more after the first, within the board').toBeGreaterThan(1);
    const move = (startMs: number) =>
      act<BookingAnswer>(platinum.learner, `/api/mentoring/bookings/${made.id}/reschedule`, { startsAt: new Date(startMs).toISOString() });
    expect((await move(later[0].startMs)).status).toBe(200);
    const moved = await shown();
    expect(moved).toHaveLength(1);
    expect(moved[0][0]).not.toBe(first[0][0]);
    expect(moved).toEqual(await truth());

    // An import: a session written straight to Firestore, as no endpoint writes it, is not counted until the job runs.
    const stored = (await db().doc(`mentorBookings/${made.id}`).get()).data()!;
    await db()
      .doc(`mentorBookings/imported${randomUUID().slice(0, 8)}`)
      .set({
        ...stored,
        learnerUid: `imported-${randomUUID().slice(0, 8)}`,
        startsAt: Timestamp.fromMillis(open[0].startMs),
        endsAt: Timestamp.fromMillis(open[0].endMs),
      });
    expect(await shown()).toEqual(moved);
    expect(await truth()).not.toEqual(moved);
    const job = () =>
      promisify(execFile)(process.execPath, ['tools/jobs.mjs', 'mentor-figures', '--as-of', new Date().toISOString()], {
        env: process.env,
      });
    expect((await job()).stdout).toMatch(/mentor-figures as of .*: \{"documents":[1-9]\d*,"bookings":[1-9]\d*\}/);
    expect(await shown()).toEqual(await truth());

    // Rebuilt while the learner moves the session back and forth: each move's transaction writes the week documents
    // the rebuild reads and writes in its own, so none is lost.
    let rebuilding = true;
    const running = job().finally(() => (rebuilding = false));
    let during = 0;
    while (rebuilding && during < 4) {
      expect((await move(later[(during + 1) % 2].startMs)).status).toBe(200);
      during += 1;
    }
    await running;
    expect(during).toBeGreaterThan(0);
    expect(await shown()).toEqual(await truth());

    // Cancelled: the hour goes back; only the import's is left.
    expect((await act(platinum.learner, `/api/mentoring/bookings/${made.id}/cancel`)).status).toBe(200);
    const left = await shown();
    expect(left).toEqual(await truth());
    expect(left).toEqual([first[0]]);
  }, 180_000);

  it('utilisation per mentor and week, filters, and the placement team working a request through its states', async () => {
    const staff = await createStaff();
    const mentor = await newMentor('Farah Khan', 'Asia/Kolkata', ['mentor-call', 'mock-interview']);
    const platinum = await buyer('platinum');
    const open = (await slots(platinum.learner, mentor.uid, 'mock-interview')).body.slots;
    const made = (await book(platinum.learner, mentor.uid, open[0].startMs, 'mock-interview')).body.booking;
    // Found by the start of her name in any case (the clock projects make a Farah Khan each: hers is found by id).
    const board = await call<StaffMentoringAnswer & Err>('GET', `/api/staff/mentoring?q=farah%20k&mentor=${mentor.uid}`, {
      headers: bearer(staff),
      client,
    });
    expect(board.status).toBe(200);
    const row = board.body.mentors.find((m) => m.id === mentor.uid)!;
    expect(row.week).toBe(
      'Mon 06:00-22:00; Tue 06:00-22:00; Wed 06:00-22:00; Thu 06:00-22:00; Fri 06:00-22:00; Sat 06:00-22:00; Sun 06:00-22:00',
    );
    expect(row.weeks).toHaveLength(8);
    // 16 hours a day, 7 days a week; the booked hour is in the week it falls in.
    expect(row.weeks.every((w) => w.offeredHours === 112)).toBe(true);
    expect(row.weeks.reduce((sum, w) => sum + w.bookedHours, 0)).toBe(1);
    expect(board.body.bookings.map((b) => b.id)).toEqual([made.id]);
    expect(board.body.bookings[0].learnerEmail).toBe(platinum.learner.email);
    // Filters: by kind and status; a wrong one is a 400; the learner is not staff.
    const calls = await call<StaffMentoringAnswer>('GET', `/api/staff/mentoring?mentor=${mentor.uid}&kind=mentor-call`, {
      headers: bearer(staff),
      client,
    });
    expect(calls.body.bookings).toEqual([]);
    // Every filter is the query's own (one page, newest first): each mix finds the booking or nothing.
    const listed = async (filters: string) =>
      (
        await call<StaffMentoringAnswer>('GET', `/api/staff/mentoring?mentor=${mentor.uid}&${filters}`, { headers: bearer(staff), client })
      ).body.bookings.map((b) => b.id);
    expect(await listed('kind=mock-interview')).toEqual([made.id]);
    expect(await listed('status=booked')).toEqual([made.id]);
    expect(await listed('kind=mock-interview&status=booked')).toEqual([made.id]);
    expect(await listed('kind=mock-interview&status=cancelled')).toEqual([]);
    expect((await call('GET', '/api/staff/mentoring?kind=therapy', { headers: bearer(staff), client })).status).toBe(400);
    expect((await call('GET', '/api/staff/mentoring', { headers: bearer(platinum.learner), client })).status).toBe(403);
    // Staff may open My mentoring (their own bookings: none), but have no profile to keep.
    expect((await call<MentorDeskAnswer>('GET', '/api/mentoring/desk', { headers: bearer(staff), client })).body).toMatchObject({
      isMentor: false,
      profile: null,
      bookings: [],
    });
    expect((await call<MentorDeskAnswer>('GET', '/api/mentoring/desk', { headers: bearer(mentor), client })).body.isMentor).toBe(true);

    // Scored ready, a placement request, then the team's steps, one at a time.
    const ratings = { problemSolving: 5, technicalDepth: 4, communication: 4, codeQuality: 4, roleFit: 5 };
    await act(
      mentor,
      `/api/mentoring/desk/bookings/${made.id}/scorecard`,
      { ratings, comments: 'Strong.', verdict: 'ready' },
      made.endsAtMs,
    );
    const request = (await act<PlacementView>(platinum.learner, '/api/mentoring/placements', { bookingId: made.id, note: 'Data roles' }))
      .body;
    const move = (state: string, note = '') => act<PlacementView>(staff, `/api/staff/placements/${request.id}`, { state, note });
    const skip = await move('referred');
    expect(skip.status).toBe(409);
    expect(skip.body.error?.message).toBe('A request that is requested cannot move to referred.');
    expect((await move('profile-reviewed', 'CV is strong; add a project link.')).body.state).toBe('profile-reviewed');
    expect((await move('referred', 'Referred to two partner companies.')).body.state).toBe('referred');
    const closed = await move('closed', 'Closed at the learner’s request.');
    expect(closed.body.history.map((h) => h.state)).toEqual(['requested', 'profile-reviewed', 'referred', 'closed']);
    expect((await move('requested')).status).toBe(409);
    expect((await overview(platinum.learner)).placements[0].state).toBe('closed');
    const audit = await db().collection('staffAudit').where('targetId', '==', request.id).get();
    expect(audit.docs.map((d) => d.get('action'))).toEqual(['placement-moved', 'placement-moved', 'placement-moved']);
    // Not staff: 403.
    expect((await act(platinum.learner, `/api/staff/placements/${request.id}`, { state: 'closed' })).status).toBe(403);
  });

  it('staff cancel for a mentor (the learner gets it back), no-shows are on the audit trail, admins grant and remove mentors', async () => {
    const staff = await createStaff();
    const admin = await createStaff({ admin: true });
    const { learner } = await buyer('pro');
    const open = (await slots(learner, bengaluru.uid, 'mentor-call')).body.slots;
    const made = (await book(learner, bengaluru.uid, open[30].startMs)).body.booking;
    const cancelled = await act<BookingView>(staff, `/api/staff/mentoring/bookings/${made.id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', counts: false });
    expect((await overview(learner)).allowances[0].left).toBe(1);
    const trail = await db().collection('staffAudit').where('targetId', '==', made.id).get();
    expect(trail.docs.map((d) => [d.get('action'), d.get('actorEmail')])).toEqual([['mentoring-cancelled', staff.email]]);

    const again = (await book(learner, bengaluru.uid, open[32].startMs)).body.booking;
    await act(learner, `/api/mentoring/bookings/${again.id}/no-show`, { note: 'Nobody joined.' }, again.startsAtMs + 15 * 60_000);
    const reported = await db().collection('staffAudit').where('targetId', '==', again.id).get();
    expect(reported.docs.map((d) => [d.get('action'), d.get('detail')])).toEqual([
      ['mentoring-no-show', 'The mentor did not come: Nobody joined.'],
    ]);

    const person = await createUser({ emailVerified: true });
    const grant = (user: TestUser, mentor: boolean) => act(user, '/api/staff/team/mentor', { email: person.email, mentor });
    expect((await grant(staff, true)).status).toBe(403);
    expect((await grant(admin, true)).status).toBe(200);
    expect((await adminAuth().getUser(person.uid)).customClaims?.mentor).toBe(true);
    const team = await call<{ mentors: { email: string }[] }>('GET', '/api/staff/team', { headers: bearer(admin), client });
    expect(team.body.mentors.map((m) => m.email)).toContain(person.email);
    expect((await grant(admin, false)).status).toBe(200);
    expect((await adminAuth().getUser(person.uid)).customClaims?.mentor).toBeUndefined();
    expect((await act(admin, '/api/staff/team/mentor', { email: person.email, mentor: 'yes' })).status).toBe(400);
  });
});

describe('calendars: the .ics download and the private feed', () => {
  it('carry each session with a stable UID, a moved one with a raised SEQUENCE, a cancelled one as CANCELLED, and never the meeting link', async () => {
    const { learner } = await buyer('platinum');
    const open = (await slots(learner, newYork.uid, 'mentor-call')).body.slots;
    const kept = (await book(learner, newYork.uid, open[5].startMs)).body.booking;
    await act(learner, `/api/mentoring/bookings/${kept.id}/reschedule`, { startsAt: new Date(open[7].startMs).toISOString() });
    const dropped = (await book(learner, newYork.uid, open[9].startMs)).body.booking;
    await act(learner, `/api/mentoring/bookings/${dropped.id}/cancel`);

    const events = (text: string) => new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    const download = await call<string>('GET', '/api/calendar/mentoring.ics', { headers: bearer(learner), client });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toContain('text/calendar');
    expect(download.text).not.toContain('meet.jit.si');
    const found = events(download.text);
    const movedEvent = found.find((e) => e.uid.startsWith(`mentoring-${kept.id}@`))!;
    expect(movedEvent.summary).toBe('Mentor call with Ben Carter');
    expect(movedEvent.startDate.toJSDate().getTime()).toBe(open[7].startMs);
    expect(movedEvent.sequence).toBe(1);
    const cancelledEvent = found.find((e) => e.uid.startsWith(`mentoring-${dropped.id}@`))!;
    expect(cancelledEvent.component.getFirstPropertyValue('status')).toBe('CANCELLED');

    // The private feed: the same sessions, beside the live classes.
    const feed = await call<{ url: string }>('POST', '/api/calendar/feed', { body: {}, headers: bearer(learner), client });
    const subscribed = await call<string>('GET', new URL(feed.body.url).pathname, { client });
    expect(events(subscribed.text).map((e) => e.uid.split('@')[0])).toEqual(
      expect.arrayContaining([`mentoring-${kept.id}`, `mentoring-${dropped.id}`]),
    );
    expect((await call('GET', '/api/calendar/mentoring.ics', { client })).status).toBe(401);
  });
});

describe('a mentor changing hours while a learner books', () => {
  it('never strands a booking: it is refused (the slot went) or it stands and is marked for the mentor', async () => {
    const mentor = await newMentor('Gita Menon', 'Asia/Kolkata', ['mentor-call']);
    const learners = await clonesOf(pro.enrollmentId, 6);
    const open = (await slots(learners[0], mentor.uid, 'mentor-call')).body.slots;
    // Only a late evening hour each day: none of the starts below is inside it.
    const narrow = {
      name: 'Gita Menon',
      headline: 'Senior engineer',
      photo: null,
      courseIds: [1],
      categories: [],
      languages: ['English'],
      kinds: ['mentor-call'],
      availability: { ...allDay('Asia/Kolkata'), weekly: { '3': [{ start: '22:00', end: '23:00' }] } },
    };
    const [saved, ...booked] = await Promise.all([
      untilAnswered(() =>
        call<MentorDeskAnswer & { outsideHours: string[] }>('PUT', '/api/mentoring/profile', {
          body: narrow,
          headers: bearer(mentor),
          client,
        }),
      ),
      ...learners.map((l, i) => untilAnswered(() => book(l, mentor.uid, open[i * 2].startMs))),
    ]);
    expect(saved.status).toBe(200);
    const made = booked.filter((b) => b.status === 201).map((b) => b.body.booking.id);
    for (const refused of booked.filter((b) => b.status !== 201))
      expect(refused.body.error?.message).toBe('That time is no longer free. Choose another time.');
    // Every booking that was made is on the mentor's desk, marked outside their hours, still booked.
    const desk = (await call<MentorDeskAnswer>('GET', '/api/mentoring/desk', { headers: bearer(mentor), client })).body;
    const standing = desk.bookings.filter((b) => b.status === 'booked');
    expect(standing.map((b) => b.id).sort()).toEqual([...made].sort());
    expect(standing.every((b) => b.outsideHours)).toBe(true);
    console.log(
      `hours changed during 6 bookings: ${made.length} made before the change (marked), ${booked.length - made.length} refused after it`,
    );
  }, 120_000);
});

describe('a Custom learner’s named advisor, and staff giving a session back', () => {
  it('staff name the advisor; advisor calls are then with them only; a reported no-show is given back once, with a reason', async () => {
    const staff = await createStaff();
    const advisor = await newMentor('Hema Pillai', 'Asia/Kolkata', ['advisor-call', 'mentor-call']);
    const custom = await buyerOf('custom', client, { courseIds: [1, 2] });
    expect((await overview(custom.learner)).allowances.map((a) => [a.kind, a.count])).toEqual([['advisor-call', 2]]);
    const before = await call<AdvisorAnswer>('GET', `/api/staff/enrollments/${custom.enrollmentId}/advisor`, {
      headers: bearer(staff),
      client,
    });
    expect(before.body.advisor).toBeNull();
    // A page of 20 by name (a full run has about a thousand mentors), and a search by the start of a name in any case.
    expect(before.body.candidates.length).toBeLessThanOrEqual(20);
    const names = before.body.candidates.map((c) => c.name.toLocaleLowerCase('en-IN'));
    expect(names).toEqual([...names].sort());
    const byName = async (q: string) =>
      call<AdvisorAnswer & { error?: { fields?: Record<string, string> } }>(
        'GET',
        `/api/staff/enrollments/${custom.enrollmentId}/advisor?q=${encodeURIComponent(q)}`,
        { headers: bearer(staff), client },
      );
    const hema = await byName('hEMA pil');
    expect(hema.body.candidates).toContainEqual({ id: advisor.uid, name: 'Hema Pillai' });
    expect(hema.body.candidates.every((c) => c.name.toLocaleLowerCase('en-IN').startsWith('hema pil'))).toBe(true);
    // Ira Sen offers mentor calls only: never a candidate.
    const callsOnly = await newMentor('Ira Sen', 'Asia/Kolkata', ['mentor-call']);
    expect((await byName('Ira Sen')).body.candidates.map((c) => c.id)).not.toContain(callsOnly.uid);
    const tooLong = await byName('x'.repeat(61));
    expect([tooLong.status, tooLong.body.error?.fields?.q]).toEqual([400, 'At most 60 characters.']);
    // Not a mentor who offers advice, not a Custom plan, not staff.
    expect((await act(staff, `/api/staff/enrollments/${custom.enrollmentId}/advisor`, { mentorId: callsOnly.uid })).status).toBe(400);
    expect((await act(staff, `/api/staff/enrollments/${pro.enrollmentId}/advisor`, { mentorId: advisor.uid })).status).toBe(409);
    expect((await act(custom.learner, `/api/staff/enrollments/${custom.enrollmentId}/advisor`, { mentorId: advisor.uid })).status).toBe(
      403,
    );
    expect((await act(staff, `/api/staff/enrollments/${custom.enrollmentId}/advisor`, { mentorId: advisor.uid })).status).toBe(200);
    const named = await overview(custom.learner);
    expect(named.mentors.find((m) => m.advisor)?.id).toBe(advisor.uid);
    // Another mentor's advisor call is refused; the named advisor's is booked.
    const other = (await slots(custom.learner, bengaluru.uid, 'advisor-call')).body.slots;
    const refused = await book(custom.learner, bengaluru.uid, other[40].startMs, 'advisor-call');
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toBe('Advisor calls are with your named learning advisor. Choose them.');
    const own = (await slots(custom.learner, advisor.uid, 'advisor-call')).body.slots;
    const made = (await book(custom.learner, advisor.uid, own[0].startMs, 'advisor-call')).body.booking;
    expect(made).toMatchObject({ kind: 'advisor-call', mentorId: advisor.uid });

    // The advisor did not come: the learner reports it; staff give the session back, once, with a reason.
    const after = made.startsAtMs + 20 * 60_000;
    await act(custom.learner, `/api/mentoring/bookings/${made.id}/no-show`, { note: 'Nobody joined.' }, after);
    expect((await overview(custom.learner)).allowances[0]).toMatchObject({ used: 1, left: 1 });
    expect((await act(staff, `/api/staff/mentoring/bookings/${made.id}/return`, { reason: '' })).status).toBe(400);
    expect(
      (await act(staff, `/api/staff/mentoring/bookings/${made.id}/return`, { reason: 'Advisor confirmed they missed it.' })).status,
    ).toBe(200);
    expect((await overview(custom.learner)).allowances[0]).toMatchObject({ used: 0, left: 2 });
    expect((await act(staff, `/api/staff/mentoring/bookings/${made.id}/return`, { reason: 'Again.' })).status).toBe(409);
    const trail = await db().collection('staffAudit').where('targetId', '==', made.id).get();
    expect(trail.docs.map((d) => d.get('action')).sort()).toEqual(['mentoring-no-show', 'mentoring-returned']);
  });
});

describe('the learner’s data', () => {
  it('the export holds their bookings (no meeting room) and allowance; deleting the account cancels what is to come and leaves no name', async () => {
    const { learner, enrollmentId } = await buyer('pro');
    // One clock for listing, booking and listing again, as above: the first slot is the one nearest the notice.
    const now = Date.now();
    const free = await slots(learner, bengaluru.uid, 'mentor-call', now);
    expect(free.status, free.text).toBe(200);
    const booked = await book(learner, bengaluru.uid, free.body.slots[0].startMs, 'mentor-call', now);
    expect(booked.status, booked.text).toBe(201);
    const id = booked.body.booking.id;
    const exported = await call<{ mentorBookings: Record<string, unknown>[]; mentoringLedgers: { id: string }[] }>(
      'GET',
      '/api/me/export',
      {
        headers: freshlySignedIn(learner),
        client,
      },
    );
    expect(exported.status, exported.text).toBe(200);
    expect(exported.body.mentorBookings).toEqual([
      expect.objectContaining({ id, kind: 'mentor-call', status: 'booked', mentorName: 'Asha Kulkarni' }),
    ]);
    expect(exported.body.mentorBookings[0]).not.toHaveProperty('meetingUrl');
    expect(exported.body.mentoringLedgers.map((l) => l.id)).toEqual([enrollmentId]);

    const deleted = await call('DELETE', '/api/me', { body: { confirm: 'DELETE' }, headers: freshlySignedIn(learner), client });
    expect(deleted.status, deleted.text).toBe(200);
    const stored = (await db().doc(`mentorBookings/${id}`).get()).data()!;
    expect(stored).toMatchObject({
      learnerName: 'Deleted learner',
      learnerEmail: '',
      status: 'cancelled',
      counts: false,
      cancelledBy: 'learner',
    });
    expect(stored.learnerUid).not.toBe(learner.uid);
    expect((await db().doc(`mentoringLedgers/${enrollmentId}`).get()).exists).toBe(false);
    // The mentor's day shows the slot free again.
    const again = await slots(pro.learner, bengaluru.uid, 'mentor-call', now);
    expect(again.body.slots.map((s) => s.startMs)).toContain(free.body.slots[0].startMs);
  });
});
