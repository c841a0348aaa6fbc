import { describe, expect, it } from 'vitest';
import { DEFAULT_ENROLLMENT_FILTER } from '@upskill/domain/staff';
import { enrollmentsCsv, type EnrollmentRow } from './enrollmentRow';
import { filterFromParams, paramsFromFilter } from './filterParams';

const at = (iso: string) => ({ toDate: () => new Date(iso), toMillis: () => Date.parse(iso) });

describe('the filter in the URL', () => {
  it('round-trips, and the default filter is a bare URL', () => {
    expect(paramsFromFilter(DEFAULT_ENROLLMENT_FILTER).toString()).toBe('');
    const filter = {
      status: 'paid',
      plan: 'course',
      from: '2026-01-01',
      to: '2026-01-31',
      search: 'asha k',
      direction: 'asc',
      membership: 'all',
    } as const;
    const members = { ...DEFAULT_ENROLLMENT_FILTER, membership: 'halted' } as const;
    expect(paramsFromFilter(members).toString()).toBe('membership=halted');
    expect(filterFromParams(paramsFromFilter(members))).toEqual(members);
    expect(filterFromParams(paramsFromFilter(filter))).toEqual(filter);
  });
  it('a hand-edited URL with nonsense falls back to the defaults, never an invalid query', () => {
    const params = new URLSearchParams({
      status: 'free',
      plan: '__proto__',
      from: '31/01/2026',
      to: '2026-13-45x',
      sort: 'random',
      q: 'x'.repeat(500),
    });
    const filter = filterFromParams(params);
    expect(filter).toMatchObject({ status: 'all', plan: 'all', from: '', to: '', direction: 'desc' });
    expect(filter.search).toHaveLength(100);
  });
});

describe('enrollmentsCsv', () => {
  it('writes a BOM, CRLF lines, India time, and neutralises formulas typed by visitors', () => {
    const row: EnrollmentRow = {
      id: 'abc',
      createdAt: at('2026-03-01T20:15:00Z'),
      name: '=SUM(A1:A9)',
      email: '+91@example.com',
      phone: '9876543210',
      planName: 'Pro',
      interestedCourse: 'Cloud Computing',
      price: 7799,
      status: 'paid',
      paymentId: 'pay_1',
    };
    const csv = enrollmentsCsv([row, { ...row, id: 'def', name: 'Rao, "Ravi"', email: '@home', paymentId: null, createdAt: null }]);
    expect(csv.startsWith('\uFEFFDate,Name,E-mail,')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[1]).toBe("2026-03-02 01:45:00,'=SUM(A1:A9),'+91@example.com,9876543210,Pro,Cloud Computing,7799,paid,pay_1,abc");
    expect(lines[2]).toBe(`,"Rao, ""Ravi""",'@home,9876543210,Pro,Cloud Computing,7799,paid,,def`);
    expect(lines[3]).toBe('');
  });
});
