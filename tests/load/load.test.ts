import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_TIMES, INTERESTED_COURSES } from '@upskill/domain/common';
import { call, enrollment } from '../support/api';
import { db } from '../support/admin';
import { outboxDrained } from '../support/mail';

// The functions' per-client limit (functions/.env), read rather than repeated.
const LIMIT = Number(/^RATE_LIMIT_PER_MINUTE=(\d+)$/m.exec(readFileSync(new URL('../../functions/.env', import.meta.url), 'utf8'))?.[1]);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function pool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

describe('load through Hosting -> Functions -> Firestore emulators', () => {
  // The Functions emulator starts one worker process per concurrent request the first time
  // (about 20 s for 30 of them here), which says nothing about our code. Warm them up with invalid
  // requests (400, nothing written) so the figures below are steady-state latency.
  beforeAll(async () => {
    const started = Date.now();
    const warmup = await pool(30, 30, (i) => call('POST', '/api/enroll', { body: {}, client: `load-warmup-${i % 30}` }));
    console.log(
      `warm-up: 30 concurrent invalid requests in ${((Date.now() - started) / 1000).toFixed(1)}s (emulator worker start-up), statuses ${[...new Set(warmup.map((r) => r.status))].join(',')}`,
    );
  }, 120_000);
  // 300 enrollments queue 300 mails: let them go before the next file (the browser tests) waits for its own.
  afterAll(() => outboxDrained(), 150_000);

  it('300 valid enrollments at 30 concurrent over the 40-seat cohorts: exactly 300 documents, no 5xx', async () => {
    const marker = `Load College ${randomUUID().slice(0, 8)}`;
    const started = Date.now();
    const results = await pool(300, 30, async (i) => {
      const t0 = performance.now();
      // 30 simulated clients, 10 enrollments each (the per-client rate limit allows 20 a minute). Cohorts are 40 at most,
      // so the learners spread over every programme and batch time (28 batches of the seeded intake), as buyers do.
      const spread = {
        interestedCourse: INTERESTED_COURSES[i % INTERESTED_COURSES.length],
        preferredBatchTime: BATCH_TIMES[Math.floor(i / INTERESTED_COURSES.length) % BATCH_TIMES.length],
      };
      const res = await call('POST', '/api/enroll', { body: enrollment({ collegeName: marker, ...spread }), client: `load-${i % 30}` });
      return { status: res.status, ms: performance.now() - t0 };
    });
    const wall = Date.now() - started;
    const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
    const statuses = results.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
    console.log(
      `load: 300 POST /api/enroll at 30 concurrent in ${(wall / 1000).toFixed(1)}s; statuses ${JSON.stringify(statuses)}; p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${latencies[latencies.length - 1].toFixed(0)} ms`,
    );
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(statuses[201]).toBe(300);
    const stored = await db().collection('enrollments').where('collegeName', '==', marker).count().get();
    expect(stored.data().count).toBe(300);
  });

  it(`${LIMIT} concurrent submits (a client's whole allowance) with one Idempotency-Key: exactly one document`, async () => {
    const body = enrollment();
    const key = randomUUID();
    const client = `double-clicker-${randomUUID().slice(0, 8)}`;
    // One client's burst, inside one rate-limit minute.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
    const results = await pool(LIMIT, LIMIT, () =>
      call<{ id: string }>('POST', '/api/enroll', { body, client, headers: { 'Idempotency-Key': key } }),
    );
    const statuses = results.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
    console.log(`idempotency: ${LIMIT} concurrent submits, statuses ${JSON.stringify(statuses)}`);
    expect(results.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(statuses[201]).toBe(1);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    const stored = await db().collection('enrollments').where('email', '==', body.email).get();
    expect(stored.size).toBe(1);
  });
});
