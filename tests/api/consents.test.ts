import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CreatedEnrollment, EnrollmentRecord } from '@upskill/domain/enrollment';
import type { ConsentList, GuardianRequestView } from '@upskill/domain/account';
import { call, enrollment, uniqueEmail } from '../support/api';
import { db } from '../support/admin';
import { bearer, createUser } from '../support/auth';
import { expectMails, linksIn, mailsTo, type CaughtMail } from '../support/mail';

// #33: consents and guardians, through Hosting, the functions, Firestore and MailDev, from the wrong side
// too: forged, replayed and expired guardian links, another learner, no sign-in, concurrent clicks.

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const newClient = () => `consent-${randomUUID().slice(0, 8)}`;
const later = (minutes: number) => ({ 'X-Emulator-Now': new Date(Date.now() + minutes * 60_000).toISOString() });
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

async function minorEnrollment(overrides: Record<string, unknown> = {}) {
  const guardianEmail = uniqueEmail('parent');
  const client = newClient();
  const res = await call<CreatedEnrollment>('POST', '/api/enroll', {
    body: enrollment({ ageDeclaration: 'minor', guardianName: 'Lakshmi Pillai', guardianEmail, ...overrides }),
    client,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { e: res.body, guardianEmail, client, edit: { 'X-Edit-Token': res.body.editToken } };
}

/** The enrollment id and token in a guardian mail's link (…/account/guardian?e=…&t=…). */
function linkIn(mail: CaughtMail): { id: string; token: string } {
  const link = linksIn(mail).find((l) => l.includes('/account/guardian?'));
  expect(link, mail.text).toBeTruthy();
  const url = new URL(link ?? '');
  return { id: url.searchParams.get('e') ?? '', token: url.searchParams.get('t') ?? '' };
}

const view = (id: string, token: string, headers: Record<string, string> = {}) =>
  call<GuardianRequestView & ErrorBody>('GET', `/api/account/guardian/${id}?t=${token}`, { client: newClient(), headers });
const decide = (id: string, token: string, decision: string, headers: Record<string, string> = {}) =>
  call<{ state: string } & ErrorBody>('POST', `/api/account/guardian/${id}`, { body: { token, decision }, client: newClient(), headers });

describe('an enrollment by a learner under 18', () => {
  it('needs a declaration, and under 18 a guardian with their own address', async () => {
    const client = newClient();
    const missing = await call<ErrorBody>('POST', '/api/enroll', { body: enrollment({ ageDeclaration: undefined }), client });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields?.ageDeclaration).toBe('Please tell us whether you are 18 or older');
    const noGuardian = await call<ErrorBody>('POST', '/api/enroll', { body: enrollment({ ageDeclaration: 'minor' }), client });
    expect(noGuardian.status).toBe(400);
    expect(noGuardian.body.error.fields).toMatchObject({
      guardianName: 'Please enter your parent’s or guardian’s name',
      guardianEmail: 'Please enter your parent’s or guardian’s e-mail',
    });
    const email = uniqueEmail();
    const own = await call<ErrorBody>('POST', '/api/enroll', {
      body: enrollment({ email, ageDeclaration: 'minor', guardianName: 'Me', guardianEmail: email.toUpperCase() }),
      client,
    });
    expect(own.status).toBe(400);
    expect(own.body.error.fields?.guardianEmail).toBe('Please enter your parent’s or guardian’s own e-mail, not yours');
  });

  it('mails the guardian; checkout stays closed until they consent; forged, expired and replayed links are refused', async () => {
    const { e, guardianEmail, client, edit } = await minorEnrollment();
    expect(e.guardian).toMatchObject({ name: 'Lakshmi Pillai', state: 'pending', email: `p•••@example.com` });
    expect(JSON.stringify(e)).not.toContain(guardianEmail);

    const [mail] = await expectMails(guardianEmail, 1);
    expect(mail.subject).toBe('Meera Pillai asks for your consent to enroll with Upskill');
    const { id, token } = linkIn(mail);
    expect(id).toBe(e.id);

    const closed = await call<ErrorBody>('POST', `/api/enroll/${e.id}/checkout`, { body: {}, headers: edit, client });
    expect(closed.status).toBe(403);
    expect(closed.body.error.message).toBe('Payment opens once your parent or guardian has given consent. We have mailed them a link.');

    // Forged: another token and a token for another enrollment are no such link (404), viewed or decided; a
    // malformed token is no link either when viewed (404), and a decision carrying it fails the body's schema (400).
    const forged = 'f'.repeat(64);
    for (const [eid, t, decided] of [
      [e.id, forged, 404],
      ['nosuchenrollment', token, 404],
      [e.id, token.slice(0, 63), 400],
    ] as const) {
      expect((await view(eid, t)).status).toBe(404);
      expect((await decide(eid, t, 'give')).status, `${eid} ${t.length}`).toBe(decided);
    }
    // Expired: the same link eight days on (the emulator's request clock).
    const expired = await decide(id, token, 'give', later(8 * 24 * 60));
    expect(expired.status).toBe(410);
    expect(expired.body.error.message).toMatch(/expired/);

    const opened = await view(id, token);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ learnerName: 'Meera Pillai', guardianName: 'Lakshmi Pillai', offerName: 'Pro', state: 'pending' });

    // Two clicks at once: one consent, one mail.
    const [a, b] = await Promise.all([decide(id, token, 'give'), decide(id, token, 'give')]);
    expect([a.status, b.status].sort()).toEqual([200, 404]);
    // Replayed later: refused, and nothing changes.
    expect((await decide(id, token, 'give')).status).toBe(404);
    expect((await decide(id, token, 'refuse')).status).toBe(404);

    const consent = (await db().collection('consents').doc(`guardian-${e.id}`).get()).data();
    expect(consent).toMatchObject({
      kind: 'guardian',
      state: 'given',
      givenBy: 'Lakshmi Pillai',
      enrollmentId: e.id,
      subjectHash: sha256(e.email),
      withdrawnAt: null,
    });
    expect(consent?.givenFrom).toMatch(/^[a-f0-9]{64}$/);
    expect(JSON.stringify(consent)).not.toMatch(/consent-[a-f0-9]{8}|127\.0\.0\.1|emulator:/);

    const open = await call<{ orderId: string }>('POST', `/api/enroll/${e.id}/checkout`, { body: {}, headers: edit, client });
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(open.body.orderId).toMatch(/^order_/);

    const [, given] = await expectMails(guardianEmail, 2);
    expect(given.subject).toBe("You gave consent for Meera Pillai's enrollment");
    const [answered] = await expectMails(e.email, 2).then((mails) => mails.filter((m) => m.subject.includes('you can pay now')));
    expect(answered).toBeTruthy();

    // The withdrawal link in the "recorded" mail: one click; checkout closes and the open order is voided.
    const withdrawLink = linkIn(given);
    expect(withdrawLink.token).not.toBe(token);
    const withdrawn = await decide(withdrawLink.id, withdrawLink.token, 'withdraw');
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.state).toBe('withdrawn');
    expect((await db().collection('consents').doc(`guardian-${e.id}`).get()).data()).toMatchObject({ state: 'withdrawn' });
    expect((await db().collection('orders').doc(open.body.orderId).get()).get('voided')).toBe(true);
    expect((await call('POST', `/api/enroll/${e.id}/checkout`, { body: {}, headers: edit, client })).status).toBe(403);
    expect((await decide(withdrawLink.id, withdrawLink.token, 'withdraw')).status).toBe(404);
  }, 90_000);

  it('a refusal closes payment for good; "Send again" is the learner\'s, rate-limited, and retires the old link', async () => {
    const { e, guardianEmail, client, edit } = await minorEnrollment();
    const [first] = await expectMails(guardianEmail, 1);
    const old = linkIn(first);

    expect((await call('POST', `/api/enroll/${e.id}/guardian`, { body: {}, client })).status).toBe(401);
    const stranger = await createUser({ emailVerified: true });
    expect((await call('POST', `/api/enroll/${e.id}/guardian`, { body: {}, headers: bearer(stranger), client })).status).toBe(403);
    const tooSoon = await call<ErrorBody>('POST', `/api/enroll/${e.id}/guardian`, { body: {}, headers: edit, client });
    expect(tooSoon.status).toBe(429);
    const again = await call<EnrollmentRecord['guardian']>('POST', `/api/enroll/${e.id}/guardian`, {
      body: {},
      headers: { ...edit, ...later(11) },
      client,
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const [, second] = await expectMails(guardianEmail, 2);
    const fresh = linkIn(second);
    expect((await view(old.id, old.token)).status).toBe(404);

    expect((await decide(fresh.id, fresh.token, 'refuse')).body.state).toBe('refused');
    const closed = await call<ErrorBody>('POST', `/api/enroll/${e.id}/checkout`, { body: {}, headers: edit, client });
    expect(closed.status).toBe(403);
    expect(closed.body.error.message).toBe('Your parent or guardian did not give consent, so this enrollment cannot be paid.');
    // The declaration and the guardian are fixed: an edit cannot turn the learner into an adult.
    const record = (await db().collection('enrollments').doc(e.id).get()).data();
    const edited = await call<ErrorBody>('PUT', `/api/enroll/${e.id}`, {
      body: enrollment({ email: record?.email, ageDeclaration: 'adult' }),
      headers: edit,
      client,
    });
    expect(edited.status).toBe(409);
    expect(edited.body.error.message).toBe(
      'The age declaration and guardian of an enrollment cannot be changed. Start a new enrollment instead.',
    );
  }, 60_000);

  it("My Courses' list says whose consent an unpaid enrollment waits for, with the address masked", async () => {
    const learner = await createUser({ emailVerified: true });
    const guardianEmail = uniqueEmail('parent');
    const made = await call<CreatedEnrollment>('POST', '/api/enroll', {
      body: enrollment({ email: learner.email, ageDeclaration: 'minor', guardianName: 'Lakshmi Pillai', guardianEmail }),
      headers: bearer(learner),
      client: newClient(),
    });
    expect(made.status).toBe(201);
    const list = await call<Array<{ id: string; guardian: unknown }>>('GET', '/api/enroll', {
      headers: bearer(learner),
      client: newClient(),
    });
    expect(list.body).toEqual([
      expect.objectContaining({
        id: made.body.id,
        guardian: expect.objectContaining({ name: 'Lakshmi Pillai', email: 'p•••@example.com', state: 'pending' }),
      }),
    ]);
    expect(list.text).not.toContain(guardianEmail);
  });

  it('sends no newsletter to a learner under 18, and ends one they had', async () => {
    const email = uniqueEmail('teen');
    const client = newClient();
    expect((await call('POST', '/api/newsletter', { body: { email }, client })).status).toBe(202);
    await expectMails(email, 1);
    await minorEnrollment({ email });
    expect((await db().collection('newsletterSubscriptions').doc(sha256(email)).get()).get('status')).toBe('unsubscribed');
    // Signing up again: the same answer as anyone gets, and no mail.
    const again = await call('POST', '/api/newsletter', { body: { email }, client: newClient() });
    expect(again.status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await mailsTo(email)).filter((m) => m.subject.includes('newsletter'))).toHaveLength(1);
  }, 60_000);
});

