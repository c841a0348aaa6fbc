import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LearningAnswer } from '@upskill/domain/enrollment';
import type { StaffRecordingsAnswer } from '@upskill/domain/learning';
import { findOffering } from '@upskill/domain/batches';
import type { TeachingAnswer } from '@upskill/domain/teaching';
import { call } from '../support/api';
import { db } from '../support/admin';
import { bearer, createUser, signIn, type TestUser } from '../support/auth';
import { EMULATOR_NOW_HEADER } from '../support/env';
import { mailsTo } from '../support/mail';
import { createStaff, staffCli } from '../support/staff';
import { COURSE, bringBatchToNow, enrollLearner, openBatch } from '../support/learning';

// "Every session is recorded": a held class's recording is due 24 hours after its end. Until then the learner
// reads when to expect it; past it, the learner reads that it is late, the instructor's My teaching and the
// console flag it missing, and the reminder job mails the instructor once. A pasted link ends all of it.

const HOUR = 3_600_000;
const OWN = findOffering(COURSE.slug)!.instructor;

let teacher: TestUser;
let staff: TestUser;
let learner: TestUser;
let batchId: string;
let sessions: Awaited<ReturnType<typeof bringBatchToNow>>;
/** Each session's end, as stored. */
const endOf = async (id: string) => ((await db().doc(`sessions/${id}`).get()).get('endsAt') as { toMillis(): number }).toMillis();

beforeAll(async () => {
  const user = await createUser({ emailVerified: true });
  expect(staffCli('instructor', user.email, OWN).status).toBe(0);
  teacher = { ...user, idToken: await signIn(user) };
  staff = await createStaff();
  batchId = await openBatch(staff);
  ({ learner } = await enrollLearner(batchId, { name: 'Ira Menon' }));
  // Session 0 ended almost three days ago, session 1 is live.
  sessions = await bringBatchToNow(batchId);
}, 60_000);

const learning = (at?: number) =>
  call<LearningAnswer>('GET', '/api/learning', {
    headers: { ...bearer(learner), ...(at ? { [EMULATOR_NOW_HEADER]: new Date(at).toISOString() } : {}) },
  });
const sessionOf = (answer: LearningAnswer, id: string) =>
  answer.batches.find((b) => b.batchId === batchId)!.sessions.find((s) => s.id === id)!;

describe('recordings are owed within 24 hours of a held class', () => {
  it('the learner reads when each is expected: 24 hours after its end; nothing for a class not yet over', async () => {
    const [heldEnd, liveEnd] = [await endOf(sessions.held), await endOf(sessions.live)];
    const now = await learning();
    expect(now.status).toBe(200);
    expect(sessionOf(now.body, sessions.held)).toMatchObject({
      recordingUrl: null,
      recordingDueAt: new Date(heldEnd + 24 * HOUR).toISOString(),
    });
    expect(sessionOf(now.body, sessions.live).recordingDueAt).toBeNull();
    expect(sessionOf(now.body, sessions.cancelled).recordingDueAt).toBeNull();
    // An hour after the live class ends, it is owed too, by a day later.
    const later = await learning(liveEnd + HOUR);
    expect(sessionOf(later.body, sessions.live).recordingDueAt).toBe(new Date(liveEnd + 24 * HOUR).toISOString());
  });

  it('past due, My teaching and the console list it missing; the instructor is mailed once however often the job runs', async () => {
    const heldEnd = await endOf(sessions.held);
    const teaching = await call<TeachingAnswer>('GET', `/api/teaching?batch=${batchId}`, { headers: bearer(teacher) });
    expect(teaching.status).toBe(200);
    const held = teaching.body.batches[0].sessions.find((s) => s.id === sessions.held)!;
    expect(held.recordingDueAt).toBe(new Date(heldEnd + 24 * HOUR).toISOString());

    const listed = await call<StaffRecordingsAnswer>('GET', '/api/staff/recordings', { headers: bearer(staff) });
    expect(listed.status).toBe(200);
    const mine = listed.body.missing.filter((m) => m.batchId === batchId);
    expect(mine).toEqual([
      {
        sessionId: sessions.held,
        batchId,
        batchLabel: expect.stringContaining('Weekday Evening'),
        offering: 'Python Programming Foundations',
        number: 1,
        topic: expect.any(String),
        instructor: expect.any(String),
        endsAt: new Date(heldEnd).toISOString(),
        dueAt: new Date(heldEnd + 24 * HOUR).toISOString(),
      },
    ]);
    // The oldest past due first.
    const dues = listed.body.missing.map((m) => Date.parse(m.dueAt));
    expect(dues).toEqual([...dues].sort((a, b) => a - b));

    for (let run = 0; run < 2; run++) await promisify(execFile)(process.execPath, ['tools/jobs.mjs', 'recordings']);
    // The teacher teaches as the course's instructor, so other files' batches of the course may be missing theirs
    // too (their session 1 held three days ago): this batch's mail is the one naming its batch and the minute its
    // session ended, and there is one. (The label alone matched two in run W: another file's batch had drawn the same
    // start date.)
    const subject = 'Recording missing: session 1 of Python Programming Foundations';
    // The minute it ended, India time, as the mail's "ended … 7:05 pm IST" shows it.
    const ist = new Date(heldEnd + 330 * 60_000);
    const endedMinute = new RegExp(`ended [^.]*\\b${ist.getUTCHours() % 12 || 12}:${String(ist.getUTCMinutes()).padStart(2, '0')}\\b`);
    const ofThisBatch = async () =>
      (await mailsTo(teacher.email)).filter((m) => {
        const text = m.text.replace(/\s+/g, ' ');
        return m.subject === subject && text.includes(`(${mine[0].batchLabel})`) && endedMinute.test(text);
      });
    const deadline = Date.now() + 40_000;
    while ((await ofThisBatch()).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    // A while longer, for any second one.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const ours = await ofThisBatch();
    expect(ours).toHaveLength(1);
    expect(ours[0].text).toContain('Paste the recording link on My teaching');
    const reminded = await db()
      .collection('reminders')
      .where('subjectId', '==', sessions.held)
      .where('kind', '==', 'recording-missing')
      .get();
    expect(reminded.docs.filter((d) => d.get('enrollmentId') === teacher.uid)).toHaveLength(1);
  });

  it('a pasted link ends it: the learner has the recording, and neither list has the class', async () => {
    const added = await call('POST', `/api/teaching/sessions/${sessions.held}/recording`, {
      body: { recordingUrl: 'https://videos.example.com/ira-1' },
      headers: bearer(teacher),
    });
    expect(added.status).toBe(200);
    expect(sessionOf((await learning()).body, sessions.held)).toMatchObject({
      recordingUrl: 'https://videos.example.com/ira-1',
      recordingDueAt: null,
    });
    const teaching = await call<TeachingAnswer>('GET', `/api/teaching?batch=${batchId}`, { headers: bearer(teacher) });
    expect(teaching.body.batches[0].sessions.find((s) => s.id === sessions.held)!.recordingDueAt).toBeNull();
    const listed = await call<StaffRecordingsAnswer>('GET', '/api/staff/recordings', { headers: bearer(staff) });
    expect(listed.body.missing.filter((m) => m.batchId === batchId)).toEqual([]);
  });

  it('the list is for staff only', async () => {
    expect((await call('GET', '/api/staff/recordings')).status).toBe(401);
    expect((await call('GET', '/api/staff/recordings', { headers: bearer(teacher) })).status).toBe(403);
  });
});
