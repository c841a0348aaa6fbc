import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKLISTS,
  careerReviewDueAt,
  type CareerAnswer,
  type CareerDeskAnswer,
  type CareerDeskDetail,
  type CareerReviewItem,
} from '@upskill/domain/career';
import type { StaffPlacementsAnswer } from '@upskill/domain/mentoring';
import { call, untilAnswered } from '../support/api';
import { db } from '../support/admin';
import { bearer, createUser, freshlySignedIn, type TestUser } from '../support/auth';
import { mailWith, mailsTo } from '../support/mail';
import { COURSE, openBatch } from '../support/learning';
import { buyer, newMentor } from '../support/mentoring';
import { createStaff } from '../support/staff';

// Career services (#57) through Hosting -> Functions -> Firestore, the Razorpay sandbox (the purchases) and MailDev:
// a Pro learner's resume link reviewed by a mentor of their course with the checklist, changes suggested, a new
// version approved; what each plan gives; and every refusal from the wrong side.

const client = `career-${randomUUID().slice(0, 8)}`;
type Err = { error?: { code: string; message: string; fields?: Record<string, string> } };
const RESUME = 'https://docs.google.com/document/d/1ResumeAbc/edit';
const onTheRealClock = !process.env.TEST_CLOCK;

const overview = async (user: TestUser) =>
  (await call<CareerAnswer>('GET', '/api/mentoring/career', { headers: bearer(user), client })).body;
const submit = (user: TestUser, body: Record<string, unknown>) =>
  call<CareerReviewItem & Err>('POST', '/api/mentoring/career/reviews', { body, headers: bearer(user), client });
const desk = async (user: TestUser) => call<CareerDeskAnswer & Err>('GET', '/api/mentoring/career/desk', { headers: bearer(user), client });
const review = (user: TestUser, id: string, body: Record<string, unknown>) =>
  call<CareerDeskDetail & Err>('PUT', `/api/mentoring/career/desk/${id}/review`, { body, headers: bearer(user), client });
const marks = (kind: 'resume' | 'linkedin', change: string[] = []) =>
  CHECKLISTS[kind].map((c) => ({
    id: c.id,
    mark: change.includes(c.id) ? 'change' : 'good',
    comment: change.includes(c.id) ? `Rework the ${c.label.toLowerCase()}.` : '',
  }));
const reviewsOf = async (enrollmentId: string) =>
  (await db().collection('careerReviews').where('enrollmentId', '==', enrollmentId).get()).size;

let pro: { learner: TestUser; enrollmentId: string };
let courseId: number;
let mentor: TestUser;
let otherMentor: TestUser;

beforeAll(async () => {
  pro = await buyer('pro', client);
  // The learner takes a place in a Python batch with a credit of the plan: Python is now one of their courses.
  const batchId = await openBatch();
  const spent = await untilAnswered(() =>
    call('POST', `/api/enroll/${pro.enrollmentId}/credits`, { body: { batchId }, headers: bearer(pro.learner), client }),
  );
  expect(spent.status, spent.text).toBe(201);
  courseId = COURSE.id;
  [mentor, otherMentor] = await Promise.all([
    // Names of their own: the console's mentoring test finds its mentor by name among all of the run's.
    newMentor('Lakshmi Rao (career)', 'Asia/Kolkata', ['mentor-call'], client, 'cli', [courseId]),
    newMentor('Farid Qureshi (career)', 'Asia/Dubai', ['mentor-call'], client, 'cli', [4]),
  ]);
}, 120_000);

