import { describe, expect, it } from 'vitest';
import type { ApiErrorBody as ErrorBody } from '@upskill/domain/enrollment';
import { call, contactMessage, enrollment } from '../support/api';

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
});
