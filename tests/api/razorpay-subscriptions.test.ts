import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SANDBOX, eventually, paymentConfig, sandboxAuthorise, sandboxClient, sandboxClock } from '../support/razorpay';

// The sandbox's Subscriptions, through the official SDK: the contract the functions will rely on (#32).
// Plans, a subscription with a free trial (future start_at), its authorisation, the clock control's
// charges, failures and cancellations, invoices, and the signed webhooks of each step.

const api = sandboxClient();
const DAY = 86_400;
type Sub = {
  id: string;
  status: string;
  paid_count: number;
  current_start: number | null;
  current_end: number | null;
  charge_at: number | null;
  start_at: number | null;
  customer_id: string | null;
  has_scheduled_changes: boolean;
  short_url: string;
};
type Payment = { id: string; status: string; amount: number; amount_refunded: number; invoice_id: string | null; captured: boolean };

async function yearlyPlan(amount = 1599900) {
  return api.plans.create({
    period: 'yearly',
    interval: 1,
    item: { name: 'Elite Learning Membership', amount, currency: 'INR', description: 'Every course, every year' },
  });
}

async function trialSubscription(trialDays = 14) {
  const plan = await yearlyPlan();
  const startAt = Math.floor(Date.now() / 1000) + trialDays * DAY;
  const created = (await api.subscriptions.create({
    plan_id: plan.id,
    total_count: 10,
    start_at: startAt,
    customer_notify: 0,
    notes: { enrollmentId: 'contract-test' },
  })) as unknown as Sub;
  return { plan, created, startAt };
}

type Delivery = { event: string; eventId: string; about: string[]; delivered: boolean; gaveUp: boolean };
const deliveries = async () => (await (await fetch(`${SANDBOX}/__sandbox/deliveries`)).json()) as Delivery[];

/** The webhooks the sandbox sent about one subscription (its own events and its charges'), in order, from the `since`-th. */
async function eventsFor(subscriptionId: string, since: number): Promise<string[]> {
  return (await deliveries())
    .slice(since)
    .filter((d) => d.about.includes(subscriptionId))
    .map((d) => d.event);
}

describe('plans', () => {
  it("creates, fetches and lists a plan; refuses a bad one with Razorpay's error shape", async () => {
    const plan = await yearlyPlan();
    expect(plan).toMatchObject({
      entity: 'plan',
      period: 'yearly',
      interval: 1,
      item: { amount: 1599900, currency: 'INR', type: 'plan', active: true },
    });
    expect(await api.plans.fetch(plan.id)).toEqual(plan);
    expect((await api.plans.all({ count: 100 })).items.map((p) => p.id)).toContain(plan.id);
    const refused = await api.plans
      .create({ period: 'hourly' as never, interval: 1, item: { name: 'x', amount: 100, currency: 'INR' } })
      .catch((err: unknown) => err as { statusCode: number; error: { code: string; field: string } });
    expect(refused).toMatchObject({ statusCode: 400, error: { code: 'BAD_REQUEST_ERROR', field: 'period' } });
  });
});

