import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { call, contactMessage, enrollment } from '../support/api';

// The limit the functions are configured with (functions/.env), read rather than repeated.
const LIMIT = Number(/^RATE_LIMIT_PER_MINUTE=(\d+)$/m.exec(readFileSync(new URL('../../functions/.env', import.meta.url), 'utf8'))?.[1]);

/**
 * The limit counts per clock minute. A burst that straddles the minute's end would be split over two
 * windows, so each burst starts with at least 10 s left in its minute.
 */
async function awayFromWindowEdge(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

describe('per-client rate limit on the POST endpoints (kept in Firestore)', () => {
  for (const path of ['/api/contact', '/api/enroll']) {
    it(`${path}: past the limit a minute from one client -> 429 with Retry-After; other clients unaffected`, async () => {
      const client = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
      const body = () => (path.endsWith('contact') ? contactMessage() : enrollment());
      const statuses: number[] = [];
      await awayFromWindowEdge();
      for (let i = 0; i <= LIMIT; i++) {
        statuses.push((await call('POST', path, { body: body(), headers: { 'X-Forwarded-For': client } })).status);
      }
      expect(statuses.slice(0, LIMIT).every((s) => s === 201)).toBe(true);
      const limited = await call<{ error: { code: string } }>('POST', path, { body: body(), headers: { 'X-Forwarded-For': client } });
      expect(LIMIT).toBeGreaterThan(0);
      expect(statuses[LIMIT]).toBe(429);
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe('resource-exhausted');
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      const other = await call('POST', path, { body: body(), headers: { 'X-Forwarded-For': '198.18.0.9' } });
      expect(other.status).toBe(201);
    });
  }
});
