import { describe, expect, it } from 'vitest';
import { addIndiaMonths, indiaIsoDate, indiaLongDate } from '../support/dates';

// The tests' own India dates are pinned to literals, so they can be trusted as an independent expectation.
describe('the tests’ India dates', () => {
  it('turn over at 00:00 IST, which is 18:30 UTC the day before', () => {
    expect(indiaLongDate(Date.parse('2027-03-31T18:29:59Z'))).toBe('31 March 2027');
    expect(indiaLongDate(Date.parse('2027-03-31T18:30:00Z'))).toBe('1 April 2027');
    expect(indiaIsoDate('2026-12-31T18:30:00Z')).toBe('2027-01-01');
    expect(indiaIsoDate('2026-12-31T18:29:00Z')).toBe('2026-12-31');
  });

  it('add calendar months on India’s calendar, the day clamped to the shorter month', () => {
    // 31 August 2026, 10:00 IST + 6 months = 28 February 2027, 10:00 IST.
    expect(new Date(addIndiaMonths(Date.parse('2026-08-31T04:30:00Z'), 6)).toISOString()).toBe('2027-02-28T04:30:00.000Z');
    // 31 August 2026, 01:00 IST (still 30 August in UTC) + 6 months = 28 February 2027, 01:00 IST.
    expect(new Date(addIndiaMonths(Date.parse('2026-08-30T19:30:00Z'), 6)).toISOString()).toBe('2027-02-27T19:30:00.000Z');
    expect(new Date(addIndiaMonths(Date.parse('2026-11-25T12:00:00Z'), -6)).toISOString()).toBe('2026-05-25T12:00:00.000Z');
    expect(new Date(addIndiaMonths(Date.parse('2028-01-31T12:00:00Z'), 1)).toISOString()).toBe('2028-02-29T12:00:00.000Z');
  });
});
