import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Razorpay from 'razorpay';
import { RAZORPAY_SANDBOX_ORIGIN } from '../../config/localServices.mjs';
import { call, untilAnswered, type ApiResponse } from './api';
import { eventually } from './poll';

function dotenv(path: string): Record<string, string> {
  const text = readFileSync(new URL(`../../functions/${path}`, import.meta.url), 'utf8');
  return Object.fromEntries(
    text
      .split('\n')
      .map((line) => /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1], m[2]]),
  );
}

/** The keys the Functions emulator and the sandbox use (functions/.env.local, functions/.secret.local). */
export const paymentConfig = () => {
  const params = dotenv('.env.local');
  const secrets = dotenv('.secret.local');
  return { keyId: params.RAZORPAY_KEY_ID, keySecret: secrets.RAZORPAY_KEY_SECRET, webhookSecret: secrets.RAZORPAY_WEBHOOK_SECRET };
};

export const SANDBOX = RAZORPAY_SANDBOX_ORIGIN;

/** The official SDK, pointed at the sandbox the way the functions point it (its HTTP client's base URL). */
export function sandboxClient(): Razorpay {
  const { keyId, keySecret } = paymentConfig();
  const client = new Razorpay({ key_id: keyId, key_secret: keySecret });
  (client.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL = SANDBOX;
  return client;
}

export interface CheckoutResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/**
 * What the tester's click in the sandbox's checkout frame does. `webhook: false` holds the sandbox's
 * own webhooks back, so a test can deliver them itself in the order it wants.
 */
/** What the sandbox's checkout frame posts when the tester pays, fails or authorises. */
async function checkoutPay<T>(body: Record<string, unknown>) {
  const res = await fetch(`${SANDBOX}/v1/checkout/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ key_id: paymentConfig().keyId, ...body }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

export async function sandboxPay(orderId: string, options: { outcome?: 'pay' | 'fail'; method?: string; webhook?: boolean } = {}) {
  return checkoutPay<CheckoutResult & { error?: { description: string; metadata: { payment_id: string } } }>({
    order_id: orderId,
    method: options.method ?? 'upi',
    outcome: options.outcome ?? 'pay',
    webhook: options.webhook ?? false,
  });
}

export const signWebhook = (body: string, secret = paymentConfig().webhookSecret) =>
  createHmac('sha256', secret).update(body).digest('hex');
export const signCheckout = (orderId: string, paymentId: string, secret = paymentConfig().keySecret) =>
  createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');

/** A webhook body as Razorpay sends it. */
export function webhookBody(event: string, payload: Record<string, unknown>): string {
  const wrapped = Object.fromEntries(Object.entries(payload).map(([name, entity]) => [name, { entity }]));
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_Test00000000',
    event,
    contains: Object.keys(payload),
    payload: wrapped,
    created_at: Math.floor(Date.now() / 1000),
  });
}

/** Delivers a signed webhook through Hosting, as Razorpay does (a fresh event id unless one is given). */
export function deliverWebhook(
  body: string,
  options: { eventId?: string; signature?: string | null } = {},
): Promise<ApiResponse<{ received?: boolean; result?: string }>> {
  const headers: Record<string, string> = {
    'X-Razorpay-Event-Id': options.eventId ?? `evt_${randomUUID().replace(/-/g, '').slice(0, 14)}`,
  };
  const signature = options.signature === undefined ? signWebhook(body) : options.signature;
  if (signature !== null) headers['X-Razorpay-Signature'] = signature;
  return call('POST', '/api/payments/razorpay', { raw: body, headers, client: null });
}

/**
 * Delivers a webhook as Razorpay's retries do: an answer of "busy" (our 503 at the request's deadline) is
 * delivered again with the same event id, until it is answered. Concurrent deliveries contend for the same
 * documents, and on a loaded machine one may pass its 8 s budget; what matters is that the retried one is
 * applied once, never that the first attempt won the race.
 */
export function deliverUntilAnswered(body: string, eventId = `evt_${randomUUID().replace(/-/g, '').slice(0, 14)}`) {
  return untilAnswered(() => deliverWebhook(body, { eventId }));
}

// The suite's one poller; webhooks are asynchronous, and the payment tests have always taken it from here.
export { eventually } from './poll';

/**
 * Waits until the sandbox has no webhook left to deliver: each delivery either reached us or gave up
 * after its retries (31 s at most). A test that counts documents starts from a quiet system, whatever
 * file ran before it and whichever of its deliveries are still being retried.
 */
export async function webhooksSettled(timeoutMs = 45_000): Promise<void> {
  await eventually(async () => {
    const deliveries = (await (await fetch(`${SANDBOX}/__sandbox/deliveries`)).json()) as { delivered: boolean; gaveUp: boolean }[];
    return deliveries.every((d) => d.delivered || d.gaveUp) ? true : undefined;
  }, timeoutMs);
}

export interface SubscriptionCheckoutResult {
  razorpay_payment_id: string;
  razorpay_subscription_id: string;
  razorpay_signature: string;
}

/** The tester authorising a subscription in the sandbox's checkout frame (or failing to). */
export async function sandboxAuthorise(subscriptionId: string, options: { outcome?: 'pay' | 'fail'; method?: string } = {}) {
  return checkoutPay<SubscriptionCheckoutResult & { error?: { description: string } }>({
    subscription_id: subscriptionId,
    method: options.method ?? 'card',
    outcome: options.outcome ?? 'pay',
    email: 'subscriber@example.com',
    contact: '9876543210',
  });
}

/** The sandbox's clock control: move one subscription to its next charge and make it, or fail it. */
export async function sandboxClock(subscriptionId: string, action: 'charge' | 'fail', options: { webhook?: boolean } = {}) {
  const res = await fetch(`${SANDBOX}/__sandbox/subscriptions/${subscriptionId}/clock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    // `webhook: false` holds back this move's events only; other files' subscriptions keep theirs.
    body: JSON.stringify({ action, ...options }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { status: string; error?: { description: string } } };
}
