import { appendFileSync } from 'node:fs';
import { Query } from 'firebase-admin/firestore';

// The Firestore emulator runs any query; production refuses one that needs a composite index it lacks.
// In the emulator, with UPSKILL_QUERY_LOG naming a file, every query the functions send is written to it
// in Firestore's own StructuredQuery form (collection, filters, order; values left out), and the test
// suite then checks each against firestore.indexes.json. Deployed, this never runs.

type Structured = { from?: unknown; where?: unknown; orderBy?: unknown };

/** A filter with its value removed: only the field and the operator decide which index serves it. */
function withoutValues(filter: unknown): unknown {
  if (!filter || typeof filter !== 'object') return filter;
  const f = filter as Record<string, { field?: unknown; op?: unknown; filters?: unknown[] }>;
  if (f.compositeFilter)
    return { compositeFilter: { op: f.compositeFilter.op, filters: (f.compositeFilter.filters ?? []).map(withoutValues) } };
  if (f.fieldFilter) return { fieldFilter: { field: f.fieldFilter.field, op: f.fieldFilter.op } };
  return filter;
}

export function recordQueriesIn(file: string): void {
  const prototype = Query.prototype as unknown as { toStructuredQuery?: (this: Query) => Structured };
  const original = prototype.toStructuredQuery;
  // The SDK builds this for every query it sends (get, stream, a transaction's read, a count).
  if (typeof original !== 'function') throw new Error('firebase-admin no longer has Query.toStructuredQuery: update the query recorder');
  prototype.toStructuredQuery = function (this: Query) {
    const structured = original.call(this);
    appendFileSync(
      file,
      `${JSON.stringify({ from: structured.from, where: withoutValues(structured.where), orderBy: structured.orderBy })}\n`,
    );
    return structured;
  };
}

/** Installs the recorder when the emulator runs the functions and the test suite asks for it. */
export function recordQueriesInTheEmulator(): void {
  const file = process.env.UPSKILL_QUERY_LOG;
  if (process.env.FUNCTIONS_EMULATOR === 'true' && file) recordQueriesIn(file);
}
