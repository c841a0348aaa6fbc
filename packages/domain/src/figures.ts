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