describe('a Pro learner’s resume review', () => {
  let id: string;

  it('My Courses’ words: one resume review and one LinkedIn review, each with one re-review', async () => {
    const answer = await overview(pro.learner);
    expect(answer.allowances.map((a) => a.line)).toEqual([
      'Resume review: 1 left, with one re-review',
      'LinkedIn review: 1 left, with one re-review',
    ]);
    expect(answer.allowances[0]).toMatchObject({ enrollmentId: pro.enrollmentId, planName: 'Pro', promise: 'within 3 working days' });
    expect(answer.reviews).toEqual([]);
  });

  it('is sent with the role and a posting; the promise is in the answer and the mail', async () => {
    const before = Date.now();
    const sent = await submit(pro.learner, {
      enrollmentId: pro.enrollmentId,
      kind: 'resume',
      link: RESUME,
      targetRole: 'Data analyst <b>intern</b>',
      postingLink: 'https://careers.example.com/jobs/42',
    });
    expect(sent.status, sent.text).toBe(201);
    id = sent.body.id;
    expect(sent.body).toMatchObject({ kind: 'resume', state: 'waiting', promise: 'within 3 working days', mayResubmit: false });
    // Markup stays text: stored and answered exactly as typed.
    expect(sent.body.versions[0]).toMatchObject({ number: 1, link: RESUME, targetRole: 'Data analyst <b>intern</b>', review: null });
    const due = Date.parse(sent.body.versions[0].dueAt);
    expect(due).toBeGreaterThanOrEqual(careerReviewDueAt('pro', before));
    expect(due).toBeLessThanOrEqual(careerReviewDueAt('pro', Date.now()));
    const mail = await mailWith(pro.learner.email, 'We have your resume for review');
    expect(mail.text).toContain('A mentor reviews it within 3 working days');
    expect((await overview(pro.learner)).allowances[0].line).toBe('Resume review: 0 left');
  });

  it('waits in the queue of a mentor of the learner’s course (not another course’s); a draft is the mentor’s alone', async () => {
    const queue = await desk(mentor);
    expect(queue.status, queue.text).toBe(200);
    expect(queue.body.items.find((i) => i.id === id)).toMatchObject({ kind: 'resume', version: 1, overdue: false, drafted: false });
    expect((await desk(otherMentor)).body.items.map((i) => i.id)).not.toContain(id);
    expect((await call('GET', `/api/mentoring/career/desk/${id}`, { headers: bearer(otherMentor), client })).status).toBe(404);
    expect(
      (await review(otherMentor, id, { checks: marks('resume'), summary: 'x', firstChanges: [], verdict: 'approved', release: true }))
        .status,
    ).toBe(404);
    // A learner is no reviewer.
    expect((await desk(pro.learner)).status).toBe(403);

    // The checklist, marked in part: refused, nothing saved.
    const partial = await review(mentor, id, {
      checks: marks('resume').slice(2),
      summary: 'Good start.',
      firstChanges: [],
      verdict: 'approved',
      release: false,
    });
    expect(partial.status).toBe(400);
    expect(partial.body.error?.fields).toEqual({ checks: 'Mark each point of the checklist once.' });
    const draft = await review(mentor, id, {
      checks: marks('resume', ['impact', 'ats']),
      summary: 'Strong projects; the bullets need numbers.',
      firstChanges: ['Add a number to each bullet of your internship'],
      verdict: 'changes-suggested',
      release: false,
    });
    expect(draft.status, draft.text).toBe(200);
    expect(draft.body.versions[0].review).toMatchObject({ verdict: 'changes-suggested', releasedAt: null });
    const mine = (await overview(pro.learner)).reviews.find((r) => r.id === id)!;
    expect(mine.state).toBe('waiting');
    expect(mine.versions[0].review).toBeNull();
  });

  // The export asks for a recent sign-in, which a moved clock makes stale: on the real clock only.
  it.runIf(onTheRealClock)('the draft is not in the learner’s export either', async () => {
    const exported = await call<{ careerReviews: { id: string; versions: { review: unknown }[] }[] }>('GET', '/api/me/export', {
      headers: bearer(pro.learner),
      client,
    });
    expect(exported.status, exported.text).toBe(200);
    expect(exported.body.careerReviews.find((r) => r.id === id)!.versions[0].review).toBeNull();
  });

  it('released as "changes suggested": mailed; the learner sends a new version (once), which is approved', async () => {
    const released = await review(mentor, id, {
      checks: marks('resume', ['impact', 'ats']),
      summary: 'Strong projects; the bullets need numbers.',
      firstChanges: ['Add a number to each bullet of your internship', 'Export the PDF from Docs, not a scan'],
      verdict: 'changes-suggested',
      release: true,
    });
    expect(released.status, released.text).toBe(200);
    const mail = await mailWith(pro.learner.email, 'Resume review: changes suggested');
    expect(mail.text).toContain('Make the changes, then send the new version');
    const seen = (await overview(pro.learner)).reviews.find((r) => r.id === id)!;
    expect(seen).toMatchObject({ state: 'changes-suggested', mayResubmit: true });
    expect(seen.versions[0].review).toMatchObject({
      verdict: 'changes-suggested',
      reviewerName: 'Lakshmi Rao (career)',
      firstChanges: ['Add a number to each bullet of your internship', 'Export the PDF from Docs, not a scan'],
    });
    expect(seen.versions[0].review!.checks.find((c) => c.id === 'impact')).toEqual({
      id: 'impact',
      label: 'Impact bullets with numbers',
      mark: 'change',
      comment: 'Rework the impact bullets with numbers.',
    });
    // A released review is final.
    expect(
      (await review(mentor, id, { checks: marks('resume'), summary: 'x', firstChanges: [], verdict: 'approved', release: true })).status,
    ).toBe(409);

    const version = (user: TestUser, link = `${RESUME}?v=2`) =>
      call<CareerReviewItem & Err>('POST', `/api/mentoring/career/reviews/${id}/versions`, {
        body: { link, targetRole: 'Data analyst', postingLink: null },
        headers: bearer(user),
        client,
      });
    expect((await version(otherMentor)).status).toBe(404);
    expect((await version(pro.learner, 'javascript:alert(1)')).status).toBe(400);
    const second = await version(pro.learner);
    expect(second.status, second.text).toBe(201);
    expect(second.body).toMatchObject({ state: 'waiting', mayResubmit: false });
    expect(second.body.versions.map((v) => v.number)).toEqual([1, 2]);
    // The first version keeps its review.
    expect(second.body.versions[0].review?.verdict).toBe('changes-suggested');
    await mailWith(pro.learner.email, 'We have your resume for review');
    expect((await version(pro.learner)).status).toBe(409);

    const approved = await review(mentor, id, {
      checks: marks('resume'),
      summary: 'Ready to send.',
      firstChanges: [],
      verdict: 'approved',
      release: true,
    });
    expect(approved.status, approved.text).toBe(200);
    await mailWith(pro.learner.email, 'Resume review: approved');
    const done = (await overview(pro.learner)).reviews.find((r) => r.id === id)!;
    expect(done).toMatchObject({ state: 'approved', mayResubmit: false });
    expect(done.versions[1].review?.verdict).toBe('approved');
    expect((await desk(mentor)).body.items.map((i) => i.id)).not.toContain(id);
    // Exactly the mails of this story: two receipts, two reviews.
    expect((await mailsTo(pro.learner.email)).filter((m) => /review/i.test(m.subject))).toHaveLength(4);
  });
});

