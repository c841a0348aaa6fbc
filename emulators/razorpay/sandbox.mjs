// A local Razorpay sandbox for `npm start` and `npm test`, where api.razorpay.com cannot be reached.
// It implements, from Razorpay's documented contract, what the project calls and no more:
//   Orders API      POST /v1/orders, GET /v1/orders/:id, GET /v1/orders/:id/payments
//   Payments API    GET /v1/payments/:id, POST /v1/payments/:id/refund, GET /v1/payments/:id/refunds
//   Basic auth with the key pair; Razorpay's error shape {error: {code, description, source, step, reason, metadata, field?}}
//   Checkout        GET /v1/checkout.js (a stand-in for checkout.js) and the frame it opens, where the
//                   tester pays, fails or closes. Paying answers the signed result checkout's handler
//                   gets (HMAC-SHA256 of `order_id|payment_id` with the key secret) and sends the
//                   signed webhooks (payment.captured, order.paid; payment.failed; refund.processed)
//                   to the configured URL, retried with backoff as Razorpay does.
//   Subscriptions   Plans, Subscriptions and Invoices APIs, authorisation in checkout, subscription
//                   webhooks and a clock control: see subscriptions.mjs.
//   Dashboard       GET / lists orders, payments and webhook deliveries, with a Refund button and a switch
//                   that stops webhooks, as Razorpay disables a webhook after a day of failed deliveries
//                   (POST /__sandbox/webhooks {"enabled": false} does the same for tests).
// State lives in memory. Node built-ins only.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createSubscriptions } from './subscriptions.mjs';

const CHECKOUT_JS = readFileSync(new URL('./checkout.js', import.meta.url), 'utf8');
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 16000];
const METHODS = ['card', 'upi', 'netbanking', 'wallet'];