describe('a subscription with a free trial', () => {
  it("is created, authorised with a refunded ₹5 (nothing captured), charged at the trial's end, renewed, and invoiced each time", async () => {
    const { created, startAt } = await trialSubscription();
    expect(created).toMatchObject({
      entity: 'subscription',
      status: 'created',
      start_at: startAt,
      charge_at: startAt,
      paid_count: 0,
      total_count: 10,
      customer_id: null,
    });
    expect(created.short_url).toMatch(/^http/);
    const before = (await deliveries()).length;

    const auth = await sandboxAuthorise(created.id);
    expect(auth.status).toBe(200);
    expect(auth.body.razorpay_subscription_id).toBe(created.id);
    const expected = createHmac('sha256', paymentConfig().keySecret).update(`${auth.body.razorpay_payment_id}|${created.id}`).digest('hex');
    expect(auth.body.razorpay_signature).toBe(expected);
    const authPayment = (await api.payments.fetch(auth.body.razorpay_payment_id)) as unknown as Payment;
    expect(authPayment).toMatchObject({ amount: 500, status: 'refunded', amount_refunded: 500 });
    const trial = (await api.subscriptions.fetch(created.id)) as unknown as Sub;
    expect(trial).toMatchObject({ status: 'authenticated', paid_count: 0, charge_at: startAt });
    expect(trial.customer_id).toMatch(/^cust_/);
    expect((await api.invoices.all({ subscription_id: created.id } as never)).items).toEqual([]);
    // Authorising twice is refused.
    expect((await sandboxAuthorise(created.id)).status).toBe(400);

    // The trial ends: the first cycle is charged at start_at.
    expect((await sandboxClock(created.id, 'charge')).status).toBe(200);
    const active = (await api.subscriptions.fetch(created.id)) as unknown as Sub;
    expect(active).toMatchObject({ status: 'active', paid_count: 1, current_start: startAt });
    expect(active.current_end).toBe(
      Math.floor(
        Date.UTC(
          new Date(startAt * 1000).getUTCFullYear() + 1,
          new Date(startAt * 1000).getUTCMonth(),
          new Date(startAt * 1000).getUTCDate(),
          new Date(startAt * 1000).getUTCHours(),
          new Date(startAt * 1000).getUTCMinutes(),
          new Date(startAt * 1000).getUTCSeconds(),
        ) / 1000,
      ),
    );
    expect(active.charge_at).toBe(active.current_end);

    // A year later it renews.
    await sandboxClock(created.id, 'charge');
    const renewed = (await api.subscriptions.fetch(created.id)) as unknown as Sub;
    expect(renewed).toMatchObject({ status: 'active', paid_count: 2, current_start: active.current_end });
    const invoices = (await api.invoices.all({ subscription_id: created.id } as never)).items as unknown as {
      status: string;
      amount: number;
      payment_id: string;
      billing_start: number;
      billing_end: number;
    }[];
    expect(invoices.map((i) => [i.status, i.amount])).toEqual([
      ['paid', 1599900],
      ['paid', 1599900],
    ]);
    for (const invoice of invoices) expect(((await api.payments.fetch(invoice.payment_id)) as unknown as Payment).status).toBe('captured');

    await eventually(async () => ((await deliveries()).slice(before).every((d) => d.delivered || d.gaveUp) ? true : undefined));
    expect(await eventsFor(created.id, before)).toEqual([
      'subscription.authenticated',
      'payment.captured',
      'subscription.activated',
      'subscription.charged',
      'payment.captured',
      'subscription.charged',
    ]);
  });

  it('cancelled in its trial: ended at once and never charged; the clock has nothing to charge', async () => {
    const { created } = await trialSubscription(7);
    await sandboxAuthorise(created.id);
    const cancelled = (await api.subscriptions.cancel(created.id, false)) as unknown as Sub & { ended_at: number };
    expect(cancelled).toMatchObject({ status: 'cancelled', charge_at: null });
    const clock = await sandboxClock(created.id, 'charge');
    expect(clock.status).toBe(400);
    expect((await api.invoices.all({ subscription_id: created.id } as never)).items).toEqual([]);
    const again = await api.subscriptions.cancel(created.id).catch((err: unknown) => err as { statusCode: number });
    expect(again).toMatchObject({ statusCode: 400 });
  });

  it('the clock control with "webhook": false holds back that charge\'s events only; another subscription charged at once still gets its own', async () => {
    const [held, other] = await Promise.all([trialSubscription(7), trialSubscription(7)]);
    await Promise.all([sandboxAuthorise(held.created.id), sandboxAuthorise(other.created.id)]);
    const since = (await deliveries()).length;
    const [quiet, loud] = await Promise.all([
      sandboxClock(held.created.id, 'charge', { webhook: false }),
      sandboxClock(other.created.id, 'charge'),
    ]);
    expect([quiet.status, loud.status]).toEqual([200, 200]);
    // Charged all the same, with its invoice; only the events were held back (and are never sent later).
    expect(((await api.subscriptions.fetch(held.created.id)) as unknown as Sub).paid_count).toBe(1);
    expect((await api.invoices.all({ subscription_id: held.created.id } as never)).items).toHaveLength(1);
    const sent = (await deliveries()).slice(since);
    const about = (id: string) => sent.filter((d) => d.about.includes(id));
    expect(about(held.created.id).map((d) => d.event)).toEqual(['payment.captured', 'subscription.activated', 'subscription.charged']);
    expect(about(held.created.id).every((d) => d.gaveUp && !d.delivered)).toBe(true);
    // The other subscription's charge went out as usual, and reached us.
    const otherSent = async () => (await deliveries()).slice(since).filter((d) => d.about.includes(other.created.id));
    await eventually(async () => ((await otherSent()).filter((d) => d.delivered).length === 3 ? true : undefined));
    expect((await otherSent()).map((d) => d.event)).toEqual(['payment.captured', 'subscription.activated', 'subscription.charged']);
    // Anything but true or false is refused, as the rest of the clock control's body is.
    const wrong = await fetch(`${SANDBOX}/__sandbox/subscriptions/${other.created.id}/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'charge', webhook: 'no' }),
    });
    expect(wrong.status).toBe(400);
  });

  it('a failed renewal: pending, then halted; paying again makes it active', async () => {
    const { created } = await trialSubscription();
    await sandboxAuthorise(created.id);
    await sandboxClock(created.id, 'charge');
    const before = (await deliveries()).length;
    expect((await sandboxClock(created.id, 'fail')).body.status).toBe('pending');
    expect((await sandboxClock(created.id, 'fail')).body.status).toBe('halted');
    const recovered = (await sandboxClock(created.id, 'charge')).body as unknown as Sub;
    expect(recovered).toMatchObject({ status: 'active', paid_count: 2 });
    // The failed cycle's invoice stays due through both failures and is paid by the retry: one invoice per cycle.
    const invoices = (await api.invoices.all({ subscription_id: created.id } as never)).items as unknown as {
      status: string;
      payment_id: string;
    }[];
    expect(invoices.map((i) => i.status)).toEqual(['paid', 'paid']);
    expect(((await api.payments.fetch(invoices[0].payment_id)) as unknown as Payment).status).toBe('captured');
    expect(await eventsFor(created.id, before)).toEqual([
      'payment.failed',
      'subscription.pending',
      'payment.failed',
      'subscription.halted',
      'payment.captured',
      'subscription.charged',
    ]);
  });

  it("cancelled at cycle end: stays active, then ends at the cycle's end without a charge", async () => {
    const { created } = await trialSubscription();
    await sandboxAuthorise(created.id);
    await sandboxClock(created.id, 'charge');
    const scheduled = (await api.subscriptions.cancel(created.id, true)) as unknown as Sub;
    expect(scheduled).toMatchObject({ status: 'active', has_scheduled_changes: true });
    const ended = (await sandboxClock(created.id, 'charge')).body as unknown as Sub & { ended_at: number };
    expect(ended).toMatchObject({ status: 'cancelled', paid_count: 1 });
    expect(ended.ended_at).toBe(scheduled.current_end);
    expect((await api.invoices.all({ subscription_id: created.id } as never)).items).toHaveLength(1);
  });

  it('refuses what Razorpay refuses: an unknown plan, no total_count, a start in the past, a wrong key', async () => {
    const plan = await yearlyPlan();
    const refusal = (p: Promise<unknown>) =>
      p.catch((err: unknown) => err as { statusCode: number; error: { code: string; field?: string } });
    expect(await refusal(api.subscriptions.create({ plan_id: 'plan_nope', total_count: 1 }))).toMatchObject({
      statusCode: 400,
      error: { field: 'plan_id' },
    });
    expect(await refusal(api.subscriptions.create({ plan_id: plan.id } as never))).toMatchObject({
      statusCode: 400,
      error: { field: 'total_count' },
    });
    expect(await refusal(api.subscriptions.create({ plan_id: plan.id, total_count: 1, start_at: 1_000_000 }))).toMatchObject({
      statusCode: 400,
      error: { field: 'start_at' },
    });
    const res = await fetch(`${SANDBOX}/v1/subscriptions/sub_x`, {
      headers: { Authorization: `Basic ${Buffer.from('rzp_test_wrong:nope').toString('base64')}` },
    });
    expect(res.status).toBe(401);
    expect((await sandboxClock('sub_nope', 'charge')).status).toBe(400);
    // Checkout with another account's key cannot authorise our subscription; an unknown subscription is refused.
    const { created } = await trialSubscription();
    const forged = await fetch(`${SANDBOX}/v1/checkout/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ key_id: 'rzp_test_someoneelse', subscription_id: created.id, outcome: 'pay' }),
    });
    expect(forged.status).toBe(401);
    expect((await sandboxAuthorise('sub_doesnotexist')).status).toBe(400);
    expect(((await api.subscriptions.fetch(created.id)) as unknown as Sub).status).toBe('created');
  });
});
