import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OrderCheckout, CreatedEnrollment } from '@upskill/domain/enrollment';
import { COMPANY } from '@upskill/domain/common';
import { call, contactMessage, enrollment, uniqueEmail } from '../support/api';
import { db } from '../support/admin';
import { EMULATOR_CLIENT_HEADER, HOSTING } from '../support/env';
import { expectMails, linksIn, mailsTo, rawSource, type CaughtMail } from '../support/mail';
import { deliverUntilAnswered, sandboxClient, sandboxPay, webhookBody } from '../support/razorpay';

// Mail: queued in the outbox with the event that causes it, sent by the Firestore-triggered sender over
// SMTP to MailDev, read back through MailDev's REST API.

const STAFF = 'admissions@upskill-learning.in';
const client = () => `mail-${randomUUID().slice(0, 8)}`;

function expectCompanyFooter(mail: CaughtMail) {
  for (const body of [mail.text, mail.html]) {
    expect(body).toContain(COMPANY.legalName);
    expect(body).toContain('Bengaluru');
    expect(body).toContain('/contact');
  }
  expect(mail.html).toMatch(/<html lang="en">/);
}

async function outboxFor(to: string) {
  return (await db().collection('mail').where('to', '==', to).get()).docs.map((d) => d.data());
}

describe('transactional mail', () => {
  it('a contact message: an acknowledgement to the sender and a copy to the staff, both sent from the outbox', async () => {
    const body = contactMessage({ message: `Is there a weekend batch for Data Science? ${randomUUID()}` });
    const res = await call('POST', '/api/contact', { body, client: client() });
    expect(res.status).toBe(201);
    const [ack] = await expectMails(body.email, 1);
    expect(ack.subject).toBe('We have your message');
    expect(ack.text).toContain('within 24 hours');
    expect(ack.text).toContain(body.message);
    expectCompanyFooter(ack);
    const staff = (await mailsTo(STAFF)).filter((m) => m.text.includes(body.message));
    expect(staff).toHaveLength(1);
    expect(staff[0].subject).toBe(`Contact form: ${body.fullName} (${body.courseInterest})`);
    expect(staff[0].text).toContain(body.email);
    expect(staff[0].text).toContain((res.body as { id: string }).id);
    const outbox = await outboxFor(body.email);
    expect(outbox).toEqual([expect.objectContaining({ template: 'contact-ack', status: 'sent', attempts: 1, lastError: null })]);
  });

  it('a privacy request from the contact form reaches the grievance officer, not admissions, with the 90-day promise', async () => {
    const body = contactMessage({ courseInterest: 'Privacy request', message: `Please tell me what you hold about me. ${randomUUID()}` });
    expect((await call('POST', '/api/contact', { body, client: client() })).status).toBe(201);
    const [ack] = await expectMails(body.email, 1);
    expect(ack.text).toContain(`Our grievance officer, ${COMPANY.grievanceOfficer.name}, answers it within 90 days`);
    const officer = async () =>
      (await mailsTo(COMPANY.grievanceOfficer.email)).filter((m) => m.text.includes(body.message)).map((m) => m.subject);
    await expect.poll(officer, { timeout: 20_000 }).toEqual([`Contact form: ${body.fullName} (Privacy request)`]);
    expect((await mailsTo(STAFF)).filter((m) => m.text.includes(body.message))).toHaveLength(0);
  });

  it('a bot’s contact message (honeypot) is stored nowhere and mails no one', async () => {
    const body = contactMessage({ website: 'http://spam.example' });
    expect((await call('POST', '/api/contact', { body, client: client() })).status).toBe(201);
    await new Promise((r) => setTimeout(r, 2000));
    expect(await mailsTo(body.email)).toHaveLength(0);
    expect(await outboxFor(body.email)).toHaveLength(0);
  });

  it('an enrollment: what was chosen, the price, how to pay and the id', async () => {
    const body = enrollment({ planId: 'pro' });
    const res = await call<CreatedEnrollment>('POST', '/api/enroll', { body, client: client() });
    const [mail] = await expectMails(body.email as string, 1);
    expect(mail.subject).toBe('Your Pro enrollment: ₹7,799 to pay');
    for (const fact of ['Pro', 'Cloud Computing', 'Weekend Morning', '₹7,799', res.body.id]) expect(mail.text).toContain(fact);
    expect(linksIn(mail)).toContain(`${HOSTING}/mycourses`);
    expect(mail.html).toContain('₹7,799');
    expectCompanyFooter(mail);
  });

  it('a replayed or refused enrollment write queues no second mail: the event and its mail are written together or not at all', async () => {
    const body = enrollment();
    const key = `mail-${randomUUID()}`;
    const c = client();
    expect((await call('POST', '/api/enroll', { body, headers: { 'Idempotency-Key': key }, client: c })).status).toBe(201);
    expect((await call('POST', '/api/enroll', { body, headers: { 'Idempotency-Key': key }, client: c })).status).toBe(200);
    // The same key with another request is refused (422): its batch wrote neither enrollment nor mail.
    expect(
      (await call('POST', '/api/enroll', { body: { ...body, phone: '9000000001' }, headers: { 'Idempotency-Key': key }, client: c }))
        .status,
    ).toBe(422);
    await expectMails(body.email as string, 1);
    expect(await outboxFor(body.email as string)).toHaveLength(1);
    expect((await db().collection('enrollments').where('email', '==', body.email).get()).size).toBe(1);
  });

  it('a payment reported by both the browser and the webhooks sends one receipt', async () => {
    const body = enrollment({ planId: 'pro' });
    const c = client();
    const e = (await call<CreatedEnrollment>('POST', '/api/enroll', { body, client: c })).body;
    const order = (
      await call<OrderCheckout>('POST', `/api/enroll/${e.id}/checkout`, { body: {}, headers: { 'X-Edit-Token': e.editToken }, client: c })
    ).body;
    const paid = await sandboxPay(order.orderId, { webhook: true });
    const payment = await sandboxClient().payments.fetch(paid.body.razorpay_payment_id);
    await Promise.all([
      call('POST', `/api/enroll/${e.id}/payment`, { body: paid.body, headers: { 'X-Edit-Token': e.editToken }, client: c }),
      deliverUntilAnswered(webhookBody('payment.captured', { payment })),
      deliverUntilAnswered(webhookBody('order.paid', { payment })),
    ]);
    const mails = await expectMails(body.email as string, 2, { settleMs: 4000 });
    const receipts = mails.filter((m) => m.subject.startsWith('Payment received'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0].subject).toBe('Payment received: ₹7,799 for Pro');
    for (const fact of ['₹7,799', paid.body.razorpay_payment_id, 'UPI', e.id, COMPANY.legalName, 'All purchases are final'])
      expect(receipts[0].text).toContain(fact);
    expect(linksIn(receipts[0])).toContain(`${HOSTING}/receipt/${e.id}`);
  });
});

