import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LearningAnswer } from '@upskill/domain/enrollment';
import { findOffering } from '@upskill/domain/batches';
import { INSTRUCTORS } from '@upskill/domain/catalogue';
import type { TeachingAnswer } from '@upskill/domain/teaching';
import { call } from '../support/api';
import { db } from '../support/admin';
import { bearer, createUser, signIn, type TestUser } from '../support/auth';
import { EMULATOR_NOW_HEADER } from '../support/env';
import { expectMailsWith } from '../support/mail';
import { staffCli } from '../support/staff';
import { COURSE, bringBatchToNow, enrollLearner, openBatch } from '../support/learning';

// The progress tracker's milestones and nudges (/pricing: "milestones in one view, with a nudge from your instructor
// when you fall behind"): a learner who misses two held classes in a row is mailed once, signed by the batch's
// instructor, and is put on that instructor's at-risk list, where the instructor keeps a note.

const MIN = 60_000;
const OWN = findOffering(COURSE.slug)!.instructor;
const OTHER = OWN === 'ananya' ? 'daniel' : 'ananya';

async function instructor(profile: string): Promise<TestUser> {
  const user = await createUser({ emailVerified: true });
  expect(staffCli('instructor', user.email, profile).status).toBe(0);
  return { ...user, idToken: await signIn(user) };
}

let teacher: TestUser;
let stranger: TestUser;
let learner: TestUser;
let enrollmentId: string;
let batchId: string;
let sessions: Awaited<ReturnType<typeof bringBatchToNow>>;
/** 85 minutes on: sessions 0 and 1 are held (1 ends 80 minutes from now), 2 is live. */
let later: string;

beforeAll(async () => {
  [teacher, stranger] = await Promise.all([instructor(OWN), instructor(OTHER)]);
  batchId = await openBatch();
  ({ learner, enrollmentId } = await enrollLearner(batchId, { name: 'Neel Bose' }));
  sessions = await bringBatchToNow(batchId);
  later = new Date(Date.now() + 85 * MIN).toISOString();
}, 60_000);

const learning = (at?: string) =>
  call<LearningAnswer>('GET', '/api/learning', { headers: { ...bearer(learner), ...(at ? { [EMULATOR_NOW_HEADER]: at } : {}) } });
const ours = (answer: LearningAnswer) => answer.batches.find((b) => b.batchId === batchId)!;
const nudgeJob = (asOf: string) => promisify(execFile)(process.execPath, ['tools/jobs.mjs', 'nudges', '--batch', batchId, '--as-of', asOf]);
const teachingBatch = async (user: TestUser) =>
  (await call<TeachingAnswer>('GET', `/api/teaching?batch=${batchId}`, { headers: bearer(user) })).body.batches[0];
const note = (user: TestUser | null, body: unknown) =>
  call<{ ok?: boolean; error?: { code: string; fields?: Record<string, string> } }>('POST', `/api/teaching/learners/${enrollmentId}/note`, {
    body,
    headers: user ? bearer(user) : {},
  });

describe('milestones and nudges', () => {
  it('My Courses shows the milestones, none reached before a first class, and nothing behind with one class missed', async () => {
    const batch = ours((await learning()).body);
    expect(batch.milestones.map((m) => m.label)).toEqual([
      'First class attended',
      '25% of classes attended',
      '50% of classes attended',
      '75% of classes attended',
      // Python Programming Foundations' four assignments, each once passed.
      'Passed: Practice 1: Variables and data types and Control flow and functions',
      'Passed: Practice 2: Lists, dicts and comprehensions and Files and exceptions',
      'Passed: Capstone project: Unit testing with pytest',
      'Passed: Reflection: what you will build next',
      'Certificate earned',
    ]);
    expect(batch.milestones.every((m) => !m.reached)).toBe(true);
    expect(batch.behind).toEqual([]);
  });

  it('two held classes missed in a row: behind, one mail from the instructor however often the job runs, and on the at-risk list', async () => {
    expect(ours((await learning(later)).body).behind).toEqual([
      { key: `missed-${sessions.live}`, label: 'Missed classes 1 and 2 in a row' },
    ]);
    await nudgeJob(later);
    await nudgeJob(later);
    const mails = await expectMailsWith(learner.email, "Python Programming Foundations: let's get you back on track", 1);
    expect(mails[0].text).toContain('I noticed something in Python Programming Foundations');
    expect(mails[0].text).toContain('Missed classes 1 and 2 in a row');
    expect(mails[0].text).toContain(`— ${INSTRUCTORS[OWN].name}, your instructor`);
    const stored = (await db().collection('nudges').doc(enrollmentId).get()).data()!;
    expect(Object.keys(stored.causes)).toEqual([`missed-${sessions.live}`]);

    const atRisk = (await teachingBatch(teacher)).atRisk;
    expect(atRisk).toEqual([
      {
        enrollmentId,
        name: 'Neel Bose',
        email: learner.email,
        causes: [{ key: `missed-${sessions.live}`, label: 'Missed classes 1 and 2 in a row', at: later }],
        attendedSince: false,
        note: null,
        noteBy: null,
        noteAt: null,
      },
    ]);
  });

  it('the instructor keeps a note on the learner; another instructor and the learner cannot, and a bad note changes nothing', async () => {
    const kept = await note(teacher, { note: 'Called Neel: exams this week, back on Monday.' });
    expect(kept.status).toBe(200);
    const row = (await teachingBatch(teacher)).atRisk[0];
    expect(row).toMatchObject({ note: 'Called Neel: exams this week, back on Monday.', noteBy: teacher.email });
    expect(Date.parse(row.noteAt!)).toBeGreaterThan(Date.now() - 60_000);

    expect((await note(stranger, { note: 'Not mine.' })).status).toBe(404);
    expect((await note(learner, { note: 'Me.' })).status).toBe(403);
    expect((await note(null, { note: 'Anyone.' })).status).toBe(401);
    const long = await note(teacher, { note: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body.error?.fields?.note).toBe('Keep the note under 1000 characters.');
    expect((await note(teacher, { note: 'ok', extra: 1 })).status).toBe(400);
    expect((await teachingBatch(teacher)).atRisk[0].note).toBe('Called Neel: exams this week, back on Monday.');
    // A learner never nudged is not on anyone's list.
    expect(
      (await call('POST', `/api/teaching/learners/nobody${Date.now()}/note`, { body: { note: 'x' }, headers: bearer(teacher) })).status,
    ).toBe(404);
    // "" clears it.
    expect((await note(teacher, { note: '' })).status).toBe(200);
    expect((await teachingBatch(teacher)).atRisk[0]).toMatchObject({ note: null, noteBy: null, noteAt: null });
  });

  it('a class attended reaches the first milestone, and attending after the nudge shows on the list', async () => {
    const marked = await call('POST', `/api/teaching/sessions/${sessions.live}/attendance`, {
      body: { enrollmentId, present: true },
      headers: bearer(teacher),
    });
    expect(marked.status).toBe(200);
    const batch = ours((await learning()).body);
    expect(batch.milestones.filter((m) => m.reached).map((m) => m.key)).toEqual(['first-class']);
    // Session 1 ends after the nudge's instant? No: it ended before it (80 < 85 minutes), so not "since".
    expect((await teachingBatch(teacher)).atRisk[0].attendedSince).toBe(false);
  });
});
