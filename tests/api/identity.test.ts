import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ApiErrorBody, CreatedEnrollment, EnrollmentSummary } from '@upskill/domain/enrollment';
import { csvRow } from '@upskill/domain/common';
import { call, contactMessage, enrollment } from '../support/api';
import { adminAuth, db } from '../support/admin';
import { bearer, createUser, signIn, signInWithGoogle } from '../support/auth';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const post = (body: Record<string, unknown>, options: { key?: string; client?: string; headers?: Record<string, string> } = {}) =>
  call<CreatedEnrollment & ApiErrorBody>('POST', '/api/enroll', {
    body,
    client: options.client,
    headers: { ...(options.key ? { 'Idempotency-Key': options.key } : {}), ...options.headers },
  });

describe('Idempotency-Key: scoped to the caller and the request, never a way into another enrollment', () => {
  it("someone else's key (the seed's seed-demo-0) with any body gets a record of its own, not theirs", async () => {
    const victim = enrollment({ name: 'Asha Kapoor' });
    const first = await post(victim, { key: 'seed-demo-0', client: 'victim-laptop' });
    expect(first.status).toBe(201);

    const attacker = enrollment({ name: 'Mallory' });
    const replay = await post(attacker, { key: 'seed-demo-0', client: 'attacker' });
    expect(replay.status).toBe(201);
    expect(replay.body.id).not.toBe(first.body.id);
    expect(JSON.stringify(replay.body)).not.toContain(victim.email as string);
    expect(JSON.stringify(replay.body)).not.toContain('Asha Kapoor');

    // Even the victim's exact body, from another caller, opens nothing of theirs.
    const sameBody = await post(victim, { key: 'seed-demo-0', client: 'attacker' });
    expect(sameBody.body.id).not.toBe(first.body.id);
    const edit = await call('PUT', `/api/enroll/${first.body.id}`, { body: victim, headers: { 'X-Edit-Token': sameBody.body.editToken } });
    expect(edit.status).toBe(403);
  });

  it('the same caller reusing a key for a different request gets 422 and no record', async () => {
    const key = randomUUID();
    const first = await post(enrollment(), { key });
    expect(first.status).toBe(201);
    const other = await post(enrollment({ planId: 'standard' }), { key });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('unprocessable');
    expect(JSON.stringify(other.body)).not.toContain(first.body.id);
    expect(JSON.stringify(other.body)).not.toContain(first.body.email);
  });

  it('a signed-in caller’s key is theirs alone: another account with the same key and body gets its own record', async () => {
    const a = await createUser({ emailVerified: true });
    const b = await createUser({ emailVerified: true });
    const key = randomUUID();
    const body = enrollment();
    const mine = await post(body, { key, headers: bearer(a) });
    const theirs = await post(body, { key, headers: bearer(b) });
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect((await db().collection('enrollments').doc(theirs.body.id).get()).get('uid')).toBe(b.uid);
  });

  it('edit tokens are random 256-bit values, not derived from the key, and only their hash is stored', async () => {
    const key = `predictable-${randomUUID()}`;
    const res = await post(enrollment(), { key });
    const token = res.body.editToken;
    expect(token).toMatch(/^[a-f0-9]{64}$/);
    for (const guess of [sha256(key), sha256(`edit:${key}:${res.body.id}`), sha256(`idem:${key}`)]) expect(token).not.toBe(guess);
    const stored = JSON.stringify((await db().collection('enrollments').doc(res.body.id).get()).data());
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(key);
    expect(stored).toContain(sha256(token));
  });

  it('a key expires after 24 hours: the same request then makes a new enrollment', async () => {
    const key = randomUUID();
    const body = enrollment();
    const first = await post(body, { key });
    const keys = await db().collection('idempotencyKeys').where('enrollmentId', '==', first.body.id).get();
    expect(keys.size).toBe(1);
    const expiresAt = keys.docs[0].get('expiresAt').toMillis();
    expect(expiresAt - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    await keys.docs[0].ref.update({ expiresAt: new Date(Date.now() - 1000) });
    const later = await post(body, { key });
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
  });
});

describe('who is signed in: only verified e-mail, only live sessions', () => {
  it('a Google identity with email_verified false does not see enrollments made with that address', async () => {
    const email = `unverified.${randomUUID().slice(0, 8)}@example.com`;
    await post(enrollment({ email }));
    const google = await signInWithGoogle({ email, emailVerified: false });
    const list = await call<EnrollmentSummary[]>('GET', '/api/enroll', { headers: bearer(google) });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);

    const verified = await signInWithGoogle({ email: `verified.${randomUUID().slice(0, 8)}@example.com`, emailVerified: true });
    await post(enrollment({ email: verified.email }));
    expect((await call<EnrollmentSummary[]>('GET', '/api/enroll', { headers: bearer(verified) })).body).toHaveLength(1);
  });

  it('a revoked session is refused at once (401), and a new sign-in works again', async () => {
    const user = await createUser({ emailVerified: true });
    expect((await call('GET', '/api/enroll', { headers: bearer(user) })).status).toBe(200);
    // Revocation is recorded in whole seconds: let the token's auth_time fall before it.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await adminAuth().revokeRefreshTokens(user.uid);
    for (const [method, path, body] of [
      ['GET', '/api/enroll', undefined],
      ['POST', '/api/enroll', enrollment()],
    ] as const) {
      const res = await call<ApiErrorBody>(method, path, { body, headers: bearer(user) });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthenticated');
    }
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const fresh = await signIn(user);
    expect((await call('GET', '/api/enroll', { headers: { Authorization: `Bearer ${fresh}` } })).status).toBe(200);
  });

  it('a disabled account is refused at once (401)', async () => {
    const user = await createUser({ emailVerified: true });
    await adminAuth().updateUser(user.uid, { disabled: true });
    expect((await call('GET', '/api/enroll', { headers: bearer(user) })).status).toBe(401);
  });
});