describe('newsletter: double opt-in', () => {
  const signUp = (email: string, c = client(), extra: Record<string, unknown> = {}) =>
    call('POST', '/api/newsletter', { body: { email, ...extra }, client: c });
  // Each link is followed as this file's reader (a named client): through the emulator every socket peer is
  // this machine, and the rate limit must not couple test files.
  const reader = client();
  const follow = (url: string, method = 'GET') =>
    fetch(url.replace(/^https?:\/\/[^/]+/, HOSTING), { method, redirect: 'manual', headers: { [EMULATOR_CLIENT_HEADER]: reader } });
  const subscription = async (email: string) =>
    (await db().collection('newsletterSubscriptions').where('email', '==', email.toLowerCase()).get()).docs.map((d) => d.data());

  it('sign-up -> confirmation mail -> confirm link -> confirmed; the unsubscribe link works in one click', async () => {
    const email = uniqueEmail('reader');
    const res = await signUp(email);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: 'check-inbox' });
    expect(await subscription(email)).toEqual([expect.objectContaining({ status: 'pending' })]);
    const [mail] = await expectMails(email, 1);
    expect(mail.subject).toBe('Confirm your Upskill newsletter subscription');
    const source = await rawSource(mail);
    // Headers may be folded onto the next line.
    expect(source).toMatch(/^List-Unsubscribe:\s+<http:\/\/127\.0\.0\.1:5000\/api\/newsletter\/unsubscribe\?/m);
    expect(source).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(source).toMatch(/^Message-ID: <mail-[A-Za-z0-9]+@upskill-learning\.in>/im);
    const [confirm, unsubscribe] = [
      linksIn(mail).find((l) => l.includes('/confirm?')),
      linksIn(mail).find((l) => l.includes('/unsubscribe?')),
    ];
    expect(confirm).toBeDefined();
    expect(unsubscribe).toBeDefined();

    const confirmed = await follow(confirm ?? '');
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/newsletter/confirmed');
    expect(await subscription(email)).toEqual([expect.objectContaining({ status: 'confirmed' })]);
    // The landing page exists (prerendered) and says so.
    expect(await (await fetch(`${HOSTING}/newsletter/confirmed`)).text()).toContain('Subscription confirmed');

    // Signing up again: the same answer, no new mail, no second document.
    expect((await signUp(` ${email.toUpperCase()} `)).body).toEqual({ status: 'check-inbox' });
    await expectMails(email, 1);
    expect(await subscription(email)).toHaveLength(1);

    const gone = await follow(unsubscribe ?? '');
    expect(gone.status).toBe(303);
    expect(gone.headers.get('location')).toBe('/newsletter/unsubscribed');
    expect(await subscription(email)).toEqual([expect.objectContaining({ status: 'unsubscribed' })]);
    // Mail clients' RFC 8058 one-click POST works too.
    const oneClick = await fetch((unsubscribe ?? '').replace(/^https?:\/\/[^/]+/, HOSTING), {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', [EMULATOR_CLIENT_HEADER]: reader },
    });
    expect(oneClick.status).toBe(200);
  });

  it('a forged or tampered link changes nothing and lands on the expired-link page', async () => {
    const email = uniqueEmail('forged');
    await signUp(email);
    const [mail] = await expectMails(email, 1);
    const confirm = linksIn(mail).find((l) => l.includes('/confirm?')) ?? '';
    const tampered = confirm.replace(/t=([a-f0-9])/, (_, c: string) => `t=${c === 'a' ? 'b' : 'a'}`);
    for (const url of [
      tampered,
      confirm.replace(/s=[a-f0-9]+/, `s=${'0'.repeat(64)}`),
      `${HOSTING}/api/newsletter/confirm?s=x&t=y`,
      `${HOSTING}/api/newsletter/confirm`,
    ]) {
      const res = await follow(url);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/newsletter/link-expired');
    }
    // The unsubscribe token does not confirm, and the confirm token does not unsubscribe.
    const unsubscribe = linksIn(mail).find((l) => l.includes('/unsubscribe?')) ?? '';
    expect((await follow(unsubscribe.replace('/unsubscribe?', '/confirm?'))).headers.get('location')).toBe('/newsletter/link-expired');
    expect(await subscription(email)).toEqual([expect.objectContaining({ status: 'pending' })]);
  });

  it('repeated sign-ups of a pending address do not flood its inbox, and do not say who is subscribed', async () => {
    const email = uniqueEmail('repeat');
    const c = client();
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await signUp(email, c)).body);
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify({ status: 'check-inbox' })]));
    await expectMails(email, 1);
  });

  it('bad input gets the same 4xx JSON treatment as the other endpoints; the honeypot stores and mails nothing', async () => {
    const c = client();
    const cases: [unknown, number][] = [
      [{ email: 'not-an-email' }, 400],
      [{ email: '' }, 400],
      [{}, 400],
      [{ email: 42 }, 400],
      [{ email: 'a@b.co', extra: 1 }, 400],
      [{ email: `${'x'.repeat(250)}@example.com` }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await call('POST', '/api/newsletter', { body, client: c });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((res.body as { error: { code: string } }).error.code).toBe('invalid-argument');
    }
    expect((await call('POST', '/api/newsletter', { raw: '{"email":', client: c })).status).toBe(400);
    expect(
      (await call('POST', '/api/newsletter', { raw: 'email=a@b.co', contentType: 'application/x-www-form-urlencoded', client: c })).status,
    ).toBe(415);
    expect((await call('GET', '/api/newsletter', { client: c })).status).toBe(405);
    const bot = uniqueEmail('bot');
    expect((await signUp(bot, c, { website: 'http://spam.example' })).status).toBe(202);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await subscription(bot)).toHaveLength(0);
    expect(await mailsTo(bot)).toHaveLength(0);
  });
});
