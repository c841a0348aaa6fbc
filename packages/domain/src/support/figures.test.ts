import { describe, expect, it } from 'vitest';
import { supportFigures, supportWeekEntry, supportWeekId } from './figures';

const at = (iso: string) => ({ toMillis: () => Date.parse(iso), toDate: () => new Date(iso) });

describe('the support week figures', () => {
  it('files a request under its India week: Sunday 23:59 IST in the week before, Monday 00:00 IST in its own', () => {
    expect(supportWeekId(at('2027-03-07T23:59:00+05:30'))).toBe('2027-03-01');
    expect(supportWeekId(at('2027-03-08T00:00:00+05:30'))).toBe('2027-03-08');
  });

  it('an entry is the minutes to the first answer and whether it kept the promise; nothing while it waits', () => {
    const createdAt = at('2027-03-08T10:00:00+05:30');
    expect(supportWeekEntry({ createdAt, firstReplyAt: null, firstReplyOnTime: null })).toEqual({ minutes: null, onTime: null });
    expect(supportWeekEntry({ createdAt, firstReplyAt: at('2027-03-08T11:30:29+05:30'), firstReplyOnTime: true })).toEqual({
      minutes: 90,
      onTime: true,
    });
  });

  it('sums each of the eight weeks from its document, the median of the answered, and ignores weeks outside', () => {
    const now = Date.parse('2027-03-10T12:00:00+05:30');
    const weeks = supportFigures(
      [
        {
          weekStart: at('2027-03-08T00:00:00+05:30'),
          requests: {
            a: { minutes: 30, onTime: true },
            b: { minutes: 600, onTime: false },
            c: { minutes: null, onTime: null },
            d: { minutes: 90, onTime: true },
          },
        },
        { weekStart: at('2026-12-28T00:00:00+05:30'), requests: { old: { minutes: 5, onTime: true } } },
      ],
      now,
    );
    expect(weeks).toHaveLength(8);
    expect(weeks[0].weekStart).toBe('2027-01-17T18:30:00.000Z');
    expect(weeks[7]).toEqual({ weekStart: '2027-03-07T18:30:00.000Z', requests: 4, answered: 3, onTime: 2, medianFirstReplyMinutes: 90 });
    expect(weeks.slice(0, 7).every((w) => w.requests === 0 && w.medianFirstReplyMinutes === null)).toBe(true);
  });
});
