import Razorpay from 'razorpay';
import { describe, expect, it } from 'vitest';
import { SANDBOX, paymentConfig } from '../support/razorpay';

/**
 * The parts of Razorpay's API the functions call, held to one contract: the local sandbox always, and
 * Razorpay's real test mode when RAZORPAY_TEST_KEY_ID / RAZORPAY_TEST_KEY_SECRET are set and
 * api.razorpay.com answers. What passes against both is what the functions may rely on.
 */

function client(keyId: string, keySecret: string, baseURL?: string): Razorpay {
  const instance = new Razorpay({ key_id: keyId, key_secret: keySecret });
  if (baseURL) (instance.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL = baseURL;
  return instance;
}

async function reachable(): Promise<boolean> {
  try {
    await fetch('https://api.razorpay.com/v1/', { signal: AbortSignal.timeout(5000) });
    return true;
  } catch {
    return false;
  }
}

async function rejection(promise: Promise<unknown>): Promise<{ statusCode: number; error: { code: string; description: string } }> {
  try {
    await promise;
  } catch (err) {
    return err as { statusCode: number; error: { code: string; description: string } };
  }
  throw new Error('expected a rejection');
}

const gateways: { name: string; connect: () => Promise<{ api: Razorpay; keyId: string } | string> }[] = [
  {
    name: 'local sandbox',
    connect: async () => ({ api: client(paymentConfig().keyId, paymentConfig().keySecret, SANDBOX), keyId: paymentConfig().keyId }),
  },
  {
    name: 'Razorpay test mode',
    connect: async () => {
      const keyId = process.env.RAZORPAY_TEST_KEY_ID;
      const keySecret = process.env.RAZORPAY_TEST_KEY_SECRET;
      if (!keyId || !keySecret) return 'skipped: RAZORPAY_TEST_KEY_ID and RAZORPAY_TEST_KEY_SECRET are not set';
      if (!(await reachable())) return 'skipped: api.razorpay.com cannot be reached from this machine';
      return { api: client(keyId, keySecret), keyId };
    },
  },
];

describe.each(gateways)('Razorpay contract: $name', ({ name, connect }) => {
  it('creates and fetches an order as checkout does (paise, INR, receipt, notes)', async (ctx) => {
    const gateway = await connect();
    if (typeof gateway === 'string') {
      console.log(`${name}: ${gateway}`);
      ctx.skip();
      return;
    }
    const order = await gateway.api.orders.create({
      amount: 779900,
      currency: 'INR',
      receipt: 'contract-test',
      notes: { enrollmentId: 'contract-test', plan: 'Pro' },
    });
    expect(order).toMatchObject({
      entity: 'order',
      amount: 779900,
      currency: 'INR',
      receipt: 'contract-test',
      status: 'created',
      amount_paid: 0,
    });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(order.notes).toMatchObject({ enrollmentId: 'contract-test', plan: 'Pro' });
    const fetched = await gateway.api.orders.fetch(order.id);
    expect(fetched).toMatchObject({ id: order.id, amount: 779900, status: 'created' });
  });

  it('answers Razorpay’s error shape: a bad amount, an unknown payment, wrong keys', async (ctx) => {
    const gateway = await connect();
    if (typeof gateway === 'string') {
      ctx.skip();
      return;
    }
    const tooSmall = await rejection(gateway.api.orders.create({ amount: 50, currency: 'INR' }));
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.error.code).toBe('BAD_REQUEST_ERROR');
    const unknown = await rejection(gateway.api.payments.fetch('pay_NoSuchPayment00'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.error.code).toBe('BAD_REQUEST_ERROR');
    const base = name === 'local sandbox' ? SANDBOX : undefined;
    const wrongKeys = await rejection(client(gateway.keyId, 'not-the-secret', base).orders.create({ amount: 10000, currency: 'INR' }));
    expect(wrongKeys.statusCode).toBe(401);
    expect(wrongKeys.error.description).toMatch(/authentication failed/i);
  });
});
