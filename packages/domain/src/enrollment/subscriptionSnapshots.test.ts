import { describe, expect, it } from 'vitest';
import { isNewerSnapshot, summariseSubscription, viewOfSnapshot, type SubscriptionSnapshot } from './subscriptionSnapshots';
import { hasAccess, subscriptionLabel } from './subscriptions';

// 24 November 2026, 15:30 IST.
const NOW = Date.UTC(2026, 10, 24, 10, 0);
const DAY = 86_400_000;
const TRIAL_END = NOW + 14 * DAY;
const YEAR_END = Date.UTC(2027, 11, 8, 10, 0);

const snap = (over: Partial<SubscriptionSnapshot>): SubscriptionSnapshot => ({
  id: 'sub_Elite1',
  planId: 'plan_yearly',
  status: 'authenticated',
  paidCount: 0,
  startAtMs: TRIAL_END,
  currentStartMs: null,
  currentEndMs: null,
  chargeAtMs: TRIAL_END,
  endedAtMs: null,
  shortUrl: null,
  ...over,
});

// One membership's life, in the order Razorpay lives it: trial, first charge, a renewal that fails and is
// retried until halted, paid again from the short link, then cancelled.
const LIFE: SubscriptionSnapshot[] = [
  snap({}),
  snap({ status: 'active', paidCount: 1, currentStartMs: TRIAL_END, currentEndMs: YEAR_END, chargeAtMs: YEAR_END }),
  snap({ status: 'pending', paidCount: 1, currentStartMs: TRIAL_END, currentEndMs: YEAR_END, chargeAtMs: YEAR_END + DAY }),
  snap({ status: 'halted', paidCount: 1, currentStartMs: TRIAL_END, currentEndMs: YEAR_END, chargeAtMs: null }),
  snap({ status: 'active', paidCount: 2, currentStartMs: YEAR_END, currentEndMs: YEAR_END + 365 * DAY, chargeAtMs: YEAR_END + 365 * DAY }),
  snap({
    status: 'cancelled',
    paidCount: 2,
    currentStartMs: YEAR_END,
    currentEndMs: YEAR_END + 365 * DAY,
    chargeAtMs: null,
    endedAtMs: YEAR_END + 10 * DAY,
  }),
];

const fold = (deliveries: readonly SubscriptionSnapshot[]) =>
  deliveries.reduce<SubscriptionSnapshot | null>((kept, s) => (isNewerSnapshot(kept, s) ? s : kept), null);

function* permutations<T>(items: readonly T[]): Generator<T[]> {
  if (items.length <= 1) {
    yield [...items];
    return;
  }
  for (let i = 0; i < items.length; i++) {
    for (const rest of permutations([...items.slice(0, i), ...items.slice(i + 1)])) yield [items[i], ...rest];
  }
}

describe('webhook snapshots converge however they are delivered', () => {
  it("in all 720 orders of a membership's six states, the newest one is kept", () => {
    let orders = 0;
    for (const order of permutations(LIFE)) {
      expect(fold(order)).toBe(LIFE[5]);
      orders += 1;
    }
    expect(orders).toBe(720);
  });

  it('every prefix of the life converges to its own last state, in every order and with each event delivered twice', () => {
    for (let n = 1; n <= LIFE.length; n++) {
      const delivered = LIFE.slice(0, n);
      for (const order of permutations(delivered)) expect(fold([...order, ...order.slice().reverse()])).toBe(delivered[n - 1]);
    }
  });

  it("a redelivery is not newer; another subscription's snapshot never replaces this one", () => {
    expect(isNewerSnapshot(LIFE[1], { ...LIFE[1] })).toBe(false);
    expect(isNewerSnapshot(LIFE[0], { ...LIFE[1], id: 'sub_Other' })).toBe(false);
  });

  it('a charge after a failed renewal wins (its paid count is higher); a stale active does not undo pending', () => {
    expect(isNewerSnapshot(LIFE[3], LIFE[4])).toBe(true);
    expect(isNewerSnapshot(LIFE[2], LIFE[1])).toBe(false);
  });

  it('cancelled and completed are final: a late trial or charge snapshot does not bring them back', () => {
    const cancelledInTrial = snap({ status: 'cancelled', endedAtMs: NOW + DAY });
    expect(isNewerSnapshot(cancelledInTrial, LIFE[0])).toBe(false);
    expect(isNewerSnapshot(cancelledInTrial, LIFE[1])).toBe(false);
    expect(isNewerSnapshot(LIFE[0], cancelledInTrial)).toBe(true);
  });
});

describe('what a snapshot means for the learner', () => {
  it('trial: access and its end; never charged when cancelled in the trial', () => {
    const trial = viewOfSnapshot(LIFE[0], null);
    expect(subscriptionLabel(trial, NOW)).toBe('Trial ends on 8 December 2026');
    expect(hasAccess(trial, TRIAL_END - 1)).toBe(true);
    const cancelled = viewOfSnapshot(snap({ status: 'cancelled', endedAtMs: NOW + DAY }), NOW + DAY);
    expect(subscriptionLabel(cancelled, NOW + DAY)).toBe('Cancelled: access until 8 December 2026');
    expect(hasAccess(cancelled, TRIAL_END)).toBe(false);
  });

  it('a renewal extends access by one cycle; halted stops it at once', () => {
    expect(viewOfSnapshot(LIFE[1], null).currentEndMs).toBe(YEAR_END);
    expect(viewOfSnapshot(LIFE[4], null).currentEndMs).toBe(YEAR_END + 365 * DAY);
    expect(hasAccess(viewOfSnapshot(LIFE[4], null), YEAR_END + 100 * DAY)).toBe(true);
    expect(hasAccess(viewOfSnapshot(LIFE[3], null), YEAR_END - DAY)).toBe(false);
    expect(subscriptionLabel(viewOfSnapshot(LIFE[1], null), NOW)).toBe('Active: renews on 8 December 2027');
  });
});

describe('the summary My Courses and the console show', () => {
  it("trial, cancelled in the trial, active, cancelled at the cycle's end, halted (with the pay link), access ended", () => {
    expect(summariseSubscription(LIFE[0], null, NOW)).toMatchObject({
      state: 'trial',
      label: 'Trial ends on 8 December 2026',
      hasAccess: true,
      cancellable: true,
      payUrl: null,
    });
    const trialCancelled = snap({ status: 'cancelled', endedAtMs: NOW });
    const cancelledInTrial = summariseSubscription(trialCancelled, NOW, NOW);
    expect(cancelledInTrial).toMatchObject({
      state: 'cancelled',
      label: 'Cancelled: access until 8 December 2026',
      hasAccess: true,
      cancellable: false,
    });
    expect(summariseSubscription(LIFE[1], null, NOW)).toMatchObject({
      state: 'active',
      label: 'Active: renews on 8 December 2027',
      renewsAt: new Date(YEAR_END).toISOString(),
    });
    expect(summariseSubscription(LIFE[1], NOW, NOW)).toMatchObject({
      label: 'Cancelled: access until 8 December 2027',
      renewsAt: null,
      cancellable: false,
    });
    expect(summariseSubscription({ ...LIFE[3], shortUrl: 'https://rzp.io/i/x' }, null, NOW)).toMatchObject({
      state: 'halted',
      hasAccess: false,
      payUrl: 'https://rzp.io/i/x',
    });
    expect(summariseSubscription(trialCancelled, NOW, TRIAL_END)).toMatchObject({
      label: 'Cancelled: access ended on 8 December 2026',
      hasAccess: false,
    });
  });
});
