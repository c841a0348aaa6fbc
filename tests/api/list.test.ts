import type { EnrollmentSummary } from '@upskill/domain/enrollment';
import { describe, expect, it } from 'vitest';
import { call, enrollment } from '../support/api';
import { bearer, createUser } from '../support/auth';

type Entry = EnrollmentSummary;

describe('GET /api/enroll', () => {
  it('401 without a token or with a malformed one', async () => {
    expect((await call('GET', '/api/enroll')).status).toBe(401);
    expect((await call('GET', '/api/enroll', { headers: { Authorization: 'Bearer malformed.token.value' } })).status).toBe(401);
    expect((await call('GET', '/api/enroll', { headers: { Authorization: 'Basic abc' } })).status).toBe(401);
  });

  it('returns only the caller’s enrollments, newest first, in the documented shape', async () => {
    const a = await createUser();
    const b = await createUser();
    const first = await call<{ id: string }>('POST', '/api/enroll', {
      body: enrollment({ email: a.email, planId: 'standard' }),
      headers: bearer(a),
    });
    const second = await call<{ id: string }>('POST', '/api/enroll', {
      body: enrollment({ email: a.email, planId: 'yearly' }),
      headers: bearer(a),
    });
    await call('POST', '/api/enroll', { body: enrollment({ email: b.email }), headers: bearer(b) });

    const res = await call<Entry[]>('GET', '/api/enroll', { headers: bearer(a) });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body.map((e) => e.id)).toEqual([second.body.id, first.body.id]);
    expect(Object.keys(res.body[0]).sort()).toEqual([
      'batchId',
      'coveredBy',
      'createdAt',
      'creditNoteNumber',
      'credits',
      'guardian',
      'id',
      'includesMentoring',
      'interestedCourse',
      'invoiceNumber',
      'organisation',
      'planName',
      'preferredBatchTime',
      'price',
      'purchase',
      'status',
      'subscription',
      'switchRefund',
      'switchTargets',
    ]);
    // Nothing refunded by a switch on an enrollment that never switched.
    expect(res.body[0].switchRefund).toBeNull();
    expect(new Date(res.body[0].createdAt ?? '').toISOString()).toBe(res.body[0].createdAt);
    // Bought by the learner, not a seat an organisation paid for.
    expect(res.body[0].organisation).toBeNull();
    // What was bought, worked out by the server: the plan, what it includes, the interest as an interest.
    // The Elite membership includes mentoring (My Courses loads its section); Standard does not.
    expect(res.body.map((e) => e.includesMentoring)).toEqual([true, false]);
    expect(res.body[1].purchase).toEqual([
      { label: 'Plan', value: 'Standard' },
      { label: 'Includes', value: '1 course credit, spent on a course of your choice' },
      { label: 'Interested in', value: 'Cloud Computing' },
    ]);

    const forB = await call<Entry[]>('GET', '/api/enroll', { headers: bearer(b) });
    expect(forB.body).toHaveLength(1);
    expect(forB.body.map((e) => e.id)).not.toContain(first.body.id);
  });

  it('?email= must be the caller’s own address, else 403', async () => {
    const a = await createUser();
    const b = await createUser();
    expect((await call('GET', `/api/enroll?email=${encodeURIComponent(a.email)}`, { headers: bearer(a) })).status).toBe(200);
    const res = await call<{ error: { code: string } }>('GET', `/api/enroll?email=${encodeURIComponent(b.email)}`, { headers: bearer(a) });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('permission-denied');
  });

  it('includes anonymous enrollments made with the caller’s e-mail only once that e-mail is verified', async () => {
    const unverified = await createUser();
    await call('POST', '/api/enroll', { body: enrollment({ email: unverified.email }) });
    expect((await call<Entry[]>('GET', '/api/enroll', { headers: bearer(unverified) })).body).toHaveLength(0);

    const verified = await createUser({ emailVerified: true });
    await call('POST', '/api/enroll', { body: enrollment({ email: verified.email }) });
    expect((await call<Entry[]>('GET', '/api/enroll', { headers: bearer(verified) })).body).toHaveLength(1);
  });
});
