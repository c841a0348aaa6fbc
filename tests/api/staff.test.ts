import { randomUUID, createSign, generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, OrderCheckout, CreatedEnrollment } from '@upskill/domain/enrollment';
import { RESEND_COOLDOWN_MS, STAFF_COLLECTIONS, type StaffActionAnswer } from '@upskill/domain/staff';
import { call, contactMessage, enrollment } from '../support/api';
import { adminAuth, db } from '../support/admin';
import { bearer, createUser, signIn, type TestUser } from '../support/auth';
import { eventually, sandboxClient, sandboxPay } from '../support/razorpay';
import { createStaff, staffCli } from '../support/staff';

// The staff console's changes: POST /api/staff/{messages|enrollments}/{id}/{action}, through Hosting,
// checked against the real ID tokens the Auth emulator issues; refunds through the Razorpay sandbox.

const client = `staff-${randomUUID().slice(0, 8)}`;
type Answer = StaffActionAnswer & ApiErrorBody;
const act = (path: string, body: unknown, headers: Record<string, string>) =>
  call<Answer>('POST', `/api/staff/${path}`, { body, headers, client });

let staff: TestUser;
let learner: TestUser;
beforeAll(async () => {
  [staff, learner] = await Promise.all([createStaff(), createUser({ emailVerified: true })]);
});

async function newMessage(): Promise<string> {
  const res = await call<{ id: string }>('POST', '/api/contact', { body: contactMessage(), client });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function newEnrollment(): Promise<CreatedEnrollment> {
  const res = await call<CreatedEnrollment>('POST', '/api/enroll', { body: enrollment({ name: 'Farah Siddiqui' }), client });
  expect(res.status).toBe(201);
  return res.body;
}

async function paidEnrollment(): Promise<CreatedEnrollment & { paymentId: string }> {
  const e = await newEnrollment();
  const order = await call<OrderCheckout>('POST', `/api/enroll/${e.id}/checkout`, {
    body: {},
    headers: { 'X-Edit-Token': e.editToken },
    client,
  });
  const paid = await sandboxPay(order.body.orderId);
  const confirmed = await call('POST', `/api/enroll/${e.id}/payment`, {
    body: paid.body,
    headers: { 'X-Edit-Token': e.editToken },
    client,
  });
  expect(confirmed.status).toBe(200);
  return { ...e, paymentId: paid.body.razorpay_payment_id };
}

const auditOf = async (targetId: string) =>
  (await db().collection(STAFF_COLLECTIONS.audit).where('targetId', '==', targetId).get()).docs.map((d) => d.data());
const mailFor = async (to: string, template: string) =>
  (await db().collection('mail').where('to', '==', to).get()).docs.filter((d) => d.get('template') === template).length;

/** An RS256 token that looks like Firebase's but is signed by us: production and the emulator both refuse it. */
function forgedToken(uid: string): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const head = b64({ alg: 'RS256', kid: 'forged', typ: 'JWT' });
  const body = b64({
    iss: 'https://securetoken.google.com/demo-upskill',
    aud: 'demo-upskill',
    sub: uid,
    user_id: uid,
    auth_time: now,
    iat: now,
    exp: now + 3600,
    staff: true,
    email: 'mallory@example.com',
  });
  const signature = createSign('RSA-SHA256').update(`${head}.${body}`).sign(privateKey).toString('base64url');
  return `${head}.${body}.${signature}`;
}