describe('an Elite member', () => {
  it('two of each a membership year, answered within 1 working day: Saturday 17:00 is due Monday 17:00; the next year gives two more; the console counts the promise kept', async () => {
    // An Elite Learning Membership held as an organisation's seat gives (paid, no subscription): a copy of a paid
    // purchase, as the support tests make one (the membership's payment path is the subscription tests').
    const { learner, enrollmentId } = await buyer('pro', client);
    const source = (await db().doc(`enrollments/${enrollmentId}`).get()).data()!;
    const elite = await db()
      .collection('enrollments')
      .add({ ...source, planId: 'yearly', planName: 'Elite Learning Membership', courseId: null, status: 'paid', editTokenHashes: [] });
    // Fixed instants in a year of their own for each clock this file runs on (2031, 2042 and 2053 share a calendar:
    // 15 March is a Saturday), so the console's figures for that March are this test's alone.
    const Y = 2031 + 11 * Number(process.env.TEST_CLOCK_INDEX ?? 0);
    const instant = (wall: string) =>
      new Date(Date.parse(`${wall.replace('Y+1', String(Y + 1)).replace('Y', String(Y))}+05:30`)).toISOString();
    const at = (user: TestUser, wall: string) => ({ ...bearer(user), 'x-emulator-now': instant(wall) });
    const ask = (wall: string, kind = 'resume') =>
      call<CareerReviewItem & Err>('POST', '/api/mentoring/career/reviews', {
        body: { enrollmentId: elite.id, kind, link: RESUME, targetRole: 'Data engineer', postingLink: null },
        headers: at(learner, wall),
        client,
      });
    const lines = async (wall: string) =>
      (await call<CareerAnswer>('GET', '/api/mentoring/career', { headers: at(learner, wall), client })).body.allowances.filter(
        (a) => a.enrollmentId === elite.id,
      );
    expect((await lines('Y-03-15T12:00:00')).map((a) => [a.line, a.promise])).toEqual([
      ['Resume review: 2 left this membership year, with one re-review', 'within 1 working day'],
      ['LinkedIn review: 2 left this membership year, with one re-review', 'within 1 working day'],
    ]);
    const first = await ask('Y-03-15T17:00:00');
    expect(first.status, first.text).toBe(201);
    // 1 hour on Saturday, 8 on Monday (Sunday is not a working day).
    expect(first.body.versions[0].dueAt).toBe(instant('Y-03-17T17:00:00'));
    expect(first.body.promise).toBe('within 1 working day');
    // Sunday 10:00: the working day starts Monday 09:00, so it is due Monday 18:00.
    const second = await ask('Y-03-16T10:00:00');
    expect(second.body.versions[0].dueAt).toBe(instant('Y-03-17T18:00:00'));
    const third = await ask('Y-03-16T11:00:00');
    expect(third.status).toBe(409);
    expect(third.body.error?.message).toBe('You have used this membership year’s resume reviews.');
    expect((await lines('Y-03-16T12:00:00'))[0].line).toBe('Resume review: 0 left this membership year');
    // A year on, the membership's next year: two more.
    const nextYear = await lines('Y+1-03-16T12:00:00');
    expect(nextYear[0].line).toBe('Resume review: 2 left this membership year, with one re-review');
    expect((await ask('Y+1-03-16T12:00:00')).status).toBe(201);
    expect(await reviewsOf(elite.id)).toBe(3);

    // Staff release the first within its promise (Monday 12:00) and the second a day late (Tuesday 10:00).
    const staff = await createStaff();
    const release = (id: string, wall: string) =>
      call<CareerDeskDetail & Err>('PUT', `/api/mentoring/career/desk/${id}/review`, {
        body: { checks: marks('resume'), summary: 'Ready to send.', firstChanges: [], verdict: 'approved', release: true },
        headers: at(staff, wall),
        client,
      });
    expect((await release(first.body.id, 'Y-03-17T12:00:00')).status).toBe(200);
    expect((await release(second.body.id, 'Y-03-18T10:00:00')).status).toBe(200);
    // The console at the end of April: two released in the window, one within its promise; the next year's is not
    // yet sent then.
    const board = await call<StaffPlacementsAnswer & Err>('GET', '/api/staff/placements', {
      headers: at(staff, 'Y-04-30T12:00:00'),
      client,
    });
    expect(board.status, board.text).toBe(200);
    expect(board.body.careerFigures).toEqual({ released: 2, onTime: 1, onTimePercent: 50, waiting: 0, overdue: 0 });
  });
});

