import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import ICAL from 'ical.js';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeedAnswer, LearningAnswer } from '@upskill/domain/enrollment';
import { call } from '../support/api';
import { db } from '../support/admin';
import { moveSeatUntil } from '../support/seats';
import { bearer, createUser, type TestUser } from '../support/auth';
import { COURSE, bringBatchToNow, enrollLearner, meetingUrlOf, openBatch } from '../support/learning';

// The learner's side of live classes through Hosting -> Functions -> Firestore: the timetable on My
// Courses, joining inside the window only and only with a confirmed seat, attendance recorded once,
// calendars parsed by a real iCalendar parser, and reminders sent once however often the job runs.

const run = promisify(execFile);

let batchId: string;
let learner: TestUser;
let enrollmentId: string;
let unpaid: TestUser;
let lapsed: TestUser;
let stranger: TestUser;
let sessions: Awaited<ReturnType<typeof bringBatchToNow>>;
let meetingUrl: string;

beforeAll(async () => {
  batchId = await openBatch();
  ({ learner, enrollmentId } = await enrollLearner(batchId));
  ({ learner: unpaid } = await enrollLearner(batchId, { pay: false }));
  const late = await enrollLearner(batchId, { pay: false });
  lapsed = late.learner;
  // Its 30-minute hold lapsed unpaid.
  const seatId = (await db().doc(`enrollments/${late.enrollmentId}`).get()).get('seatId') as string;
  await moveSeatUntil(seatId, Date.now() - 60_000);
  stranger = await createUser({ emailVerified: true });
  sessions = await bringBatchToNow(batchId);
  meetingUrl = await meetingUrlOf(batchId);
}, 60_000);

const join = (sessionId: string, user: TestUser | null, accept = 'text/html') =>
  call<{ meetingUrl?: string; error?: { code: string; message: string } }>('GET', `/api/sessions/${encodeURIComponent(sessionId)}/join`, {
    headers: { ...(user ? bearer(user) : {}), Accept: accept },
    redirect: 'manual',
  });

async function attendanceOf(sessionId: string) {
  return (await db().collection('attendance').where('sessionId', '==', sessionId).get()).docs.map((d) => d.data());
}

describe("GET /api/learning: the learner's home", () => {
  it('shows the paid learner their batch: timetable, statuses, attendance; never the meeting URL', async () => {
    const res = await call<LearningAnswer>('GET', '/api/learning', { headers: bearer(learner) });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const batch = res.body.batches.find((b) => b.batchId === batchId);
    expect(batch).toMatchObject({
      enrollmentId,
      offering: COURSE.name,
      batchTime: 'Weekday Evening',
      instructor: expect.any(String),
      held: 2,
      attended: 0,
    });
    expect(batch?.sessions).toHaveLength(24);
    const status = (id: string) => batch?.sessions.find((s) => s.id === id)?.status;
    expect([
      status(sessions.held),
      status(sessions.live),
      status(sessions.soon),
      status(sessions.later),
      status(sessions.cancelled),
    ]).toEqual(['held', 'live', 'upcoming', 'upcoming', 'cancelled']);
    const soon = batch?.sessions.find((s) => s.id === sessions.soon);
    expect(Date.parse(soon?.startsAt ?? '') - Date.parse(soon?.joinOpensAt ?? '')).toBe(15 * 60_000);
    expect(Math.abs(Date.parse(res.body.now) - Date.now())).toBeLessThan(30_000);
    expect(res.text).not.toContain(meetingUrl);
    expect(res.text).not.toContain('meet.jit.si');
  });

  it('shows nothing to an unpaid, a lapsed or another account; refuses anonymous callers and a token with a corrupted signature', async () => {
    for (const user of [unpaid, lapsed, stranger]) {
      const res = await call<LearningAnswer>('GET', '/api/learning', { headers: bearer(user) });
      expect(res.status).toBe(200);
      expect(res.body.batches.map((b) => b.batchId)).not.toContain(batchId);
    }
    expect((await call('GET', '/api/learning')).status).toBe(401);
    expect((await call('GET', '/api/learning', { headers: { Authorization: `Bearer ${learner.idToken.slice(0, -4)}abcd` } })).status).toBe(
      401,
    );
    expect((await call('POST', '/api/learning', { headers: bearer(learner), body: {} })).status).toBe(405);
  });
});

