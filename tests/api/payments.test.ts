import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderCheckout, CreatedEnrollment, EnrollmentRecord } from '@upskill/domain/enrollment';
import { toPaise } from '@upskill/domain/common';
import { call, enrollment, untilAnswered } from '../support/api';
import { db } from '../support/admin';
import { bearer, createUser } from '../support/auth';
import {
  deliverWebhook,
  eventually,
  paymentConfig,
  sandboxClient,
  sandboxPay,
  signCheckout,
  signWebhook,
  webhookBody,
  type CheckoutResult,
} from '../support/razorpay';

// Payments: the Razorpay SDK in the functions against the local sandbox, webhooks through Hosting.
// Each test acts as its own client (one learner's browser), so the per-client rate limits of one test
// do not spill into the next; abuse.test.ts shows a real client cannot do the same.
let client = '';
beforeEach(() => {
  client = `payments-${randomUUID().slice(0, 8)}`;
});

async function enrolled(overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await call<CreatedEnrollment>('POST', '/api/enroll', { body: enrollment(overrides), headers, client });
  expect(res.status).toBe(201);
  return res.body;
}

const token = (e: CreatedEnrollment) => ({ 'X-Edit-Token': e.editToken });

async function checkout(e: CreatedEnrollment, headers: Record<string, string> = token(e), body: unknown = {}) {
  return call<OrderCheckout>('POST', `/api/enroll/${e.id}/checkout`, { body, headers, client });
}

async function confirm(e: CreatedEnrollment, result: CheckoutResult, headers: Record<string, string> = token(e)) {
  return call<EnrollmentRecord>('POST', `/api/enroll/${e.id}/payment`, { body: result, headers, client });
}

async function paidInSandbox(e: CreatedEnrollment) {
  const order = await checkout(e);
  expect(order.status).toBe(200);
  const paid = await sandboxPay(order.body.orderId);
  expect(paid.status).toBe(200);
  return { order: order.body, result: paid.body };
}

const enrollmentDoc = async (id: string) => (await db().collection('enrollments').doc(id).get()).data() ?? {};
const paymentsOf = async (id: string) =>
  (await db().collection('payments').where('enrollmentId', '==', id).get()).docs.map(
    (d) => ({ id: d.id, ...d.data() }) as Record<string, unknown> & { id: string },
  );

/** The gateway's payment entity, as its API (and so its webhooks) describe it. */
async function entity(paymentId: string): Promise<Record<string, unknown>> {
  return (await sandboxClient().payments.fetch(paymentId)) as unknown as Record<string, unknown>;
}

