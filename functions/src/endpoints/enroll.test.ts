import { describe, expect, it } from 'vitest';
import { handleEnroll } from './enroll';
import type { HttpRequest } from '../http/request';
import { responseRecorder as recorder } from '../../test/responseRecorder';

const request = (path: string): HttpRequest => ({ method: 'PUT', path, url: path, body: {}, query: {}, get: () => undefined });

describe('PUT /api/enroll/{id} with a malformed id', () => {
  // Decided from the path alone, before any database call: broken percent-encoding, Firestore's
  // reserved __x__ ids, prototype names, invisible characters, extra segments.
  for (const id of ['%E0%A4%A', '%', '%zz', 'ok%', '__x__', '__proto__', '%E2%80%AEabc', 'a%E2%80%8Bb', 'a%2Fb', 'a/b', 'x'.repeat(65)]) {
    it(`${id.slice(0, 20)} -> 404 JSON`, async () => {
      const { res, answer } = recorder();
      await handleEnroll(request(`/api/enroll/${id}`), res);
      expect(answer).toMatchObject({ status: 404, body: { error: { code: 'not-found', message: 'No enrollment with that id.' } } });
      expect(answer.headers['Cache-Control']).toBe('private, no-store');
    });
  }
});
