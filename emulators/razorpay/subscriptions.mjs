// The sandbox's Subscriptions, from Razorpay's documented contract:
//   Plans API          POST /v1/plans, GET /v1/plans/:id, GET /v1/plans
//   Subscriptions API  POST /v1/subscriptions, GET /v1/subscriptions/:id, POST /v1/subscriptions/:id/cancel
//   Invoices API       GET /v1/invoices?subscription_id=…, GET /v1/invoices/{id} (one invoice per charge)
//   Checkout           authorising a subscription: with a future start_at, a ₹5 authorisation payment that is
//                      refunded at once (nothing is captured); with none, the first cycle is charged now.
//                      The handler gets {razorpay_payment_id, razorpay_subscription_id, razorpay_signature},
//                      the signature being HMAC-SHA256 of `payment_id|subscription_id` with the key secret.
//   Webhooks           subscription.authenticated, activated, charged, pending, halted, cancelled, completed,
//                      and payment.captured / payment.failed for each charge, signed and retried.
//   Clock control      POST /__sandbox/subscriptions/:id/clock {"action": "charge" | "fail"} moves one
//                      subscription to its next charge (the trial's end, or the next cycle) and charges it,
//                      or fails that charge: pending on the first failure, halted on the next. A cancellation
//                      at cycle end takes effect there instead. The dashboard has the same buttons.
//                      {"webhook": false} holds back that move's events only (a test delivers them itself).
// State lives in memory, beside the orders and payments of sandbox.mjs.

const PERIODS = ['daily', 'weekly', 'monthly', 'yearly'];
const AUTH_AMOUNT = 500; // ₹5, refunded
const DAY = 86_400;

