import { describe, expect, it } from 'vitest';
import { pathSegment } from './request';

describe('one path segment, decoded and checked, for the one 404', () => {
  it('a document id passes; a malformed escape, a decoded slash, a dot-dot or nothing does not', () => {
    expect(pathSegment('AbC123')).toBe('AbC123');
    expect(pathSegment('%41bc')).toBe('Abc');
    for (const raw of [undefined, '', '%E0%A4%A', '%', 'a%2Fb', '..', '%2E%2E', 'x'.repeat(65), 'abc%00'])
      expect(pathSegment(raw), String(raw)).toBeUndefined();
  });

  it('another pattern when the segment is not a document id', () => {
    expect(pathSegment('KEGTKV4T8N4C9HTcpVA5_1', /^[A-Za-z0-9]{1,64}_\d{1,3}$/)).toBe('KEGTKV4T8N4C9HTcpVA5_1');
    expect(pathSegment('%E0%A4%85', /^/)).toBe('अ');
    expect(pathSegment('%E0%A4%A', /^/)).toBeUndefined();
  });
});
