import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import ICAL from 'ical.js';
import type { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LearningAnswer } from '@upskill/domain/enrollment';
import { findOffering, indiaDate } from '@upskill/domain/batches';
import type { TeachingAnswer } from '@upskill/domain/teaching';
import { call } from '../support/api';
import { adminAuth, db } from '../support/admin';
import { bearer, createUser, signIn, type TestUser } from '../support/auth';
import { createStaff, staffCli } from '../support/staff';
import { COURSE, bringBatchToNow, enrollLearner, openBatch } from '../support/learning';

// The instructor's side through Hosting -> Functions -> Firestore: an account made an instructor with the CLI
// sees its own batches only, marks attendance, adds recordings, reschedules and cancels sessions; learners'
// pages, calendars and mail follow; every change is audited; another instructor is refused everything.

const OWN = findOffering(COURSE.slug)!.instructor;
const OTHER = OWN === 'ananya' ? 'daniel' : 'ananya';

async function instructor(profile: string): Promise<TestUser> {
  const user = await createUser({ emailVerified: true });
  const cli = staffCli('instructor', user.email, profile);
  expect(cli.status, cli.stderr).toBe(0);
  return { ...user, idToken: await signIn(user) };
}

let teacher: TestUser;
let stranger: TestUser;
let staff: TestUser;
let learner: TestUser;
let enrollmentId: string;
let batchId: string;
let sessions: Awaited<ReturnType<typeof bringBatchToNow>>;

beforeAll(async () => {
  [teacher, stranger, staff] = await Promise.all([instructor(OWN), instructor(OTHER), createStaff()]);
  batchId = await openBatch(staff);
  ({ learner, enrollmentId } = await enrollLearner(batchId, { name: 'Rohan Das' }));
  sessions = await bringBatchToNow(batchId);
}, 60_000);

const teaching = (user: TestUser | null, query = '') =>
  call<TeachingAnswer & { error?: { code: string } }>('GET', `/api/teaching${query}`, { headers: user ? bearer(user) : {} });
const act = (user: TestUser | null, sessionId: string, action: string, body: unknown) =>
  call<{ ok?: boolean; auditId?: string; error?: { code: string; message: string; fields?: Record<string, string> } }>(
    'POST',
    `/api/teaching/sessions/${sessionId}/${action}`,
    { body, headers: user ? bearer(user) : {} },
  );
const auditOf = async (sessionId: string) =>
  (await db().collection('staffAudit').where('targetId', '==', sessionId).get()).docs.map((d) => d.data());