describe('GET /api/sessions/{id}/join', () => {
  it('refuses before the window, after the end, a cancelled session, with a clear JSON error and no meeting URL', async () => {
    for (const [id, pattern] of [
      [sessions.later, /opens for joining at .* IST, 15 minutes before it starts/],
      [sessions.held, /has ended/],
      [sessions.cancelled, /was cancelled/],
    ] as const) {
      const res = await join(id, learner);
      expect(res.status, id).toBe(409);
      expect(res.body.error?.message).toMatch(pattern);
      expect(res.headers.get('location')).toBeNull();
      expect(res.text).not.toContain(meetingUrl);
    }
    expect(await attendanceOf(sessions.later)).toEqual([]);
  });

  it('refuses anonymous (401), an unsigned token (401), another account (403), an unpaid or lapsed seat (409)', async () => {
    expect((await join(sessions.soon, null)).status).toBe(401);
    const forged = await call('GET', `/api/sessions/${sessions.soon}/join`, {
      headers: { Authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
      redirect: 'manual',
    });
    expect(forged.status).toBe(401);
    const other = await join(sessions.soon, stranger);
    expect(other.status).toBe(403);
    for (const user of [unpaid, lapsed]) {
      const res = await join(sessions.soon, user);
      expect(res.status).toBe(409);
      expect(res.body.error?.message).toMatch(/not confirmed/);
    }
    // A spoofed header claiming to be the learner changes nothing.
    const spoofed = await call('GET', `/api/sessions/${sessions.soon}/join`, {
      headers: { 'X-Forwarded-User': learner.uid, 'X-User-Id': learner.uid },
      redirect: 'manual',
    });
    expect(spoofed.status).toBe(401);
    expect(await attendanceOf(sessions.soon)).toEqual([]);
  });

  it('answers 404 for an unknown or malformed session and 405 for other methods', async () => {
    expect((await join('nosuchsession_0', learner)).status).toBe(404);
    // A malformed escape is refused by Hosting itself (400) or the function (404); either way nothing runs.
    expect([400, 404]).toContain((await call('GET', '/api/sessions/%E0%A4%A/join', { headers: bearer(learner) })).status);
    expect((await call('GET', '/api/sessions/../../batches/join', { headers: bearer(learner) })).status).toBe(404);
    expect((await call('POST', `/api/sessions/${sessions.soon}/join`, { headers: bearer(learner), body: {} })).status).toBe(405);
  });

  it('inside the window: 302 to the meeting (JSON for the page) and one attendance however often it is clicked', async () => {
    const first = await join(sessions.soon, learner);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe(meetingUrl);
    expect(first.headers.get('cache-control')).toMatch(/no-store/);
    const clicks = await Promise.all(Array.from({ length: 12 }, () => join(sessions.soon, learner, 'application/json')));
    expect(clicks.map((c) => c.status)).toEqual(Array(12).fill(200));
    expect(new Set(clicks.map((c) => c.body.meetingUrl))).toEqual(new Set([meetingUrl]));
    const live = await join(sessions.live, learner);
    expect(live.status).toBe(302);

    const records = await attendanceOf(sessions.soon);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ batchId, enrollmentId, present: true, source: 'join', markedBy: learner.uid });
    const home = await call<LearningAnswer>('GET', '/api/learning', { headers: bearer(learner) });
    const batch = home.body.batches.find((b) => b.batchId === batchId);
    expect(batch?.attended).toBe(2);
    expect(
      batch?.sessions
        .filter((s) => s.attended)
        .map((s) => s.id)
        .sort(),
    ).toEqual([sessions.live, sessions.soon].sort());
  });
});

/** The VEVENTs of an iCalendar text, parsed by ical.js. */
function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zone = calendar.getFirstSubcomponent('vtimezone');
  if (zone) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c)) };
}

