import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatedEnrollment } from '@upskill/domain/enrollment';
import type { StaffSupportAnswer, StaffSupportRequest, SupportAnswer, SupportRequestView, SupportWeek } from '@upskill/domain/support';
import type { DataExport } from '@upskill/domain/account';
import { call, enrollment, untilAnswered, withKey, wasMade, thisMinutesWindow, type ApiResponse } from '../support/api';
import { adminAuth, db } from '../support/admin';
import { bearer, createUser, freshlySignedIn, signIn, type TestUser } from '../support/auth';
import { mailWith, mailsTo } from '../support/mail';
import { createStaff } from '../support/staff';
import { emptySupportFigureWindow } from '../support/supportFigures';

// #44's support requests through Hosting -> Functions -> Firestore and the outbox to MailDev: a learner's
// request with its reference and promise in India's working hours (Elite sooner), the same request however
// often the form is sent, the team's queue (assign, reply, close, reopen) and its figures, and every
// refusal from the wrong side: another learner, a non-staff caller, bad input, a flood.

const NOW = 'x-emulator-now';
const client = `support-${randomUUID().slice(0, 8)}`;
type Err = { error?: { code: string; message: string; fields?: Record<string, string> } };
/** India time, written as such. */
const ist = (text: string) => Date.parse(`${text}+05:30`);
const as = (user: TestUser | null, nowMs?: number): Record<string, string> => ({
  ...(user ? bearer(user) : {}),
  ...(nowMs === undefined ? {} : { [NOW]: new Date(nowMs).toISOString() }),
});

const ask = (user: TestUser, body: Record<string, unknown>, options: { key?: string; nowMs?: number } = {}) =>
  call<SupportRequestView & Err>('POST', '/api/support', {
    body,
    headers: { ...as(user, options.nowMs), 'Idempotency-Key': options.key ?? randomUUID() },
    client,
  });
