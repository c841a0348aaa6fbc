import { describe, expect, it } from 'vitest';
import { declaredIndexes, indexKey, type IndexField } from '../support/indexes';
import { BATCH_QUERIES, allStaffQueries, type QueryShape } from '@upskill/domain/staff';

// The Firestore emulator runs any query; production refuses one without its composite index. So every
// query the staff console can run (described once, in the domain, and built from there by the site) is
// checked against firestore.indexes.json here.

const DIRECTION = { asc: 'ASCENDING', desc: 'DESCENDING' } as const;

/** The composite index a query needs, or null when Firestore's automatic single-field indexes serve it. */
function requiredIndex(shape: QueryShape): IndexField[] | null {
  if (shape.equalities.length === 0 && !shape.arrayContains) return null;
  return [
    // Equality fields may come in any order; sorted here and in the comparison.
    ...shape.equalities
      .map((e) => ({ fieldPath: e.field, order: 'ASCENDING' as const }))
      .sort((a, b) => a.fieldPath.localeCompare(b.fieldPath)),
    ...(shape.arrayContains ? [{ fieldPath: shape.arrayContains.field, arrayConfig: 'CONTAINS' as const }] : []),
    { fieldPath: shape.orderBy.field, order: DIRECTION[shape.orderBy.direction] },
  ];
}

describe('firestore.indexes.json covers every staff console query and every batch query of the functions', () => {
  const queries = [...allStaffQueries(), ...BATCH_QUERIES];

  it('lists the queries (enrollments by status, plan, search, date range, both sort orders; messages; payments; audit)', () => {
    expect(queries.length).toBeGreaterThanOrEqual(19);
  });

  for (const shape of queries) {
    const need = requiredIndex(shape);
    const label = `${shape.collection}: ${shape.equalities.map((e) => e.field).join('+') || '-'}${shape.arrayContains ? ' + search' : ''}${shape.range ? ' + range' : ''} by ${shape.orderBy.field} ${shape.orderBy.direction}`;
    it(label, () => {
      if (!need) {
        // Ordered by one field only: served by the automatic single-field index.
        expect([shape.equalities, shape.arrayContains]).toEqual([[], null]);
        return;
      }
      const have = declaredIndexes()
        .filter((i) => i.collectionGroup === shape.collection && i.queryScope === 'COLLECTION')
        .map((i) => indexKey(i.fields));
      expect(have).toContain(indexKey(need));
    });
  }

  it('the date range is on the ordering field, so it never needs an index of its own', () => {
    for (const shape of queries) if (shape.range) expect(shape.range.field).toBe(shape.orderBy.field);
  });
});