describe('who may act: every staff action refuses everyone but staff', () => {
  it('anonymous 401, a signed-in learner 403, a forged staff token 401, for each action; nothing changes', async () => {
    const messageId = await newMessage();
    const e = await newEnrollment();
    const actions: [string, unknown][] = [
      [`messages/${messageId}/handled`, { note: 'done' }],
      [`enrollments/${e.id}/resend`, { mail: 'payment-link' }],
      [`enrollments/${e.id}/refund`, { reason: 'asked' }],
    ];
    for (const [path, body] of actions) {
      const anonymous = await act(path, body, {});
      expect(anonymous.status, path).toBe(401);
      const notStaff = await act(path, body, bearer(learner));
      expect(notStaff.status, path).toBe(403);
      expect(notStaff.body.error.code).toBe('permission-denied');
      const forged = await act(path, body, { Authorization: `Bearer ${forgedToken(staff.uid)}` });
      expect(forged.status, path).toBe(401);
      // The edit token that opens the enrollment to its owner opens nothing here.
      expect((await act(path, body, { 'X-Edit-Token': e.editToken })).status, path).toBe(401);
    }
    expect((await db().collection('contactMessages').doc(messageId).get()).get('handled')).toBe(false);
    expect(await auditOf(messageId)).toEqual([]);
    expect(await auditOf(e.id)).toEqual([]);
    expect(await mailFor(e.email, 'enrollment-created')).toBe(1);
  });

  it('a claim with another name or a non-boolean value is not staff', async () => {
    const messageId = await newMessage();
    for (const claims of [{ Staff: true }, { isStaff: true }, { staff: 'true' }, { staff: 1 }, { admin: true }]) {
      const user = await createUser({ emailVerified: true });
      await adminAuth().setCustomUserClaims(user.uid, claims);
      const res = await act(`messages/${messageId}/handled`, {}, { Authorization: `Bearer ${await signIn(user)}` });
      expect(res.status, JSON.stringify(claims)).toBe(403);
    }
  });

  it('revoking with the CLI shuts an open session out at once, though its token still says staff', async () => {
    const colleague = await createStaff();
    const messageId = await newMessage();
    // Revocation is recorded to the second and a token issued in that same second still passes (Firebase's
    // own rule), so the session being revoked is at least a second old, as any real one is.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const revoked = staffCli('revoke', colleague.email);
    expect(revoked.status, revoked.stderr).toBe(0);
    const res = await act(`messages/${messageId}/handled`, {}, bearer(colleague));
    expect(res.status).toBe(401);
    const fresh = await act(`messages/${messageId}/handled`, {}, { Authorization: `Bearer ${await signIn(colleague)}` });
    expect(fresh.status).toBe(403);
  });

  it('the CLI grants, lists and refuses nonsense', async () => {
    const user = await createUser({ emailVerified: true });
    const granted = staffCli('grant', user.email, '--admin');
    expect(granted.status, granted.stderr).toBe(0);
    expect((await adminAuth().getUser(user.uid)).customClaims).toEqual({ staff: true, admin: true });
    expect(staffCli('list').stdout).toContain(`${user.email}\tstaff, admin`);
    const messageId = await newMessage();
    expect((await act(`messages/${messageId}/handled`, {}, { Authorization: `Bearer ${await signIn(user)}` })).status).toBe(200);

    expect(staffCli('grant', 'nobody-here@example.com').status).toBe(1);
    expect(staffCli('grant').status).toBe(1);
    expect(staffCli('promote', user.email).status).toBe(1);
    expect(staffCli('revoke', user.email, '--admin').status).toBe(1);
  });

  it('unknown routes are 404 before anyone is asked to sign in; other methods 405', async () => {
    expect((await act('messages/abc/delete', {}, bearer(staff))).status).toBe(404);
    expect((await act('users/abc/handled', {}, bearer(staff))).status).toBe(404);
    expect((await act('messages/a%2Fb/handled', {}, {})).status).toBe(404);
    expect((await act('messages/__proto__/handled', {}, bearer(staff))).status).toBe(404);
    expect((await act('constructor/x/handled', {}, bearer(staff))).status).toBe(404);
    const get = await call<ApiErrorBody>('GET', '/api/staff/messages/abc/handled', { headers: bearer(staff), client });
    expect(get.status).toBe(405);
  });
});

