import { describe, expect, it } from 'vitest';
import { figureWeeks, inWeek, median, roundedMedian } from './figures';

describe('median', () => {
  it('is null for nothing, the middle value for an odd count, the mean of the middle two for an even one', () => {
    expect(median([])).toBeNull();
    expect(median([7, 1, 3])).toBe(3);
    expect(median([4, 1, 2, 10])).toBe(3);
    expect(median([1, 2])).toBe(1.5);
  });
});

describe('roundedMedian', () => {
  it('rounds to whole numbers, or to the places asked for', () => {
    expect(roundedMedian([1, 2])).toBe(2);
    expect(roundedMedian([1, 2, 4, 7], 1)).toBe(3);
    expect(roundedMedian([1.04, 1.26], 1)).toBe(1.2);
    expect(roundedMedian([])).toBeNull();
  });
});

describe('figureWeeks', () => {
  it('gives the last eight India weeks, Monday 00:00 IST, oldest first, the current one last', () => {
    // Thursday 26 November 2026, 10:00 IST.
    const now = Date.parse('2026-11-26T04:30:00Z');
    const weeks = figureWeeks(now);
    expect(weeks).toHaveLength(8);
    expect(new Date(weeks[7]).toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(new Date(weeks[0]).toISOString()).toBe('2026-10-04T18:30:00.000Z');
    expect([inWeek(weeks[7], weeks[7]), inWeek(weeks[7] - 1, weeks[7]), inWeek(now, weeks[7])]).toEqual([true, false, true]);
  });
});
