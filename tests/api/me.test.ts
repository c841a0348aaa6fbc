import { createHash, randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DataExport } from '@upskill/domain/account';
import { call, contactMessage } from '../support/api';
import { db } from '../support/admin';
import { bearer, createUser, signIn, type TestUser } from '../support/auth';
import { enrollLearner, openBatch } from '../support/learning';
import { eventually } from '../support/razorpay';
import { createStaff } from '../support/staff';

// The learner's own data, through Hosting and the `me` function, against what the other endpoints
// (and, for certificates and attendance, staff) stored about them and about someone else.

const newClient = () => `me-${randomUUID().slice(0, 8)}`;

/** The emulator's clock control (functions/src/http/clock.ts): the request happens this many minutes from now. */
const later = (minutes: number) => ({ 'X-Emulator-Now': new Date(Date.now() + minutes * 60_000).toISOString() });

interface Seeded {
  learner: TestUser;
  enrollmentId: string;
  contactId: string;
  certificateCode: string;
}

/** One learner with one record of every kind: paid enrollment, mail, contact, newsletter, reset, feed, certificate, attendance, audit. */
async function seed(batchId: string, staff: TestUser): Promise<Seeded> {
  const learner = await createUser({ emailVerified: true });
  const client = newClient();
  const { enrollmentId } = await enrollLearner(batchId, { learner });
  const contact = await call<{ id: string }>('POST', '/api/contact', { body: contactMessage({ email: learner.email }), client });
  expect(contact.status).toBe(201);
  expect((await call('POST', `/api/staff/messages/${contact.body.id}/handled`, { body: { note: 'Answered.' }, headers: bearer(staff), client })).status).toBe(200);
  expect((await call('POST', '/api/newsletter', { body: { email: learner.email }, client })).status).toBe(202);
  expect((await call('POST', '/api/account/password-reset', { body: { email: learner.email }, client })).status).toBe(202);
  expect((await call('POST', '/api/calendar/feed', { body: {}, headers: bearer(learner), client })).status).toBe(201);
  const certificateCode = `EXP${randomUUID().replace(/-/g, '').slice(0, 9).toUpperCase()}`;
  const now = Timestamp.now();
  await db().collection('certificates').doc(certificateCode).set({
    enrollmentId, batchId, uid: learner.uid, email: learner.email, name: 'Meera Pillai', course: 'Python Programming Foundations',
    startDate: '2026-01-05', endDate: '2026-02-27', instructor: 'Asha Rao', basis: 'attendance', attended: 8, held: 10, status: 'valid',
    revokedAt: null, revokedReason: null, public: false, issuedAt: now,
  });
  await db().collection('attendance').doc(`${batchId}_0_${enrollmentId}`).set({
    batchId, sessionId: `${batchId}_0`, enrollmentId, present: true, source: 'staff', markedBy: staff.uid, at: now,
  });
  return { learner, enrollmentId, contactId: contact.body.id, certificateCode };
}

let mine: Seeded;
let theirs: Seeded;

beforeAll(async () => {
  const staff = await createStaff();
  const batchId = await openBatch(staff);
  [mine, theirs] = await Promise.all([seed(batchId, staff), seed(batchId, staff)]);
  // The trigger has handled both resets, and both invoices are issued.
  const hashes = [mine, theirs].map((s) => createHash('sha256').update(s.learner.email).digest('hex'));
  await eventually(async () => {
    const requests = await db().collection('accountRequests').where('emailHash', 'in', hashes).get();
    const invoices = await db().collection('taxDocuments').where('enrollmentId', 'in', [mine.enrollmentId, theirs.enrollmentId]).get();
    return requests.size === 2 && requests.docs.every((d) => d.get('state') === 'sent') && invoices.size === 2 ? true : undefined;
  });
}, 120_000);

