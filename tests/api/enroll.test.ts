import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ApiErrorBody as ErrorBody, CreatedEnrollment } from '@upskill/domain/enrollment';
import { call, enrollment } from '../support/api';
import { db } from '../support/admin';
import { bearer, createUser } from '../support/auth';

async function create(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return call<CreatedEnrollment>('POST', '/api/enroll', { body, headers });
}

describe('POST /api/enroll', () => {
  it('stores the enrollment with server-derived price and features and answers 201', async () => {
    const body = enrollment({ email: '  Meera.P@Example.com ' });
    const res = await create(body);
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^[A-Za-z0-9]+$/);
    expect(res.body.editToken).toMatch(/^[a-f0-9]{64}$/);
    expect(res.body.price).toBe(7799);
    expect(res.body.planName).toBe('Pro');
    expect(res.body.status).toBe('pending_payment');
    // The Pro card's promises as the spec words them, written out: the record keeps what was bought.
    expect(res.body.features).toEqual([
      'Access to 3 courses',
      'Live weekly sessions',
      'A 30-minute 1:1 mentor call every month',
      'Resume and LinkedIn review',
      'Certificates of completion',
    ]);

    const snap = await db().collection('enrollments').doc(res.body.id).get();
    expect(snap.get('email')).toBe('meera.p@example.com');
    expect(snap.get('price')).toBe(7799);
    expect(snap.get('status')).toBe('pending_payment');
    expect(snap.get('uid')).toBeNull();
    expect(snap.get('editTokenHashes')).toEqual([expect.stringMatching(/^[a-f0-9]{64}$/)]);
    expect(snap.get('editTokenHashes')).not.toContain(res.body.editToken);
    expect(JSON.stringify(snap.data())).not.toContain(res.body.editToken);
    expect(snap.get('createdAt').toDate()).toBeInstanceOf(Date);
    expect(res.body.createdAt).toBe(snap.get('createdAt').toDate().toISOString());
  });

  it('ignores a tampered price and feature list', async () => {
    const res = await create(enrollment({ planId: 'platinum', price: 1, features: ['Free lifetime access'] }));
    expect(res.status).toBe(201);
    expect(res.body.price).toBe(9996);
    expect(res.body.features).not.toContain('Free lifetime access');
    const snap = await db().collection('enrollments').doc(res.body.id).get();
    expect(snap.get('price')).toBe(9996);
  });

  it('prices a course from the catalogue', async () => {
    // Literals, from the spec's catalogue: a wrong catalogue or feature rule must not make both sides agree.
    const res = await create(enrollment({ planId: undefined, courseId: 12, planName: 'anything' }));
    expect(res.status).toBe(201);
    expect(res.body.price).toBe(3379);
    expect(res.body.planName).toBe('Cybersecurity Fundamentals');
    expect(res.body.features).toEqual([
      'Full access to Cybersecurity Fundamentals',
      '6 weeks of live, mentor-led sessions',
      'Beginner level projects and reviews',
      'Certificate of completion',
    ]);
  });

  it('applies DISCOUNT20 server-side to the two discountable plans only', async () => {
    const a = await create(enrollment({ planId: 'yearly', coupon: '  discount20 ' }));
    expect(a.body.price).toBe(13499);
    const b = await create(enrollment({ planId: 'singleCourse', coupon: 'DISCOUNT20' }));
    expect(b.body.price).toBe(3945);
    const c = await create(enrollment({ planId: 'preRegistration', coupon: 'DISCOUNT20' }));
    expect(c.body.price).toBe(1032);
    const d = await create(enrollment({ planId: 'yearly' }));
    expect(d.body.price).toBe(15999);
  });

  it('charges the Custom plan 3499 per chosen course (inside its advertised range), whatever the client claims', async () => {
    const one = await create(enrollment({ planId: 'custom', courseIds: [7], price: 1, features: ['everything'] }));
    expect(one.status).toBe(201);
    expect(one.body).toMatchObject({
      planId: 'custom',
      planName: 'Custom',
      courseIds: [7],
      price: 3499,
      listPrice: 3499,
      couponApplied: false,
    });
    expect(one.body.features[0]).toBe('Full access to AWS Cloud Practitioner to Architect');
    expect(one.body.features).not.toContain('everything');
    const three = await create(enrollment({ planId: 'custom', courseIds: [34, 1, 12], coupon: 'DISCOUNT20' }));
    expect(three.body).toMatchObject({ courseIds: [34, 1, 12], price: 10497, couponApplied: false });
    expect(three.body.price).not.toBe(3259);
  });

  it('400 for a Custom plan without 1 to 3 distinct known courses, and for courses on another plan', async () => {
    const cases: Record<string, unknown>[] = [
      { planId: 'custom' },
      { planId: 'custom', courseIds: [] },
      { planId: 'custom', courseIds: [1, 2, 3, 4] },
      { planId: 'custom', courseIds: [5, 5] },
      { planId: 'custom', courseIds: [35] },
      { planId: 'custom', courseIds: ['1'] },
      { planId: 'custom', courseIds: 1 },
      { planId: 'pro', courseIds: [1] },
      { planId: undefined, courseId: 3, courseIds: [3] },
    ];
    for (const patch of cases) {
      const res = await call<ErrorBody>('POST', '/api/enroll', { body: enrollment(patch) });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(Object.keys(res.body.error.fields ?? {}), JSON.stringify(patch)).toContain('courseIds');
    }
  });

  it('an edit of a Custom enrollment re-prices from the new choice; another caller cannot change it', async () => {
    const body = enrollment({ planId: 'custom', courseIds: [2] });
    const created = await create(body);
    const token = created.body.editToken;
    const stranger = await call<ErrorBody>('PUT', `/api/enroll/${created.body.id}`, { body: { ...body, courseIds: [2, 3, 4] } });
    expect(stranger.status).toBe(401);
    const forged = await call<ErrorBody>('PUT', `/api/enroll/${created.body.id}`, {
      body: { ...body, courseIds: [2, 3, 4] },
      headers: { 'X-Edit-Token': 'a'.repeat(64) },
    });
    expect(forged.status).toBe(403);
    const edited = await call<CreatedEnrollment>('PUT', `/api/enroll/${created.body.id}`, {
      body: { ...body, courseIds: [2, 3] },
      headers: { 'X-Edit-Token': token },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ courseIds: [2, 3], price: 6998 });
  });

  it('rejects an invalid coupon rather than silently charging full price', async () => {
    const res = await call<ErrorBody>('POST', '/api/enroll', { body: enrollment({ planId: 'yearly', coupon: 'FREE100' }) });
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.coupon).toBe('Invalid coupon code.');
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['blank name', { name: '  ' }, 'name'],
    ['blank college', { collegeName: '' }, 'collegeName'],
    ['e-mail with a space', { email: 'meera p@example.com' }, 'email'],
    ['9-digit phone', { phone: '987654321' }, 'phone'],
    ['11-digit phone', { phone: '98765432100' }, 'phone'],
    ['phone with letters', { phone: '98765abc10' }, 'phone'],
    ['phone as a number', { phone: 9876543210 }, 'phone'],
    ['unknown course option', { interestedCourse: 'Basket Weaving' }, 'interestedCourse'],
    ['unknown batch time', { preferredBatchTime: 'Midnight' }, 'preferredBatchTime'],
    ['unknown plan', { planId: 'diamond' }, 'planId'],
    ['course id out of range', { planId: undefined, courseId: 35 }, 'courseId'],
    ['name as an object', { name: { first: 'Meera' } }, 'name'],
  ];
  for (const [label, patch, field] of invalid) {
    it(`400 for ${label}, with the field named`, async () => {
      const res = await call<ErrorBody>('POST', '/api/enroll', { body: enrollment(patch) });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Please fill out all fields correctly.');
      expect(res.body.error.fields?.[field]).toBeTruthy();
    });
  }

  it('400 when both or neither of planId and courseId are given', async () => {
    expect((await call('POST', '/api/enroll', { body: enrollment({ courseId: 3 }) })).status).toBe(400);
    expect((await call('POST', '/api/enroll', { body: enrollment({ planId: undefined }) })).status).toBe(400);
  });

  it('400 for unknown keys', async () => {
    const res = await call<ErrorBody>('POST', '/api/enroll', { body: enrollment({ status: 'paid' }) });
    expect(res.status).toBe(400);
  });

  it('an Idempotency-Key retry by the same caller returns the first enrollment with a new edit token of its own', async () => {
    const key = randomUUID();
    const body = enrollment();
    const first = await create(body, { 'Idempotency-Key': key });
    const second = await create(body, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.editToken).toMatch(/^[a-f0-9]{64}$/);
    expect(second.body.editToken).not.toBe(first.body.editToken);
    const docs = await db().collection('enrollments').where('email', '==', body.email).get();
    expect(docs.size).toBe(1);
    for (const token of [first.body.editToken, second.body.editToken]) {
      const edit = await call('PUT', `/api/enroll/${first.body.id}`, { body, headers: { 'X-Edit-Token': token ?? '' } });
      expect(edit.status).toBe(200);
    }
  });

  it('ties the enrollment to the signed-in user; a bad token is a 401', async () => {
    const user = await createUser();
    const res = await create(enrollment({ email: user.email }), bearer(user));
    expect(res.status).toBe(201);
    expect((await db().collection('enrollments').doc(res.body.id).get()).get('uid')).toBe(user.uid);
    const forged = await call<ErrorBody>('POST', '/api/enroll', { body: enrollment(), headers: { Authorization: 'Bearer not.a.token' } });
    expect(forged.status).toBe(401);
  });
});

