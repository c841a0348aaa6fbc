import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayError, razorpay } from './razorpay';
import { ensureGatewayPlans } from '../subscriptions/plans';

// The SDK's own error path, against a real HTTP server on loopback: a request that gets no answer used to
// crash inside the SDK (normalizeError read `err.response.status` of undefined) and lose its cause.
let server: Server;
let behaviour: 'hang up' | 'refuse the id' | 'hang up once' = 'hang up';
let hits = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    if (behaviour === 'hang up once' && hits === 1) {
      req.socket.destroy();
      return;
    }
    if (behaviour === 'hang up once') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ id: 'plan_Anything0001', period: 'yearly', interval: 1, item: { amount: 1599900, currency: 'INR' } }));
      return;
    }
    if (behaviour === 'hang up') {
      req.socket.destroy();
      return;
    }
    res.writeHead(400, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  Object.assign(process.env, {
    RAZORPAY_KEY_ID: 'rzp_test_unit',
    RAZORPAY_KEY_SECRET: 'unit-secret',
    RAZORPAY_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a Razorpay request that gets no answer', () => {
  it('rejects with no status and a description naming the cause, not a TypeError from inside the SDK', async () => {
    behaviour = 'hang up';
    hits = 0;
    const err: unknown = await razorpay()
      .plans.fetch('plan_Anything0001')
      .then(
        () => 'answered',
        (e: unknown) => e,
      );
    expect(err).not.toBeInstanceOf(TypeError);
    const { status, description } = gatewayError(err);
    expect(status).toBeUndefined();
    expect(description).toMatch(/^Razorpay did not answer: ECONNRESET /);
    // The read was sent twice (a reset connection is tried once more), then reported.
    expect(hits).toBe(2);
  });

  it('a read whose connection was reset is sent once more and answered; a write is never resent', async () => {
    behaviour = 'hang up once';
    hits = 0;
    expect(await razorpay().plans.fetch('plan_Anything0001')).toMatchObject({ id: 'plan_Anything0001' });
    expect(hits).toBe(2);
    hits = 0;
    const err: unknown = await razorpay()
      .plans.create({ period: 'yearly', interval: 1, item: { name: 'x', amount: 100, currency: 'INR' } })
      .catch((e: unknown) => e);
    expect(gatewayError(err).status).toBeUndefined();
    expect(gatewayError(err).description).toMatch(/^Razorpay did not answer: ECONNRESET/);
    expect(hits).toBe(1);
  });

  it('a gateway error keeps its status and description', async () => {
    behaviour = 'refuse the id';
    const err: unknown = await razorpay()
      .plans.fetch('plan_Anything0001')
      .catch((e: unknown) => e);
    expect(gatewayError(err)).toEqual({ status: 400, description: 'The id provided does not exist' });
  });

  it('`npm run plans` says which plan it could not fetch, and why', async () => {
    behaviour = 'hang up';
    await expect(ensureGatewayPlans({ yearly: 'plan_Configured001' })).rejects.toThrow(
      /^Fetching plan plan_Configured001 \(yearly\) from Razorpay failed: no answer, Razorpay did not answer: ECONNRESET/,
    );
  });
});