describe('instructor access', () => {
  it('the CLI sets the claim; the instructor lists their own batch with its roster and sessions', async () => {
    expect((await adminAuth().getUser(teacher.uid)).customClaims).toEqual({ instructor: OWN });
    const res = await teaching(teacher, `?batch=${batchId}`);
    expect(res.status).toBe(200);
    const batch = res.body.batches[0];
    expect(batch).toMatchObject({ batchId, offering: COURSE.name, held: 2 });
    expect(batch.roster).toEqual([{ enrollmentId, name: 'Rohan Das', email: learner.email, attended: 0 }]);
    expect(batch.sessions).toHaveLength(24);
    const listed = await teaching(teacher);
    expect(listed.status).toBe(200);
    expect(listed.body.batches.length).toBeLessThanOrEqual(20);
    expect(listed.body.total).toBeGreaterThanOrEqual(listed.body.batches.length);
    expect((await teaching(teacher, `?batch=${batchId}`)).body.total).toBe(1);
    expect(listed.body.batches.every((b) => b.label.length > 0)).toBe(true);
    expect(listed.body.batches.map((b) => b.batchId)).toContain(batchId);
    // By start date: the running batch among the first, then the next to start.
    const starts = listed.body.batches.map((b) => b.sessions[0]?.startsAt ?? '');
    expect(starts).toEqual([...starts].sort());
  });

  it('from the wrong side: anonymous 401, a learner 403, another instructor sees nothing and changes nothing (404)', async () => {
    expect((await teaching(null)).status).toBe(401);
    expect((await teaching(learner)).status).toBe(403);
    expect((await teaching(stranger, `?batch=${batchId}`)).status).toBe(404);
    expect((await teaching(stranger)).body.batches.map((b) => b.batchId)).not.toContain(batchId);
    for (const [action, body] of [
      ['attendance', { enrollmentId, present: true }],
      ['recording', { recordingUrl: 'https://videos.example.com/x' }],
      ['reschedule', { date: indiaDate(Date.now() + 3 * 86_400_000), startTime: '18:00', endTime: '19:30', reason: 'Clash.' }],
      ['cancel', { reason: 'Unwell.' }],
    ] as const) {
      const target = action === 'attendance' || action === 'recording' ? sessions.held : sessions.later;
      expect((await act(stranger, target, action, body)).status, action).toBe(404);
      expect((await act(learner, target, action, body)).status, action).toBe(403);
      expect((await act(null, target, action, body)).status, action).toBe(401);
      // A forged token and a spoofed claim header change nothing.
      expect(
        (
          await call('POST', `/api/teaching/sessions/${target}/${action}`, {
            body,
            headers: { Authorization: 'Bearer x.y.z', 'X-Instructor': OWN },
          })
        ).status,
      ).toBe(401);
    }
    expect(await auditOf(sessions.held)).toEqual([]);
    expect((await call('POST', '/api/teaching/sessions/nosuch_1/launch', { body: {}, headers: bearer(teacher) })).status).toBe(404);
  });

  it('an admin grants and removes the claim from the Team endpoint; removal shuts the open session out at once', async () => {
    const admin = await createStaff({ admin: true });
    const user = await createUser({ emailVerified: true });
    const granted = await call('POST', '/api/staff/team/instructor', {
      body: { email: user.email, instructor: OWN },
      headers: bearer(admin),
    });
    expect(granted.status).toBe(200);
    const session = await signIn(user);
    expect((await call('GET', `/api/teaching?batch=${batchId}`, { headers: { Authorization: `Bearer ${session}` } })).status).toBe(200);
    const team = await call<{ instructors: { uid: string; instructor: string }[] }>('GET', '/api/staff/team', { headers: bearer(admin) });
    expect(team.body.instructors).toContainEqual(expect.objectContaining({ uid: user.uid, instructor: OWN }));
    // Not an admin: refused.
    expect(
      (await call('POST', '/api/staff/team/instructor', { body: { email: user.email, instructor: 'none' }, headers: bearer(staff) }))
        .status,
    ).toBe(403);
    expect(
      (await call('POST', '/api/staff/team/instructor', { body: { email: user.email, instructor: 'nobody' }, headers: bearer(admin) }))
        .status,
    ).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(
      (await call('POST', '/api/staff/team/instructor', { body: { email: user.email, instructor: 'none' }, headers: bearer(admin) }))
        .status,
    ).toBe(200);
    expect((await call('GET', `/api/teaching?batch=${batchId}`, { headers: { Authorization: `Bearer ${session}` } })).status).toBe(401);
    const audit = (await db().collection('staffAudit').where('targetId', '==', user.uid).get()).docs.map((d) => d.get('action')).sort();
    expect(audit).toEqual(['instructor-granted', 'instructor-revoked']);
  });
});

