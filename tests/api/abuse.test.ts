import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody, CreatedEnrollment } from '@upskill/domain/enrollment';
import { call as callApi, contactMessage, enrollment, type CallOptions } from '../support/api';
import { bearer, createUser } from '../support/auth';
import { EMULATOR_ADDRESS_MODE_HEADER } from '../support/env';
import { createStaff } from '../support/staff';

// The limit the functions are configured with (functions/.env), read rather than repeated.
const LIMIT = Number(/^RATE_LIMIT_PER_MINUTE=(\d+)$/m.exec(readFileSync(new URL('../../functions/.env', import.meta.url), 'utf8'))?.[1]);

/**
 * Each burst happens at one instant of the request clock (X-Emulator-Now, honoured by the emulator only), so
 * it falls in one rate-limit window however long it takes and whenever in the minute it starts: no waiting
 * for a minute's edge. pinClock() fixes the instant for the test that calls it.
 */
let clock: Record<string, string> = {};
const pinClock = () => {
  clock = { 'X-Emulator-Now': new Date().toISOString() };
};
beforeEach(() => {
  clock = {};
});
const call = <T = Record<string, unknown>>(method: string, path: string, options: CallOptions = {}) =>
  callApi<T>(method, path, { ...options, headers: { ...options.headers, ...clock } });

const newClient = () => `abuse-${randomUUID().slice(0, 8)}`;
const spoofed = (i: number) => ({ 'X-Forwarded-For': `198.51.100.${i % 250}, 10.0.${i % 250}.1` });
/** A documentation address (RFC 3849) of its own for each test: the address the CDN saw. */
const newAddress = () => `2001:db8::${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;
/**
 * A request as it reaches a deployed function through Hosting: whatever the client wrote in X-Forwarded-For,
 * then the address the CDN saw, then Google's front end. The emulator parses it as production does.
 */
const throughCdn = (client: string, address: string) => ({
  [EMULATOR_ADDRESS_MODE_HEADER]: 'production',
  'X-Forwarded-For': `${client ? `${client}, ` : ''}${address}, 35.191.0.1`,
});

function expectLimited(res: { status: number; headers: Headers; body: unknown }) {
  expect(res.status).toBe(429);
  expect((res.body as ApiErrorBody).error.code).toBe('resource-exhausted');
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('rate limits (kept in Firestore, keyed on what the platform saw)', () => {
  expect(LIMIT).toBeGreaterThan(0);

  const bodies: Record<string, () => unknown> = {
    '/api/contact': () => contactMessage(),
    '/api/enroll': () => enrollment(),
    '/api/newsletter': () => ({ email: `abuse.${randomUUID().slice(0, 8)}@example.com` }),
  };
  for (const [path, body] of Object.entries(bodies)) {
    const ok = path === '/api/newsletter' ? 202 : 201;
    it(`${path}: a rotating X-Forwarded-For does not help (production parsing); the ${LIMIT + 1}th POST a minute is 429; another address is unaffected`, async () => {
      const address = newAddress();
      pinClock();
      const statuses: number[] = [];
      // Each request rotates what the client writes, and even the named test client: only the CDN's entry counts.
      for (let i = 0; i < LIMIT; i++) {
        statuses.push(
          (await call('POST', path, { body: body(), client: newClient(), headers: throughCdn(spoofed(i)['X-Forwarded-For'], address) }))
            .status,
        );
      }
      expect(statuses).toEqual(Array(LIMIT).fill(ok));
      expectLimited(
        await call('POST', path, { body: body(), client: newClient(), headers: throughCdn(spoofed(LIMIT)['X-Forwarded-For'], address) }),
      );
      expect((await call('POST', path, { body: body(), client: newClient(), headers: throughCdn('', newAddress()) })).status).toBe(ok);
    });
  }

  it('one address, whatever the client writes before it: no header, a spoofed one or five entries share exactly one allowance', async () => {
    const address = newAddress();
    pinClock();
    const prefixes = ['', '198.51.100.1', '198.51.100.2, 10.0.0.1, 10.0.0.2, 10.0.0.3, 10.0.0.4'];
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      statuses.push(
        (await call('POST', '/api/contact', { body: contactMessage(), client: null, headers: throughCdn(prefixes[i % 3], address) }))
          .status,
      );
    }
    // Exactly the allowance, then refused: the production parser counted every one against the CDN's entry.
    expect(statuses).toEqual([...Array(LIMIT).fill(201), 429]);
  });

  it('a signed-in caller is also limited per account, from however many addresses', async () => {
    const user = await createUser({ emailVerified: true });
    pinClock();
    for (let i = 0; i < LIMIT; i++) {
      const res = await call('POST', '/api/enroll', {
        body: enrollment({ email: user.email }),
        client: newClient(),
        headers: bearer(user),
      });
      expect(res.status).toBe(201);
    }
    expectLimited(
      await call('POST', '/api/enroll', { body: enrollment({ email: user.email }), client: newClient(), headers: bearer(user) }),
    );
  });

  it('a staff account is limited per account: rotating addresses and spoofed headers get it no more; a colleague is unaffected', async () => {
    const [staff, colleague] = await Promise.all([createStaff(), createStaff()]);
    const path = '/api/staff/messages/doesNotExist0/handled';
    // Staff get three times the base allowance, counted per account, in one window.
    pinClock();
    for (let i = 0; i < 3 * LIMIT; i++) {
      const res = await call('POST', path, { body: {}, client: newClient(), headers: { ...bearer(staff), ...spoofed(i) } });
      expect(res.status).toBe(404);
    }
    expectLimited(await call('POST', path, { body: {}, client: newClient(), headers: { ...bearer(staff), ...spoofed(3 * LIMIT) } }));
    expect((await call('POST', path, { body: {}, client: newClient(), headers: bearer(colleague) })).status).toBe(404);
  });

  it('PUT is limited too', async () => {
    const client = newClient();
    const body = enrollment();
    const created = await call<CreatedEnrollment>('POST', '/api/enroll', { body, client });
    pinClock();
    const headers = { 'X-Edit-Token': created.body.editToken };
    for (let i = 0; i < LIMIT; i++)
      expect((await call('PUT', `/api/enroll/${created.body.id}`, { body, client, headers })).status).toBe(200);
    expectLimited(await call('PUT', `/api/enroll/${created.body.id}`, { body, client, headers }));
  });

  it('GET (My Courses) is limited per account at three times the write limit', async () => {
    const user = await createUser();
    pinClock();
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT * 3; i++)
      statuses.push((await call('GET', '/api/enroll', { client: newClient(), headers: bearer(user) })).status);
    expect(statuses.slice(0, LIMIT * 3).every((s) => s === 200)).toBe(true);
    expect(statuses[LIMIT * 3]).toBe(429);
  });
});
