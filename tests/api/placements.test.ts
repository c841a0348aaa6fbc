import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BookingAnswer, MentoringAnswer, PlacementView, SlotsAnswer, StaffPlacementsAnswer } from '@upskill/domain/mentoring';
import { call } from '../support/api';
import { bearer, freshlySignedIn, type TestUser } from '../support/auth';
import { db } from '../support/admin';
import { buyer, newMentor } from '../support/mentoring';
import { createStaff } from '../support/staff';

// Placement assistance counted (#57), through Hosting -> Functions -> Firestore: the first-contact promise, staff's
// referrals and their outcomes, the learner's own report, and the console's figures, with every refusal from the wrong
// side. The steps happen at fixed instants in March and April 2031 through the request clock (x-emulator-now): no other
// file's requests fall in those months, so the figures are this file's alone, whatever the day of the run.

const NOW = 'x-emulator-now';
const client = `placements-${randomUUID().slice(0, 6)}`;
type Err = { error?: { code: string; message: string; fields?: Record<string, string> } };
const at = (user: TestUser, nowMs?: number) => ({
  ...bearer(user),
  ...(nowMs === undefined ? {} : { [NOW]: new Date(nowMs).toISOString() }),
});
const send = <T>(method: string, user: TestUser, path: string, body: unknown, nowMs?: number) =>
  call<T & Err>(method, path, { body, headers: at(user, nowMs), client });
const ist = (wall: string) => Date.parse(`${wall}+05:30`);

let staff: TestUser;
let mentor: TestUser;
beforeAll(async () => {
  [staff, mentor] = await Promise.all([createStaff(), newMentor('Irfan Sheikh (placements)', 'Asia/Kolkata', ['mock-interview'], client)]);
});

/** A mock interview the mentor rates "ready", for the learner: what opens placement assistance. */
async function readyInterview(learner: TestUser, slot: number): Promise<string> {
  const open = await call<SlotsAnswer>('GET', `/api/mentoring/mentors/${mentor.uid}/slots?kind=mock-interview`, {
    headers: at(learner),
    client,
  });
  const made = await call<BookingAnswer & Err>('POST', '/api/mentoring/bookings', {
    body: { kind: 'mock-interview', mentorId: mentor.uid, startsAt: new Date(open.body.slots[slot].startMs).toISOString() },
    headers: at(learner),
    client,
  });
  expect(made.status, made.text).toBe(201);
  const ratings = { problemSolving: 4, technicalDepth: 4, communication: 4, codeQuality: 4, roleFit: 4 };
  const scored = await send(
    'POST',
    mentor,
    `/api/mentoring/desk/bookings/${made.body.booking.id}/scorecard`,
    {
      ratings,
      comments: 'Ready for data roles.',
      verdict: 'ready',
    },
    made.body.booking.endsAtMs + 60_000,
  );
  expect(scored.status, scored.text).toBe(200);
  return made.body.booking.id;
}

