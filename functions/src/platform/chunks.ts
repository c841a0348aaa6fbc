/** `items` in groups of at most `size`, in order: for reads with a per-call limit (an `in` filter's 30 values, getAll's batches). */
export const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
