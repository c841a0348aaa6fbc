import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ENROLLMENT_FILTER,
  dayEnd,
  dayStart,
  enrollmentQuery,
  enrollmentSearchKeys,
  isStaffClaims,
  normaliseSearch,
} from './staff';

describe('enrollment search keys', () => {
  const keys = enrollmentSearchKeys('  Priya   Sharma ', 'Priya.S@Example.com');
  it('find a person by the start of the full name, of any word in it, or of the e-mail, in any case', () => {
    for (const term of ['pr', 'priya', 'priya sh', 'priya sharma', 'sha', 'sharma', 'priya.s@ex', 'priya.s@example.com']) {
      expect(keys, term).toContain(normaliseSearch(term));
    }
    expect(keys).toContain(normaliseSearch('PRIYA  SHARMA'));
  });
  it('do not find by the middle of a word or by one letter (every enrollment would match)', () => {
    expect(keys).not.toContain('arma');
    expect(keys).not.toContain('p');
    expect(keys).not.toContain('example.com');
  });
  it('stay bounded for very long input', () => {
    const long = enrollmentSearchKeys('a'.repeat(100), `${'b'.repeat(240)}@x.io`);
    expect(long.length).toBeLessThanOrEqual(3 * 39);
    expect(Math.max(...long.map((k) => k.length))).toBe(40);
  });
});

describe('enrollmentQuery', () => {
  it('the default filter is every enrollment, newest first, no index needed', () => {
    expect(enrollmentQuery(DEFAULT_ENROLLMENT_FILTER)).toEqual({
      collection: 'enrollments',
      equalities: [],
      arrayContains: null,
      range: null,
      orderBy: { field: 'createdAt', direction: 'desc' },
    });
  });
  it('a single-course plan filter matches planId null; a one-letter search is ignored', () => {
    const shape = enrollmentQuery({ ...DEFAULT_ENROLLMENT_FILTER, plan: 'course', status: 'paid', search: 'P' });
    expect(shape.equalities).toEqual([
      { field: 'status', value: 'paid' },
      { field: 'planId', value: null },
    ]);
    expect(shape.arrayContains).toBeNull();
  });
  it('a date range is whole days in India time, the end day included', () => {
    const shape = enrollmentQuery({ ...DEFAULT_ENROLLMENT_FILTER, from: '2026-03-01', to: '2026-03-31' });
    expect(shape.range?.from?.toISOString()).toBe('2026-02-28T18:30:00.000Z');
    expect(shape.range?.to?.toISOString()).toBe('2026-03-31T18:30:00.000Z');
    expect(dayStart('not a date')).toBeNull();
    expect(dayEnd('')).toBeNull();
  });
  it('the revenue query replaces the status with paid', () => {
    expect(enrollmentQuery({ ...DEFAULT_ENROLLMENT_FILTER, status: 'all' }, { status: 'paid' }).equalities).toEqual([
      { field: 'status', value: 'paid' },
    ]);
  });
});

describe('isStaffClaims', () => {
  it('only the boolean true under the exact name', () => {
    expect(isStaffClaims({ staff: true })).toBe(true);
    for (const claims of [{}, { staff: 'true' }, { staff: 1 }, { Staff: true }, { admin: true }]) expect(isStaffClaims(claims)).toBe(false);
  });
});
