import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Razorpay from 'razorpay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRazorpaySandbox } from '../../emulators/razorpay/sandbox.mjs';
import { eventually } from '../support/razorpay';

/**
 * The sandbox's own promise, as Razorpay's: a webhook that is not acknowledged with a 2xx is retried
 * with backoff, signed the same way every time. A second sandbox with its own keys delivers to a
 * receiver that fails twice.
 */
const keys = { keyId: 'rzp_test_retrycheck', keySecret: 'retry-key-secret', webhookSecret: 'retry-webhook-secret' };
const received: { event: string; eventId: string; signatureOk: boolean }[] = [];
let answers = 0;
let receiver: Server;
let sandbox: { origin: string; close: () => Promise<void> };

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const signature = createHmac('sha256', keys.webhookSecret).update(body).digest('hex');
      received.push({
        event: (JSON.parse(body) as { event: string }).event,
        eventId: String(req.headers['x-razorpay-event-id']),
        signatureOk: signature === req.headers['x-razorpay-signature'],
      });
      answers++;
      res.writeHead(answers <= 2 ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  sandbox = await startRazorpaySandbox({ port: 9419, ...keys, webhookUrl: `http://127.0.0.1:${port}/hook` });
});

afterAll(async () => {
  await sandbox.close();
  receiver.close();
});

describe('the Razorpay sandbox delivers webhooks as Razorpay does', () => {
  it('retries an unacknowledged event with backoff until it is acknowledged, same id and signature', async () => {
    const api = new Razorpay({ key_id: keys.keyId, key_secret: keys.keySecret });
    (api.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL = sandbox.origin;
    const order = await api.orders.create({ amount: 10000, currency: 'INR', receipt: 'retry' });
    const res = await fetch(`${sandbox.origin}/v1/checkout/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ key_id: keys.keyId, order_id: order.id, outcome: 'pay' }),
    });
    expect(res.status).toBe(200);
    const deliveries = await eventually(async () => {
      const list = (await (await fetch(`${sandbox.origin}/__sandbox/deliveries`)).json()) as {
        event: string;
        attempts: number;
        delivered: boolean;
      }[];
      return list.length === 2 && list.every((d) => d.delivered) ? list : undefined;
    });
    // Two events (payment.captured, order.paid); the receiver refused the first two attempts overall.
    expect(deliveries.reduce((n, d) => n + d.attempts, 0)).toBe(4);
    expect(received.every((r) => r.signatureOk)).toBe(true);
    const byId = new Map<string, Set<string>>();
    for (const r of received) byId.set(r.eventId, (byId.get(r.eventId) ?? new Set()).add(r.event));
    expect(byId.size).toBe(2);
    expect(
      [...byId.values()]
        .map((events) => [...events])
        .flat()
        .sort(),
    ).toEqual(['order.paid', 'payment.captured']);
  });
});
