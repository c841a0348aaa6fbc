import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AssignmentsAnswer,
  ReviewDetailAnswer,
  ReviewFiguresAnswer,
  ReviewQueueAnswer,
  SubmitAnswer,
} from '@upskill/domain/assignments';
import { assignmentWorkId, assignmentsFor, type TopicSession } from '@upskill/domain/assignments';
import { expectedAssignmentDates, indiaDayEnd } from '../support/dates';
import { findOffering, indiaDate } from '@upskill/domain/batches';
import { call, type ApiResponse } from '../support/api';
import { adminAuth, db } from '../support/admin';
import { bearer, createUser, freshlySignedIn, signIn, type TestUser } from '../support/auth';
import { mailsTo } from '../support/mail';
import { newMentor } from '../support/mentoring';
import { createStaff } from '../support/staff';
import { COURSE, enrollLearner, openBatch } from '../support/learning';

// Graded assignments through Hosting -> Functions -> Firestore, with the server's clock moved by the
// emulator's x-emulator-now header: dates that follow the batch's sessions, a receipt and its mail, the
// review queue of the batch's instructor and the course's mentors, drafts the learner never sees, release,
// resubmission, late work, the cut-off, extensions that follow the learner to another batch, and every
// refusal from the wrong side leaving nothing behind.

const OFFERING = findOffering(COURSE.slug)!;
const OWN = OFFERING.instructor;
const OTHER = OWN === 'ananya' ? 'daniel' : 'ananya';
const [A1, A2, A3] = assignmentsFor(OFFERING);
const HOUR = 3_600_000;

type Failure = { error: { code: string; message: string; fields?: Record<string, string> } };

async function instructor(profile: string): Promise<TestUser> {
  const user = await createUser({ emailVerified: true });
  await adminAuth().setCustomUserClaims(user.uid, { instructor: profile });
  return { ...user, idToken: await signIn(user) };
}

const at = (ms: number) => ({ 'x-emulator-now': new Date(ms).toISOString() });
const as = (user: TestUser | null, nowMs?: number) => ({ ...(user ? bearer(user) : {}), ...(nowMs === undefined ? {} : at(nowMs)) });

const overview = (user: TestUser, nowMs: number) => call<AssignmentsAnswer>('GET', '/api/assignments', { headers: as(user, nowMs) });
const submit = (user: TestUser | null, enrollmentId: string, assignmentId: string, body: unknown, nowMs: number) =>
  call<SubmitAnswer & Failure>('POST', `/api/assignments/${enrollmentId}/${assignmentId}/submissions`, { body, headers: as(user, nowMs) });
const queue = (user: TestUser | null, nowMs?: number) =>
  call<ReviewQueueAnswer & Failure>('GET', '/api/assignments/reviews', { headers: as(user, nowMs) });
const detail = (user: TestUser, id: string) =>
  call<ReviewDetailAnswer & Failure>('GET', `/api/assignments/reviews/${id}`, { headers: as(user) });
const review = (user: TestUser, id: string, body: unknown, nowMs: number) =>
  call<ReviewDetailAnswer & Failure>('POST', `/api/assignments/reviews/${id}`, { body, headers: as(user, nowMs) });
const extend = (user: TestUser | null, enrollmentId: string, assignmentId: string, body: unknown) =>
  call<{ ok: true; auditId: string } & Failure>('POST', `/api/assignments/extensions/${enrollmentId}/${assignmentId}`, {
    body,
    headers: as(user),
  });

async function sessionsOf(batchId: string): Promise<TopicSession[]> {
  const snap = await db().collection('sessions').where('batchId', '==', batchId).get();
  return snap.docs.map((d) => ({
    topic: d.get('topic') as string,
    startsAtMs: (d.get('startsAt') as { toMillis(): number }).toMillis(),
    endsAtMs: (d.get('endsAt') as { toMillis(): number }).toMillis(),
    cancelled: d.get('status') === 'cancelled',
  }));
}
const attemptsOf = async (enrollmentId: string) =>
  (await db().collection('submissions').where('enrollmentId', '==', enrollmentId).get()).size;