describe('POST /api/enroll/{id}/checkout', () => {
  it('creates a Razorpay order for the stored price in paise, whatever the client sends', async () => {
    const e = await enrolled({ planId: 'pro' });
    const res = await checkout(e, token(e), { amount: 100, price: 1, currency: 'USD' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      amount: toPaise(7799),
      currency: 'INR',
      keyId: paymentConfig().keyId,
      enrollmentId: e.id,
      prefill: { name: e.name, email: e.email, contact: e.phone },
    });
    expect(res.body.orderId).toMatch(/^order_[A-Za-z0-9]{14}$/);
    const order = await sandboxClient().orders.fetch(res.body.orderId);
    expect(order).toMatchObject({ amount: 779900, currency: 'INR', receipt: e.id, status: 'created' });
    // What was bought, as the invoice names it: the plan and its credits, not the form's interested course.
    expect(order.notes).toEqual({ enrollmentId: e.id, purchase: 'Pro plan (3 course credits)' });
    expect((await enrollmentDoc(e.id)).order).toEqual({ id: res.body.orderId, amount: 779900 });
  });

  it('reuses the open order while the price is the same; an edit voids it and the next checkout charges the new price', async () => {
    const e = await enrolled({ planId: 'pro' });
    const first = await checkout(e);
    const again = await checkout(e);
    expect(again.body.orderId).toBe(first.body.orderId);

    const edit = await call('PUT', `/api/enroll/${e.id}`, {
      body: enrollment({ email: e.email, planId: 'platinum', planName: 'Platinum' }),
      headers: token(e),
      client,
    });
    expect(edit.status).toBe(200);
    expect((await db().collection('orders').doc(first.body.orderId).get()).get('voided')).toBe(true);
    const after = await checkout(e);
    expect(after.body.orderId).not.toBe(first.body.orderId);
    expect(after.body.amount).toBe(toPaise((edit.body as unknown as EnrollmentRecord).price));
    expect(after.body.amount).not.toBe(first.body.amount);
  });

  it('refuses the wrong side: no credentials 401, a wrong edit token or another account 403, an unknown id 404', async () => {
    const owner = await createUser({ emailVerified: true });
    const stranger = await createUser({ emailVerified: true });
    const e = await enrolled({ email: owner.email }, bearer(owner));
    expect((await checkout(e, {})).status).toBe(401);
    expect((await checkout(e, { 'X-Edit-Token': 'f'.repeat(64) })).status).toBe(403);
    expect((await checkout(e, bearer(stranger))).status).toBe(403);
    expect((await checkout(e, { Authorization: 'Bearer forged.token.here' })).status).toBe(401);
    expect((await call('POST', '/api/enroll/NoSuchEnrollment1/checkout', { body: {}, headers: token(e), client })).status).toBe(404);
    expect((await call('POST', `/api/enroll/${e.id}/refund`, { body: {}, headers: token(e), client })).status).toBe(404);
    expect((await call('GET', `/api/enroll/${e.id}/checkout`, { headers: token(e), client })).status).toBe(405);
    // The owner pays without an edit token (My Courses' Pay now).
    expect((await checkout(e, bearer(owner))).status).toBe(200);
    expect(
      await db()
        .collection('orders')
        .where('enrollmentId', '==', e.id)
        .count()
        .get()
        .then((s) => s.data().count),
    ).toBe(1);
  });

  it('lets a verified account with the enrollment’s e-mail pay an enrollment made without signing in, not an unverified one', async () => {
    const email = `anon.${randomUUID().slice(0, 8)}@example.com`;
    const e = await enrolled({ email });
    const unverified = await createUser({ email, emailVerified: false });
    expect((await checkout(e, bearer(unverified))).status).toBe(403);
  });
});

describe('POST /api/enroll/{id}/payment (the browser reports checkout success)', () => {
  it('verifies the signature and the gateway’s record, marks the enrollment paid once, and answers the same record when repeated', async () => {
    const e = await enrolled({ planId: 'pro' });
    const { result } = await paidInSandbox(e);
    const first = await confirm(e, result);
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('paid');
    expect(first.body.payment).toMatchObject({
      paymentId: result.razorpay_payment_id,
      orderId: result.razorpay_order_id,
      method: 'upi',
      amount: 7799,
    });
    const again = await confirm(e, result);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const recorded = await paymentsOf(e.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ state: 'captured', outcome: 'applied', flagged: false, reportedBy: 'checkout', amount: 779900 });

    // Paid: no more checkout, no more edits.
    expect((await checkout(e)).status).toBe(409);
    const edit = await call('PUT', `/api/enroll/${e.id}`, { body: enrollment({ email: e.email }), headers: token(e), client });
    expect(edit.status).toBe(409);
    expect((await call<EnrollmentRecord>('GET', `/api/enroll/${e.id}`, { headers: token(e), client })).body.status).toBe('paid');
  });

  it('refuses a tampered or wrongly keyed signature with 400 and changes nothing', async () => {
    const e = await enrolled();
    const { result } = await paidInSandbox(e);
    const forged = [
      { ...result, razorpay_signature: signCheckout(result.razorpay_order_id, result.razorpay_payment_id, 'not-the-key-secret') },
      { ...result, razorpay_payment_id: 'pay_Forged00000000' },
      { ...result, razorpay_signature: result.razorpay_signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) },
    ];
    for (const body of forged) {
      const res = await confirm(e, body);
      expect(res.status).toBe(400);
      expect(res.text).not.toMatch(/at \w+ \(|stack/i);
    }
    const malformed = await confirm(e, { ...result, razorpay_signature: 'x' } as CheckoutResult);
    expect(malformed.status).toBe(400);
    const extra = await call('POST', `/api/enroll/${e.id}/payment`, { body: { ...result, amount: 1 }, headers: token(e), client });
    expect(extra.status).toBe(400);
    expect((await enrollmentDoc(e.id)).status).toBe('pending_payment');
    expect(await paymentsOf(e.id)).toHaveLength(0);
  });

  it('refuses a genuine payment of another enrollment’s order', async () => {
    const mine = await enrolled();
    const theirs = await enrolled();
    const { result } = await paidInSandbox(theirs);
    expect((await confirm(mine, result)).status).toBe(400);
    expect((await enrollmentDoc(mine.id)).status).toBe('pending_payment');
    // And a stranger cannot confirm the real owner's payment either.
    expect((await confirm(theirs, result, { 'X-Edit-Token': mine.editToken })).status).toBe(403);
  });
});