const newId = (prefix) => `${prefix}_${Array.from(randomBytes(14), (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('')}`;
const now = () => Math.floor(Date.now() / 1000);
const hmac = (secret, text) => createHmac('sha256', secret).update(text).digest('hex');
const escapeHtml = (value) =>
  String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const rupees = (paise) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 ? 2 : 0 })}`;

class GatewayError extends Error {
  constructor(status, description, { field, source = 'business', step = 'payment_initiation', reason = 'input_validation_failed' } = {}) {
    super(description);
    this.status = status;
    this.body = { error: { code: 'BAD_REQUEST_ERROR', description, source, step, reason, metadata: {}, ...(field ? { field } : {}) } };
  }
}
const authFailed = () => new GatewayError(401, 'Authentication failed', { source: 'NA', step: 'NA', reason: 'NA' });
const missing = () => new GatewayError(400, 'The id provided does not exist');

/**
 * Plans kept in a file per account (key id), when one is named: an account's plans outlive a restart at
 * Razorpay, and the site's configuration names them by id.
 */
function savedPlansOf(file, keyId) {
  if (!file) return {};
  let savedPlans = [];
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    if (saved?.keyId === keyId && Array.isArray(saved.plans)) savedPlans = saved.plans;
  } catch {
    // No file yet, or not ours: the account starts with no plans.
  }
  return { savedPlans, savePlans: (plans) => writeFileSync(file, `${JSON.stringify({ keyId, plans }, null, 2)}\n`) };
}

/**
 * @param {{ port: number, host?: string, keyId: string, keySecret: string, webhookSecret: string,
 *   webhookUrl: string, plansFile?: string, log?: (message: string) => void }} config
 */
export function startRazorpaySandbox(config) {
  const { keyId, keySecret, webhookSecret, webhookUrl, host = '127.0.0.1', log = () => {} } = config;
  const orders = new Map();
  const payments = new Map();
  const refunds = new Map();
  const deliveries = [];
  const pending = new Set();
  let webhooksEnabled = true;
  /** Entities whose events are held back for the moment (the clock control's `"webhook": false`). */
  const heldFor = new Set();
  const subscriptions = createSubscriptions({
    newId,
    now,
    hmac,
    keySecret,
    GatewayError,
    missing,
    payments,
    orders,
    origin: () => `http://${host}:${config.port}`,
    sendWebhook: (event, payload, about) => sendWebhook(event, payload, about),
    holdWebhooks: (id) => heldFor.add(id),
    releaseWebhooks: (id) => heldFor.delete(id),
    ...savedPlansOf(config.plansFile, keyId),
  });

  function checkAuth(req) {
    const match = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (!match) throw authFailed();
    const [id, secret = ''] = Buffer.from(match[1], 'base64').toString('utf8').split(':');
    const expected = Buffer.from(keySecret);
    const given = Buffer.from(secret);
    if (id !== keyId || given.length !== expected.length || !timingSafeEqual(given, expected)) throw authFailed();
  }

  function createOrder(body) {
    const { amount, currency = 'INR', receipt = null, notes = {} } = body ?? {};
    if (!Number.isInteger(amount)) throw new GatewayError(400, 'The amount must be an integer.', { field: 'amount' });
    if (amount < 100) throw new GatewayError(400, 'Order amount less than minimum amount allowed', { field: 'amount' });
    if (currency !== 'INR') throw new GatewayError(400, 'Currency is not supported', { field: 'currency' });
    if (receipt !== null && (typeof receipt !== 'string' || receipt.length > 40))
      throw new GatewayError(400, 'The receipt may not be greater than 40 characters.', { field: 'receipt' });
    if (typeof notes !== 'object' || Array.isArray(notes) || Object.keys(notes).length > 15)
      throw new GatewayError(400, 'Number of fields in notes should be less than or equal to 15', { field: 'notes' });
    const order = {
      id: newId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency,
      receipt,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes,
      created_at: now(),
    };
    orders.set(order.id, order);
    return order;
  }

  function newPayment(order, { method, email, contact, failed }) {
    const payment = {
      id: newId('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: failed ? 'failed' : 'captured',
      order_id: order.id,
      invoice_id: null,
      international: false,
      method,
      amount_refunded: 0,
      refund_status: null,
      captured: !failed,
      description: order.notes?.plan ?? null,
      card_id: null,
      bank: method === 'netbanking' ? 'HDFC' : null,
      wallet: method === 'wallet' ? 'paytm' : null,
      vpa: method === 'upi' ? 'success@razorpay' : null,
      email,
      contact,
      notes: {},
      fee: failed ? null : Math.round(order.amount * 0.02),
      tax: failed ? null : Math.round(order.amount * 0.0036),
      error_code: failed ? 'BAD_REQUEST_ERROR' : null,
      error_description: failed ? 'Payment failed because the bank declined it (sandbox).' : null,
      error_source: failed ? 'bank' : null,
      error_step: failed ? 'payment_authorization' : null,
      error_reason: failed ? 'payment_failed' : null,
      acquirer_data: {},
      created_at: now(),
    };
    payments.set(payment.id, payment);
    order.attempts += 1;
    if (failed) order.status = order.status === 'created' ? 'attempted' : order.status;
    else Object.assign(order, { status: 'paid', amount_paid: order.amount, amount_due: 0 });
    return payment;
  }

  function refund(paymentId, body) {
    const payment = payments.get(paymentId);
    if (!payment) throw missing();
    if (payment.status !== 'captured' && payment.status !== 'refunded')
      throw new GatewayError(400, 'Only captured payments can be refunded');
    const amount = body?.amount ?? payment.amount - payment.amount_refunded;
    if (!Number.isInteger(amount) || amount < 100) throw new GatewayError(400, 'The amount must be atleast INR 1.00', { field: 'amount' });
    if (amount > payment.amount - payment.amount_refunded)
      throw new GatewayError(400, 'The refund amount provided is greater than amount captured', { field: 'amount' });
    const entry = {
      id: newId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: body?.notes ?? {},
      receipt: null,
      acquirer_data: { arn: null },
      created_at: now(),
      batch_id: null,
      status: 'processed',
      speed_processed: 'normal',
      speed_requested: 'normal',
    };
    refunds.set(entry.id, entry);
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded >= payment.amount ? 'full' : 'partial';
    if (payment.refund_status === 'full') payment.status = 'refunded';
    sendWebhook('refund.processed', { refund: { entity: entry }, payment: { entity: payment } });
    return entry;
  }

  /** One event, signed with the webhook secret, delivered until a 2xx or the retries run out. */
  function sendWebhook(event, payload, about = []) {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_Sandbox0000000',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: now(),
    });
    // `about`: the ids the event concerns (its entities', and a charge's subscription), for the dashboard and tests.
    const ids = [...Object.values(payload).map((p) => p.entity.id), ...about];
    const delivery = {
      eventId: `evt_${randomUUID().replace(/-/g, '').slice(0, 14)}`,
      event,
      about: ids,
      // What was sent, for tests that hold it to Razorpay's documented payloads (GET /__sandbox/deliveries).
      body,
      attempts: 0,
      status: null,
      delivered: false,
      gaveUp: false,
    };
    deliveries.push(delivery);
    if (!webhooksEnabled) {
      // A disabled webhook: Razorpay sends nothing for it, and does not catch up when it is enabled again.
      delivery.status = 'webhook disabled';
      delivery.gaveUp = true;
      return delivery;
    }
    if (ids.some((id) => heldFor.has(id))) {
      // Held back by the test that made it, as a disabled webhook is, without silencing everyone else's.
      delivery.status = 'webhook held back';
      delivery.gaveUp = true;
      return delivery;
    }
    const attempt = async () => {
      delivery.attempts += 1;
      try {
        const res = await fetch(webhookUrl, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'X-Razorpay-Signature': hmac(webhookSecret, body),
            'X-Razorpay-Event-Id': delivery.eventId,
          },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        delivery.status = res.status;
        await res.arrayBuffer();
        if (res.ok) {
          delivery.delivered = true;
          return;
        }
      } catch (err) {
        delivery.status = `network: ${err.message}`;
      }
      const delay = RETRY_DELAYS_MS[delivery.attempts - 1];
      if (delay === undefined) {
        delivery.gaveUp = true;
        log(`webhook ${event} ${delivery.eventId} gave up after ${delivery.attempts} attempts (${delivery.status})`);
        return;
      }
      schedule(attempt, delay);
    };
    schedule(attempt, 0);
    return delivery;
  }

  function schedule(fn, delay) {
    const timer = setTimeout(() => {
      pending.delete(timer);
      fn();
    }, delay);
    pending.add(timer);
  }

  /** What checkout's frame does when the tester pays or fails: the gateway's side of a payment. */
  function checkoutAttempt(body) {
    if (body?.key_id !== keyId) throw authFailed();
    if (body.subscription_id) return subscriptions.authorise(body);
    const order = orders.get(body.order_id);
    if (!order) throw missing();
    if (order.status === 'paid') throw new GatewayError(400, 'Payment for this order has already been completed');
    const method = METHODS.includes(body.method) ? body.method : 'card';
    const failed = body.outcome === 'fail';
    const payment = newPayment(order, { method, email: String(body.email ?? ''), contact: String(body.contact ?? ''), failed });
    const deliver = body.webhook !== false;
    if (failed) {
      if (deliver) sendWebhook('payment.failed', { payment: { entity: payment } });
      return {
        status: 400,
        body: {
          error: {
            code: payment.error_code,
            description: payment.error_description,
            source: payment.error_source,
            step: payment.error_step,
            reason: payment.error_reason,
            metadata: { order_id: order.id, payment_id: payment.id },
          },
        },
      };
    }
    if (deliver) {
      sendWebhook('payment.captured', { payment: { entity: payment } });
      sendWebhook('order.paid', { payment: { entity: payment }, order: { entity: order } });
    }
    return {
      status: 200,
      body: {
        razorpay_payment_id: payment.id,
        razorpay_order_id: order.id,
        razorpay_signature: hmac(keySecret, `${order.id}|${payment.id}`),
      },
    };
  }

  async function readBody(req) {
    const chunks = [];
    let size = 0;
    for await (const chunk of req) {
      size += chunk.length;
      if (size > 64 * 1024) throw new GatewayError(413, 'Request body too large');
      chunks.push(chunk);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text) return {};
    if ((req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded'))
      return Object.fromEntries(new URLSearchParams(text));
    try {
      return JSON.parse(text);
    } catch {
      throw new GatewayError(400, 'The request body is not valid JSON');
    }
  }

  async function route(req, res) {
    const url = new URL(req.url, `http://${req.headers.host}`);
    const parts = url.pathname.split('/').filter(Boolean);
    const send = (status, body, type = 'application/json; charset=utf-8') => {
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const is = (method, pattern) =>
      req.method === method && pattern.length === parts.length && pattern.every((p, i) => p === '*' || p === parts[i]);

    if (is('GET', ['v1', 'checkout.js'])) return send(200, CHECKOUT_JS, 'application/javascript; charset=utf-8');
    if (is('GET', ['v1', 'checkout', 'frame'])) return send(200, checkoutFrame(url.searchParams), 'text/html; charset=utf-8');
    if (is('POST', ['v1', 'checkout', 'pay'])) {
      const { status, body } = checkoutAttempt(await readBody(req));
      return send(status, body);
    }
    if (is('GET', [])) return send(200, dashboard(), 'text/html; charset=utf-8');
    if (is('POST', ['dashboard', 'payments', '*', 'refund'])) {
      refund(parts[2], {});
      res.writeHead(303, { Location: '/' });
      return res.end();
    }
    if (is('GET', ['__sandbox', 'deliveries'])) return send(200, deliveries);
    if (is('GET', ['__sandbox', 'webhooks'])) return send(200, { enabled: webhooksEnabled });
    if (is('POST', ['__sandbox', 'webhooks'])) {
      const body = await readBody(req);
      if (typeof body.enabled !== 'boolean') throw new GatewayError(400, 'Send {"enabled": true} or {"enabled": false}.');
      webhooksEnabled = body.enabled;
      log(`webhooks ${webhooksEnabled ? 'enabled' : 'disabled'}`);
      return send(200, { enabled: webhooksEnabled });
    }
    if (is('POST', ['dashboard', 'subscriptions', '*', '*']) && (parts[3] === 'charge' || parts[3] === 'fail')) {
      subscriptions.advance(parts[2], parts[3]);
      res.writeHead(303, { Location: '/' });
      return res.end();
    }
    if (is('GET', ['subscriptions', '*'])) {
      return send(
        200,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Subscription (sandbox)</title></head><body>${subscriptions.linkPage(parts[1], escapeHtml, rupees)}</body></html>`,
        'text/html; charset=utf-8',
      );
    }
    if (parts[0] === '__sandbox' && parts[1] === 'subscriptions') {
      const answer = await subscriptions.route({ method: req.method, parts, query: url.searchParams, readBody: () => readBody(req) });
      if (answer !== undefined) return send(200, answer);
    }
    if (is('POST', ['dashboard', 'webhooks'])) {
      webhooksEnabled = !webhooksEnabled;
      res.writeHead(303, { Location: '/' });
      return res.end();
    }

    if (parts[0] !== 'v1')
      throw new GatewayError(400, 'The requested URL was not found on the server.', { source: 'NA', step: 'NA', reason: 'NA' });
    checkAuth(req);
    const subscriptionAnswer = await subscriptions.route({
      method: req.method,
      parts,
      query: url.searchParams,
      readBody: () => readBody(req),
    });
    if (subscriptionAnswer !== undefined) return send(200, subscriptionAnswer);
    if (is('POST', ['v1', 'orders'])) return send(200, createOrder(await readBody(req)));
    if (is('GET', ['v1', 'orders', '*']))
      return send(
        200,
        orders.get(parts[2]) ??
          (() => {
            throw missing();
          })(),
      );
    if (is('GET', ['v1', 'orders', '*', 'payments'])) {
      if (!orders.has(parts[2])) throw missing();
      const items = [...payments.values()].filter((p) => p.order_id === parts[2]);
      return send(200, { entity: 'collection', count: items.length, items });
    }
    if (is('GET', ['v1', 'payments', '*']))
      return send(
        200,
        payments.get(parts[2]) ??
          (() => {
            throw missing();
          })(),
      );
    if (is('POST', ['v1', 'payments', '*', 'refund'])) return send(200, refund(parts[2], await readBody(req)));
    if (is('GET', ['v1', 'payments', '*', 'refunds'])) {
      if (!payments.has(parts[2])) throw missing();
      const items = [...refunds.values()].filter((r) => r.payment_id === parts[2]);
      return send(200, { entity: 'collection', count: items.length, items });
    }
    throw new GatewayError(400, 'The requested URL was not found on the server.', { source: 'NA', step: 'NA', reason: 'NA' });
  }

  function checkoutFrame(params) {
    const order = orders.get(params.get('order_id') ?? '');
    const subscriptionId = params.get('subscription_id') ?? '';
    const subscription = subscriptionId ? subscriptions.checkoutSummary(subscriptionId, rupees) : undefined;
    const valid = params.get('key_id') === keyId && (order || subscription);
    const charge = subscription ?? (order ? { amount: rupees(order.amount), note: '', button: `Pay ${rupees(order.amount)}` } : undefined);
    const parentOrigin = params.get('origin') ?? '';
    const method = METHODS.includes(params.get('method')) ? params.get('method') : 'card';
    const methodLabels = { card: 'Card', upi: 'UPI', netbanking: 'Net Banking', wallet: 'Wallet' };
    const body = !valid
      ? `<p role="alert">${params.get('key_id') !== keyId ? 'Invalid key id.' : subscriptionId ? 'This subscription does not exist.' : 'This order does not exist.'}</p>`
      : `<p class="amount">${escapeHtml(charge.amount)}</p>
    <p class="muted">${escapeHtml(params.get('description') ?? '')}</p>${charge.note ? `\n    <p class="muted" id="charge-note">${escapeHtml(charge.note)}</p>` : ''}
    <p class="muted">${order ? `Order <code>${escapeHtml(order.id)}</code>` : `Subscription <code>${escapeHtml(subscriptionId)}</code>`}</p>
    <fieldset><legend>Pay with</legend>${METHODS.map((m) => `<label><input type="radio" name="method" value="${m}"${m === method ? ' checked' : ''}> ${methodLabels[m]}</label>`).join('')}</fieldset>
    <p class="muted">${escapeHtml(params.get('email') ?? '')} · ${escapeHtml(params.get('contact') ?? '')}</p>
    <p id="status" role="status"></p>
    <div class="actions"><button id="pay" type="button">${escapeHtml(charge.button)}</button><button id="fail" type="button" class="secondary">Fail payment</button></div>`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Razorpay Checkout (sandbox)</title>
<style>body{font:15px system-ui,sans-serif;margin:0;padding:20px;color:#0f172a}header{display:flex;justify-content:space-between;align-items:center}
h1{font-size:18px;margin:0}.amount{font-size:28px;font-weight:700;margin:12px 0 4px}.muted{color:#475569;margin:4px 0}
fieldset{border:1px solid #cbd5e1;border-radius:6px;margin:12px 0;display:grid;gap:6px}.actions{display:grid;gap:8px}
button{font:inherit;padding:10px;border-radius:6px;border:0;background:#2563eb;color:#fff;cursor:pointer}button.secondary{background:#e2e8f0;color:#0f172a}
#close{background:none;color:#0f172a;font-size:22px;padding:4px 10px}.badge{background:#fef3c7;color:#92400e;border-radius:4px;padding:2px 6px;font-size:12px}
#status{min-height:1.4em;font-weight:600}</style></head><body>
<header><h1>${escapeHtml(params.get('name') || 'Checkout')} <span class="badge">Sandbox</span></h1><button id="close" type="button" aria-label="Close checkout">×</button></header>
<main>${body}</main>
<script>
(function () {
  var parentOrigin = ${JSON.stringify(parentOrigin)};
  var orderId = ${JSON.stringify(order?.id ?? '')};
  var subscriptionId = ${JSON.stringify(subscription ? subscriptionId : '')};
  function tell(type, payload) { parent.postMessage({ source: 'razorpay-sandbox', type: type, payload: payload }, parentOrigin); }
  document.getElementById('close').addEventListener('click', function () { tell('dismiss'); });
  function attempt(outcome) {
    var status = document.getElementById('status');
    var checked = document.querySelector('input[name=method]:checked');
    status.textContent = 'Processing…';
    fetch('/v1/checkout/pay', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({
      key_id: ${JSON.stringify(keyId)}, order_id: orderId || undefined, subscription_id: subscriptionId || undefined, method: checked ? checked.value : 'card', outcome: outcome,
      email: ${JSON.stringify(params.get('email') ?? '')}, contact: ${JSON.stringify(params.get('contact') ?? '')},
    }) }).then(function (res) { return res.json().then(function (body) { return { ok: res.ok, body: body }; }); }).then(function (r) {
      if (r.ok) { status.textContent = 'Payment successful'; tell('success', r.body); }
      else { status.textContent = 'Payment failed: ' + r.body.error.description + ' Try again or close.'; tell('failed', r.body); }
    });
  }
  var pay = document.getElementById('pay');
  if (pay) pay.addEventListener('click', function () { attempt('pay'); });
  var fail = document.getElementById('fail');
  if (fail) fail.addEventListener('click', function () { attempt('fail'); });
})();
</script></body></html>`;
  }

  function dashboard() {
    const rows = [...payments.values()]
      .reverse()
      .map(
        (p) => `<tr><td><code>${p.id}</code></td><td><code>${p.order_id}</code></td>
<td>${escapeHtml(orders.get(p.order_id)?.receipt ?? '')}</td><td>${rupees(p.amount)}</td><td>${p.method}</td><td>${p.status}${p.amount_refunded ? ` (refunded ${rupees(p.amount_refunded)})` : ''}</td>
<td>${p.status === 'captured' ? `<form method="post" action="/dashboard/payments/${p.id}/refund"><button>Refund</button></form>` : ''}</td></tr>`,
      )
      .join('');
    const hooks = [...deliveries]
      .reverse()
      .slice(0, 50)
      .map(
        (d) =>
          `<tr><td>${d.eventId}</td><td>${d.event}</td><td>${d.attempts}</td><td>${escapeHtml(String(d.status))}</td><td>${d.delivered ? 'yes' : 'no'}</td></tr>`,
      )
      .join('');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Razorpay sandbox</title>
<style>body{font:14px system-ui,sans-serif;margin:24px}table{border-collapse:collapse;margin-bottom:24px}td,th{border:1px solid #cbd5e1;padding:4px 8px;text-align:left}</style></head><body>
<h1>Razorpay sandbox</h1><p>Key id <code>${keyId}</code>. Webhooks go to <code>${escapeHtml(webhookUrl)}</code>. ${orders.size} orders.</p>
<form method="post" action="/dashboard/webhooks"><p>Webhooks are <strong id="webhooks-state">${webhooksEnabled ? 'enabled' : 'disabled'}</strong>${webhooksEnabled ? '' : ' (events are not sent; run <code>npm run jobs -- reconcile</code> to find their payments)'}. <button>${webhooksEnabled ? 'Disable webhooks' : 'Enable webhooks'}</button></p></form>
<h2>Payments</h2><table><thead><tr><th>Payment</th><th>Order</th><th>Receipt (enrollment)</th><th>Amount</th><th>Method</th><th>Status</th><th></th></tr></thead><tbody>${rows}</tbody></table>
<h2>Subscriptions</h2><p>The clock control: <em>Charge now</em> moves a subscription to its next charge (the end of its trial, or its next cycle) and charges it; <em>Fail the charge</em> makes that charge fail (pending, then halted).</p>
<table><thead><tr><th>Subscription</th><th>Plan</th><th>Status</th><th>Next charge</th><th>Paid cycles</th><th></th></tr></thead><tbody>${subscriptions.dashboardRows(escapeHtml, rupees)}</tbody></table>
<h2>Webhook deliveries</h2><table><thead><tr><th>Event id</th><th>Event</th><th>Attempts</th><th>Last answer</th><th>Delivered</th></tr></thead><tbody>${hooks}</tbody></table>
</body></html>`;
  }

  const server = createServer((req, res) => {
    route(req, res).catch((err) => {
      if (res.headersSent) return res.end();
      const status = err instanceof GatewayError ? err.status : 500;
      const body =
        err instanceof GatewayError
          ? err.body
          : {
              error: {
                code: 'SERVER_ERROR',
                description: 'The server encountered an error.',
                source: 'NA',
                step: 'NA',
                reason: 'NA',
                metadata: {},
              },
            };
      if (!(err instanceof GatewayError)) log(`sandbox error: ${err.stack ?? err}`);
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, host, () => {
      resolve({
        origin: `http://${host}:${config.port}`,
        close: () =>
          new Promise((done) => {
            for (const timer of pending) clearTimeout(timer);
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}