describe('consent records on /api/me/consents', () => {
  it('records the account terms once, with a keyed hash of the address; anonymous callers and malformed tokens get nothing', async () => {
    const learner = await createUser({ emailVerified: true });
    const client = newClient();
    expect((await call('GET', '/api/me/consents', { client })).status).toBe(401);
    expect((await call('GET', '/api/me/consents', { headers: { Authorization: 'Bearer malformed' }, client })).status).toBe(401);
    expect((await call('POST', '/api/me/consents', { body: { kind: 'newsletter' }, headers: bearer(learner), client })).status).toBe(400);

    const first = await call<ConsentList>('POST', '/api/me/consents', {
      body: { kind: 'account-terms' },
      headers: bearer(learner),
      client,
    });
    expect(first.status).toBe(201);
    expect(first.body.consents).toEqual([expect.objectContaining({ kind: 'account-terms', state: 'given', withdrawable: false })]);
    expect(JSON.stringify(first.body)).not.toMatch(/givenFrom|[a-f0-9]{64}/);
    const again = await call<ConsentList>('POST', '/api/me/consents', {
      body: { kind: 'account-terms' },
      headers: bearer(learner),
      client: newClient(),
    });
    expect(again.body.consents[0].givenAt).toBe(first.body.consents[0].givenAt);
    const stored = (await db().collection('consents').doc(`account-terms-${learner.uid}`).get()).data();
    expect(stored?.givenFrom).toMatch(/^[a-f0-9]{64}$/);
    // Keyed: not the plain hash of the address the request came from.
    expect(stored?.givenFrom).not.toBe(sha256(`emulator:${client}`));
    expect(stored?.givenFrom).not.toBe(sha256(client));

    const kept = await call<ErrorBody>('POST', `/api/me/consents/account-terms-${learner.uid}/withdraw`, {
      body: {},
      headers: bearer(learner),
      client,
    });
    expect(kept.status).toBe(409);
    expect(kept.body.error.message).toBe('The account terms end with the account: delete your account to withdraw them.');
  });

  it('lists the newsletter consent given by its confirm link and withdraws it in one click; another learner cannot', async () => {
    const learner = await createUser({ emailVerified: true });
    const client = newClient();
    expect((await call('POST', '/api/newsletter', { body: { email: learner.email }, client })).status).toBe(202);
    const [mail] = await expectMails(learner.email, 1);
    const confirm = linksIn(mail).find((l) => l.includes('/confirm?')) ?? '';
    expect((await fetch(confirm, { redirect: 'manual' })).status).toBe(303);

    const id = `newsletter-${sha256(learner.email)}`;
    const listed = await call<ConsentList>('GET', '/api/me/consents', { headers: bearer(learner), client });
    expect(listed.body.consents).toEqual([expect.objectContaining({ id, kind: 'newsletter', state: 'given', withdrawable: true })]);
    expect(listed.body.minor).toBe(false);

    const other = await createUser({ emailVerified: true });
    expect((await call('POST', `/api/me/consents/${id}/withdraw`, { body: {}, headers: bearer(other), client })).status).toBe(404);
    expect((await call('POST', `/api/me/consents/${id}/withdraw`, { body: {}, client })).status).toBe(401);

    const withdrawn = await call<ConsentList>('POST', `/api/me/consents/${id}/withdraw`, { body: {}, headers: bearer(learner), client });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.consents).toEqual([expect.objectContaining({ id, state: 'withdrawn', withdrawable: false })]);
    expect((await db().collection('newsletterSubscriptions').doc(sha256(learner.email)).get()).get('status')).toBe('unsubscribed');
    // Twice is the same as once.
    expect((await call('POST', `/api/me/consents/${id}/withdraw`, { body: {}, headers: bearer(learner), client })).status).toBe(200);

    // The export carries the consent; deleting the account erases it.
    const exported = await call<{ consents: Array<{ id: string; state: string }> }>('GET', '/api/me/export', {
      headers: bearer(learner),
      client,
    });
    expect(exported.body.consents).toEqual([expect.objectContaining({ id, state: 'withdrawn' })]);
    expect((await call('DELETE', '/api/me', { body: { confirm: 'DELETE' }, headers: bearer(learner), client })).status).toBe(200);
    expect((await db().collection('consents').doc(id).get()).exists).toBe(false);
  }, 60_000);
});
