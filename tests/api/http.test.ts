import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ApiErrorBody as ErrorBody } from '@upskill/domain/enrollment';
import { COURSES } from '@upskill/domain/catalogue';
import { call, contactMessage, enrollment } from '../support/api';
import { bearer, createUser } from '../support/auth';
import { eventually } from '../support/poll';
import { createStaff } from '../support/staff';

describe('HTTP hygiene on both functions', () => {
  for (const path of ['/api/contact', '/api/enroll']) {
    it(`${path}: 405 with Allow for other methods`, async () => {
      const res = await call<ErrorBody>('DELETE', path);
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toMatch(/POST/);
      expect(res.body.error.code).toBe('method-not-allowed');
    });

    it(`${path}: 415 for a non-JSON body`, async () => {
      const res = await call<ErrorBody>('POST', path, { raw: 'name=x', contentType: 'application/x-www-form-urlencoded' });
      expect(res.status).toBe(415);
      expect(res.body.error.code).toBe('unsupported-media-type');
    });

    it(`${path}: 413 for a body over 16 KB`, async () => {
      const body = path.endsWith('contact')
        ? contactMessage({ message: 'x'.repeat(17 * 1024) })
        : enrollment({ name: 'x'.repeat(17 * 1024) });
      const res = await call<ErrorBody>('POST', path, { body });
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe('payload-too-large');
    });

    it(`${path}: 400 for malformed JSON, with no stack trace`, async () => {
      const res = await call('POST', path, { raw: '{"name": ' });
      expect(res.status).toBe(400);
      expect(res.text).not.toMatch(/at JSON\.parse|node_modules|\.js:\d+/);
    });

    it(`${path}: 400 for a JSON array or scalar body`, async () => {
      const array = await call<ErrorBody>('POST', path, { raw: '[]' });
      expect(array.status).toBe(400);
      expect(array.body.error.code).toBe('invalid-argument');
      // Scalars are refused by the platform's strict JSON parser before our code runs: still 400, still no stack.
      for (const raw of ['"text"', '42', 'null']) {
        const res = await call('POST', path, { raw });
        expect(res.status, raw).toBe(400);
        expect(res.text).not.toMatch(/node_modules|\.js:\d+/);
      }
    });
  }

  it('API answers are private and never cached', async () => {
    const res = await call('POST', '/api/contact', { body: contactMessage() });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('a list asked for page 10,000 or a size of 10,000 says it takes neither (400), for the public, a learner and staff', async () => {
    const [learner, staff] = await Promise.all([createUser({ emailVerified: true }), createStaff()]);
    const slug = COURSES[0].slug;
    const asked = [
      { path: `/api/batches?offering=${slug}&page=10000`, word: 'page', headers: {} },
      { path: `/api/batches/summary?limit=10000`, word: 'limit', headers: {} },
      { path: '/api/learning?pageSize=10000', word: 'pageSize', headers: bearer(learner) },
      { path: `/api/staff/batches?offering=${slug}&per_page=10000`, word: 'per_page', headers: bearer(staff) },
      { path: '/api/staff/qa?offset=9990000&size=10000', word: 'offset', headers: bearer(staff) },
    ];
    for (const { path, word, headers } of asked) {
      const res = await call<ErrorBody>('GET', path, { headers });
      expect(res.status, path).toBe(400);
      expect(res.body.error.code).toBe('invalid-argument');
      expect(res.body.error.message).toBe(`This list answers a page of fixed size: it does not take "${word}".`);
      expect(res.body.error.fields).toEqual({ [word]: 'Not taken here.' });
    }
    // The same lists without them answer as ever; and the Q&A space's own cursor (`after`) is no page word.
    expect((await call('GET', `/api/batches?offering=${slug}`)).status).toBe(200);
    expect((await call('GET', '/api/learning', { headers: bearer(learner) })).status).toBe(200);
  });

  it('a forged x-usage-tag labels nothing and breaks no line of the cost log: only letters, digits, - and _ are taken, 80 at most', async () => {
    const log = process.env.UPSKILL_USAGE_LOG;
    expect(log, 'the suite records usage (tests/run.mjs)').toBeTruthy();
    const run = `forge-${Date.now().toString(36)}`;
    const forged = [`${run}","key":"GET /forged","reads":0,"x":"`, `${run} with spaces`, `${run}-${'x'.repeat(80)}`];
    const honest = `${run}-honest`;
    for (const tag of [...forged, honest])
      expect((await call('GET', '/api/batches/summary', { headers: { 'x-usage-tag': tag } })).status).toBe(200);
    const lines = await eventually(async () => {
      const all = readFileSync(log!, 'utf8').split('\n').filter(Boolean);
      return all.some((line) => line.includes(honest)) ? all : undefined;
    });
    // Every line is still one JSON object; the honest tag labels its request, and no forged one labels anything.
    const parsed = lines.map((line) => JSON.parse(line) as { key: string; tag?: string });
    expect(parsed.filter((u) => u.tag === honest).map((u) => u.key)).toEqual(['GET /api/batches/summary']);
    expect(parsed.filter((u) => u.tag?.startsWith(run) && u.tag !== honest)).toEqual([]);
    expect(parsed.some((u) => u.key === 'GET /forged')).toBe(false);
  });
});