describe('from the wrong side', () => {
  it('no sign-in is 401; a plan without reviews is 403; another learner’s purchase is 404; nothing is written', async () => {
    expect((await call('GET', '/api/mentoring/career', { client })).status).toBe(401);
    const standard = await buyer('standard', client);
    const refused = await submit(standard.learner, {
      enrollmentId: standard.enrollmentId,
      kind: 'resume',
      link: RESUME,
      targetRole: 'Analyst',
      postingLink: null,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe('Standard does not include a resume review.');
    expect((await overview(standard.learner)).allowances).toEqual([]);
    const stranger = await createUser({ emailVerified: true });
    expect(
      (
        await submit(stranger, {
          enrollmentId: pro.enrollmentId,
          kind: 'linkedin',
          link: 'https://www.linkedin.com/in/someone',
          targetRole: 'Analyst',
          postingLink: null,
        })
      ).status,
    ).toBe(404);
    expect(await reviewsOf(standard.enrollmentId)).toBe(0);
  });

  it('refuses each bad link on its field, writing nothing', async () => {
    const learner = await buyer('pro', client);
    const base = { enrollmentId: learner.enrollmentId, targetRole: 'Backend developer', postingLink: null };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: 'resume', link: 'http://example.com/cv.pdf' }, 'link', 'Give an https:// link to your resume'],
      [{ kind: 'resume', link: 'javascript:alert(document.cookie)' }, 'link', 'Give an https:// link to your resume'],
      [{ kind: 'resume', link: 'data:text/html,<script>alert(1)</script>' }, 'link', 'Give an https:// link to your resume'],
      [{ kind: 'resume', link: `https://example.com/${'a'.repeat(2001)}` }, 'link', 'A link is at most 2,000 characters.'],
      [{ kind: 'linkedin', link: 'https://www.linkedin.com/company/upskill' }, 'link', 'This is not a LinkedIn profile'],
      [{ kind: 'resume', link: RESUME, postingLink: 'ftp://jobs.example.com/1' }, 'postingLink', 'Give the posting’s https:// address.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await submit(learner.learner, { ...base, ...body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error?.fields?.[field]).toContain(message);
    }
    expect(await reviewsOf(learner.enrollmentId)).toBe(0);
  });

  it('five LinkedIn submissions at once with one left give exactly one', async () => {
    const learner = await buyer('pro', client);
    const body = {
      enrollmentId: learner.enrollmentId,
      kind: 'linkedin',
      link: 'https://www.linkedin.com/in/asha-kapoor',
      targetRole: 'Product analyst',
      postingLink: null,
    };
    // Each sent again after a busy answer, as the site's client does (a 503 wrote nothing, decision 0028).
    const answers = await Promise.all(Array.from({ length: 5 }, () => untilAnswered(() => submit(learner.learner, body))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error?.message).toBe('You have used the LinkedIn review of this plan.');
    expect(await reviewsOf(learner.enrollmentId)).toBe(1);
  }, 90_000);
});

// Export and deletion ask for a recent sign-in, which a moved clock makes stale: on the real clock only.
describe.runIf(onTheRealClock)('account rights', () => {
  it('the export holds the reviews; deleting the account erases links and text and leaves "Deleted learner" with the reviewer', async () => {
    const leaving = await buyer('pro', client);
    const sent = await submit(leaving.learner, {
      enrollmentId: leaving.enrollmentId,
      kind: 'resume',
      link: RESUME,
      targetRole: 'QA engineer',
      postingLink: null,
    });
    expect(sent.status, sent.text).toBe(201);
    const staff = await createStaff();
    expect(
      (
        await review(staff, sent.body.id, {
          checks: marks('resume'),
          summary: 'Ready.',
          firstChanges: [],
          verdict: 'approved',
          release: true,
        })
      ).status,
    ).toBe(200);
    const waiting = await submit(leaving.learner, {
      enrollmentId: leaving.enrollmentId,
      kind: 'linkedin',
      link: 'https://www.linkedin.com/in/leaving-learner',
      targetRole: 'QA engineer',
      postingLink: null,
    });
    expect(waiting.status).toBe(201);
    const exported = await call<{ careerReviews: { id: string }[] }>('GET', '/api/me/export', { headers: bearer(leaving.learner), client });
    expect(exported.body.careerReviews.map((r) => r.id).sort()).toEqual([sent.body.id, waiting.body.id].sort());

    const deleted = await call('DELETE', '/api/me', { body: { confirm: 'DELETE' }, headers: freshlySignedIn(leaving.learner) });
    expect(deleted.status, deleted.text).toBe(200);
    const kept = (await db().doc(`careerReviews/${sent.body.id}`).get()).data()!;
    expect(kept).toMatchObject({ uid: null, email: null, learnerName: 'Deleted learner', state: 'approved' });
    expect(kept.versions[0]).toMatchObject({ link: '', targetRole: '', postingLink: null, review: { verdict: 'approved', summary: '' } });
    expect((await db().doc(`careerReviews/${waiting.body.id}`).get()).exists).toBe(false);
    const detail = await call<CareerDeskDetail>('GET', `/api/mentoring/career/desk/${sent.body.id}`, { headers: bearer(staff), client });
    expect(detail.body.item.learnerName).toBe('Deleted learner');
  }, 90_000);
});
