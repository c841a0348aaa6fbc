import { readFileSync } from 'node:fs';

// firestore.indexes.json as the index tests read it, and one way to compare a needed index with a declared one.

export interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
}
export interface Index {
  collectionGroup: string;
  queryScope: 'COLLECTION' | 'COLLECTION_GROUP';
  fields: IndexField[];
}

export const declaredIndexes = (): Index[] =>
  (JSON.parse(readFileSync(new URL('../../firestore.indexes.json', import.meta.url), 'utf8')) as { indexes: Index[] }).indexes;

/**
 * An index's fields in a form where two indexes that serve the same queries compare equal: the equality
 * fields (ascending, before any array-contains, descending or last field) in any order, then the rest in order.
 * `__name__` (implied at the end of every index) is left out.
 */
export function indexKey(fields: IndexField[]): string {
  const own = fields.filter((f) => f.fieldPath !== '__name__');
  const firstTrailing = own.findIndex((f, i) => f.arrayConfig || f.order === 'DESCENDING' || i === own.length - 1);
  const leading = own
    .slice(0, firstTrailing)
    .map((f) => `${f.fieldPath}:${f.order}`)
    .sort();
  const rest = own.slice(firstTrailing).map((f) => `${f.fieldPath}:${f.order ?? f.arrayConfig}`);
  return [...leading, '|', ...rest].join(',');
}
