import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { declaredIndexes, indexKey, type Index, type IndexField } from '../support/indexes';

// Every query the run really sent, checked against firestore.indexes.json: the emulator runs any query, production
// refuses one whose composite index is missing. The functions' queries are recorded by
// functions/src/platform/queryRecorder.ts (API suite and browser tests), the staff console's own, which run in the
// browser, by tests/support/browserQueries.ts (tagged `via: "console"`), both in Firestore's StructuredQuery form.

const LOG = new URL('../.reports/queries.jsonl', import.meta.url);

interface FieldRef {
  fieldPath: string;
}
type Filter =
  | { compositeFilter: { op: string; filters: Filter[] } }
  | { fieldFilter: { field: FieldRef; op: string } }
  | { unaryFilter: { field: FieldRef; op: string } };
interface Recorded {
  via?: 'console';
  from: { collectionId: string; allDescendants?: boolean }[];
  where?: Filter;
  orderBy?: { field: FieldRef; direction?: string }[];
}
const EQUALITY = new Set(['EQUAL', 'IN', 'IS_NULL', 'IS_NAN']);
const ARRAY = new Set(['ARRAY_CONTAINS', 'ARRAY_CONTAINS_ANY']);

function flatten(filter: Filter | undefined): { field: string; op: string }[] {
  if (!filter) return [];
  if ('compositeFilter' in filter) return filter.compositeFilter.filters.flatMap(flatten);
  const leaf = 'fieldFilter' in filter ? filter.fieldFilter : filter.unaryFilter;
  return [{ field: leaf.field.fieldPath, op: leaf.op }];
}

/**
 * The composite index a query needs, as firestore.indexes.json writes one, or null when Firestore serves it
 * without one: a single field (its automatic index), or equalities alone (merged from single-field indexes).
 */
function requiredIndex(query: Recorded): { scope: Index['queryScope']; collection: string; fields: IndexField[] } | null {
  const filters = flatten(query.where).filter((f) => f.field !== '__name__');
  const equalities = [...new Set(filters.filter((f) => EQUALITY.has(f.op)).map((f) => f.field))].sort();
  const array = filters.find((f) => ARRAY.has(f.op))?.field;
  const orders = (query.orderBy ?? [])
    .filter((o) => o.field.fieldPath !== '__name__')
    .map((o) => ({
      fieldPath: o.field.fieldPath,
      order: (o.direction === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING') as IndexField['order'],
    }));
  // A range with no order of its own is ordered by its field, ascending.
  for (const range of filters.filter((f) => !EQUALITY.has(f.op) && !ARRAY.has(f.op)))
    if (!orders.some((o) => o.fieldPath === range.field)) orders.unshift({ fieldPath: range.field, order: 'ASCENDING' });
  const fieldCount = new Set([...equalities, ...(array ? [array] : []), ...orders.map((o) => o.fieldPath)]).size;
  if (fieldCount <= 1 || (orders.length === 0 && !array) || (orders.length === 0 && equalities.length === 0)) return null;
  return {
    scope: query.from[0]?.allDescendants ? 'COLLECTION_GROUP' : 'COLLECTION',
    collection: query.from[0]?.collectionId ?? '',
    fields: [
      ...equalities
        .filter((field) => !orders.some((o) => o.fieldPath === field))
        .map((fieldPath) => ({ fieldPath, order: 'ASCENDING' as const })),
      ...(array ? [{ fieldPath: array, arrayConfig: 'CONTAINS' as const }] : []),
      ...orders,
    ],
  };
}

describe('every query the run sent (the functions, and the staff console from the browser) has its index in firestore.indexes.json', () => {
  it('the API suite recorded them', () => {
    expect(existsSync(LOG), 'tests/.reports/queries.jsonl: run through npm test, which sets UPSKILL_QUERY_LOG').toBe(true);
  });
  const lines = existsSync(LOG) ? readFileSync(LOG, 'utf8').split('\n').filter(Boolean) : [];
  const shapes = [...new Set(lines)].map((line) => JSON.parse(line) as Recorded);
  const have = new Set(declaredIndexes().map((i) => `${i.queryScope} ${i.collectionGroup} ${indexKey(i.fields)}`));

  it(`recorded ${shapes.length} distinct query shapes, among them the batch listings, the seat holds and the invoice series`, () => {
    const collections = new Set(shapes.map((s) => s.from[0]?.collectionId));
    for (const collection of ['batches', 'seats', 'invoiceNumbers', 'enrollments', 'waitlist']) expect(collections).toContain(collection);
  });

  it("recorded the staff console's own queries from the browser: enrollments and contact messages among them", () => {
    const collections = new Set(shapes.filter((s) => s.via === 'console').map((s) => s.from[0]?.collectionId));
    for (const collection of ['enrollments', 'contactMessages']) expect(collections).toContain(collection);
  });

  it('each one that needs a composite index has it', () => {
    const missing = shapes
      .map((shape) => ({ shape, need: requiredIndex(shape) }))
      .filter(({ need }) => need && !have.has(`${need.scope} ${need.collection} ${indexKey(need.fields)}`))
      .map(({ need }) => `${need?.collection}: ${need?.fields.map((f) => `${f.fieldPath} ${f.order ?? f.arrayConfig}`).join(', ')}`);
    expect([...new Set(missing)]).toEqual([]);
  });
});