describe('edits cannot move an enrollment to someone else', () => {
  it('PUT with a different e-mail is 409 with a clear message and changes nothing', async () => {
    const body = enrollment();
    const created = await post(body);
    const res = await call<ApiErrorBody>('PUT', `/api/enroll/${created.body.id}`, {
      body: { ...body, email: 'someone.else@example.com', name: 'Changed' },
      headers: { 'X-Edit-Token': created.body.editToken },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/e-mail address of an enrollment cannot be changed/);
    const snap = await db().collection('enrollments').doc(created.body.id).get();
    expect(snap.get('email')).toBe(body.email);
    expect(snap.get('name')).toBe(body.name);
  });
});

describe('malformed ids are a 404 JSON error, never a 500', () => {
  // Broken percent-encoding (%E0%A4%A) never reaches the function in the emulator suite: the Hosting
  // emulator's static-file lookup answers its own 500 and the Functions emulator's router a 400 before
  // any of our code runs. functions/src/enrollment/routes.test.ts checks the function's own answer (404 JSON).
  const ids = ['__x__', '__proto__', 'constructor', 'a%2Fb', 'a%00b', '%E2%80%AEabc', 'x'.repeat(65), 'a/b', 'abc%20def'];
  for (const id of ids) {
    it(`PUT /api/enroll/${id.slice(0, 20)}`, async () => {
      const res = await call<ApiErrorBody>('PUT', `/api/enroll/${id}`, { body: enrollment(), headers: { 'X-Edit-Token': 'a'.repeat(64) } });
      expect(res.status, res.text).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.body).toEqual({ error: { code: 'not-found', message: expect.any(String) } });
    });
  }
});

describe('hostile but valid text', () => {
  it('a formula is stored as typed and neutralised when exported to CSV', async () => {
    const formula = '=HYPERLINK("http://evil.example","Click me")';
    const res = await call<{ id: string }>('POST', '/api/contact', {
      body: contactMessage({ message: formula, fullName: '+Rahul Desai' }),
    });
    expect(res.status).toBe(201);
    const snap = await db().collection('contactMessages').doc(res.body.id).get();
    expect(snap.get('message')).toBe(formula);
    expect(csvRow([snap.get('fullName'), snap.get('message')])).toBe(`'+Rahul Desai,"'=HYPERLINK(""http://evil.example"",""Click me"")"`);
  });
});
