import { describe, expect, it } from 'vitest';
import { readSubscription } from './gatewaySubscription';

// As Razorpay documents the entity (times in Unix seconds).
const entity = {
  id: 'sub_00000000000001',
  entity: 'subscription',
  plan_id: 'plan_00000000000001',
  customer_id: null,
  status: 'active',
  current_start: 1796256000,
  current_end: 1827792000,
  ended_at: null,
  quantity: 1,
  notes: { enrollment: 'abc' },
  charge_at: 1827792000,
  start_at: 1796256000,
  end_at: 2111616000,
  auth_attempts: 0,
  total_count: 10,
  paid_count: 1,
  customer_notify: true,
  created_at: 1795046400,
  expire_by: null,
  short_url: 'https://rzp.io/i/z3b1R61A9',
  has_scheduled_changes: false,
  change_scheduled_at: null,
  remaining_count: 9,
};

describe("reading the gateway's subscription entities", () => {
  it('reads what the site keeps, times in ms', () => {
    expect(readSubscription(entity)).toEqual({
      id: 'sub_00000000000001',
      planId: 'plan_00000000000001',
      status: 'active',
      paidCount: 1,
      startAtMs: 1796256000000,
      currentStartMs: 1796256000000,
      currentEndMs: 1827792000000,
      chargeAtMs: 1827792000000,
      endedAtMs: null,
      shortUrl: 'https://rzp.io/i/z3b1R61A9',
    });
  });

  it('a trial has no cycle yet', () => {
    expect(readSubscription({ ...entity, status: 'authenticated', paid_count: 0, current_start: null, current_end: null })).toMatchObject({
      status: 'authenticated',
      currentStartMs: null,
      currentEndMs: null,
    });
  });

  it('refuses what is not a subscription, or whose counts and times are not whole', () => {
    for (const broken of [
      null,
      [],
      'sub_1',
      { ...entity, id: 'pay_1' },
      { ...entity, id: 'sub_../x' },
      { ...entity, plan_id: 7 },
      { ...entity, status: 'ACTIVE' },
      { ...entity, status: 'toString' },
      { ...entity, paid_count: -1 },
      { ...entity, paid_count: 1.5 },
      { ...entity, paid_count: '1' },
      { ...entity, current_end: '1827792000' },
      { ...entity, charge_at: 1.5 },
      { ...entity, start_at: -5 },
      { ...entity, ended_at: 1e15 },
    ])
      expect(readSubscription(broken)).toBeUndefined();
  });

  it('keeps only an https short link', () => {
    expect(readSubscription({ ...entity, short_url: 'javascript:alert(1)' })?.shortUrl).toBeNull();
    expect(readSubscription({ ...entity, short_url: 'http://rzp.io/i/x' })?.shortUrl).toBeNull();
    expect(readSubscription({ ...entity, short_url: 'http://127.0.0.1:9393/subscriptions/sub_1' })?.shortUrl).toBe(
      'http://127.0.0.1:9393/subscriptions/sub_1',
    );
    expect(readSubscription({ ...entity, short_url: 'http://127.0.0.1.evil.example/x' })?.shortUrl).toBeNull();
  });
});