describe('GET /api/me/export', () => {
  it('holds each kind of record seeded for the learner, as an attachment, and nothing of another learner', async () => {
    const res = await call<DataExport>('GET', '/api/me/export', { headers: bearer(mine.learner), client: newClient() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="upskill-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.body;

    expect(data.account).toMatchObject({ uid: mine.learner.uid, email: mine.learner.email, emailVerified: true, signInMethods: ['password'] });
    expect(data.enrollments.map((e) => e.id)).toEqual([mine.enrollmentId]);
    expect(data.enrollments[0]).toMatchObject({ status: 'paid', email: mine.learner.email });
    expect(data.payments).toEqual([expect.objectContaining({ enrollmentId: mine.enrollmentId, state: 'captured' })]);
    expect(data.taxDocuments).toEqual([expect.objectContaining({ enrollmentId: mine.enrollmentId, kind: 'invoice' })]);
    expect(data.certificates.map((c) => c.id)).toEqual([mine.certificateCode]);
    expect(data.attendance).toEqual([expect.objectContaining({ enrollmentId: mine.enrollmentId, present: true })]);
    expect(data.contactMessages.map((m) => m.id)).toEqual([mine.contactId]);
    expect(data.newsletter).toMatchObject({ email: mine.learner.email, status: 'pending' });
    expect(data.calendarFeeds).toHaveLength(1);
    expect(data.accountRequests).toEqual([expect.objectContaining({ kind: 'password-reset', state: 'sent' })]);
    expect(data.staffAudit).toEqual([expect.objectContaining({ targetId: mine.contactId, action: 'message-handled' })]);
    const subjects = data.mail.map((m) => m.subject);
    expect(subjects).toEqual(expect.arrayContaining(['Reset your Upskill password', 'Confirm your Upskill newsletter subscription']));
    expect(data.mail.every((m) => m.to === mine.learner.email)).toBe(true);
    // Timestamps are plain ISO strings.
    expect(data.enrollments[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    // Nothing of the other learner, and none of the secrets that guard links.
    const text = res.text;
    for (const foreign of [theirs.learner.email, theirs.learner.uid, theirs.enrollmentId, theirs.contactId, theirs.certificateCode]) expect(text).not.toContain(foreign);
    for (const secret of ['editTokenHashes', 'searchKeys', 'nonce', 'oobCode', '"ticket"']) expect(text).not.toContain(secret);
  });

  it('needs a sign-in from the last 5 minutes, and a real one', async () => {
    const stale = await call<{ error: { code: string; message: string; fields?: Record<string, string> } }>('GET', '/api/me/export', {
      headers: { ...bearer(mine.learner), ...later(5.1) }, client: newClient(),
    });
    expect(stale.status).toBe(401);
    expect(stale.body.error).toEqual({ code: 'unauthenticated', message: 'For your security, please confirm your password again to download your data.', fields: { reauthenticate: 'required' } });
    // Just inside the five minutes, the same session may.
    expect((await call('GET', '/api/me/export', { headers: { ...bearer(mine.learner), ...later(4.5) }, client: newClient() })).status).toBe(200);
    expect((await call('GET', '/api/me/export', { client: newClient() })).status).toBe(401);
    expect((await call('GET', '/api/me/export', { headers: { Authorization: 'Bearer not-a-token' }, client: newClient() })).status).toBe(401);
    expect((await call('POST', '/api/me/export', { body: {}, headers: bearer(mine.learner), client: newClient() })).status).toBe(405);
    expect((await call('GET', '/api/me/anything', { headers: bearer(mine.learner), client: newClient() })).status).toBe(404);
  });

  it('is limited to 5 exports a minute per account, from any address', async () => {
    const learner = await createUser({ emailVerified: true });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call('GET', '/api/me/export', { headers: bearer(learner), client: newClient() })).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });
});

describe('DELETE /api/me/sessions: sign out everywhere', () => {
  it('revokes every session of the account, and only that account', async () => {
    const learner = await createUser({ emailVerified: true });
    const other = await createUser({ emailVerified: true });
    const secondDevice = await signIn(learner);
    expect((await call('GET', '/api/learning', { headers: { Authorization: `Bearer ${secondDevice}` }, client: newClient() })).status).toBe(200);
    // Revocation is to the second: a token issued in the same second as the revocation would survive it.
    await new Promise((r) => setTimeout(r, 1100));
    const done = await call('DELETE', '/api/me/sessions', { headers: bearer(learner), client: newClient() });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ status: 'signed-out' });
    for (const token of [learner.idToken, secondDevice]) {
      expect((await call('GET', '/api/learning', { headers: { Authorization: `Bearer ${token}` }, client: newClient() })).status).toBe(401);
    }
    expect((await call('GET', '/api/learning', { headers: bearer(other), client: newClient() })).status).toBe(200);
    expect((await call('DELETE', '/api/me/sessions', { client: newClient() })).status).toBe(401);
  });
});
