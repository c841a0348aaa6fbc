import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobApplicationView, JobTrackerAnswer } from '@upskill/domain/career';
import { call, untilAnswered } from '../support/api';
import { db } from '../support/admin';
import { bearer, type TestUser } from '../support/auth';
import { buyer } from '../support/mentoring';

// The job-search tracker (#57) through Hosting -> Functions -> Firestore: Platinum and Elite learners keep their
// applications; a resent create is one application; every refusal from the wrong side writes nothing.

const client = `tracker-${randomUUID().slice(0, 6)}`;
type Err = { error?: { code: string; message: string; fields?: Record<string, string> } };
const PATH = '/api/mentoring/career/applications';
let platinum: TestUser;
let pro: TestUser;

beforeAll(async () => {
  const [a, b] = await Promise.all([buyer('platinum', client), buyer('pro', client)]);
  platinum = a.learner;
  pro = b.learner;
}, 120_000);

const tracker = async (user: TestUser) => call<JobTrackerAnswer & Err>('GET', PATH, { headers: bearer(user), client });
const add = (user: TestUser, body: Record<string, unknown>, key: string | null = randomUUID()) =>
  call<JobApplicationView & Err>('POST', PATH, {
    body,
    headers: { ...bearer(user), ...(key === null ? {} : { 'Idempotency-Key': key }) },
    client,
  });
const stored = async (uid: string) => (await db().collection('jobApplications').where('uid', '==', uid).get()).docs;
const good = {
  company: 'Northwind <b>Analytics</b>',
  role: 'Data analyst',
  link: 'https://careers.northwind.example/jobs/7',
  stage: 'applied',
  appliedOn: '2026-11-02',
  interviewOn: null,
  notes: 'Referred by a friend.',
};

describe('the job-search tracker', () => {
  it('is Platinum’s and Elite’s: Pro sees it is not included, and a Pro create is 403 with nothing written', async () => {
    expect((await tracker(pro)).body).toMatchObject({ included: false, applications: [] });
    expect((await add(pro, good)).status).toBe(403);
    expect(await stored(pro.uid)).toHaveLength(0);
    expect((await tracker(platinum)).body).toEqual({ included: true, applications: [], mockInterviews: '3 of 3 mock interviews left' });
  });

  it('refuses bad input on its fields (a javascript: link, an interview without its day, a day to come), writing nothing', async () => {
    const bad = await add(platinum, { ...good, company: ' ', link: 'javascript:alert(1)', stage: 'interview', appliedOn: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({
      company: 'Name the company.',
      link: 'Give the posting’s https:// address.',
      appliedOn: 'Give the day you applied (YYYY-MM-DD).',
      interviewOn: 'Give the interview’s day (YYYY-MM-DD).',
    });
    const future = await add(platinum, { ...good, appliedOn: '2099-01-01' });
    expect(future.body.error?.fields).toEqual({ appliedOn: 'That day has not come yet.' });
    const backwards = await add(platinum, { ...good, stage: 'interview', interviewOn: '2026-11-01' });
    expect(backwards.body.error?.fields).toEqual({ interviewOn: 'The interview comes after the application.' });
    expect((await add(platinum, { ...good, extra: 1 })).status).toBe(400);
    expect((await add(platinum, good, null)).status).toBe(400);
    expect((await add(platinum, { ...good, link: `https://x.example/${'a'.repeat(2001)}` })).body.error?.fields).toEqual({
      link: 'A link is at most 2,000 characters.',
    });
    expect(await stored(platinum.uid)).toHaveLength(0);
  });

  it('keeps an application (markup as text); the same request sent again is one; changed and deleted by its owner only', async () => {
    const key = randomUUID();
    // Sent twice at once with one key. The emulator answers two transactions on one document with a lock timeout
    // (firebase-tools#2452) where production waits its turn: a busy answer is sent again, as the site's client does
    // (decision 0027), and both end as the one application.
    const [first, again] = await Promise.all([
      untilAnswered(() => add(platinum, good, key)),
      untilAnswered(() => add(platinum, good, key)),
    ]);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.id).toBe(first.body.id);
    expect(await stored(platinum.uid)).toHaveLength(1);
    expect(first.body).toMatchObject({ company: 'Northwind <b>Analytics</b>', stage: 'applied', interviewOn: null });

    // An interview on the calendar: the tracker lists it, with the mock interviews left to practise first.
    const interview = await call<JobApplicationView & Err>('PUT', `${PATH}/${first.body.id}`, {
      body: { ...good, stage: 'interview', interviewOn: '2099-03-01' },
      headers: bearer(platinum),
      client,
    });
    expect(interview.status, interview.text).toBe(200);
    const listed = (await tracker(platinum)).body;
    expect(listed.applications).toEqual([expect.objectContaining({ id: first.body.id, stage: 'interview', interviewOn: '2099-03-01' })]);
    expect(listed.mockInterviews).toBe('3 of 3 mock interviews left');

    // Someone else's: 404 either way, and unchanged.
    expect((await call('PUT', `${PATH}/${first.body.id}`, { body: good, headers: bearer(pro), client })).status).toBe(404);
    expect((await call('DELETE', `${PATH}/${first.body.id}`, { headers: bearer(pro), client })).status).toBe(404);
    expect((await stored(platinum.uid))[0].get('stage')).toBe('interview');

    const deleted = await call<{ deleted: string }>('DELETE', `${PATH}/${first.body.id}`, { headers: bearer(platinum), client });
    expect(deleted.body).toEqual({ deleted: first.body.id });
    expect(await stored(platinum.uid)).toHaveLength(0);
    expect((await call('DELETE', `${PATH}/${first.body.id}`, { headers: bearer(platinum), client })).status).toBe(404);
  });
});
