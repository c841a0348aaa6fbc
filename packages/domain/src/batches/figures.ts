import { WEEK_MS } from '../common';
import { indiaWeekStart } from './times';

// Small statistics the console's figures share (review turnaround, support and Q&A first answers).

/** The median of a list (the mean of the middle two for an even count), or null for none; unrounded. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The median to `decimals` places (whole numbers by default), or null for none. */
export function roundedMedian(values: readonly number[], decimals = 0): number | null {
  const value = median(values);
  const scale = 10 ** decimals;
  return value === null ? null : Math.round(value * scale) / scale;
}

/** The console's trend charts look back this many weeks, each starting Monday 00:00 India time. */
export const FIGURE_WEEKS = 8;

/** The starts (ms) of the last FIGURE_WEEKS India weeks, oldest first, the current week last. */
export const figureWeeks = (nowMs: number): number[] => {
  const current = indiaWeekStart(nowMs);
  return Array.from({ length: FIGURE_WEEKS }, (_, i) => current - (FIGURE_WEEKS - 1 - i) * WEEK_MS);
};

/** Whether a moment falls in the week starting at `weekStartMs`. */
export const inWeek = (ms: number, weekStartMs: number): boolean => ms >= weekStartMs && ms < weekStartMs + WEEK_MS;