describe('POST /api/payments/razorpay (webhook)', () => {
  it('a forged, unsigned or re-signed-with-the-wrong-secret webhook gets 400 and writes nothing', async () => {
    const e = await enrolled();
    const order = await checkout(e);
    const paid = await sandboxPay(order.body.orderId);
    const body = webhookBody('payment.captured', { payment: await entity(paid.body.razorpay_payment_id) });
    // This payment's events: the whole collection also holds what the files beside this one receive (run AF, 1
    // December, counted 59 against 58). The fuzz, which runs alone, counts every collection.
    const events = () => db().collection('webhookEvents').where('paymentId', '==', paid.body.razorpay_payment_id).count().get();
    expect((await events()).data().count).toBe(0);
    for (const signature of [null, 'deadbeef', signWebhook(body, 'wrong-secret'), signWebhook(`${body} `)]) {
      const res = await deliverWebhook(body, { signature });
      expect(res.status).toBe(400);
    }
    // A valid signature over a different body than the one sent.
    const tampered = body.replace('"captured"', '"captured" ');
    expect((await deliverWebhook(tampered, { signature: signWebhook(body) })).status).toBe(400);
    expect((await events()).data().count).toBe(0);
    expect((await enrollmentDoc(e.id)).status).toBe('pending_payment');
    expect(await paymentsOf(e.id)).toHaveLength(0);
  });

  it('marks paid when the browser never reports (it closed): the sandbox’s own webhooks do it', async () => {
    const e = await enrolled();
    const order = await checkout(e);
    const paid = await sandboxPay(order.body.orderId, { webhook: true });
    const doc = await eventually(async () => {
      const current = await enrollmentDoc(e.id);
      return current.status === 'paid' ? current : undefined;
    });
    expect(doc.payment.paymentId).toBe(paid.body.razorpay_payment_id);
    // payment.captured and order.paid both arrive: one payment.
    await eventually(async () =>
      (await db().collection('webhookEvents').where('paymentId', '==', paid.body.razorpay_payment_id).get()).size >= 2 ? true : undefined,
    );
    expect(await paymentsOf(e.id)).toHaveLength(1);
    expect((await paymentsOf(e.id))[0]).toMatchObject({ reportedBy: 'webhook', outcome: 'applied' });
  });

  it('one event delivered 5 times, plus its order.paid twin, applies once', async () => {
    const e = await enrolled();
    const order = await checkout(e);
    const paid = await sandboxPay(order.body.orderId);
    const payment = await entity(paid.body.razorpay_payment_id);
    const body = webhookBody('payment.captured', { payment });
    const eventId = `evt_${randomUUID().slice(0, 14).replace(/-/g, '')}`;
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await deliverWebhook(body, { eventId }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.body.result)).toEqual([
      'recorded',
      'duplicate-event',
      'duplicate-event',
      'duplicate-event',
      'duplicate-event',
    ]);
    const twin = await deliverWebhook(
      webhookBody('order.paid', { payment, order: await sandboxClient().orders.fetch(order.body.orderId) }),
    );
    expect(twin.body.result).toBe('recorded');
    expect(await paymentsOf(e.id)).toHaveLength(1);
    const doc = await enrollmentDoc(e.id);
    expect(doc.status).toBe('paid');
    expect(doc.payment.paymentId).toBe(paid.body.razorpay_payment_id);
  });

  it('webhook first, then the browser’s report; and the other way round: one paid record either way', async () => {
    for (const webhookFirst of [true, false]) {
      const e = await enrolled();
      const { result } = await paidInSandbox(e);
      const body = webhookBody('payment.captured', { payment: await entity(result.razorpay_payment_id) });
      if (webhookFirst) expect((await deliverWebhook(body)).status).toBe(200);
      const confirmed = await confirm(e, result);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.status).toBe('paid');
      if (!webhookFirst) expect((await deliverWebhook(body)).status).toBe(200);
      const recorded = await paymentsOf(e.id);
      expect(recorded).toHaveLength(1);
      expect(recorded[0].reportedBy).toBe(webhookFirst ? 'webhook' : 'checkout');
      expect((await enrollmentDoc(e.id)).payment.paymentId).toBe(result.razorpay_payment_id);
    }
  });

  it('50 concurrent browser reports and webhooks for one payment: exactly one payment applied', async () => {
    const e = await enrolled();
    const { result } = await paidInSandbox(e);
    const payment = await entity(result.razorpay_payment_id);
    // Browsers send a report again after a "busy" answer, and Razorpay redelivers a webhook until it gets a 2xx.
    const calls = Array.from({ length: 50 }, (_, i) => {
      const body = webhookBody(i % 4 === 1 ? 'payment.captured' : 'order.paid', { payment });
      const eventId = `evt_c${randomUUID().replace(/-/g, '').slice(0, 13)}`;
      return untilAnswered<unknown>(() => (i % 2 === 0 ? confirm(e, result) : deliverWebhook(body, { eventId })));
    });
    const answers = await Promise.all(calls);
    expect(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.text}`)).toEqual([]);
    const recorded = await paymentsOf(e.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0].outcome).toBe('applied');
    const confirmations = answers.filter((_, i) => i % 2 === 0).map((a) => (a.body as EnrollmentRecord).payment?.paymentId);
    expect(new Set(confirmations)).toEqual(new Set([result.razorpay_payment_id]));
    console.log(
      `concurrency: 25 browser reports + 25 webhooks -> ${recorded.length} payment record, enrollment ${(await enrollmentDoc(e.id)).status}`,
    );
  });

  it('an amount that does not match the price is recorded and flagged, never marked paid', async () => {
    const e = await enrolled({ planId: 'pro' });
    const { result } = await paidInSandbox(e);
    const payment = { ...(await entity(result.razorpay_payment_id)), amount: 100 };
    const res = await deliverWebhook(webhookBody('payment.captured', { payment }));
    expect(res.status).toBe(200);
    const [recorded] = await paymentsOf(e.id);
    expect(recorded).toMatchObject({ outcome: 'amount-mismatch', flagged: true, amount: 100 });
    expect(recorded.flagReason).toContain('779900');
    expect((await enrollmentDoc(e.id)).status).toBe('pending_payment');
  });

  it('payment.failed records the attempt; the enrollment stays payable and a retry pays it', async () => {
    const e = await enrolled();
    const order = await checkout(e);
    const failed = await sandboxPay(order.body.orderId, { outcome: 'fail' });
    expect(failed.status).toBe(400);
    const failedId = failed.body.error?.metadata.payment_id ?? '';
    const res = await deliverWebhook(webhookBody('payment.failed', { payment: await entity(failedId) }));
    expect(res.body.result).toBe('recorded');
    expect(await paymentsOf(e.id)).toEqual([expect.objectContaining({ id: failedId, state: 'failed', outcome: 'failed' })]);
    expect((await enrollmentDoc(e.id)).status).toBe('pending_payment');
    const retry = await checkout(e);
    expect(retry.body.orderId).toBe(order.body.orderId);
    const paid = await sandboxPay(retry.body.orderId);
    expect((await confirm(e, paid.body)).body.status).toBe('paid');
    // A late payment.failed for the first attempt changes nothing.
    await deliverWebhook(webhookBody('payment.failed', { payment: await entity(failedId) }));
    expect((await enrollmentDoc(e.id)).status).toBe('paid');
  });

  it('a refund through the SDK reaches us as refund.processed and makes the enrollment refunded', async () => {
    const e = await enrolled();
    const { result } = await paidInSandbox(e);
    await confirm(e, result);
    const refund = await sandboxClient().payments.refund(result.razorpay_payment_id, {});
    await eventually(async () => ((await enrollmentDoc(e.id)).status === 'refunded' ? true : undefined));
    const record = (await call<EnrollmentRecord>('GET', `/api/enroll/${e.id}`, { headers: token(e), client })).body;
    expect(record.refund).toMatchObject({ refundId: refund.id, amount: record.price });
    expect(record.payment?.paymentId).toBe(result.razorpay_payment_id);
    expect((await checkout(e)).status).toBe(409);
  });

  it('a refund that arrives before its capture leaves the enrollment refunded, never paid', async () => {
    const e = await enrolled();
    const { result } = await paidInSandbox(e);
    const refund = await sandboxClient().payments.refund(result.razorpay_payment_id, {});
    // The sandbox delivers refund.processed on its own; also deliver it ourselves to be sure of the order.
    const payment = await entity(result.razorpay_payment_id);
    await deliverWebhook(webhookBody('refund.processed', { refund, payment }));
    await deliverWebhook(webhookBody('payment.captured', { payment: { ...payment, status: 'captured' } }));
    const doc = await enrollmentDoc(e.id);
    expect(doc.status).toBe('refunded');
    expect(await paymentsOf(e.id)).toHaveLength(1);
    // The capture learnt from its refund: its invoice and the credit note against it, issued together, once.
    const taxDocs = (await db().collection('taxDocuments').where('enrollmentId', '==', e.id).get()).docs.map((d) => d.data());
    expect(taxDocs.map((d) => d.kind).sort()).toEqual(['credit-note', 'invoice']);
    expect(taxDocs.find((d) => d.kind === 'credit-note')?.refersTo.number).toBe(taxDocs.find((d) => d.kind === 'invoice')?.number);
  });

  it('a second payment of an already paid enrollment is recorded and flagged for a refund, not applied twice', async () => {
    const e = await enrolled();
    const first = await paidInSandbox(e);
    await confirm(e, first.result);
    // A second order made before the first payment landed (two tabs): make one directly at the gateway.
    const order = await sandboxClient().orders.create({ amount: toPaise(e.price), currency: 'INR', receipt: e.id });
    await db()
      .collection('orders')
      .doc(order.id)
      .set({ enrollmentId: e.id, amount: toPaise(e.price), currency: 'INR', voided: false, createdAt: new Date() });
    const second = await sandboxPay(order.id);
    const res = await deliverWebhook(webhookBody('payment.captured', { payment: await entity(second.body.razorpay_payment_id) }));
    expect(res.status).toBe(200);
    const flagged = (await paymentsOf(e.id)).find((p) => p.id === second.body.razorpay_payment_id);
    expect(flagged).toMatchObject({ outcome: 'already-paid', flagged: true });
    expect((await enrollmentDoc(e.id)).payment.paymentId).toBe(first.result.razorpay_payment_id);
  });

  it('acknowledges and logs events for orders it does not know, and events it does not handle', async () => {
    const order = await sandboxClient().orders.create({ amount: 50000, currency: 'INR', receipt: 'elsewhere' });
    const paid = await sandboxPay(order.id);
    const unknown = await deliverWebhook(webhookBody('payment.captured', { payment: await entity(paid.body.razorpay_payment_id) }));
    expect(unknown.status).toBe(200);
    expect(unknown.body.result).toBe('unknown-order');
    expect((await db().collection('payments').doc(paid.body.razorpay_payment_id).get()).exists).toBe(false);
    const other = await deliverWebhook(webhookBody('settlement.processed', { settlement: { id: 'setl_1' } }));
    expect(other.body.result).toBe('ignored');
  });
});

describe('GET /api/enroll/{id}', () => {
  it('answers the record to its edit token or owner only', async () => {
    const owner = await createUser({ emailVerified: true });
    const e = await enrolled({ email: owner.email }, bearer(owner));
    const other = await enrolled();
    expect((await call('GET', `/api/enroll/${e.id}`, { client })).status).toBe(401);
    expect((await call('GET', `/api/enroll/${e.id}`, { headers: { 'X-Edit-Token': other.editToken }, client })).status).toBe(403);
    const byOwner = await call<EnrollmentRecord>('GET', `/api/enroll/${e.id}`, { headers: bearer(owner) });
    expect(byOwner.status).toBe(200);
    expect(byOwner.body).toMatchObject({ id: e.id, status: 'pending_payment', payment: null, refund: null });
    expect(byOwner.text).not.toMatch(/editTokenHashes|uid/);
  });
});