async function mailWith(address: string, subject: string, count = 1) {
  for (let i = 0; i < 100; i++) {
    const found = (await mailsTo(address)).filter((m) => m.subject.includes(subject));
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail "${subject}" to ${address}`);
}

const fullMarks = (assignment: typeof A1) => Object.fromEntries(assignment.rubric.map((c) => [c.id, c.points]));
const noMarks = (assignment: typeof A1) => Object.fromEntries(assignment.rubric.map((c) => [c.id, 1]));

let staff: TestUser;
let teacher: TestUser;
let otherTeacher: TestUser;
let mentor: TestUser;
let otherMentor: TestUser;
let learner: TestUser;
let stranger: TestUser;
let enrollmentId: string;
let strangerEnrollment: string;
let batchId: string;
let dates: ReturnType<typeof expectedAssignmentDates>;

beforeAll(async () => {
  staff = await createStaff();
  [teacher, otherTeacher, mentor, otherMentor] = await Promise.all([
    instructor(OWN),
    instructor(OTHER),
    newMentor('Asha Kulkarni', 'Asia/Kolkata', ['mentor-call'], undefined, 'admin', [COURSE.id]),
    newMentor('Ben Carter', 'Asia/Kolkata', ['mentor-call'], undefined, 'admin', [7]),
  ]);
  batchId = await openBatch(staff);
  ({ learner, enrollmentId } = await enrollLearner(batchId, { name: 'Kiran <b>Rao</b>' }));
  ({ learner: stranger, enrollmentId: strangerEnrollment } = await enrollLearner(batchId, { name: 'Dev Shah' }));
  dates = expectedAssignmentDates(A1.topics, await sessionsOf(batchId));
}, 180_000);

describe('dates follow the batch, in India time, and the server decides', () => {
  it("lists the offering's assignments with dates from the sessions on their topics", async () => {
    const res = await overview(learner, dates.opensAtMs + HOUR);
    expect(res.status).toBe(200);
    const [batch] = res.body.batches;
    expect(batch).toMatchObject({ enrollmentId, batchId, offeringName: COURSE.name });
    expect(batch.assignments.map((a) => a.id)).toEqual(['a1', 'a2', 'a3', 'a4']);
    const first = batch.assignments[0];
    expect(first).toMatchObject({ title: A1.title, window: 'open', state: 'not-started', canSubmit: true, turnaroundHours: 72, outOf: 10 });
    expect(Date.parse(first.opensAt)).toBe(dates.opensAtMs);
    // Due at the end of an India day, a week after the last session on its topics; the cut-off a week later.
    const lastOnTopics = Math.max(...(await sessionsOf(batchId)).filter((s) => A1.topics.includes(s.topic)).map((s) => s.endsAtMs));
    expect(Date.parse(first.dueAt)).toBe(indiaDayEnd(lastOnTopics, 7));
    expect(new Date(first.dueAt).toLocaleString('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit' })).toBe('23:59');
    expect(Date.parse(first.cutoffAt)).toBe(indiaDayEnd(Date.parse(first.dueAt), 7));
    expect(batch.assignments[1].window).toBe('not-open');
  });

  it('refuses work before an assignment opens, whatever the page says, and writes nothing', async () => {
    const res = await submit(learner, enrollmentId, 'a1', { link: 'https://github.com/kiran/py' }, dates.opensAtMs - 60_000);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/^This assignment opens on \w{3} \d{1,2} \w{3}, \d{2}:\d{2} IST\.$/);
    expect(await attemptsOf(enrollmentId)).toBe(0);
  });

  it('a reschedule moves the dates: the last session on the topics a week later is due a week later', async () => {
    const sessions = await sessionsOf(batchId);
    const last = sessions.filter((s) => A2.topics.includes(s.topic)).sort((a, b) => b.endsAtMs - a.endsAtMs)[0];
    const before = expectedAssignmentDates(A2.topics, sessions);
    const snap = await db().collection('sessions').where('batchId', '==', batchId).where('topic', '==', last.topic).get();
    const doc = snap.docs.find((d) => (d.get('endsAt') as { toMillis(): number }).toMillis() === last.endsAtMs)!;
    const moved = await call('POST', `/api/teaching/sessions/${doc.id}/reschedule`, {
      body: { date: indiaDate(last.startsAtMs + 7 * 86_400_000), startTime: '19:00', endTime: '20:30', reason: 'Guest speaker.' },
      headers: bearer(teacher),
    });
    expect(moved.status, moved.text).toBe(200);
    const res = await overview(learner, dates.opensAtMs + HOUR);
    const a2 = res.body.batches[0].assignments[1];
    expect(Date.parse(a2.dueAt) - before.dueAtMs).toBe(7 * 86_400_000);
  });
});

describe('submitting, the receipt, and the wrong side', () => {
  let first: string;

  it('validates the parts: a link must be https, and something must be given', async () => {
    const now = dates.opensAtMs + HOUR;
    const http = await submit(learner, enrollmentId, 'a1', { link: 'http://example.com/repo' }, now);
    expect(http.status).toBe(400);
    expect(http.body.error.fields).toEqual({ link: 'Give an https:// link to your repository or site.' });
    const empty = await submit(learner, enrollmentId, 'a1', { text: '   ' }, now);
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ _form: 'Add a link or some text.' });
    const unknown = await submit(learner, enrollmentId, 'a1', { link: 'https://x.dev', grade: 10 }, now);
    expect(unknown.status).toBe(400);
    expect(await attemptsOf(enrollmentId)).toBe(0);
  });

  it('another learner, a stranger to the course, or nobody cannot submit to this enrollment; nothing is written', async () => {
    const now = dates.opensAtMs + HOUR;
    expect((await submit(stranger, enrollmentId, 'a1', { link: 'https://x.dev' }, now)).status).toBe(404);
    const outsider = await createUser({ emailVerified: true });
    expect((await submit(outsider, enrollmentId, 'a1', { link: 'https://x.dev' }, now)).status).toBe(404);
    expect((await submit(null, enrollmentId, 'a1', { link: 'https://x.dev' }, now)).status).toBe(401);
    expect((await submit(learner, enrollmentId, 'a9', { link: 'https://x.dev' }, now)).status).toBe(404);
    expect(await attemptsOf(enrollmentId)).toBe(0);
  });

  it('an attempt gets its receipt at once and by mail, with the 72-hour turnaround; text stays text', async () => {
    const now = dates.opensAtMs + HOUR;
    const text = 'My notes <script>alert(1)</script> & <img src=x onerror=alert(2)>';
    const res = await submit(learner, enrollmentId, 'a1', { link: 'https://github.com/kiran/py-basics', text }, now);
    expect(res.status, res.text).toBe(201);
    first = res.body.attempt.id;
    expect(res.body.attempt).toMatchObject({ attempt: 1, late: false, state: 'awaiting-review', text, review: null });
    expect(Date.parse(res.body.attempt.reviewDueAt) - now).toBe(72 * HOUR);
    expect(res.body.receipt).toMatch(/^Received \w{3} \d{1,2} \w{3}, \d{2}:\d{2} IST · reviewed by \w{3} \d{1,2} \w{3}$/);
    const [mail] = await mailWith(learner.email, `We have your work: ${A1.title}`);
    expect(mail.text).toContain(res.body.receipt);
    // The learner's name is escaped in the HTML part, never markup.
    expect(mail.html).toContain('Kiran &lt;b&gt;Rao&lt;/b&gt;');
    const listed = await overview(learner, now);
    expect(listed.body.batches[0].assignments[0]).toMatchObject({ state: 'awaiting-review', canSubmit: false });
    expect(listed.body.batches[0].assignments[0].attempts[0].text).toBe(text);
  });

  it('a second attempt while the first awaits review is refused', async () => {
    const res = await submit(learner, enrollmentId, 'a1', { link: 'https://github.com/kiran/other' }, dates.opensAtMs + 2 * HOUR);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('Your attempt 1 is awaiting review. You can submit again once it is reviewed.');
    expect(await attemptsOf(enrollmentId)).toBe(1);
  });

  it('the queue: the batch instructor and the course mentor see it, oldest first; another instructor, another course’s mentor and a learner do not', async () => {
    const now = dates.opensAtMs + 80 * HOUR;
    const mine = await queue(teacher, now);
    expect(mine.status).toBe(200);
    const item = mine.body.items.find((i) => i.id === first)!;
    expect(item).toMatchObject({ learnerName: 'Kiran <b>Rao</b>', assignmentTitle: A1.title, attempt: 1, overdue: true, hasDraft: false });
    expect(item.waitedHours).toBe(79);
    const times = mine.body.items.map((i) => Date.parse(i.submittedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect((await queue(mentor)).body.items.map((i) => i.id)).toContain(first);
    expect((await queue(otherTeacher)).body.items.map((i) => i.id)).not.toContain(first);
    expect((await queue(otherMentor)).body.items.map((i) => i.id)).not.toContain(first);
    expect((await detail(otherTeacher, first)).status).toBe(404);
    expect((await detail(otherMentor, first)).status).toBe(404);
    expect((await queue(learner)).status).toBe(403);
    expect((await queue(null)).status).toBe(401);
  });

  it('a draft review is the reviewer’s alone; released, the learner sees it and is mailed', async () => {
    const now = dates.opensAtMs + 30 * HOUR;
    const draft = await review(
      teacher,
      first,
      { scores: noMarks(A1), comments: 'Good start.', changes: 'Add tests for the edge cases.', result: 'needs-work', release: false },
      now,
    );
    expect(draft.status, draft.text).toBe(200);
    expect(draft.body.review).toMatchObject({ result: 'needs-work', releasedAt: null, total: 3, outOf: 10 });
    expect((await queue(teacher)).body.items.find((i) => i.id === first)?.hasDraft).toBe(true);
    // The learner, and another learner, see no draft.
    const seen = await overview(learner, now);
    expect(seen.body.batches[0].assignments[0].attempts[0].review).toBeNull();
    expect(JSON.stringify(seen.body)).not.toContain('Add tests for the edge cases.');
    expect(JSON.stringify((await overview(stranger, now)).body)).not.toContain(first);

    // A pass below the pass mark, points over a criterion's, and a missing criterion are refused.
    const low = await review(teacher, first, { scores: noMarks(A1), comments: 'Fine.', result: 'passed', release: true }, now);
    expect(low.status).toBe(400);
    expect(low.body.error.fields).toEqual({ result: 'A pass needs at least 6 of 10 points.' });
    const over = await review(
      teacher,
      first,
      { scores: { ...fullMarks(A1), works: 9 }, comments: 'x', result: 'passed', release: true },
      now,
    );
    expect(over.status).toBe(400);
    const missing = await review(teacher, first, { scores: { works: 4 }, comments: 'x', result: 'passed', release: true }, now);
    expect(missing.body.error.fields).toEqual({ scores: 'Give points for each criterion.' });
    const noChanges = await review(teacher, first, { scores: noMarks(A1), comments: 'x', result: 'needs-work', release: true }, now);
    expect(noChanges.body.error.fields).toEqual({ changes: 'Say what to change.' });

    const released = await review(
      teacher,
      first,
      { scores: noMarks(A1), comments: 'Good start.', changes: 'Add tests for the edge cases.', result: 'needs-work', release: true },
      now,
    );
    expect(released.status).toBe(200);
    const [mail] = await mailWith(learner.email, `Feedback on ${A1.title}`);
    expect(mail.text).toContain('3 of 10 points');
    expect(mail.text).toContain('submit again before the cut-off');
    const after = (await overview(learner, now)).body.batches[0].assignments[0];
    expect(after).toMatchObject({ state: 'needs-work', canSubmit: true });
    expect(after.attempts[0].review).toMatchObject({ result: 'needs-work', changes: 'Add tests for the edge cases.', total: 3 });
    expect((await queue(teacher)).body.items.map((i) => i.id)).not.toContain(first);
    // Released is final.
    const again = await review(teacher, first, { scores: fullMarks(A1), comments: 'x', result: 'passed', release: true }, now);
    expect(again.status).toBe(409);
  });

  it('resubmission: attempt 2 keeps attempt 1 and its feedback; a pass closes the assignment', async () => {
    const now = dates.opensAtMs + 40 * HOUR;
    const second = await submit(learner, enrollmentId, 'a1', { link: 'https://github.com/kiran/py-basics/tree/v2' }, now);
    expect(second.status).toBe(201);
    expect(second.body.attempt.attempt).toBe(2);
    const seen = await detail(mentor, second.body.attempt.id);
    expect(seen.body.attempts.map((a) => [a.attempt, a.state])).toEqual([
      [1, 'needs-work'],
      [2, 'awaiting-review'],
    ]);
    expect(seen.body.attempts[0].review?.changes).toBe('Add tests for the edge cases.');
    const passed = await review(
      mentor,
      second.body.attempt.id,
      { scores: fullMarks(A1), comments: 'Well tested now.', result: 'passed', release: true },
      now,
    );
    expect(passed.status).toBe(200);
    expect(passed.body.review?.reviewerName).toBe('Asha Kulkarni');
    await mailWith(learner.email, `Passed: ${A1.title}`);
    const after = (await overview(learner, now)).body.batches[0].assignments[0];
    expect(after).toMatchObject({ state: 'passed', canSubmit: false });
    expect(after.attempts).toHaveLength(2);
    const third = await submit(learner, enrollmentId, 'a1', { link: 'https://x.dev' }, now);
    expect(third.status).toBe(409);
    expect(third.body.error.message).toBe('You have passed this assignment already.');
  });
});

describe('late work, the cut-off and extensions', () => {
  it('after the due date work is taken and marked late; after the cut-off nothing is taken', async () => {
    const a2 = expectedAssignmentDates(A2.topics, await sessionsOf(batchId));
    const late = await submit(stranger, strangerEnrollment, 'a2', { text: 'Late but done.' }, a2.dueAtMs + HOUR);
    expect(late.status).toBe(201);
    expect(late.body.attempt.late).toBe(true);
    await mailWith(stranger.email, 'We have your work');
    const closed = await submit(learner, enrollmentId, 'a2', { text: 'Too late.' }, a2.cutoffAtMs + 1);
    expect(closed.status).toBe(409);
    expect(closed.body.error.message).toMatch(/^The cut-off for this assignment was .* IST\. It takes no more work\.$/);
    expect(await attemptsOf(enrollmentId)).toBe(2);
  });

  it('the batch instructor or staff extend one learner; another instructor and the learner cannot; audited', async () => {
    const a3 = expectedAssignmentDates(A3.topics, await sessionsOf(batchId));
    expect((await extend(otherTeacher, enrollmentId, 'a3', { days: 3, reason: 'Illness.' })).status).toBe(404);
    expect((await extend(learner, enrollmentId, 'a3', { days: 3, reason: 'Illness.' })).status).toBe(403);
    const bad = await extend(teacher, enrollmentId, 'a3', { days: 40, reason: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ days: 'At most 28 days.', reason: 'Say why.' });
    const ok = await extend(teacher, enrollmentId, 'a3', { days: 3, reason: 'Illness, with a note.' });
    expect(ok.status, ok.text).toBe(200);
    const audit = await db().doc(`staffAudit/${ok.body.auditId}`).get();
    expect(audit.data()).toMatchObject({ action: 'extension-granted', actorEmail: teacher.email, targetKind: 'assignment' });
    const listed = (await overview(learner, a3.opensAtMs)).body.batches[0].assignments[2];
    expect(Date.parse(listed.dueAt) - a3.dueAtMs).toBe(3 * 86_400_000);
    expect(Date.parse(listed.cutoffAt) - a3.cutoffAtMs).toBe(3 * 86_400_000);
    expect(listed.extension).toEqual({ days: 3, reason: 'Illness, with a note.' });
    // The other learner's dates are their own.
    const theirs = (await overview(stranger, a3.opensAtMs)).body.batches[0].assignments[2];
    expect(Date.parse(theirs.dueAt)).toBe(a3.dueAtMs);
    // Past the ordinary cut-off, the extended learner's work is still taken.
    const taken = await submit(learner, enrollmentId, 'a3', { link: 'https://kiran.dev/capstone' }, a3.cutoffAtMs + HOUR);
    expect(taken.status).toBe(201);
    expect(taken.body.attempt.late).toBe(true);
  });

  it('the extension follows the learner when staff move them to another batch', async () => {
    const other = await openBatch(staff);
    const moved = await call('POST', `/api/staff/enrollments/${enrollmentId}/move`, { body: { batchId: other }, headers: bearer(staff) });
    expect(moved.status, moved.text).toBe(200);
    const a3 = expectedAssignmentDates(A3.topics, await sessionsOf(other));
    const listed = (await overview(learner, a3.opensAtMs)).body.batches[0];
    expect(listed.batchId).toBe(other);
    const cap = listed.assignments[2];
    expect(Date.parse(cap.dueAt) - a3.dueAtMs).toBe(3 * 86_400_000);
    expect(cap.extension?.days).toBe(3);
    // Passed work stays passed in the new batch.
    expect(listed.assignments[0].state).toBe('passed');
  });
});

describe('the console', () => {
  it("staff see each reviewer's median turnaround and overdue count by week, and what waits; others are refused", async () => {
    const now = dates.opensAtMs + 80 * HOUR;
    const res = await call<ReviewFiguresAnswer>('GET', '/api/staff/assignments', { headers: as(staff, now) });
    expect(res.status, res.text).toBe(200);
    expect(res.body.weeks).toHaveLength(8);
    const week = (uid: string) => res.body.reviewers.find((r) => r.uid === uid)?.weeks.find((w) => w.reviewed > 0);
    // The instructor released attempt 1 29 hours after it arrived; the mentor passed attempt 2 as it arrived.
    expect(week(teacher.uid)).toMatchObject({ reviewed: 1, medianHours: 29, overdue: 0 });
    expect(week(mentor.uid)).toMatchObject({ reviewed: 1, medianHours: 0, overdue: 0 });
    expect(res.body.reviewers.find((r) => r.uid === mentor.uid)?.name).toBe('Asha Kulkarni');
    expect(res.body.withinPromise).toBeLessThanOrEqual(res.body.released);
    expect(res.body.waiting.count).toBeGreaterThanOrEqual(1);
    expect((await call('GET', '/api/staff/assignments', { headers: as(teacher) })).status).toBe(403);
    expect((await call('GET', '/api/staff/assignments', { headers: as(null) })).status).toBe(401);
  });

  it('the figures are kept as reviews are released: work written around the API counts once review-figures has run; a rebuild while reviews are released loses none', async () => {
    const now = dates.opensAtMs + 80 * HOUR;
    const figures = async () => (await call<ReviewFiguresAnswer>('GET', '/api/staff/assignments', { headers: as(staff, now) })).body;
    const summed = (answer: ReviewFiguresAnswer, uid: string) => {
      const weeks = answer.reviewers.find((r) => r.uid === uid)?.weeks.filter((w) => w.reviewed > 0) ?? [];
      return { reviewed: weeks.reduce((n, w) => n + w.reviewed, 0), overdue: weeks.reduce((n, w) => n + w.overdue, 0), weeks };
    };
    // The learner's first attempt, released by the instructor 29 hours after it arrived, is the model for the imports.
    const model = (
      await db()
        .collection('submissions')
        .where('enrollmentId', '==', enrollmentId)
        .where('assignmentId', '==', 'a1')
        .where('attempt', '==', 1)
        .get()
    ).docs[0];
    const work = (
      await db()
        .doc(`assignmentWork/${assignmentWorkId(enrollmentId, 'a1')}`)
        .get()
    ).data()!;
    const submittedAt = dates.opensAtMs + HOUR;
    const imported = (id: string, extra: Record<string, unknown>) =>
      db()
        .doc(`submissions/${id}`)
        .set({
          ...model.data(),
          uid: id,
          enrollmentId: id,
          learnerEmail: `${id}@example.com`,
          submittedAt: Timestamp.fromMillis(submittedAt),
          reviewDueAt: Timestamp.fromMillis(submittedAt + 72 * HOUR),
          ...extra,
        });

    // An import: an attempt reviewed 100 hours after it arrived (late against the 72-hour promise) by a reviewer
    // no endpoint knows, written straight to Firestore.
    const importer = `imported${randomUUID().slice(0, 8)}`;
    await imported(importer, {
      state: 'needs-work',
      review: {
        ...model.data().review,
        reviewerUid: importer,
        reviewerName: 'Imported Reviewer',
        releasedAt: Timestamp.fromMillis(submittedAt + 100 * HOUR),
      },
    });
    const before = await figures();
    expect(summed(before, importer).reviewed).toBe(0);
    expect(summed(before, teacher.uid)).toMatchObject({ reviewed: 1, overdue: 0 });

    const job = () =>
      promisify(execFile)(process.execPath, ['tools/jobs.mjs', 'review-figures', '--as-of', new Date(now).toISOString()], {
        env: process.env,
      });
    expect((await job()).stdout).toMatch(/review-figures as of .*: \{"weeks":8,"documents":[1-9]\d*,"reviews":[1-9]\d*\}/);
    const rebuilt = summed(await figures(), importer);
    expect(rebuilt).toMatchObject({ reviewed: 1, overdue: 1 });
    expect(rebuilt.weeks[0]).toMatchObject({ reviewed: 1, medianHours: 100, overdue: 1 });
    expect(summed(await figures(), teacher.uid)).toMatchObject({ reviewed: 1, overdue: 0 });

    // Four attempts waiting for the instructor, released while the job rebuilds: each release's transaction writes
    // the week's document that the rebuild reads and writes in its own, so none is lost.
    const waiting = Array.from({ length: 4 }, () => `waiting${randomUUID().slice(0, 8)}`);
    for (const id of waiting) {
      await imported(id, { state: 'awaiting-review', review: null });
      await db()
        .doc(`assignmentWork/${assignmentWorkId(id, 'a1')}`)
        .set({ ...work, uid: id, enrollmentId: id, state: 'awaiting-review' });
    }
    const release = async (id: string) => {
      const res = await review(teacher, id, { scores: fullMarks(A1), comments: 'Good.', result: 'passed', release: true }, now);
      expect(res.status, res.text).toBe(200);
    };
    let rebuilding = true;
    const running = job().finally(() => (rebuilding = false));
    let during = 0;
    for (const id of waiting) {
      if (rebuilding) during += 1;
      await release(id);
    }
    await running;
    expect(during).toBeGreaterThan(0);
    // The first attempt on time, and the four released 79 hours after they arrived: late.
    expect(summed(await figures(), teacher.uid)).toMatchObject({ reviewed: 5, overdue: 4 });
    expect(summed(await figures(), importer)).toMatchObject({ reviewed: 1, overdue: 1 });
  }, 120_000);
});

describe('abuse', () => {
  it('a burst of 20 submissions in one second: one attempt, the rest refused, the rate limit among them', async () => {
    const fresh = await enrollLearner(batchId, { name: 'Burst Tester' });
    const now = dates.opensAtMs + HOUR;
    const answers: ApiResponse<unknown>[] = await Promise.all(
      Array.from({ length: 20 }, (_, i) => submit(fresh.learner, fresh.enrollmentId, 'a1', { text: `attempt ${i}` }, now)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 201 || s === 409 || s === 429)).toBe(true);
    expect(await attemptsOf(fresh.enrollmentId)).toBe(1);
    const work = await db().doc(`assignmentWork/${fresh.enrollmentId}_a1`).get();
    expect(work.get('attempts')).toBe(1);
  });
});

describe('the learner’s data', () => {
  it('the export holds their work and attempts (a draft review withheld); deleting the account keeps reviewed work nameless and withdraws the rest', async () => {
    const { learner: leaving, enrollmentId: theirs } = await enrollLearner(batchId, { name: 'Leaving Learner' });
    const now = dates.opensAtMs + HOUR;
    // A first attempt, reviewed and returned; a second, awaiting review with the instructor's draft.
    const first = await submit(leaving, theirs, 'a1', { text: 'My answer, in my own words.' }, now);
    expect(first.status, first.text).toBe(201);
    const reviewedId = first.body.attempt.id;
    const returned = await review(
      teacher,
      reviewedId,
      { scores: noMarks(A1), comments: 'A start.', changes: 'Add an example.', result: 'needs-work', release: true },
      now + HOUR,
    );
    expect(returned.status, returned.text).toBe(200);
    const second = await submit(leaving, theirs, 'a1', { link: 'https://github.com/leaving/a1' }, now + 2 * HOUR);
    expect(second.status, second.text).toBe(201);
    const waitingId = second.body.attempt.id;
    const drafted = await review(
      teacher,
      waitingId,
      { scores: fullMarks(A1), comments: 'Draft note.', changes: '', result: 'passed', release: false },
      now + 3 * HOUR,
    );
    expect(drafted.status, drafted.text).toBe(200);
    const exported = await call<{ submissions: Record<string, unknown>[]; assignmentWork: { id: string }[] }>('GET', '/api/me/export', {
      headers: freshlySignedIn(leaving),
    });
    expect(exported.status, exported.text).toBe(200);
    expect(exported.body.submissions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: reviewedId,
          text: 'My answer, in my own words.',
          review: expect.objectContaining({ comments: 'A start.' }),
        }),
        // The draft is the reviewer's until released.
        expect.objectContaining({ id: waitingId, link: 'https://github.com/leaving/a1', review: null }),
      ]),
    );
    expect(exported.body.assignmentWork.map((w) => w.id)).toEqual([`${theirs}_a1`]);
    expect((await queue(teacher, now + 3 * HOUR)).body.items.map((i) => i.id)).toContain(waitingId);

    const deleted = await call('DELETE', '/api/me', { body: { confirm: 'DELETE' }, headers: freshlySignedIn(leaving) });
    expect(deleted.status, deleted.text).toBe(200);
    const kept = (await db().doc(`submissions/${reviewedId}`).get()).data()!;
    expect(kept).toMatchObject({ learnerName: 'Deleted learner', learnerEmail: '', text: null, link: null, state: 'needs-work' });
    expect(kept.uid).not.toBe(leaving.uid);
    // Nothing left to review for nobody: the waiting attempt is gone, and with it from the queue.
    expect((await db().doc(`submissions/${waitingId}`).get()).exists).toBe(false);
    expect((await queue(teacher, now + 3 * HOUR)).body.items.map((i) => i.id)).not.toContain(waitingId);
    expect((await db().doc(`assignmentWork/${theirs}_a1`).get()).exists).toBe(false);
  });
});
