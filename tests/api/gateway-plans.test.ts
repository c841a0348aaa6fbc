import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GATEWAY_PLAN_KEYS, gatewayPlan } from '@upskill/domain/enrollment';
import { SANDBOX, paymentConfig, sandboxClient } from '../support/razorpay';

// The recurring plan cards' Razorpay plans (#32): `npm test` (like `npm start`) made them in the sandbox's account
// before the Functions emulator started, and wrote their ids to functions/.env.local, where a deploy keeps them
// in .env.<project>. What they charge comes from the domain alone.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PLAN_ENV = {
  yearly: 'RAZORPAY_PLAN_YEARLY',
  'yearly-discount20': 'RAZORPAY_PLAN_YEARLY_DISCOUNT20',
  monthly: 'RAZORPAY_PLAN_MONTHLY',
} as const;
const configured = () => {
  const text = readFileSync(`${ROOT}functions/.env.local`, 'utf8');
  return Object.fromEntries(GATEWAY_PLAN_KEYS.map((key) => [key, new RegExp(`^${PLAN_ENV[key]}=(plan_\\w+)$`, 'm').exec(text)?.[1]]));
};
const api = sandboxClient();
const plansTool = () => spawnSync(process.execPath, ['tools/plans.mjs'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });

describe('the Razorpay plans of Elite and Pre Registration', () => {
  it('are configured and charge what the domain says: ₹15,999 and ₹13,499 a year, ₹1,032 a month', async () => {
    const ids = configured();
    const amounts: Record<string, number> = {};
    for (const key of GATEWAY_PLAN_KEYS) {
      expect(ids[key], key).toMatch(/^plan_\w+$/);
      const plan = (await api.plans.fetch(ids[key] as string)) as unknown as {
        period: string;
        interval: number;
        item: { amount: number; currency: string };
        notes: Record<string, string>;
      };
      const want = gatewayPlan(key);
      expect(plan, key).toMatchObject({
        period: want.period,
        interval: 1,
        item: { amount: want.amountPaise, currency: 'INR' },
        notes: { upskill_plan: key },
      });
      amounts[key] = plan.item.amount;
    }
    expect(amounts).toEqual({ yearly: 1599900, 'yearly-discount20': 1349900, monthly: 103200 });
  });

  it('`npm run plans` keeps plans that are right: it prints the same ids and makes none', () => {
    const run = plansTool();
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr.match(/kept/g)).toHaveLength(3);
    const ids = configured();
    expect(run.stdout.trim().split('\n').sort()).toEqual(GATEWAY_PLAN_KEYS.map((key) => `${PLAN_ENV[key]}=${ids[key]}`).sort());
  });

  it('for a deployment it needs the key secret from the operator and the key id from .env.<project>, and touches nothing else', () => {
    const before = readFileSync(`${ROOT}functions/.env.local`, 'utf8');
    const tool = (args: string[], env: Record<string, string> = {}) =>
      spawnSync(process.execPath, ['tools/plans.mjs', ...args], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 60_000,
        env: { PATH: process.env.PATH ?? '', ...env },
      });
    const noSecret = tool(['--project', 'upskill-prod']);
    expect(noSecret.status).toBe(1);
    expect(noSecret.stderr).toContain('Set RAZORPAY_KEY_SECRET');
    // functions/.env.upskill-prod does not exist here: the local sandbox's key in .env.local is not used instead.
    const noKey = tool(['--project', 'upskill-prod'], { RAZORPAY_KEY_SECRET: 'given-by-the-operator' });
    expect(noKey.status).toBe(1);
    expect(noKey.stderr).toContain('RAZORPAY_KEY_ID is not set in functions/.env.upskill-prod');
    expect(tool(['--project', 'upskill-prod', '--write-local']).status).toBe(1);
    expect(tool(['--project', 'Not A Project']).stderr).toContain('--project takes a Firebase project id.');
    expect(readFileSync(`${ROOT}functions/.env.local`, 'utf8')).toBe(before);
  });

  it('a configured plan that charges something else, or that the account does not have, is replaced, not used', async () => {
    const ids = configured();
    // The functions' own code, as `npm run plans` runs it, with the sandbox's account.
    const { keyId, keySecret } = paymentConfig();
    Object.assign(process.env, { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_API_URL: SANDBOX });
    const { ensureGatewayPlans } = createRequire(import.meta.url)(`${ROOT}functions/lib/jobs.js`) as {
      ensureGatewayPlans: (configured: Record<string, string>) => Promise<{ key: string; id: string; created: boolean }[]>;
    };
    // The monthly plan configured as the yearly one, and an id the account never had.
    const ensured = await ensureGatewayPlans({
      yearly: ids.monthly as string,
      'yearly-discount20': ids['yearly-discount20'] as string,
      monthly: 'plan_NeverMadeHere01',
    });
    const byKey = Object.fromEntries(ensured.map((p) => [p.key, p]));
    expect(byKey['yearly-discount20']).toEqual({ key: 'yearly-discount20', id: ids['yearly-discount20'], created: false });
    expect(byKey.yearly.created).toBe(true);
    expect(byKey.monthly.created).toBe(true);
    expect((await api.plans.fetch(byKey.yearly.id)).item.amount).toBe(1599900);
    expect((await api.plans.fetch(byKey.monthly.id)).item.amount).toBe(103200);
  });
});
