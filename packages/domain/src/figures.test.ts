import { describe, expect, it } from 'vitest';
import { median, roundedMedian } from './figures';

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
