import type { CollectionName } from './collections';

/** Sort order of a console list. */
export type SortDirection = 'desc' | 'asc';

// A Firestore query described without any SDK: the site and the functions build it, the index test checks it.

export type Equality = { field: string; value: string | boolean | null };

/** A query the console runs, described without any SDK: the site builds it, the index test checks it. */
export interface QueryShape<C extends CollectionName = CollectionName> {
  collection: C;
  equalities: Equality[];
  arrayContains: { field: string; value: string } | null;
  /** A range on the ordering field (the date range), which needs no index of its own. */
  range: { field: string; from: Date | null; to: Date | null } | null;
  orderBy: { field: string; direction: SortDirection };
}

/** A query as Firestore sends it (a StructuredQuery), reduced to what decides its index: no values, no limit. */
export interface RecordedQuery {
  from: unknown;
  where: unknown;
  orderBy: unknown;
}

/** A filter with its values removed: only the fields and the operators decide which index serves it. */
function withoutValues(filter: unknown): unknown {
  if (!filter || typeof filter !== 'object') return filter;
  const f = filter as Record<string, { field?: unknown; op?: unknown; filters?: unknown[] }>;
  if (f.compositeFilter)
    return { compositeFilter: { op: f.compositeFilter.op, filters: (f.compositeFilter.filters ?? []).map(withoutValues) } };
  if (f.fieldFilter) return { fieldFilter: { field: f.fieldFilter.field, op: f.fieldFilter.op } };
  return filter;
}

/**
 * What the index check records of a sent query: the functions' recorder (functions/src/platform/queryRecorder.ts)
 * and the browser's (tests/support/browserQueries.ts) write the same form.
 */
export const recordedQuery = (structured: { from?: unknown; where?: unknown; orderBy?: unknown }): RecordedQuery => ({
  from: structured.from,
  where: withoutValues(structured.where),
  orderBy: structured.orderBy,
});
