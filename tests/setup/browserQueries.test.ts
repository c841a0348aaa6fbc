import { describe, expect, it } from 'vitest';
import { structuredQueriesIn } from '../support/browserQueries';

// The staff console's queries are read from the browser's requests to Firestore (support/browserQueries.ts).
const QUERY = {
  from: [{ collectionId: 'enrollments' }],
  where: {
    compositeFilter: {
      op: 'AND',
      filters: [
        { fieldFilter: { field: { fieldPath: 'status' }, op: 'EQUAL', value: { stringValue: 'paid' } } },
        { fieldFilter: { field: { fieldPath: 'search' }, op: 'ARRAY_CONTAINS', value: { stringValue: 'tara' } } },
      ],
    },
  },
  orderBy: [{ field: { fieldPath: 'createdAt' }, direction: 'DESCENDING' }],
  limit: 25,
};
const SHAPE = {
  from: QUERY.from,
  where: {
    compositeFilter: {
      op: 'AND',
      filters: [
        { fieldFilter: { field: { fieldPath: 'status' }, op: 'EQUAL' } },
        { fieldFilter: { field: { fieldPath: 'search' }, op: 'ARRAY_CONTAINS' } },
      ],
    },
  },
  orderBy: QUERY.orderBy,
};

describe('reading the staff console’s queries from its requests to Firestore', () => {
  it('finds a listener’s query in the WebChannel’s form-encoded frames, values left out', () => {
    const frame = {
      database: 'projects/demo-upskill/databases/(default)',
      addTarget: { query: { structuredQuery: QUERY, parent: 'x' }, targetId: 2 },
    };
    const body = new URLSearchParams({
      count: '2',
      ofs: '0',
      req0___data__: JSON.stringify(frame),
      req1___data__: '{"removeTarget":2}',
    }).toString();
    expect(structuredQueriesIn(body)).toEqual([SHAPE]);
  });

  it('finds a count’s query in a JSON body, and nothing in a body without one', () => {
    expect(structuredQueriesIn(JSON.stringify({ structuredAggregationQuery: { structuredQuery: QUERY, aggregations: [] } }))).toEqual([
      SHAPE,
    ]);
    expect(structuredQueriesIn(JSON.stringify({ writes: [] }))).toEqual([]);
    expect(structuredQueriesIn('count=1&ofs=0&req0___data__=%7B%22database%22%3A%22x%22%7D')).toEqual([]);
  });
});