const queue = async (staff: TestUser) => {
  const res = await call<StaffSupportAnswer>('GET', '/api/staff/support', { headers: as(staff), client });
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const staffDoes = (staff: TestUser, id: string, verb: string, body: Record<string, unknown> = {}, nowMs?: number) =>
  call<StaffSupportRequest & Err>('POST', `/api/staff/support/${id}/${verb}`, { body, headers: as(staff, nowMs), client });

/** An account with a course enrollment of its own (unpaid is enough to name it in a request). */
async function learnerWithEnrollment(courseId = 4): Promise<{ learner: TestUser; enrollmentId: string; planName: string }> {
  const learner = await createUser({ emailVerified: true });
  const made = await untilAnswered(
    withKey((key) =>
      call<CreatedEnrollment & { planName?: string }>('POST', '/api/enroll', {
        body: enrollment({ email: learner.email, planId: undefined, courseId }),
        headers: { ...bearer(learner), 'Idempotency-Key': key },
        client,
      }),
    ),
  );
  expect(wasMade(made), made.text).toBe(true);
  const stored = (await db().doc(`enrollments/${made.body.id}`).get()).data()!;
  return { learner, enrollmentId: made.body.id, planName: stored.planName as string };
}

let staff: TestUser;
beforeAll(async () => {
  staff = await createStaff();
  await adminAuth().updateUser(staff.uid, { displayName: 'Meera from Support' });
  staff = { ...staff, idToken: await signIn(staff) };
});

describe('asking', () => {
  // The fixed instants below are a Saturday two years before this file was written: far outside the figures'
  // eight weeks on any day the suite runs, so they never fall in a week the queue's figures count.
  it('a request gets a reference and 1 working day: Saturday 17:00 India time is answered by Monday 17:00, mailed with both', async () => {
    const { learner, enrollmentId, planName } = await learnerWithEnrollment();
    const res = await ask(
      learner,
      { topic: 'payment', message: 'My invoice shows the wrong state for GST.', enrollmentId },
      { nowMs: ist('2024-11-30T17:00:00') },
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.reference).toMatch(/^SR-\d{6,}$/);
    expect(res.body).toMatchObject({ topic: 'payment', state: 'open', tier: 'standard', promise: '1 working day', enrollmentId });
    // What the enrollment bought, never a form's default interest.
    expect(res.body.enrollmentLabel).toMatch(new RegExp(`^${planName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, enrolled `));
    expect(res.body.dueAt).toBe(new Date(ist('2024-12-02T17:00:00')).toISOString());
    expect(res.body.thread).toEqual([expect.objectContaining({ from: 'learner', body: 'My invoice shows the wrong state for GST.' })]);
    const mail = await mailWith(learner.email, `Support request ${res.body.reference}: we have it`);
    expect(mail.text).toContain('1 working day');
    expect(mail.text).toContain('by Mon 2 Dec, 17:00 IST');
    expect(mail.text).toContain('/mycourses#support');

    const mine = await call<SupportAnswer>('GET', '/api/support', { headers: as(learner), client });
    expect(mine.status).toBe(200);
    expect(mine.body.requests.map((r) => r.reference)).toEqual([res.body.reference]);
    expect(mine.body.enrollments).toEqual([{ id: enrollmentId, label: res.body.enrollmentLabel }]);
    expect(mine.body).toMatchObject({ tier: 'standard', promise: '1 working day' });
  });

  it('an Elite member is promised 4 working hours: Saturday 17:00 is answered by Monday 12:00', async () => {
    const { learner, enrollmentId } = await learnerWithEnrollment();
    // A paid Elite Learning Membership beside it (the membership's payment path is covered by the subscription tests).
    const source = (await db().doc(`enrollments/${enrollmentId}`).get()).data()!;
    await db()
      .collection('enrollments')
      .add({ ...source, planId: 'yearly', planName: 'Elite Learning Membership', courseId: null, status: 'paid', editTokenHashes: [] });
    const res = await ask(
      learner,
      { topic: 'schedule', message: 'Can I move to the weekend batch?' },
      { nowMs: ist('2024-11-30T17:00:00') },
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ tier: 'priority', promise: '4 working hours', enrollmentId: null, enrollmentLabel: null });
    expect(res.body.dueAt).toBe(new Date(ist('2024-12-02T12:00:00')).toISOString());
  });

  it('the same form sent five times at once with its key is one request, one number and one mail', async () => {
    const learner = await createUser({ emailVerified: true });
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        untilAnswered(() => ask(learner, { topic: 'access', message: 'I cannot open the recording.' }, { key })),
      ),
    );
    const ids = new Set(answers.map((a) => a.body.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    expect((await db().collection('supportRequests').where('uid', '==', learner.uid).get()).size).toBe(1);
    await mailWith(learner.email, 'Support request');
    await new Promise((r) => setTimeout(r, 2000));
    expect((await mailsTo(learner.email)).filter((m) => m.subject.startsWith('Support request'))).toHaveLength(1);
  });

  it('bad input is a 400 naming each field, and nothing is stored', async () => {
    const learner = await createUser({ emailVerified: true });
    const other = await learnerWithEnrollment();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { topic: 'Choose what your question is about.', message: 'Tell us what you need, in 10 characters or more.' }],
      [{ topic: 'refund-me-now', message: 'A long enough message.' }, { topic: 'Choose what your question is about.' }],
      [{ topic: 'other', message: '   short   ' }, { message: 'Tell us what you need, in 10 characters or more.' }],
      [{ topic: 'other', message: 'x'.repeat(4001) }, { message: 'At most 4,000 characters.' }],
      // Someone else's enrollment is not theirs to name.
      [
        { topic: 'other', message: 'About this enrollment.', enrollmentId: other.enrollmentId },
        { enrollmentId: 'Choose one of your enrollments.' },
      ],
      [{ topic: 'other', message: 'An extra field.', priority: 'urgent' }, { _unknown: expect.any(String) as unknown as string }],
    ];
    for (const [body, fields] of cases) {
      const res = await ask(learner, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error?.fields).toEqual(fields);
    }
    const big = await call<Err>('POST', '/api/support', {
      raw: JSON.stringify({ topic: 'other', message: 'x'.repeat(1_000_000) }),
      headers: as(learner),
      client,
    });
    expect(big.status).toBe(413);
    expect((await ask(learner, { topic: 'other', message: 'A bad key.' }, { key: 'no' })).status).toBe(400);
    expect((await db().collection('supportRequests').where('uid', '==', learner.uid).get()).size).toBe(0);
  });
});