describe('PUT /api/enroll/{id}', () => {
  it('needs the edit token; with it the same document is updated (200)', async () => {
    const body = enrollment();
    const created = await create(body);
    const changed = { ...body, preferredBatchTime: 'Weekday Evening', price: 5 };

    const none = await call<ErrorBody>('PUT', `/api/enroll/${created.body.id}`, { body: changed });
    expect(none.status).toBe(401);
    const wrong = await call<ErrorBody>('PUT', `/api/enroll/${created.body.id}`, {
      body: changed,
      headers: { 'X-Edit-Token': 'f'.repeat(64) },
    });
    expect(wrong.status).toBe(403);

    const ok = await call<CreatedEnrollment>('PUT', `/api/enroll/${created.body.id}`, {
      body: changed,
      headers: { 'X-Edit-Token': created.body.editToken ?? '' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.id).toBe(created.body.id);
    expect(ok.body.preferredBatchTime).toBe('Weekday Evening');
    expect(ok.body.price).toBe(7799);
    const docs = await db().collection('enrollments').where('email', '==', body.email).get();
    expect(docs.size).toBe(1);
    expect(docs.docs[0].get('preferredBatchTime')).toBe('Weekday Evening');
  });

  it('lets the signed-in owner edit with their ID token, but not another user', async () => {
    const owner = await createUser();
    const other = await createUser();
    const body = enrollment({ email: owner.email });
    const created = await create(body, bearer(owner));
    const byOther = await call('PUT', `/api/enroll/${created.body.id}`, { body, headers: bearer(other) });
    expect(byOther.status).toBe(403);
    const byOwner = await call('PUT', `/api/enroll/${created.body.id}`, { body: { ...body, name: 'Owner Edit' }, headers: bearer(owner) });
    expect(byOwner.status).toBe(200);
  });

  it('404 for an unknown id', async () => {
    const res = await call<ErrorBody>('PUT', '/api/enroll/doesNotExist123', {
      body: enrollment(),
      headers: { 'X-Edit-Token': 'a'.repeat(64) },
    });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not-found');
  });

  it('409 once the enrollment is no longer pending payment', async () => {
    const body = enrollment();
    const created = await create(body);
    await db().collection('enrollments').doc(created.body.id).update({ status: 'paid' });
    const res = await call<ErrorBody>('PUT', `/api/enroll/${created.body.id}`, {
      body,
      headers: { 'X-Edit-Token': created.body.editToken ?? '' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('failed-precondition');
  });

  it('validates the body like a create', async () => {
    const body = enrollment();
    const created = await create(body);
    const res = await call('PUT', `/api/enroll/${created.body.id}`, {
      body: { ...body, phone: '123' },
      headers: { 'X-Edit-Token': created.body.editToken ?? '' },
    });
    expect(res.status).toBe(400);
  });
});
