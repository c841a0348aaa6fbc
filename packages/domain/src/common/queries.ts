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
