import { appendFileSync } from 'node:fs';
import { Query } from 'firebase-admin/firestore';
import { recordedQuery } from '@upskill/domain/common';

// The Firestore emulator runs any query; production refuses one that needs a composite index it lacks.
// In the emulator, with UPSKILL_QUERY_LOG naming a file, every query the functions send is written to it
// in Firestore's own StructuredQuery form (collection, filters, order; values left out), and the test
// suite then checks each against firestore.indexes.json. Deployed, this never runs.

type Structured = { from?: unknown; where?: unknown; orderBy?: unknown };

export function recordQueriesIn(file: string): void {
  const prototype = Query.prototype as unknown as { toStructuredQuery?: (this: Query) => Structured };
  const original = prototype.toStructuredQuery;
  // The SDK builds this for every query it sends (get, stream, a transaction's read, a count).
  if (typeof original !== 'function') throw new Error('firebase-admin no longer has Query.toStructuredQuery: update the query recorder');
  prototype.toStructuredQuery = function (this: Query) {
    const structured = original.call(this);
    appendFileSync(file, `${JSON.stringify(recordedQuery(structured))}\n`);
    return structured;
  };
}

/** Installs the recorder when the emulator runs the functions and the test suite asks for it. */
export function recordQueriesInTheEmulator(): void {
  const file = process.env.UPSKILL_QUERY_LOG;
  if (process.env.FUNCTIONS_EMULATOR === 'true' && file) recordQueriesIn(file);
}
