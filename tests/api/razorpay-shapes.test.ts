import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SANDBOX, sandboxAuthorise, sandboxClient, sandboxPay, webhookBody } from '../support/razorpay';

/**
 * The local Razorpay sandbox against Razorpay's own documented responses (tests/fixtures/razorpay/, each
 * from Razorpay's API reference). Every field the documentation shows must be in the sandbox's answer,
 * with the same JSON type where both have a value: a drift in our stand-in fails here, not in production.
 */
const documented = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/razorpay/${name}.json`, import.meta.url), 'utf8')) as Json;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/**
 * Where `actual` differs from `example` in shape: a documented field missing, or of another type. `notes` is
 * the merchant's own key-value data, an object or, when empty, an array (Razorpay documents both); `free`
 * names fields whose content depends on the method or the bank: both are checked for presence and kind only.
 */
function shapeDrift(example: Json, actual: unknown, free: readonly string[] = [], path = ''): string[] {
  if (example === null || actual === null) return [];
  const at = path || '(root)';
  if (path.endsWith('notes')) return ['object', 'array'].includes(kind(actual)) ? [] : [`${at}: ${kind(actual)}, documented an object`];
  if (kind(example) !== kind(actual)) return [`${at}: ${kind(actual)}, documented ${kind(example)}`];
  if (kind(example) !== 'object' || free.includes(path)) return [];
  const record = actual as Record<string, unknown>;
  return Object.entries(example as Record<string, Json>).flatMap(([key, value]) => {
    const child = path ? `${path}.${key}` : key;
    return key in record ? shapeDrift(value, record[key], free, child) : [`${child}: missing`];
  });
}

describe('the sandbox speaks Razorpay’s documented shapes', () => {
  const api = sandboxClient();

  it('orders: created, then paid', async () => {
    const order = await api.orders.create({ amount: 50000, currency: 'INR', receipt: 'shape-test', notes: { key1: 'value1' } });
    expect(shapeDrift(documented('order'), order)).toEqual([]);
    await sandboxPay(order.id);
    const paid = await api.orders.fetch(order.id);
    expect(shapeDrift(documented('order'), paid)).toEqual([]);
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 50000, amount_due: 0 });
  });

  it('payments and refunds: a captured UPI payment and its refund', async () => {
    const order = await api.orders.create({ amount: 9900, currency: 'INR', receipt: 'shape-test-pay' });
    const result = await sandboxPay(order.id);
    const payment = await api.payments.fetch(result.body.razorpay_payment_id);
    // card is present for card payments only, and acquirer_data holds what the method's bank returns.
    const { card: _card, ...example } = documented('payment') as Record<string, Json>;
    expect(shapeDrift(example, payment, ['acquirer_data'])).toEqual([]);
    expect(payment).toMatchObject({ entity: 'payment', status: 'captured', captured: true, order_id: order.id, amount: 9900 });
    const refund = await api.payments.refund(payment.id, { amount: 9900 });
    expect(shapeDrift(documented('refund'), refund, ['acquirer_data'])).toEqual([]);
  });

  it('plans and subscriptions', async () => {
    const plan = await api.plans.create({
      period: 'weekly',
      interval: 1,
      item: { name: 'Shape test', amount: 69900, currency: 'INR', description: 'Shape test' },
    });
    expect(shapeDrift(documented('plan'), plan)).toEqual([]);
    expect(shapeDrift(documented('plan'), await api.plans.fetch(plan.id))).toEqual([]);
    const subscription = await api.subscriptions.create({
      plan_id: plan.id,
      total_count: 6,
      customer_notify: 1,
      notes: { notes_key_1: 'x' },
    });
    // offer_id appears only when an offer is linked.
    const { offer_id: _offer, ...example } = documented('subscription') as Record<string, Json>;
    expect(shapeDrift(example, subscription)).toEqual([]);
    expect(shapeDrift(example, await api.subscriptions.fetch(subscription.id))).toEqual([]);
  });

  it('invoices: a subscription charge’s invoice, fetched by id and listed by subscription', async () => {
    const plan = await api.plans.create({
      period: 'monthly',
      interval: 1,
      item: { name: 'Invoice shape', amount: 99900, currency: 'INR' },
    });
    const subscription = await api.subscriptions.create({ plan_id: plan.id, total_count: 3, customer_notify: 1 });
    const authorised = await sandboxAuthorise(subscription.id);
    const payment = await api.payments.fetch(authorised.body.razorpay_payment_id);
    const listed = (await api.invoices.all({ subscription_id: subscription.id })) as unknown as { entity: string; items: Json[] };
    expect(listed.entity).toBe('collection');
    const invoice = await api.invoices.fetch(String((listed.items[0] as Record<string, Json>).id));
    const example = documented('invoice') as Record<string, Json>;
    for (const found of [invoice, listed.items[0]]) {
      expect(shapeDrift(example, found)).toEqual([]);
      // Arrays are compared by kind; the documented line item is compared field by field.
      expect(shapeDrift((example.line_items as Json[])[0], (found as unknown as { line_items: unknown[] }).line_items[0])).toEqual([]);
    }
    expect(invoice).toMatchObject({
      subscription_id: subscription.id,
      status: 'paid',
      customer_details: { email: 'subscriber@example.com' },
    });
    expect(invoice.line_items[0]).toMatchObject({ name: 'Invoice shape', type: 'plan', quantity: 1 });
    expect(payment.invoice_id).toBe(invoice.id);
  });

  it('webhooks: the envelope, what each event contains, and each entity in it as documented', async () => {
    const order = await api.orders.create({ amount: 12900, currency: 'INR', receipt: 'shape-test-webhooks' });
    const paid = await sandboxPay(order.id, { webhook: true });
    const paymentId = paid.body.razorpay_payment_id;
    await api.payments.refund(paymentId, { amount: 12900 });
    const failedOrder = await api.orders.create({ amount: 12900, currency: 'INR', receipt: 'shape-test-webhook-failed' });
    const failed = await sandboxPay(failedOrder.id, { outcome: 'fail', webhook: true });
    const failedId = failed.body.error?.metadata.payment_id ?? '';
    const deliveries = (await (await fetch(`${SANDBOX}/__sandbox/deliveries`)).json()) as {
      event: string;
      about: string[];
      body: string;
    }[];
    const sent = (id: string, event: string) => {
      const found = deliveries.find((d) => d.event === event && d.about.includes(id));
      if (!found) throw new Error(`the sandbox sent no ${event} for ${id}`);
      return JSON.parse(found.body) as { contains: string[]; payload: Record<string, { entity: Json }> };
    };
    const contains: [string, string, string[]][] = [
      [paymentId, 'payment.captured', ['payment']],
      [order.id, 'order.paid', ['payment', 'order']],
      [paymentId, 'refund.processed', ['refund', 'payment']],
      [failedId, 'payment.failed', ['payment']],
    ];
    const { card: _card, ...payment } = documented('payment') as Record<string, Json>;
    const entities: Record<string, Json> = { payment, order: documented('order'), refund: documented('refund') };
    for (const [id, event, names] of contains) {
      const body = sent(id, event);
      const { payload: _payload, ...envelope } = documented('webhook-event') as Record<string, Json>;
      expect(shapeDrift(envelope, body), event).toEqual([]);
      expect([...body.contains].sort(), event).toEqual([...names].sort());
      expect(Object.keys(body.payload).sort(), event).toEqual([...names].sort());
      for (const name of names)
        expect(shapeDrift(entities[name], body.payload[name].entity, ['acquirer_data']), `${event}: ${name}`).toEqual([]);
    }
    // The webhooks the tests build themselves (support/razorpay.ts) are held to the same envelope.
    const { payload: _payload, ...envelope } = documented('webhook-event') as Record<string, Json>;
    expect(shapeDrift(envelope, JSON.parse(webhookBody('payment.captured', { payment: {} })))).toEqual([]);
  });

  it('the comparison itself finds a missing field and a wrong type', () => {
    const { attempts: _gone, ...withoutAttempts } = documented('order') as Record<string, Json>;
    expect(shapeDrift(documented('order'), withoutAttempts)).toEqual(['attempts: missing']);
    expect(shapeDrift(documented('order'), { ...(documented('order') as Record<string, Json>), amount: '50000' })).toEqual([
      'amount: string, documented number',
    ]);
  });
});