describe('POST /api/staff/messages/{id}/handled', () => {
  it('marks the message handled with the note, and writes the audit entry in the same change', async () => {
    const id = await newMessage();
    const res = await act(`messages/${id}/handled`, { note: '  Called back; wants the weekend batch.  ' }, bearer(staff));
    expect(res.status).toBe(200);
    const message = (await db().collection('contactMessages').doc(id).get()).data();
    expect(message).toMatchObject({ handled: true, handledBy: staff.email, handledNote: 'Called back; wants the weekend batch.' });
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      action: 'message-handled',
      targetKind: 'contactMessage',
      actorUid: staff.uid,
      actorEmail: staff.email,
      detail: 'Called back; wants the weekend batch.',
    });
    expect((await db().collection(STAFF_COLLECTIONS.audit).doc(res.body.auditId).get()).exists).toBe(true);
  });

  it('two staff at once: one marks it, the other is told who did; one audit entry', async () => {
    const id = await newMessage();
    const other = await createStaff();
    const answers = await Promise.all([act(`messages/${id}/handled`, {}, bearer(staff)), act(`messages/${id}/handled`, {}, bearer(other))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.error.message).toMatch(/already marked handled by/);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('bad input: 400 with the field, unknown id 404, nothing written', async () => {
    const id = await newMessage();
    const long = await act(`messages/${id}/handled`, { note: 'x'.repeat(1001) }, bearer(staff));
    expect(long.status).toBe(400);
    expect(long.body.error.fields?.note).toMatch(/under 1000/);
    expect((await act(`messages/${id}/handled`, { note: 5 }, bearer(staff))).status).toBe(400);
    expect((await act(`messages/${id}/handled`, { note: 'ok', handled: false }, bearer(staff))).status).toBe(400);
    expect((await call('POST', `/api/staff/messages/${id}/handled`, { raw: '[]', headers: bearer(staff), client })).status).toBe(400);
    expect((await act('messages/doesNotExist0/handled', {}, bearer(staff))).status).toBe(404);
    expect((await db().collection('contactMessages').doc(id).get()).get('handled')).toBe(false);
    expect(await auditOf(id)).toEqual([]);
  });
});

describe('POST /api/staff/enrollments/{id}/resend', () => {
  it('queues the payment link through the outbox once; a second click within a minute is refused', async () => {
    const e = await newEnrollment();
    const first = await act(`enrollments/${e.id}/resend`, { mail: 'payment-link' }, bearer(staff));
    expect(first.status).toBe(200);
    const again = await act(`enrollments/${e.id}/resend`, { mail: 'payment-link' }, bearer(staff));
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/less than a minute ago/);
    expect(RESEND_COOLDOWN_MS).toBe(60_000);
    expect(await mailFor(e.email, 'enrollment-created')).toBe(2);
    const audit = await auditOf(e.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'resend-payment-link', actorEmail: staff.email, detail: `To ${e.email}` });
  });

  it('a receipt only for a paid enrollment, a payment link only for an unpaid one', async () => {
    const unpaid = await newEnrollment();
    const receipt = await act(`enrollments/${unpaid.id}/resend`, { mail: 'receipt' }, bearer(staff));
    expect(receipt.status).toBe(409);
    expect(receipt.body.error.message).toMatch(/Only a paid enrollment/);
    const paid = await paidEnrollment();
    expect((await act(`enrollments/${paid.id}/resend`, { mail: 'payment-link' }, bearer(staff))).status).toBe(409);
    expect((await act(`enrollments/${paid.id}/resend`, { mail: 'receipt' }, bearer(staff))).status).toBe(200);
    expect(await eventually(async () => ((await mailFor(paid.email, 'payment-received')) === 2 ? true : undefined))).toBe(true);
    expect((await act(`enrollments/${paid.id}/resend`, { mail: 'invoice' }, bearer(staff))).status).toBe(400);
    expect((await act('enrollments/nope0000/resend', { mail: 'receipt' }, bearer(staff))).status).toBe(404);
  });
});

describe('POST /api/staff/enrollments/{id}/refund', () => {
  it('refunds through the sandbox with the SDK; the webhook then marks the enrollment refunded', async () => {
    const e = await paidEnrollment();
    const res = await act(`enrollments/${e.id}/refund`, { reason: 'Moved abroad before the batch started.' }, bearer(staff));
    expect(res.status).toBe(200);
    expect(res.body.refundId).toMatch(/^rfnd_/);
    const gatewayPayment = await sandboxClient().payments.fetch(e.paymentId);
    expect(gatewayPayment.status).toBe('refunded');
    const refunded = await eventually(async () => {
      const doc = (await db().collection('enrollments').doc(e.id).get()).data();
      return doc?.status === 'refunded' ? doc : undefined;
    });
    expect(refunded.refund.refundId).toBe(res.body.refundId);
    const audit = await auditOf(e.id);
    expect(audit).toEqual([
      expect.objectContaining({ action: 'refund-requested', actorEmail: staff.email, detail: 'Moved abroad before the batch started.' }),
    ]);
    const again = await act(`enrollments/${e.id}/refund`, { reason: 'again' }, bearer(staff));
    expect(again.status).toBe(409);
  });

  it('a double click, or two staff at once, refunds once', async () => {
    const e = await paidEnrollment();
    const other = await createStaff();
    const answers = await Promise.all([
      act(`enrollments/${e.id}/refund`, { reason: 'Duplicate purchase.' }, bearer(staff)),
      act(`enrollments/${e.id}/refund`, { reason: 'Duplicate purchase.' }, bearer(staff)),
      act(`enrollments/${e.id}/refund`, { reason: 'Duplicate purchase.' }, bearer(other)),
    ]);
    // The bodies go with a failure: a 503 says whether the claim or the gateway call ran out of time.
    expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([200, 409, 409]);
    const refunds = await sandboxClient().payments.fetchMultipleRefund(e.paymentId);
    expect(refunds.count).toBe(1);
    expect((await auditOf(e.id)).filter((a) => a.action === 'refund-requested')).toHaveLength(1);
  });

  it('refuses an unpaid enrollment and a missing reason, and writes nothing', async () => {
    const e = await newEnrollment();
    const unpaid = await act(`enrollments/${e.id}/refund`, { reason: 'test' }, bearer(staff));
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.error.message).toMatch(/Only a paid enrollment/);
    const paid = await paidEnrollment();
    const fresh = await createStaff();
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 'ok', amount: 1 }]) {
      expect((await act(`enrollments/${paid.id}/refund`, body, bearer(fresh))).status, JSON.stringify(body)).toBe(400);
    }
    expect(await auditOf(e.id)).toEqual([]);
    expect(await auditOf(paid.id)).toEqual([]);
    expect((await db().collection('enrollments').doc(paid.id).get()).get('status')).toBe('paid');
  });
});

