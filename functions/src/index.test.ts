import { describe, expect, it } from 'vitest';
import { contact, enroll } from './index';

describe('deployed function settings', () => {
  it('caps both functions with maxInstances and a short timeout, in one region', () => {
    for (const fn of [contact, enroll]) {
      expect(fn.__endpoint.maxInstances).toBe(10);
      expect(fn.__endpoint.timeoutSeconds).toBe(30);
      expect(fn.__endpoint.region).toEqual(['us-central1']);
      expect(fn.__endpoint.httpsTrigger).toBeDefined();
    }
  });
});