/** `seconds` moved on by `count` periods, in calendar terms (UTC calendar; the gateway's own clock). */
function addPeriod(seconds, period, count = 1) {
  const d = new Date(seconds * 1000);
  if (period === 'daily') return seconds + count * DAY;
  if (period === 'weekly') return seconds + 7 * count * DAY;
  const months = period === 'monthly' ? count : 12 * count;
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

/**
 * @param {{ newId: (prefix: string) => string, now: () => number, hmac: (secret: string, text: string) => string,
 *   keySecret: string, origin: () => string, GatewayError: any, missing: () => Error, payments: Map<string, any>,
 *   orders: Map<string, any>, sendWebhook: (event: string, payload: object, about?: string[]) => unknown,
 *   savedPlans?: any[], savePlans?: (plans: any[]) => void }} gateway
 */
export function createSubscriptions(gateway) {
  const {
    newId,
    now,
    hmac,
    keySecret,
    GatewayError,
    missing,
    payments,
    orders,
    sendWebhook,
    holdWebhooks = () => {},
    releaseWebhooks = () => {},
    savedPlans = [],
    savePlans = () => {},
  } = gateway;
  // An account's plans outlive a restart, as at Razorpay: their ids are in the site's configuration.
  const plans = new Map(savedPlans.map((plan) => [plan.id, plan]));
  const subscriptions = new Map();
  const invoices = new Map();
  /** Per subscription: a scheduled cancellation and the contact checkout gave. */
  const extra = new Map();

  const bad = (description, field) => new GatewayError(400, description, field ? { field } : {});
  const notes = (value, field = 'notes') => {
    if (value === undefined || value === null) return {};
    if (typeof value !== 'object' || Array.isArray(value) || Object.keys(value).length > 15)
      throw bad('Number of fields in notes should be less than or equal to 15', field);
    return value;
  };

  function createPlan(body) {
    const { period, interval, item } = body ?? {};
    if (!PERIODS.includes(period)) throw bad('The period must be one of daily, weekly, monthly or yearly.', 'period');
    if (!Number.isInteger(interval) || interval < 1) throw bad('The interval must be an integer greater than 0.', 'interval');
    if (period === 'daily' && interval < 7) throw bad('The interval for daily plans should be at least 7.', 'interval');
    if (typeof item !== 'object' || item === null) throw bad('The item field is required.', 'item');
    if (typeof item.name !== 'string' || !item.name) throw bad('The name field is required.', 'name');
    if (!Number.isInteger(item.amount) || item.amount < 100) throw bad('The amount must be atleast INR 1.00', 'amount');
    if (item.currency !== 'INR') throw bad('Currency is not supported', 'currency');
    const created = now();
    const plan = {
      id: newId('plan'),
      entity: 'plan',
      interval,
      period,
      item: {
        id: newId('item'),
        active: true,
        name: item.name,
        description: item.description ?? null,
        amount: item.amount,
        unit_amount: item.amount,
        currency: 'INR',
        type: 'plan',
        unit: null,
        tax_inclusive: false,
        hsn_code: null,
        sac_code: null,
        tax_rate: null,
        tax_id: null,
        tax_group_id: null,
        created_at: created,
        updated_at: created,
      },
      notes: notes(body.notes),
      created_at: created,
    };
    plans.set(plan.id, plan);
    savePlans([...plans.values()]);
    return plan;
  }

  function createSubscription(body) {
    const plan = plans.get(body?.plan_id);
    if (!plan) throw bad('The id provided does not exist', 'plan_id');
    const {
      total_count: totalCount,
      quantity = 1,
      start_at: startAt = null,
      expire_by: expireBy = null,
      customer_notify: notify = 1,
    } = body;
    if (!Number.isInteger(totalCount) || totalCount < 1) throw bad('The total count field is required.', 'total_count');
    if (!Number.isInteger(quantity) || quantity < 1) throw bad('The quantity must be at least 1.', 'quantity');
    if (startAt !== null && (!Number.isInteger(startAt) || startAt < now()))
      throw bad('start_at cannot be lesser than the current time.', 'start_at');
    if (expireBy !== null && (!Number.isInteger(expireBy) || expireBy < now()))
      throw bad('expire_by cannot be lesser than the current time.', 'expire_by');
    const id = newId('sub');
    const subscription = {
      id,
      entity: 'subscription',
      plan_id: plan.id,
      customer_id: null,
      status: 'created',
      current_start: null,
      current_end: null,
      ended_at: null,
      quantity,
      notes: notes(body.notes),
      charge_at: startAt,
      start_at: startAt,
      end_at: null,
      auth_attempts: 0,
      total_count: totalCount,
      paid_count: 0,
      customer_notify: notify !== 0 && notify !== false,
      created_at: now(),
      expire_by: expireBy,
      short_url: `${gateway.origin()}/subscriptions/${id}`,
      has_scheduled_changes: false,
      change_scheduled_at: null,
      source: 'api',
      offer_id: null,
      remaining_count: totalCount,
    };
    subscriptions.set(id, subscription);
    extra.set(id, { cancelAtCycleEnd: false, email: '', contact: '' });
    return subscription;
  }

  const find = (id) =>
    subscriptions.get(id) ??
    (() => {
      throw missing();
    })();
  const planOf = (subscription) => plans.get(subscription.plan_id);
  const send = (event, subscription, payment) =>
    sendWebhook(event, { subscription: { entity: { ...subscription } }, ...(payment ? { payment: { entity: { ...payment } } } : {}) });

  function newCharge(subscription, at, { failed = false, amount, method = 'card', authorisation = false }) {
    const info = extra.get(subscription.id);
    const order = {
      id: newId('order'),
      entity: 'order',
      amount,
      amount_paid: failed ? 0 : amount,
      amount_due: failed ? amount : 0,
      currency: 'INR',
      receipt: null,
      offer_id: null,
      status: failed ? 'attempted' : 'paid',
      attempts: 1,
      notes: {},
      created_at: at,
    };
    orders.set(order.id, order);
    const payment = {
      id: newId('pay'),
      entity: 'payment',
      amount,
      currency: 'INR',
      status: failed ? 'failed' : 'captured',
      order_id: order.id,
      invoice_id: null,
      international: false,
      method,
      amount_refunded: 0,
      refund_status: null,
      captured: !failed,
      description: authorisation ? 'Authorisation for subscription (refunded)' : planOf(subscription).item.name,
      card_id: null,
      bank: null,
      wallet: null,
      vpa: null,
      email: info.email,
      contact: info.contact,
      customer_id: subscription.customer_id,
      token_id: subscription.customer_id ? `token_${subscription.id.slice(4)}` : null,
      notes: {},
      recurring: !authorisation,
      fee: failed ? null : Math.round(amount * 0.02),
      tax: failed ? null : Math.round(amount * 0.0036),
      error_code: failed ? 'BAD_REQUEST_ERROR' : null,
      error_description: failed ? 'The card was declined by the bank (sandbox).' : null,
      error_source: failed ? 'bank' : null,
      error_step: failed ? 'payment_authorization' : null,
      error_reason: failed ? 'payment_failed' : null,
      acquirer_data: {},
      created_at: at,
    };
    if (authorisation) Object.assign(payment, { status: 'refunded', amount_refunded: amount, refund_status: 'full' });
    payments.set(payment.id, payment);
    return payment;
  }

  function newInvoice(subscription, payment, start, end) {
    // As Razorpay documents a subscription's invoice: the customer as checkout gave them, and one line for the plan.
    const info = extra.get(subscription.id) ?? {};
    const item = planOf(subscription)?.item;
    const invoice = {
      id: newId('inv'),
      entity: 'invoice',
      type: 'invoice',
      receipt: null,
      invoice_number: null,
      customer_id: subscription.customer_id,
      customer_details: {
        id: subscription.customer_id,
        name: null,
        email: info.email || null,
        contact: info.contact || null,
        gstin: null,
        billing_address: null,
        shipping_address: null,
        customer_name: null,
        customer_email: info.email || null,
        customer_contact: info.contact || null,
      },
      order_id: payment.order_id,
      subscription_id: subscription.id,
      line_items: [
        {
          id: newId('li'),
          item_id: null,
          ref_id: null,
          ref_type: null,
          name: item?.name ?? 'Plan',
          description: item?.description ?? null,
          amount: payment.amount,
          unit_amount: payment.amount,
          gross_amount: payment.amount,
          tax_amount: 0,
          taxable_amount: payment.amount,
          net_amount: payment.amount,
          currency: 'INR',
          type: 'plan',
          tax_inclusive: false,
          hsn_code: null,
          sac_code: null,
          tax_rate: null,
          unit: null,
          quantity: 1,
          taxes: [],
        },
      ],
      expire_by: null,
      payment_id: payment.status === 'captured' ? payment.id : null,
      status: payment.status === 'captured' ? 'paid' : 'issued',
      amount: payment.amount,
      amount_paid: payment.status === 'captured' ? payment.amount : 0,
      amount_due: payment.status === 'captured' ? 0 : payment.amount,
      currency: 'INR',
      billing_start: start,
      billing_end: end,
      paid_at: payment.status === 'captured' ? payment.created_at : null,
      issued_at: payment.created_at,
      date: payment.created_at,
      short_url: `${gateway.origin()}/subscriptions/${subscription.id}`,
      created_at: payment.created_at,
    };
    invoices.set(invoice.id, invoice);
    payment.invoice_id = invoice.id;
    return invoice;
  }

  function settle(invoice, payment) {
    payment.invoice_id = invoice.id;
    if (payment.status !== 'captured') return;
    Object.assign(invoice, {
      status: 'paid',
      payment_id: payment.id,
      amount_paid: invoice.amount,
      amount_due: 0,
      paid_at: payment.created_at,
      order_id: payment.order_id,
    });
  }

  /** Checkout's frame authorises a subscription: the gateway's side of it. */
  function authorise(body) {
    const subscription = find(body.subscription_id);
    if (subscription.status !== 'created') throw bad('This subscription has already been authorised or has ended.');
    if (subscription.expire_by && now() > subscription.expire_by) throw bad('The subscription has expired.');
    const info = extra.get(subscription.id);
    Object.assign(info, { email: String(body.email ?? ''), contact: String(body.contact ?? '') });
    subscription.auth_attempts += 1;
    if (body.outcome === 'fail') {
      const failed = newCharge(subscription, now(), { failed: true, amount: AUTH_AMOUNT, authorisation: true });
      sendWebhook('payment.failed', { payment: { entity: failed } }, [subscription.id]);
      return {
        status: 400,
        body: {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: failed.error_description,
            source: 'bank',
            step: 'payment_authorization',
            reason: 'payment_failed',
            metadata: { payment_id: failed.id },
          },
        },
      };
    }
    subscription.customer_id = newId('cust');
    subscription.status = 'authenticated';
    let payment;
    if (subscription.start_at === null) {
      // No start date: the authorisation is the first cycle's charge.
      subscription.start_at = now();
      subscription.charge_at = now();
      send('subscription.authenticated', subscription);
      payment = charge(subscription, { method: body.method });
    } else {
      payment = newCharge(subscription, now(), { amount: AUTH_AMOUNT, method: body.method, authorisation: true });
      send('subscription.authenticated', subscription);
    }
    return {
      status: 200,
      body: {
        razorpay_payment_id: payment.id,
        razorpay_subscription_id: subscription.id,
        razorpay_signature: hmac(keySecret, `${payment.id}|${subscription.id}`),
      },
    };
  }

  /** The charge due at `charge_at`: the trial's end, a renewal, or a retry of a failed one. */
  function charge(subscription, { failed = false, method = 'card' } = {}) {
    const plan = planOf(subscription);
    // The subscription's own clock moves to its charge: charge_at only ever moves forward.
    const at = subscription.charge_at ?? now();
    const retry = subscription.status === 'pending' || subscription.status === 'halted';
    const start = retry ? (subscription.current_start ?? at) : at;
    const end = retry && subscription.current_end ? subscription.current_end : addPeriod(at, plan.period, plan.interval);
    const payment = newCharge(subscription, at, { failed, amount: plan.item.amount * subscription.quantity, method });
    // A retry pays the cycle's invoice that is still due, as Razorpay's retries and payment link do.
    const due = retry
      ? [...invoices.values()].find((inv) => inv.subscription_id === subscription.id && inv.status === 'issued')
      : undefined;
    if (due) settle(due, payment);
    else newInvoice(subscription, payment, start, end);
    if (failed) {
      sendWebhook('payment.failed', { payment: { entity: payment } }, [subscription.id]);
      subscription.status = subscription.status === 'pending' || subscription.status === 'halted' ? 'halted' : 'pending';
      if (subscription.current_start === null) Object.assign(subscription, { current_start: start, current_end: end });
      send(subscription.status === 'halted' ? 'subscription.halted' : 'subscription.pending', subscription);
      return payment;
    }
    const first = subscription.paid_count === 0;
    Object.assign(subscription, {
      status: 'active',
      current_start: start,
      current_end: end,
      charge_at: end,
      paid_count: subscription.paid_count + 1,
      remaining_count: subscription.total_count - subscription.paid_count - 1,
      end_at: addPeriod(subscription.start_at, plan.period, plan.interval * subscription.total_count),
    });
    sendWebhook('payment.captured', { payment: { entity: payment } }, [subscription.id]);
    if (first) send('subscription.activated', subscription, payment);
    send('subscription.charged', subscription, payment);
    if (subscription.paid_count >= subscription.total_count) {
      Object.assign(subscription, { status: 'completed', ended_at: end, charge_at: null });
      send('subscription.completed', subscription);
    }
    return payment;
  }

  function cancel(id, body) {
    const subscription = find(id);
    if (['cancelled', 'completed', 'expired'].includes(subscription.status))
      throw bad('Subscription is not cancellable in cancelled status.');
    const atCycleEnd = body?.cancel_at_cycle_end === 1 || body?.cancel_at_cycle_end === true || body?.cancel_at_cycle_end === '1';
    if (atCycleEnd && subscription.status === 'active') {
      // Stays active to the end of the paid cycle; no charge after it.
      extra.get(id).cancelAtCycleEnd = true;
      Object.assign(subscription, { has_scheduled_changes: true, change_scheduled_at: subscription.current_end });
      return subscription;
    }
    // Created, in its trial, pending or halted: ends now, and nothing more is charged.
    Object.assign(subscription, {
      status: 'cancelled',
      ended_at: now(),
      charge_at: null,
      has_scheduled_changes: false,
      change_scheduled_at: null,
    });
    send('subscription.cancelled', subscription);
    return subscription;
  }

  /**
   * The clock control: move this subscription to its next charge and make it. With `deliver` false, the events of
   * this one move are held back (a test then delivers them itself), and every other subscription's still go out.
   */
  function advance(id, action, deliver = true) {
    if (deliver) return advanceNow(id, action);
    holdWebhooks(id);
    try {
      return advanceNow(id, action);
    } finally {
      releaseWebhooks(id);
    }
  }

  function advanceNow(id, action) {
    const subscription = find(id);
    if (action !== 'charge' && action !== 'fail') throw bad('Send {"action": "charge"} or {"action": "fail"}.', 'action');
    if (!['authenticated', 'active', 'pending', 'halted'].includes(subscription.status))
      throw bad(`A ${subscription.status} subscription has no charge to make.`);
    if (extra.get(id).cancelAtCycleEnd && subscription.status === 'active') {
      Object.assign(subscription, {
        status: 'cancelled',
        ended_at: subscription.current_end,
        charge_at: null,
        has_scheduled_changes: false,
        change_scheduled_at: null,
      });
      send('subscription.cancelled', subscription);
      return subscription;
    }
    charge(subscription, { failed: action === 'fail' });
    return subscription;
  }

  function list(map, query, filter = () => true) {
    const count = Math.min(Number(query.get('count') ?? 10), 100);
    const skip = Number(query.get('skip') ?? 0);
    const items = [...map.values()]
      .filter(filter)
      .reverse()
      .slice(skip, skip + count);
    return { entity: 'collection', count: items.length, items };
  }

  /** Routes under /v1 (authenticated by the caller) and the sandbox's own; undefined when not ours. */
  async function route({ method, parts, query, readBody }) {
    const is = (m, pattern) => method === m && pattern.length === parts.length && pattern.every((p, i) => p === '*' || p === parts[i]);
    if (is('POST', ['v1', 'plans'])) return createPlan(await readBody());
    if (is('GET', ['v1', 'plans'])) return list(plans, query);
    if (is('GET', ['v1', 'plans', '*']))
      return (
        plans.get(parts[2]) ??
        (() => {
          throw missing();
        })()
      );
    if (is('POST', ['v1', 'subscriptions'])) return createSubscription(await readBody());
    if (is('GET', ['v1', 'subscriptions', '*'])) return find(parts[2]);
    if (is('POST', ['v1', 'subscriptions', '*', 'cancel'])) return cancel(parts[2], await readBody());
    if (is('GET', ['v1', 'invoices'])) {
      const sub = query.get('subscription_id');
      return list(invoices, query, (inv) => !sub || inv.subscription_id === sub);
    }
    if (is('GET', ['v1', 'invoices', '*']))
      return (
        invoices.get(parts[2]) ??
        (() => {
          throw missing();
        })()
      );
    if (is('POST', ['__sandbox', 'subscriptions', '*', 'clock'])) {
      const body = await readBody();
      if (body.webhook !== undefined && typeof body.webhook !== 'boolean') throw bad('"webhook" is true or false.', 'webhook');
      return advance(parts[2], body.action, body.webhook !== false);
    }
    return undefined;
  }

  function dashboardRows(escapeHtml, rupees) {
    return [...subscriptions.values()]
      .reverse()
      .map((s) => {
        const plan = planOf(s);
        const when = (t) => (t ? new Date(t * 1000).toISOString().slice(0, 10) : '–');
        const live = ['authenticated', 'active', 'pending', 'halted'].includes(s.status);
        return `<tr><td><code>${s.id}</code></td><td>${escapeHtml(plan.item.name)} ${rupees(plan.item.amount)}/${plan.period}</td><td>${s.status}${extra.get(s.id).cancelAtCycleEnd ? ' (cancels at cycle end)' : ''}</td>
<td>${when(s.charge_at)}</td><td>${s.paid_count}/${s.total_count}</td><td>${
          live
            ? `<form method="post" action="/dashboard/subscriptions/${s.id}/charge"><button>Charge now</button></form>
<form method="post" action="/dashboard/subscriptions/${s.id}/fail"><button>Fail the charge</button></form>`
            : ''
        }</td></tr>`;
      })
      .join('');
  }

  /** The page behind a subscription's short_url: where the customer pays a pending charge again. */
  function linkPage(id, escapeHtml, rupees) {
    const s = subscriptions.get(id);
    if (!s) return '<p role="alert">This subscription does not exist.</p>';
    const plan = planOf(s);
    const due = s.status === 'pending' || s.status === 'halted';
    return `<h1>${escapeHtml(plan.item.name)}</h1><p>Status: <strong>${s.status}</strong></p>${
      due
        ? `<p>${rupees(plan.item.amount)} is due. Update your payment method and pay it.</p>
<form method="post" action="/dashboard/subscriptions/${s.id}/charge"><button>Pay ${rupees(plan.item.amount)} with a new card</button></form>`
        : '<p>Nothing is due.</p>'
    }`;
  }

  /** What checkout's frame shows for a subscription: what is taken now, and what later. */
  function checkoutSummary(id, rupees) {
    const s = subscriptions.get(id);
    if (!s) return undefined;
    const plan = planOf(s);
    const later = `${rupees(plan.item.amount * s.quantity)} every ${plan.period === 'yearly' ? 'year' : plan.period === 'monthly' ? 'month' : plan.period.replace(/ly$/, '')}`;
    return s.start_at === null
      ? { amount: rupees(plan.item.amount * s.quantity), note: `then ${later}`, button: `Pay ${rupees(plan.item.amount * s.quantity)}` }
      : {
          amount: rupees(AUTH_AMOUNT),
          note: `Authorisation, refunded at once. ${later} from ${new Date(s.start_at * 1000).toISOString().slice(0, 10)}.`,
          button: 'Authorise',
        };
  }

  return { route, authorise, advance, dashboardRows, linkPage, checkoutSummary };
}