describe('calendars', () => {
  it('the batch .ics: one VEVENT per session in Asia/Kolkata, stable UIDs, UTC times equal to the IST timetable', async () => {
    const fresh = await openBatch();
    const { learner: owner } = await enrollLearner(fresh);
    const res = await call('GET', `/api/calendar/batches/${fresh}.ics`, { headers: bearer(owner) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="upskill-.*\.ics"/);
    expect(res.text).not.toContain('meet.jit.si');
    const { calendar, events: list } = events(res.text);
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Asia/Kolkata');
    expect(list).toHaveLength(24);
    const startDate = (await db().doc(`batches/${fresh}`).get()).get('startDate') as string;
    // Worked out here, not by the domain's planSessions: Weekday Evening meets Monday, Wednesday and Friday,
    // 19:00–20:30 IST, which is 13:30–15:00 UTC (India keeps no daylight saving), from the start date on.
    const planned: { index: number; startsAt: string; endsAt: string }[] = [];
    for (let day = Date.parse(`${startDate}T00:00:00Z`); planned.length < 24; day += 86_400_000) {
      if (![1, 3, 5].includes(new Date(day).getUTCDay())) continue;
      const date = new Date(day).toISOString().slice(0, 10);
      planned.push({ index: planned.length, startsAt: `${date}T13:30:00.000Z`, endsAt: `${date}T15:00:00.000Z` });
    }
    expect(planned[0].startsAt.slice(0, 10)).toBe(startDate);
    const byUid = new Map(list.map((e) => [e.uid, e]));
    for (const session of planned) {
      const event = byUid.get(`${fresh}_${session.index}@upskill-learning.in`);
      expect(event, `session ${session.index}`).toBeDefined();
      expect(event?.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Asia/Kolkata');
      expect(event?.startDate.toJSDate().toISOString()).toBe(session.startsAt);
      expect(event?.endDate.toJSDate().toISOString()).toBe(session.endsAt);
      expect(event?.sequence).toBe(0);
    }
    // 19:00 IST is 13:30 UTC.
    expect(planned[0].startsAt).toMatch(/T13:30:00\.000Z$/);

    // Another account, anonymous, an unpaid learner: no calendar.
    expect((await call('GET', `/api/calendar/batches/${fresh}.ics`, { headers: bearer(stranger) })).status).toBe(403);
    expect((await call('GET', `/api/calendar/batches/${fresh}.ics`)).status).toBe(401);
    expect((await call('GET', `/api/calendar/batches/${batchId}.ics`, { headers: bearer(unpaid) })).status).toBe(403);
  });

  it('the cancelled session stays in the file as CANCELLED with its raised SEQUENCE', async () => {
    const res = await call('GET', `/api/calendar/batches/${batchId}.ics`, { headers: bearer(learner) });
    const cancelled = events(res.text).events.find((e) => e.uid === `${sessions.cancelled}@upskill-learning.in`);
    expect(cancelled?.sequence).toBe(1);
    expect(cancelled?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it("the subscription URL: private, follows the learner's batches, replaced by a new one, revocable", async () => {
    expect((await call('POST', '/api/calendar/feed', { body: {} })).status).toBe(401);
    const made = await call<CalendarFeedAnswer>('POST', '/api/calendar/feed', { headers: bearer(learner), body: {} });
    expect(made.status).toBe(201);
    expect(made.body.url).toMatch(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(made.body.webcalUrl).toMatch(/^webcal:\/\//);
    const path = new URL(made.body.url).pathname;
    const feed = await call('GET', path);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(events(feed.text).events.filter((e) => e.uid.startsWith(`${batchId}_`))).toHaveLength(24);

    // A guessed or altered token is the same 404 as a revoked one.
    const altered = path.replace(/.(?=\.ics$)/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await call('GET', altered)).status).toBe(404);
    expect((await call('GET', '/api/calendar/feed/short.ics')).status).toBe(404);
    // The token is decoded once, as any path segment: its first character percent-encoded twice names no feed.
    const first = path.replace('/api/calendar/feed/', '')[0];
    const twiceEncoded = path.replace(`/feed/${first}`, `/feed/%25${first.charCodeAt(0).toString(16).toUpperCase()}`);
    expect((await call('GET', twiceEncoded)).status).toBe(404);

    const again = await call<CalendarFeedAnswer>('POST', '/api/calendar/feed', { headers: bearer(learner), body: {} });
    expect((await call('GET', path)).status).toBe(404);
    const next = new URL(again.body.url).pathname;
    expect((await call('GET', next)).status).toBe(200);
    expect((await call('DELETE', '/api/calendar/feed', { headers: bearer(learner) })).status).toBe(200);
    expect((await call('GET', next)).status).toBe(404);
  });
});

describe('reminders: npm run jobs -- reminders', () => {
  const jobs = (asOf: string) => run(process.execPath, ['tools/jobs.mjs', 'reminders', '--as-of', asOf], { env: process.env });

  it('run twice, and twice at once, gives one mail per learner per session', async () => {
    // As of 20 minutes ago, the live session (began 10 min ago), the next two and the cancelled one were within the hour.
    const asOf = new Date(Date.now() - 20 * 60_000).toISOString();
    const outputs = await Promise.all([jobs(asOf), jobs(asOf)]);
    outputs.push(await jobs(asOf));
    for (const out of outputs) expect(out.stdout).toMatch(/^reminders as of .*: \{"sent":\d+,"alreadySent":\d+\}/m);
    // The job runs over every batch, so a file running beside this one, reminding of its own batch's class at the
    // same hour on a later day, may remind this learner of that day's class too: what is asserted is the three
    // sessions of this hour, each reminded of once, and one mail for each reminder, never two.
    const sent = await db().collection('reminders').where('enrollmentId', '==', enrollmentId).get();
    const subjects = sent.docs.map((d) => d.get('subjectId') as string);
    const underTest = [sessions.live, sessions.soon, sessions.later];
    expect(subjects.filter((s) => underTest.includes(s)).sort()).toEqual([...underTest].sort());
    expect(new Set(subjects).size).toBe(subjects.length);
    // Never the cancelled class of the same hour.
    expect(subjects).not.toContain(sessions.cancelled);
    const mailIds = sent.docs.map((d) => d.get('mailId') as string);
    const mails = await Promise.all(mailIds.map((id) => db().doc(`mail/${id}`).get()));
    expect(mails.map((m) => m.get('template'))).toEqual(mailIds.map(() => 'session-reminder'));
    const toLearner = await db().collection('mail').where('to', '==', learner.email).where('template', '==', 'session-reminder').get();
    expect(toLearner.size).toBe(sent.size);
    // Nothing for the unpaid, lapsed or other accounts.
    for (const user of [unpaid, lapsed]) {
      expect((await db().collection('mail').where('to', '==', user.email).where('template', '==', 'session-reminder').get()).size).toBe(0);
    }
  }, 60_000);

  it('the day before the batch: one batch-start mail per learner, with the first class time', async () => {
    const fresh = await openBatch();
    const { learner: owner, enrollmentId: id } = await enrollLearner(fresh);
    const startsAt = ((await db().doc(`batches/${fresh}`).get()).get('startsAt') as Timestamp).toMillis();
    const asOf = new Date(startsAt - 20 * 3_600_000).toISOString();
    await Promise.all([jobs(asOf), jobs(asOf)]);
    const sent = await db().collection('reminders').where('enrollmentId', '==', id).get();
    expect(sent.docs.map((d) => d.get('kind'))).toEqual(['batch-start']);
    const mail = await db()
      .doc(`mail/${sent.docs[0].get('mailId') as string}`)
      .get();
    expect(mail.get('to')).toBe(owner.email);
    expect(mail.get('data.startsAt')).toBe(new Date(startsAt).toISOString());
    // A learner who joins after that run is not sent it two days before (not yet), nor after the start (no more).
    // What is asserted is this learner's reminders, not the job's totals: the job runs over every batch, and a file
    // running beside this one may have a batch of its own starting within a day of either instant.
    const { enrollmentId: late } = await enrollLearner(fresh);
    const lateReminders = async () => (await db().collection('reminders').where('enrollmentId', '==', late).get()).size;
    const early = await jobs(new Date(startsAt - 48 * 3_600_000).toISOString());
    expect(early.stdout).toMatch(/^reminders as of .*: \{"sent":\d+,"alreadySent":\d+\}/m);
    expect(await lateReminders()).toBe(0);
    await jobs(new Date(startsAt + 5 * 60_000).toISOString());
    expect(await lateReminders()).toBe(0);
    expect((await db().collection('reminders').where('enrollmentId', '==', id).get()).docs.map((d) => d.get('kind'))).toEqual([
      'batch-start',
    ]);
  }, 60_000);

  it('refuses a malformed --as-of with its usage', async () => {
    await expect(jobs('tomorrow')).rejects.toMatchObject({ stderr: expect.stringMatching(/--as-of takes an ISO instant/) });
  });
});