describe('placement assistance, counted', () => {
  it('a Platinum request: contact promised in 2 working days, a referral that ends in an offer, the learner reports joining, the figures count it', async () => {
    const [platinum, pro] = await Promise.all([buyer('platinum', client), buyer('pro', client)]);
    const learner = platinum.learner;
    // The plan says it, before any interview: placement is included and opens after one rated ready.
    const before = (await call<MentoringAnswer>('GET', '/api/mentoring', { headers: at(learner), client })).body;
    expect(before).toMatchObject({ placementIncluded: true, mayRequestPlacement: false, placements: [] });
    expect((await call<MentoringAnswer>('GET', '/api/mentoring', { headers: at(pro.learner), client })).body.placementIncluded).toBe(false);

    const [first, second] = [await readyInterview(learner, 0), await readyInterview(learner, 3)];
    // Friday 14 March 2031, 16:00 India: 2 h that day, 9 on Saturday, 7 on Monday: first contact by Monday 16:00.
    const asked = await send<PlacementView>(
      'POST',
      learner,
      '/api/mentoring/placements',
      { bookingId: first, note: 'Data analyst roles, Pune' },
      ist('2031-03-14T16:00:00'),
    );
    expect(asked.status, asked.text).toBe(201);
    expect(asked.body).toMatchObject({
      state: 'requested',
      contactDueAtMs: ist('2031-03-17T16:00:00'),
      firstContactAtMs: null,
      referrals: [],
      reports: [],
    });
    // A second request on the other interview, Monday 10:00, that nobody contacts: late once Wednesday 10:00 passes.
    const unanswered = await send<PlacementView>(
      'POST',
      learner,
      '/api/mentoring/placements',
      { bookingId: second, note: 'Also Bengaluru' },
      ist('2031-03-17T10:00:00'),
    );
    expect(unanswered.body.contactDueAtMs).toBe(ist('2031-03-19T10:00:00'));
    const id = asked.body.id;

    // From the wrong side: a learner may not refer; nobody refers on a request that does not exist; bad fields.
    const referral = { company: 'Northwind Analytics', role: 'Data analyst', referredOn: '2031-03-17' };
    expect((await send('POST', learner, `/api/staff/placements/${id}/referrals`, referral)).status).toBe(403);
    expect((await send('POST', staff, `/api/staff/placements/nope${id}/referrals`, referral, ist('2031-03-17T10:00:00'))).status).toBe(404);
    const bad = await send('POST', staff, `/api/staff/placements/${id}/referrals`, {
      company: ' ',
      role: 'x'.repeat(121),
      referredOn: '2031-02-30',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({
      company: 'Name the company.',
      role: 'At most 120 characters.',
      referredOn: 'Give the day of the referral (YYYY-MM-DD).',
    });
    const future = await send(
      'POST',
      staff,
      `/api/staff/placements/${id}/referrals`,
      { ...referral, referredOn: '2031-03-18' },
      ist('2031-03-17T10:00:00'),
    );
    expect(future.status).toBe(400);
    expect(future.body.error?.fields).toEqual({ referredOn: 'That day has not come yet.' });
    expect(
      await db()
        .collection('placementRequests')
        .doc(id)
        .get()
        .then((d) => d.get('referrals')),
    ).toEqual([]);

    // Monday 10:00: the team refers (its first contact, in time); the request moves through its steps to Referred.
    const referred = await send<PlacementView>(
      'POST',
      staff,
      `/api/staff/placements/${id}/referrals`,
      { ...referral, company: ' Northwind Analytics ' },
      ist('2031-03-17T10:00:00'),
    );
    expect(referred.status, referred.text).toBe(201);
    expect(referred.body).toMatchObject({
      state: 'referred',
      firstContactAtMs: ist('2031-03-17T10:00:00'),
      referrals: [{ company: 'Northwind Analytics', role: 'Data analyst', referredOn: '2031-03-17', outcome: 'referred' }],
    });
    expect(referred.body.history.map((h) => h.state)).toEqual(['requested', 'profile-reviewed', 'referred']);
    const outcome = (n: string, value: string, nowMs: number) =>
      send<PlacementView>('PUT', staff, `/api/staff/placements/${id}/referrals/${n}`, { outcome: value }, nowMs);
    expect((await outcome('0', 'hired', ist('2031-03-20T10:00:00'))).body.error?.fields).toEqual({ outcome: 'Choose what came of it.' });
    expect((await outcome('1', 'offer', ist('2031-03-20T10:00:00'))).status).toBe(404);
    expect((await outcome('0', 'interviewing', ist('2031-03-20T10:00:00'))).body.referrals[0].outcome).toBe('interviewing');
    // Wednesday 2 April 16:00: the offer, 19 days after the request.
    expect((await outcome('0', 'offer', ist('2031-04-02T16:00:00'))).body.referrals[0].outcome).toBe('offer');

    // The learner reports joining; sent twice, recorded once. Someone else's request is not there; a bad report is refused.
    const report = { outcome: 'joined', company: 'Northwind Analytics', role: 'Data analyst', on: '2031-04-14' };
    const joined = await send<PlacementView>(
      'POST',
      learner,
      `/api/mentoring/placements/${id}/reports`,
      report,
      ist('2031-04-14T19:00:00'),
    );
    expect(joined.status, joined.text).toBe(201);
    expect(
      (await send<PlacementView>('POST', learner, `/api/mentoring/placements/${id}/reports`, report, ist('2031-04-14T19:05:00'))).body
        .reports,
    ).toEqual([report]);
    expect((await send('POST', pro.learner, `/api/mentoring/placements/${id}/reports`, report, ist('2031-04-14T19:05:00'))).status).toBe(
      404,
    );
    const early = await send(
      'POST',
      learner,
      `/api/mentoring/placements/${id}/reports`,
      { ...report, on: '2031-04-15' },
      ist('2031-04-14T19:05:00'),
    );
    expect(early.body.error?.fields).toEqual({ on: 'That day has not come yet.' });
    const markup = await send<PlacementView>(
      'POST',
      learner,
      `/api/mentoring/placements/${id}/reports`,
      { ...report, outcome: 'offer', company: '<b>Acme</b>' },
      ist('2031-04-14T19:06:00'),
    );
    expect(markup.body.reports[1].company).toBe('<b>Acme</b>');

    // The console's figures at 30 April 2031: March 2 requests and 1 referral, April the offer; contact on time for
    // one of the two whose promise has passed; 19 days from request to offer. Only staff see them.
    const board = await call<StaffPlacementsAnswer & Err>('GET', '/api/staff/placements', {
      headers: at(staff, ist('2031-04-30T12:00:00')),
      client,
    });
    expect(board.status, board.text).toBe(200);
    expect(board.body.placementFigures.months.slice(-3)).toEqual([
      { month: '2031-02', requests: 0, referrals: 0, offers: 0 },
      { month: '2031-03', requests: 2, referrals: 1, offers: 0 },
      { month: '2031-04', requests: 0, referrals: 0, offers: 1 },
    ]);
    expect(board.body.placementFigures).toMatchObject({ contactCounted: 2, contactOnTime: 1, onTimePercent: 50, medianDaysToOffer: 19 });
    expect(board.body.placements.find((p) => p.id === id)).toMatchObject({
      name: expect.any(String),
      reports: [report, expect.objectContaining({ outcome: 'offer' })],
    });
    expect((await call('GET', '/api/staff/placements', { headers: at(learner), client })).status).toBe(403);

    // Closed: no more referrals.
    expect(
      (await send('POST', staff, `/api/staff/placements/${id}`, { state: 'closed', note: 'Joined Northwind.' }, ist('2031-04-15T10:00:00')))
        .status,
    ).toBe(200);
    expect((await send('POST', staff, `/api/staff/placements/${id}/referrals`, referral, ist('2031-04-15T11:00:00'))).status).toBe(409);
    const trail = await db().collection('staffAudit').where('targetId', '==', id).get();
    expect(trail.docs.map((d) => d.get('detail')).sort()).toEqual(
      [
        'Closed: Joined Northwind.',
        'Northwind Analytics (Data analyst): Interviewing',
        'Northwind Analytics (Data analyst): Offer',
        'Referred to Northwind Analytics (Data analyst)',
      ].sort(),
    );

    // The learner's export holds the request with its referrals and their reports, and their tracker.
    const applied = await call('POST', '/api/mentoring/career/applications', {
      body: {
        company: 'Contoso',
        role: 'Analyst',
        link: null,
        stage: 'applied',
        appliedOn: '2026-11-02',
        interviewOn: null,
        notes: 'Via a friend',
      },
      headers: { ...bearer(learner), 'Idempotency-Key': randomUUID() },
      client,
    });
    expect(applied.status, applied.text).toBe(201);
    const exported = await call<{
      placementRequests: { id: string; referrals: unknown[]; reports: unknown[] }[];
      jobApplications: { company: string }[];
    }>('GET', '/api/me/export', { headers: bearer(learner), client });
    expect(exported.status, exported.text).toBe(200);
    expect(exported.body.placementRequests.find((p) => p.id === id)).toMatchObject({
      referrals: [expect.anything()],
      reports: [report, expect.anything()],
    });
    expect(exported.body.jobApplications.map((a) => a.company)).toEqual(['Contoso']);

    // Deleting the account: the request stays in the team's figures (dates, steps, referrals) without who asked or
    // anything they wrote; the tracker goes.
    const deleted = await call('DELETE', '/api/me', { body: { confirm: 'DELETE' }, headers: freshlySignedIn(learner) });
    expect(deleted.status, deleted.text).toBe(200);
    const kept = (await db().doc(`placementRequests/${id}`).get()).data()!;
    expect(kept).toMatchObject({ name: 'Deleted learner', email: '', note: '', state: 'closed' });
    expect(kept.uid).toMatch(/^deleted-/);
    expect(kept.history[0]).toMatchObject({ state: 'requested', note: '' });
    expect(kept.referrals).toEqual([expect.objectContaining({ company: 'Northwind Analytics', outcome: 'offer' })]);
    expect(kept.reports.map((r: { company: string; role: string; outcome: string }) => [r.outcome, r.company, r.role])).toEqual([
      ['joined', '', ''],
      ['offer', '', ''],
    ]);
    expect(kept.createdAt.toMillis()).toBe(ist('2031-03-14T16:00:00'));
    expect((await db().collection('jobApplications').where('uid', '==', learner.uid).get()).size).toBe(0);
  });
});
