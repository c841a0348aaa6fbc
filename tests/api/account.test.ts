import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import type { AccountActionAnswer } from '@upskill/domain/account';
import { awayFromWindowEdge, call, uniqueEmail } from '../support/api';
import { db } from '../support/admin';
import { AUTH_EMULATOR } from '../support/env';
import { bearer, createUser, signIn } from '../support/auth';
import { expectMails, linksIn, mailsTo, type CaughtMail } from '../support/mail';

// "Forgot password?" and verification mail, through Hosting, the account function, its Firestore
// trigger, the Auth emulator's action codes and our own outbox to MailDev.

const LIMIT = Number(/^RATE_LIMIT_PER_MINUTE=(\d+)$/m.exec(readFileSync(new URL('../../functions/.env', import.meta.url), 'utf8'))?.[1]);
const newClient = () => `account-${randomUUID().slice(0, 8)}`;

const sha256 = async (text: string) => (await import('node:crypto')).createHash('sha256').update(text).digest('hex');

/** What the client SDK sends: confirmPasswordReset and applyActionCode, against the Auth emulator. */
async function identity(
  path: string,
  body: unknown,
): Promise<{ status: number; body: { error?: { message: string }; email?: string; emailVerified?: boolean } }> {
  const res = await fetch(`${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/${path}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { error?: { message: string } } };
}
const confirmReset = (oobCode: string, newPassword: string) => identity('accounts:resetPassword', { oobCode, newPassword });
const applyCode = (oobCode: string) => identity('accounts:update', { oobCode });

/** The ticket in an account mail's link (…/account/action?ticket=…). */
function ticketIn(mail: CaughtMail): string {
  const link = linksIn(mail).find((l) => l.includes('/account/action?'));
  expect(link, mail.text).toBeTruthy();
  const ticket = new URL(link ?? '').searchParams.get('ticket');
  expect(ticket).toMatch(/^[a-f0-9]{64}$/);
  return ticket ?? '';
}

const openLink = (ticket: string, client = newClient()) =>
  call<AccountActionAnswer>('POST', '/api/account/action', { body: { ticket }, client });
const askReset = (email: string, client = newClient()) => call('POST', '/api/account/password-reset', { body: { email }, client });

/** The request a ticket made, as the trigger left it. */
async function requestOf(ticket: string) {
  return (
    await db()
      .collection('accountRequests')
      .doc(await sha256(ticket))
      .get()
  ).data();
}

describe('password reset through our own mail', () => {
  it('mails a link that opens once and sets a new password; the old one stops working', async () => {
    const user = await createUser({ emailVerified: true });
    const asked = await askReset(user.email.toUpperCase());
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ status: 'check-inbox' });

    const [mail] = await expectMails(user.email, 1);
    expect(mail.subject).toBe('Reset your Upskill password');
    expect(mail.from[0].address).not.toMatch(/firebase|noreply@.*firebaseapp/);
    const ticket = ticketIn(mail);
    expect(mail.html).toContain(`/account/action?ticket=${ticket}`);

    // The stored request keeps no address once handled: only its hash and the state.
    const request = await requestOf(ticket);
    expect(request).toMatchObject({ kind: 'password-reset', state: 'sent', email: null, ticket: null });

    const opened = await openLink(ticket);
    expect(opened.status).toBe(200);
    expect(opened.body.mode).toBe('resetPassword');
    const reset = await confirmReset(opened.body.oobCode, 'N3w-passw0rd!');
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.email).toBe(user.email);

    await expect(signIn({ email: user.email, password: 'N3w-passw0rd!' })).resolves.toBeTruthy();
    await expect(signIn(user)).rejects.toThrow(/INVALID_LOGIN_CREDENTIALS|INVALID_PASSWORD/);

    // The same link a second time: its code is spent, so the page's reset is refused.
    const again = await openLink(ticket);
    const replay = await confirmReset(again.body.oobCode, 'An0ther-passw0rd!');
    expect(replay.status).toBe(400);
    expect(replay.body.error?.message).toMatch(/INVALID_OOB_CODE/);
    await expect(signIn({ email: user.email, password: 'An0ther-passw0rd!' })).rejects.toThrow();
  });

  it('refuses an expired link (410), a tampered one (404) and a malformed one (400)', async () => {
    const user = await createUser({ emailVerified: true });
    expect((await askReset(user.email)).status).toBe(202);
    const ticket = ticketIn((await expectMails(user.email, 1, { settleMs: 0 }))[0]);

    const tampered = `${ticket.slice(0, -1)}${ticket.endsWith('0') ? '1' : '0'}`;
    const forged = await openLink(tampered);
    expect(forged.status).toBe(404);
    expect(forged.body).toMatchObject({ error: { code: 'not-found', message: 'This link is not valid. Please ask for a new one.' } });
    for (const bad of ['', 'abc', `${ticket}0`, ticket.toUpperCase(), '../../etc/passwd']) {
      const res = await openLink(bad);
      expect(res.status, bad).toBe(400);
      expect(res.text).not.toMatch(/at [\w.]+ \(|\.js:\d+/);
    }

    // The link's hour is over (the request's own clock, moved back: the server reads the time from it).
    await db()
      .collection('accountRequests')
      .doc(await sha256(ticket))
      .update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
    const expired = await openLink(ticket);
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ error: { code: 'gone', message: 'This link has expired. Please ask for a new one.' } });
  });

  it('answers an unknown address exactly as a known one, in the same time band, and mails nothing', async () => {
    const known = await createUser({ emailVerified: true });
    const unknown = uniqueEmail('nobody');
    const timings = { known: [] as number[], unknown: [] as number[] };
    const answers = new Set<string>();
    // Alternating, each from a client of its own (the cooldown makes repeats for one address no-ops,
    // which are faster still; the first of each is what a prober sees).
    for (let i = 0; i < 8; i++) {
      for (const [kind, email] of [
        ['known', i === 0 ? known.email : `x${i}.${known.email}`],
        ['unknown', i === 0 ? unknown : `x${i}.${unknown}`],
      ] as const) {
        const started = performance.now();
        const res = await askReset(email);
        timings[kind].push(performance.now() - started);
        answers.add(`${res.status} ${res.text} ${res.headers.get('content-type')}`);
      }
    }
    expect([...answers]).toEqual(['202 {"status":"check-inbox"} application/json; charset=utf-8']);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const [k, u] = [median(timings.known), median(timings.unknown)];
    // The same work either way; the band allows for a loaded test machine's noise, not for an account lookup.
    expect(Math.abs(k - u), `known ${k.toFixed(0)} ms, unknown ${u.toFixed(0)} ms`).toBeLessThan(Math.max(250, 0.6 * Math.max(k, u)));

    await expectMails(known.email, 1);
    expect(await mailsTo(unknown)).toHaveLength(0);
    const handled = await db()
      .collection('accountRequests')
      .where('emailHash', '==', await sha256(unknown))
      .get();
    expect(handled.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({ state: 'no-account', email: null, oobCode: null, mailId: null }),
    ]);
  });

  it('sends one mail per address a minute however often the form is sent, and limits each sender', async () => {
    const user = await createUser({ emailVerified: true });
    const statuses = await Promise.all(Array.from({ length: 5 }, () => askReset(user.email).then((r) => r.status)));
    expect(statuses).toEqual([202, 202, 202, 202, 202]);
    await expectMails(user.email, 1);

    const client = newClient();
    const seen: number[] = [];
    await awayFromWindowEdge();
    for (let i = 0; i < LIMIT + 1; i++) seen.push((await askReset(uniqueEmail('flood'), client)).status);
    expect(seen.slice(0, LIMIT).every((s) => s === 202)).toBe(true);
    const limited = await askReset(uniqueEmail('flood'), client);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('validates the request: a bad address is 400 with the field, other methods 405, unknown actions 404', async () => {
    const bad = await call<{ error: { fields?: Record<string, string> } }>('POST', '/api/account/password-reset', {
      body: { email: 'not-an-address' },
      client: newClient(),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.email).toBe('Please enter a valid e-mail address');
    expect(
      (await call('POST', '/api/account/password-reset', { body: { email: 'a@example.com', uid: 'x' }, client: newClient() })).status,
    ).toBe(400);
    expect((await call('GET', '/api/account/password-reset', { client: newClient() })).status).toBe(405);
    expect((await call('POST', '/api/account/nothing', { body: {}, client: newClient() })).status).toBe(404);
  });
});

describe('verification mail through our own mail', () => {
  it('mails a signed-in, unverified learner a link that verifies the address', async () => {
    const user = await createUser({ emailVerified: false });
    const asked = await call('POST', '/api/account/verification', { headers: bearer(user), client: newClient() });
    expect(asked.status).toBe(202);
    const [mail] = await expectMails(user.email, 1);
    expect(mail.subject).toBe('Confirm your e-mail address for Upskill');
    const opened = await openLink(ticketIn(mail));
    expect(opened.body.mode).toBe('verifyEmail');
    const applied = await applyCode(opened.body.oobCode);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.emailVerified).toBe(true);
    expect((await applyCode(opened.body.oobCode)).status).toBe(400);

    // Verified now: asking again sends nothing.
    const fresh = await signIn(user);
    expect(
      (await call('POST', '/api/account/verification', { headers: { Authorization: `Bearer ${fresh}` }, client: newClient() })).status,
    ).toBe(202);
    await expectMails(user.email, 1, { settleMs: 3000 });
  });

  it('refuses anonymous callers; a token whose payload names another address (unsigned, as the emulator issues them) mails only the account itself', async () => {
    expect((await call('POST', '/api/account/verification', { client: newClient() })).status).toBe(401);
    const user = await createUser();
    const [head, payload] = user.idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const victim = uniqueEmail('victim');
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, email: victim })).toString('base64url')}.`;
    const res = await call('POST', '/api/account/verification', { headers: { Authorization: `Bearer ${forged}` }, client: newClient() });
    // The emulator's tokens are unsigned, so a changed payload may pass there (production checks the
    // signature); either way the address mailed is the account's own, never one the token claims.
    expect([202, 401]).toContain(res.status);
    await new Promise((r) => setTimeout(r, 3000));
    expect(await mailsTo(victim)).toHaveLength(0);
  });
});