describe('/api/staff/team: admins grant and revoke staff access', () => {
  const team = (method: 'GET' | 'POST', headers: Record<string, string>, body?: unknown) =>
    call<{ members: { uid: string; email: string; admin: boolean }[] } & Answer>(method, '/api/staff/team', { body, headers, client });

  it('anonymous 401, a learner and staff without admin 403, for listing and changing', async () => {
    const target = await createUser({ emailVerified: true });
    for (const [headers, status] of [
      [{}, 401],
      [bearer(learner), 403],
      [bearer(staff), 403],
    ] as const) {
      expect((await team('GET', headers)).status).toBe(status);
      expect((await team('POST', headers, { email: target.email, access: 'staff' })).status).toBe(status);
    }
    expect((await adminAuth().getUser(target.uid)).customClaims ?? {}).toEqual({});
  });

  it('an admin grants a registered account, which can then act; revoking shuts its open session out; both audited', async () => {
    const admin = await createStaff({ admin: true });
    const target = await createUser({ emailVerified: true });
    const granted = await team('POST', bearer(admin), { email: target.email.toUpperCase(), access: 'staff' });
    expect(granted.status).toBe(200);
    expect((await adminAuth().getUser(target.uid)).customClaims).toEqual({ staff: true });
    const listed = await team('GET', bearer(admin));
    expect(listed.body.members).toContainEqual({ uid: target.uid, email: target.email, admin: false });
    expect(listed.body.members).toContainEqual({ uid: admin.uid, email: admin.email, admin: true });

    const session = await signIn(target);
    const messageId = await newMessage();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const revoked = await team('POST', bearer(admin), { email: target.email, access: 'none' });
    expect(revoked.status).toBe(200);
    expect((await act(`messages/${messageId}/handled`, {}, { Authorization: `Bearer ${session}` })).status).toBe(401);
    expect((await adminAuth().getUser(target.uid)).customClaims).toEqual({});
    const audit = await auditOf(target.uid);
    expect(audit.map((a) => a.action).sort()).toEqual(['staff-granted', 'staff-revoked']);
    expect(audit.every((a) => a.actorUid === admin.uid && a.targetKind === 'user' && a.detail === target.email)).toBe(true);
  });

  it('not oneself, not another admin, not an unknown address, not a malformed request', async () => {
    const admin = await createStaff({ admin: true });
    const other = await createStaff({ admin: true });
    expect((await team('POST', bearer(admin), { email: admin.email, access: 'none' })).status).toBe(409);
    expect((await team('POST', bearer(admin), { email: other.email, access: 'none' })).status).toBe(409);
    expect((await adminAuth().getUser(other.uid)).customClaims).toEqual({ staff: true, admin: true });
    const unknown = await team('POST', bearer(admin), { email: `nobody.${randomUUID().slice(0, 6)}@example.com`, access: 'staff' });
    expect(unknown.status).toBe(404);
    for (const body of [
      {},
      { email: 'not-an-address', access: 'staff' },
      { email: learner.email, access: 'admin' },
      { email: learner.email, access: 'staff', admin: true },
    ]) {
      expect((await team('POST', bearer(admin), body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await adminAuth().getUser(learner.uid)).customClaims ?? {}).toEqual({});
    expect((await call('PUT', '/api/staff/team', { body: {}, headers: bearer(admin), client })).status).toBe(405);
  });
});