describe('the instructor changes sessions; learners follow', () => {
  it('marks attendance for a learner of the batch once the session has begun; audited', async () => {
    const marked = await act(teacher, sessions.held, 'attendance', { enrollmentId, present: true });
    expect(marked.status).toBe(200);
    const record = (await db().doc(`attendance/${sessions.held}_${enrollmentId}`).get()).data();
    expect(record).toMatchObject({ present: true, source: 'instructor', markedBy: teacher.uid, batchId });
    expect((await act(teacher, sessions.later, 'attendance', { enrollmentId, present: true })).status).toBe(409);
    expect((await act(teacher, sessions.held, 'attendance', { enrollmentId: 'someoneelse', present: true })).status).toBe(400);
    expect((await act(teacher, sessions.held, 'attendance', { enrollmentId, present: 'yes' })).status).toBe(400);
    const home = await call<LearningAnswer>('GET', '/api/learning', { headers: bearer(learner) });
    expect(home.body.batches.find((b) => b.batchId === batchId)?.attended).toBe(1);
    expect((await auditOf(sessions.held)).map((a) => [a.action, a.actorUid])).toEqual([['attendance-marked', teacher.uid]]);
  });

  it('adds a recording to a held session; the learner then sees it; not before the session ends; https only', async () => {
    expect((await act(teacher, sessions.live, 'recording', { recordingUrl: 'https://videos.example.com/live' })).status).toBe(409);
    for (const bad of ['http://videos.example.com/a', 'javascript:alert(1)', '', 'https://exa mple.com']) {
      expect((await act(teacher, sessions.held, 'recording', { recordingUrl: bad })).status, bad).toBe(400);
    }
    const added = await act(teacher, sessions.held, 'recording', {
      recordingUrl: 'https://videos.example.com/session-1',
      notes: 'Slides in the description.',
    });
    expect(added.status).toBe(200);
    const home = await call<LearningAnswer>('GET', '/api/learning', { headers: bearer(learner) });
    const held = home.body.batches.find((b) => b.batchId === batchId)?.sessions.find((s) => s.id === sessions.held);
    expect(held).toMatchObject({ recordingUrl: 'https://videos.example.com/session-1', notes: 'Slides in the description.' });
    expect((await auditOf(sessions.held)).map((a) => a.action).sort()).toEqual(['attendance-marked', 'recording-added']);
  });

  it("reschedules: new time in IST, SEQUENCE raised in the learner's calendar, learner mailed, audited", async () => {
    const date = indiaDate(Date.now() + 3 * 86_400_000);
    const moved = await act(teacher, sessions.later, 'reschedule', {
      date,
      startTime: '18:00',
      endTime: '19:30',
      reason: 'The instructor travels that day.',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const movedAt = Date.now();
    const ics = await call('GET', `/api/calendar/batches/${batchId}.ics`, { headers: bearer(learner) });
    const calendar = new ICAL.Component(ICAL.parse(ics.text));
    ICAL.TimezoneService.register(new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!));
    const event = calendar
      .getAllSubcomponents('vevent')
      .map((c) => new ICAL.Event(c))
      .find((e) => e.uid === `${sessions.later}@upskill-learning.in`);
    expect(event?.sequence).toBe(1);
    expect(event?.startDate.toJSDate().toISOString()).toBe(new Date(`${date}T18:00:00+05:30`).toISOString());
    const mails = await db().collection('mail').where('to', '==', learner.email).where('template', '==', 'session-changed').get();
    expect(mails.docs.map((m) => m.get('data.change'))).toEqual(['rescheduled']);
    expect(mails.docs[0].get('data.reason')).toBe('The instructor travels that day.');
    expect((await auditOf(sessions.later)).map((a) => a.action)).toEqual(['session-rescheduled']);
    // Its reminder goes again, for the new time (the reminder's key carries the session's SEQUENCE), once.
    const newStart = Date.parse(`${date}T18:00:00+05:30`);
    for (let run = 0; run < 2; run++) {
      await promisify(execFile)(process.execPath, [
        'tools/jobs.mjs',
        'reminders',
        '--as-of',
        new Date(newStart - 30 * 60_000).toISOString(),
      ]);
    }
    const reminded = await db()
      .collection('reminders')
      .where('subjectId', '==', sessions.later)
      .where('enrollmentId', '==', enrollmentId)
      .get();
    expect(reminded.docs.filter((d) => d.get('version') === 1)).toHaveLength(1);
    // The reminders job runs over every batch: a file running beside this one may have reminded of the session at
    // its first time (the same wall-clock slot as its own batch's). Such a reminder predates the move; none of
    // the old time may follow it.
    for (const old of reminded.docs.filter((d) => d.get('version') !== 1)) {
      expect(old.get('version')).toBe(0);
      expect((old.get('createdAt') as Timestamp).toMillis()).toBeLessThanOrEqual(movedAt);
    }
    // Refused: a time in the past, a session already begun, an end before the start, no reason.
    expect(
      (
        await act(teacher, sessions.soon, 'reschedule', {
          date: indiaDate(Date.now() - 86_400_000),
          startTime: '18:00',
          endTime: '19:00',
          reason: 'Past.',
        })
      ).status,
    ).toBe(400);
    expect((await act(teacher, sessions.live, 'reschedule', { date, startTime: '18:00', endTime: '19:00', reason: 'Begun.' })).status).toBe(
      409,
    );
    expect(
      (await act(teacher, sessions.soon, 'reschedule', { date, startTime: '19:00', endTime: '18:00', reason: 'Backwards.' })).status,
    ).toBe(400);
    expect((await act(teacher, sessions.soon, 'reschedule', { date, startTime: '18:00', endTime: '19:00', reason: ' ' })).status).toBe(400);
  });

  it("cancels: the calendar marks it CANCELLED with a raised SEQUENCE, the learner's page says so, learner mailed", async () => {
    const target = `${batchId}_10`;
    expect((await act(teacher, target, 'cancel', { reason: 'Public holiday.' })).status).toBe(200);
    expect((await act(teacher, target, 'cancel', { reason: 'Again.' })).status).toBe(409);
    const ics = await call('GET', `/api/calendar/batches/${batchId}.ics`, { headers: bearer(learner) });
    const event = new ICAL.Component(ICAL.parse(ics.text))
      .getAllSubcomponents('vevent')
      .map((c) => new ICAL.Event(c))
      .find((e) => e.uid === `${target}@upskill-learning.in`);
    expect(event?.sequence).toBe(1);
    expect(event?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    const home = await call<LearningAnswer>('GET', '/api/learning', { headers: bearer(learner) });
    expect(home.body.batches.find((b) => b.batchId === batchId)?.sessions.find((s) => s.id === target)?.status).toBe('cancelled');
    const mails = await db().collection('mail').where('to', '==', learner.email).where('template', '==', 'session-changed').get();
    expect(mails.docs.map((m) => m.get('data.change')).sort()).toEqual(['cancelled', 'rescheduled']);
  });
});