describe('the team', () => {
  it('assign, reply (mailed and in the thread), the learner writes again, close and reopen; each change audited', async () => {
    const { learner } = await learnerWithEnrollment();
    const made = await ask(learner, { topic: 'certificate', message: 'My certificate shows my name misspelt.' });
    const id = made.body.id;
    const listed = await queue(staff);
    expect(listed.requests.find((r) => r.id === id)).toMatchObject({ state: 'open', assignee: null, email: learner.email.toLowerCase() });
    expect(listed.team).toContainEqual({ uid: staff.uid, name: 'Meera from Support' });

    const assigned = await staffDoes(staff, id, 'assign', { uid: staff.uid });
    expect(assigned.status, assigned.text).toBe(200);
    expect(assigned.body.assignee).toEqual({ uid: staff.uid, name: 'Meera from Support' });
    const learnerAccount = await staffDoes(staff, id, 'assign', { uid: learner.uid });
    expect(learnerAccount.status).toBe(400);
    expect(learnerAccount.body.error?.fields).toEqual({ uid: 'Choose someone with console access.' });

    const replied = await staffDoes(staff, id, 'reply', { message: 'Fixed: download it again from My Courses.' });
    expect(replied.status, replied.text).toBe(200);
    expect(replied.body).toMatchObject({ state: 'answered', firstReplyOnTime: true });
    const mail = await mailWith(learner.email, `Support request ${made.body.reference}: our answer`);
    expect(mail.text).toContain('Meera from Support wrote:');
    expect(mail.text).toContain('Fixed: download it again from My Courses.');

    const mine = (await call<SupportAnswer>('GET', '/api/support', { headers: as(learner), client })).body.requests[0];
    expect(mine.state).toBe('answered');
    expect(mine.thread.map((m) => [m.from, m.name])).toEqual([
      ['learner', expect.any(String)],
      ['staff', 'Meera from Support'],
    ]);
    // Learners never see who on the team holds it, nor the figures.
    expect(mine).not.toHaveProperty('assignee');
    expect(mine).not.toHaveProperty('firstReplyOnTime');

    const again = await call<SupportRequestView>('POST', `/api/support/${id}/messages`, {
      body: { message: 'It still says Aditi with one t.' },
      headers: as(learner),
      client,
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.state).toBe('open');

    const closed = await staffDoes(staff, id, 'close');
    expect(closed.body.state).toBe('closed');
    expect((await staffDoes(staff, id, 'close')).status).toBe(409);
    const reopened = await staffDoes(staff, id, 'reopen');
    expect(reopened.body.state).toBe('open'); // the learner wrote last
    const audit = (await db().collection('staffAudit').where('targetId', '==', id).get()).docs.map((d) => d.get('action')).sort();
    expect(audit).toEqual(['support-assigned', 'support-closed', 'support-reopened', 'support-replied']);
  });

  it('the queue puts waiting requests first, soonest promise first, flags the overdue, and counts first answers within the promise', async () => {
    const { learner } = await learnerWithEnrollment();
    const now = Date.now();
    // The figures count everyone's requests of the last eight weeks. This file runs again with the clock moved
    // 9 days on (tests/vitest.config.ts), over the requests the first run made, so the test starts from an empty
    // window: its figures are then exactly what its own four requests imply.
    await emptySupportFigureWindow(now);
    const late = await ask(learner, { topic: 'other', message: 'Asked two weeks ago, still waiting.' }, { nowMs: now - 14 * 86_400_000 });
    const fresh = await ask(learner, { topic: 'other', message: 'Asked just now, still waiting.' }, { nowMs: now });
    const onTime = await ask(learner, { topic: 'other', message: 'Answered soon after asking.' }, { nowMs: now - 86_400_000 });
    // Answered after its promise: replied two weeks after asking.
    expect((await staffDoes(staff, late.body.id, 'reply', { message: 'Sorry for the wait.' })).body.firstReplyOnTime).toBe(false);
    await staffDoes(staff, late.body.id, 'reopen').then((r) => expect(r.status).toBe(409));
    const waitingLong = await ask(learner, { topic: 'other', message: 'Overdue and unanswered.' }, { nowMs: now - 7 * 86_400_000 });
    expect(
      (await staffDoes(staff, onTime.body.id, 'reply', { message: 'Here you go.' }, now - 86_400_000 + 60_000)).body.firstReplyOnTime,
    ).toBe(true);

    const answer = await queue(staff);
    const position = (id: string) => answer.requests.findIndex((r) => r.id === id);
    expect(position(waitingLong.body.id)).toBeLessThan(position(fresh.body.id));
    expect(position(fresh.body.id)).toBeLessThan(position(onTime.body.id)); // answered ones after every waiting one
    expect(answer.requests.find((r) => r.id === waitingLong.body.id)?.overdue).toBe(true);
    expect(answer.requests.find((r) => r.id === fresh.body.id)?.overdue).toBe(false);
    expect(answer.weeks).toHaveLength(8);
    const weekOf = (ms: number) =>
      answer.weeks.find((w) => Date.parse(w.weekStart) <= ms && ms < Date.parse(w.weekStart) + 7 * 86_400_000)!;
    // The week two weeks back holds only the late one: answered, not within its promise, 14 days (20,160
    // minutes) after it was asked, give or take the seconds this test took to reply.
    expect(weekOf(now - 14 * 86_400_000)).toMatchObject({ requests: 1, answered: 1, onTime: 0 });
    expect(weekOf(now - 14 * 86_400_000).medianFirstReplyMinutes).toBeGreaterThanOrEqual(20_160);
    expect(weekOf(now - 14 * 86_400_000).medianFirstReplyMinutes).toBeLessThanOrEqual(20_163);
    // Over the eight weeks: four asked, two answered (the late one and the one answered in a minute), one on time.
    const total = (field: 'requests' | 'answered' | 'onTime') => answer.weeks.reduce((n, w) => n + w[field], 0);
    expect([total('requests'), total('answered'), total('onTime')]).toEqual([4, 2, 1]);
    expect(answer.onTimeShare).toBe(0.5);
  });
});

/** The figures as the requests themselves say, counted here week by week (not by the domain's own code). */
async function countedFromRequests(weeks: readonly SupportWeek[]) {
  const first = Date.parse(weeks[0].weekStart);
  const made = (await db().collection('supportRequests').where('createdAt', '>=', Timestamp.fromMillis(first)).get()).docs.map((d) =>
    d.data(),
  );
  return weeks.map((w) => {
    const start = Date.parse(w.weekStart);
    const inWeek = made.filter((d) => d.createdAt.toMillis() >= start && d.createdAt.toMillis() < start + 7 * 86_400_000);
    return {
      weekStart: w.weekStart,
      requests: inWeek.length,
      answered: inWeek.filter((d) => d.firstReplyAt).length,
      onTime: inWeek.filter((d) => d.firstReplyOnTime === true).length,
    };
  });
}
const shown = (weeks: readonly SupportWeek[]) =>
  weeks.map(({ weekStart, requests, answered, onTime }) => ({ weekStart, requests, answered, onTime }));

describe('the figures are kept as requests are made and answered', () => {
  it('a request written around the API counts once the rebuild job has run; a rebuild while requests arrive loses none', async () => {
    const { learner } = await learnerWithEnrollment();
    const now = Date.now();
    await emptySupportFigureWindow(now);
    const asked = await ask(learner, { topic: 'other', message: 'Kept in its week as it is made.' }, { nowMs: now });
    expect(asked.status, asked.text).toBe(201);
    // An import: a request answered on time three days ago, written straight to Firestore, as no endpoint writes it.
    const stored = (await db().doc(`supportRequests/${asked.body.id}`).get()).data()!;
    const madeAt = now - 3 * 86_400_000;
    await db()
      .collection('supportRequests')
      .doc(`imported${randomUUID().slice(0, 8)}`)
      .set({
        ...stored,
        reference: `SR-IMPORT-${randomUUID().slice(0, 4)}`,
        state: 'answered',
        createdAt: Timestamp.fromMillis(madeAt),
        updatedAt: Timestamp.fromMillis(madeAt + 30 * 60_000),
        firstReplyAt: Timestamp.fromMillis(madeAt + 30 * 60_000),
        firstReplyOnTime: true,
      });
    const before = await queue(staff);
    const importedWeek = before.weeks.findIndex(
      (w) => Date.parse(w.weekStart) <= madeAt && madeAt < Date.parse(w.weekStart) + 7 * 86_400_000,
    );
    const truth = await countedFromRequests(before.weeks);
    expect(before.weeks[importedWeek].requests).toBe(truth[importedWeek].requests - 1);
    expect(before.weeks[importedWeek].onTime).toBe(truth[importedWeek].onTime - 1);

    // The repair job, as of the test's clock (moved 9 and 400 days on in the clock runs).
    const job = () =>
      promisify(execFile)(process.execPath, ['tools/jobs.mjs', 'support-figures', '--as-of', new Date(now).toISOString()], {
        env: process.env,
      });
    expect((await job()).stdout).toMatch(/support-figures as of .*: \{"weeks":8,"documents":[1-9],"requests":[1-9]\d*\}/);
    const rebuilt = await queue(staff);
    expect(shown(rebuilt.weeks)).toEqual(await countedFromRequests(rebuilt.weeks));

    // Rebuilt while requests keep arriving: each week is rebuilt in a transaction that reads its document and its
    // requests, and each request's transaction writes that document too, so none is lost.
    let rebuilding = true;
    const running = job().finally(() => (rebuilding = false));
    let during = 0;
    while (rebuilding && during < 6) {
      const more = await ask(learner, { topic: 'other', message: `Asked while rebuilding, number ${during}.` }, { nowMs: now });
      expect(more.status, more.text).toBe(201);
      during += 1;
    }
    await running;
    expect(during).toBeGreaterThan(0);
    const after = await queue(staff);
    expect(shown(after.weeks)).toEqual(await countedFromRequests(after.weeks));
  }, 120_000);
});

describe('from the wrong side', () => {
  it('another learner reading or writing in a request gets the same 404 as none; a learner gets 403 from the staff routes', async () => {
    const { learner } = await learnerWithEnrollment();
    const made = await ask(learner, { topic: 'access', message: 'Private: my batch link does not work.' });
    const stranger = await createUser({ emailVerified: true });
    const theirs = await call<SupportAnswer>('GET', '/api/support', { headers: as(stranger), client });
    expect(theirs.body.requests).toEqual([]);
    const write = await call<Err>('POST', `/api/support/${made.body.id}/messages`, {
      body: { message: 'Let me in.' },
      headers: as(stranger),
      client,
    });
    const none = await call<Err>('POST', `/api/support/${'0'.repeat(24)}/messages`, {
      body: { message: 'Let me in.' },
      headers: as(stranger),
      client,
    });
    expect([write.status, none.status]).toEqual([404, 404]);
    expect(write.body).toEqual(none.body);
    expect((await call('GET', '/api/support', { headers: as(null), client })).status).toBe(401);
    expect((await call('GET', '/api/staff/support', { headers: as(learner), client })).status).toBe(403);
    expect((await staffDoes(learner, made.body.id, 'reply', { message: 'I am staff now.' })).status).toBe(403);
    expect((await staffDoes(staff, 'nosuchrequest', 'reply', { message: 'Hello?' })).status).toBe(404);
    const stored = (await db().doc(`supportRequests/${made.body.id}`).get()).data()!;
    expect(stored.thread).toHaveLength(1);
  });

  it('a flood of 30 requests in a minute from one account: exactly 10 taken (half the base allowance), 20 refused with 429', async () => {
    const learner = await createUser({ emailVerified: true });
    // Every request in one minute of the request clock: no wait for the minute to turn (up to 30 s of it in run AK).
    const nowMs = thisMinutesWindow();
    // One after another, as a script posts: the limiter's count is exact then (at once, racing increments may refuse a few more).
    const answers: ApiResponse<unknown>[] = [];
    for (let i = 0; i < 30; i++) answers.push(await ask(learner, { topic: 'other', message: `Flood message number ${i}.` }, { nowMs }));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect((await db().collection('supportRequests').where('uid', '==', learner.uid).get()).size).toBe(10);
  });

  it('the learner’s requests are in their data export, and deleting the account erases them and their place in the figures', async () => {
    const { learner } = await learnerWithEnrollment();
    const made = await ask(learner, { topic: 'other', message: 'Please keep this for my records.' });
    const counted = async () =>
      (await db().collection('supportWeeks').where(`requests.${made.body.id}.minutes`, '==', null).get()).docs.map((d) => d.id);
    expect(await counted()).toHaveLength(1);
    const exported = await call<DataExport>('GET', '/api/me/export', { headers: freshlySignedIn(learner), client });
    expect(exported.status, exported.text).toBe(200);
    expect(exported.body.supportRequests.map((r) => r.reference)).toEqual([made.body.reference]);
    expect(JSON.stringify(exported.body.supportRequests)).toContain('Please keep this for my records.');
    const deleted = await call('DELETE', '/api/me', { body: { confirm: 'DELETE' }, headers: freshlySignedIn(learner), client });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await db().doc(`supportRequests/${made.body.id}`).get()).exists).toBe(false);
    expect(await counted()).toEqual([]);
  });
});
