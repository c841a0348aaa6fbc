import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { trialEndsAt } from '../enrollment';
import { formatLongIndiaDate } from './longDate';
import { INDIA_OFFSET_MS, TIME_ZONE, formatIndiaDate, indiaWeekStart } from './times';

/** Every 3 h 17 min over three years from 1 January 2026 (UTC): every hour of the day, India's midnight included. */
const INSTANTS = Array.from(
  { length: Math.floor((3 * 365 * 24) / 3.3) },
  (_, i) => Date.UTC(2026, 0, 1) + i * (3 * 3_600_000 + 17 * 60_000),
);
const intlLongIndiaDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: TIME_ZONE });

describe('India dates by arithmetic, as public pages write them without a time-zone formatter', () => {
  it('India is +05:30', () => {
    expect(INDIA_OFFSET_MS).toBe(19_800_000);
  });

  it('formatLongIndiaDate writes the words Intl writes for India, at every hour over three years', () => {
    for (const at of INSTANTS) expect(formatLongIndiaDate(at)).toBe(intlLongIndiaDate.format(at));
  });

  it('formatLongIndiaDate turns at India midnight, not UTC midnight, and reads ISO strings', () => {
    // 18:29:59 UTC on 7 December is 23:59:59 in India; a second later it is 8 December there.
    expect(formatLongIndiaDate(Date.UTC(2026, 11, 7, 18, 29, 59))).toBe('7 December 2026');
    expect(formatLongIndiaDate(Date.UTC(2026, 11, 7, 18, 30, 0))).toBe('8 December 2026');
    expect(formatLongIndiaDate('2026-12-31T18:30:00.000Z')).toBe('1 January 2027');
    expect(() => formatLongIndiaDate('not a date')).toThrow(RangeError);
  });

  it('formatIndiaDate writes the short date Intl writes for India, on every day of three years (a batch start)', () => {
    const intlShort = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2029, 0, 1); day += 86_400_000) {
      const iso = new Date(day).toISOString().slice(0, 10);
      expect(formatIndiaDate(iso)).toBe(intlShort.format(day));
    }
    expect(formatIndiaDate('2026-09-07')).toBe('7 Sept 2026');
    // Not a calendar date: returned as it came; a day past the month's end rolls over, as Date does.
    expect(formatIndiaDate('next week')).toBe('next week');
    expect(formatIndiaDate('2026-02-30')).toBe(intlShort.format(Date.UTC(2026, 1, 30)));
  });

  it('trialEndsAt is the same instant the calendar days later in India, as the time-zone library counts them', () => {
    for (const at of INSTANTS.filter((_, i) => i % 7 === 0))
      for (const days of [0, 1, 7, 14, 30]) expect(trialEndsAt(at, days)).toBe(addDays(new TZDate(at, TIME_ZONE), days).getTime());
  });

  it("indiaWeekStart is the Monday 00:00 in India of the instant's week", () => {
    // Sunday 29 November 2026, 23:00 India → Monday 23 November 00:00 India (22 November 18:30 UTC).
    expect(indiaWeekStart(Date.UTC(2026, 10, 29, 17, 30))).toBe(Date.UTC(2026, 10, 22, 18, 30));
    // Monday 30 November 2026, 00:00 India exactly starts its own week.
    expect(indiaWeekStart(Date.UTC(2026, 10, 29, 18, 30))).toBe(Date.UTC(2026, 10, 29, 18, 30));
  });
});
