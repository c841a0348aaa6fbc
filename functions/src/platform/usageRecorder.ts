import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import { Firestore, Query, Transaction, WriteBatch } from 'firebase-admin/firestore';

// What each request and each job costs in Firestore, counted as Firestore bills it (issue 59): every document read
// (a get, a getAll's each document, a query's each result and at least one for an empty query, an aggregation as one,
// the same inside a transaction, again when a transaction retries) and every document written (create, set, update,
// delete, in a batch or a transaction). In the emulator, with UPSKILL_USAGE_LOG naming a file, one line per request
// or job run: `{ key, reads, writes }`, the key being the route ('GET /api/me/courses'), the function or the job.
// tests/after/usage.test.ts turns the run's lines into the table of docs/costs.md. Deployed, this never runs.

interface Usage {
  key: string;
  reads: number;
  writes: number;
  /** The test's own label for one request (the x-usage-tag header), so a test can find what its request cost. */
  tag?: string;
  /** The most heap in use (MiB) when a paged read noted it (noteHeap): an export's memory, page by page. */
  heapPeakMb?: number;
}

/** The header a test labels a request with (read only where usage is recorded: the emulator under the test suite). */
export const USAGE_TAG_HEADER = 'x-usage-tag';

const current = new AsyncLocalStorage<Usage>();
let logFile: string | null = null;

const count = (field: 'reads' | 'writes', n: number) => {
  const usage = current.getStore();
  if (usage) usage[field] += n;
};
type Method = (this: unknown, ...args: unknown[]) => unknown;

function wrap(prototype: object, name: string, after: (result: unknown) => void): void {
  const target = prototype as Record<string, Method>;
  const original = target[name];
  if (typeof original !== 'function') throw new Error(`firebase-admin no longer has ${name}: update the usage recorder`);
  target[name] = function (this: unknown, ...args: unknown[]) {
    const result = original.apply(this, args);
    if (result instanceof Promise)
      return result.then((value: unknown) => {
        after(value);
        return value;
      });
    after(result);
    return result;
  };
}

/** What a snapshot read costs: a query's results (an empty query is billed as one read), a document's one. */
function snapshotReads(snapshot: unknown): number {
  if (snapshot && typeof snapshot === 'object' && 'size' in snapshot && typeof snapshot.size === 'number')
    return Math.max(1, snapshot.size);
  return 1;
}

let installed = false;
function install(): void {
  if (installed) return;
  installed = true;
  // Public methods only: the SDK's own internals never call these, so nothing is counted twice.
  wrap(Firestore.prototype, 'getAll', (docs) => count('reads', Array.isArray(docs) ? docs.length : 1));
  wrap(Query.prototype, 'get', (snapshot) => count('reads', snapshotReads(snapshot)));
  // firebase-admin does not export AggregateQuery's class: its prototype is patched the first time a count is built.
  let aggregates = false;
  for (const name of ['count', 'aggregate'])
    wrap(Query.prototype, name, (aggregate) => {
      if (aggregates || !aggregate || typeof aggregate !== 'object') return;
      aggregates = true;
      wrap(Object.getPrototypeOf(aggregate) as object, 'get', () => count('reads', 1));
    });
  wrap(Transaction.prototype, 'get', (snapshot) => count('reads', snapshotReads(snapshot)));
  wrap(Transaction.prototype, 'getAll', (docs) => count('reads', Array.isArray(docs) ? docs.length : 1));
  // A transaction's writes go through its own WriteBatch, a document reference's set() through one too.
  for (const name of ['create', 'set', 'update', 'delete']) wrap(WriteBatch.prototype, name, () => count('writes', 1));
}

/** Counts usage into `file` from now on (the Functions emulator's start, or `npm run jobs`). */
export function recordUsageIn(file: string): void {
  logFile = file;
  install();
}

/** Installs the recorder when the emulator runs the functions and the test suite asks for it. */
export function recordUsageInTheEmulator(): void {
  const file = process.env.UPSKILL_USAGE_LOG;
  if (process.env.FUNCTIONS_EMULATOR === 'true' && file) recordUsageIn(file);
}

/** Runs `work` with its reads and writes counted under `key`, written to the log when it ends (however it ends). */
export async function withUsage<T>(key: string, work: () => Promise<T>, labelled?: () => string | undefined): Promise<T> {
  const file = logFile;
  if (!file) return work();
  // Asked for only where usage is recorded: elsewhere the request's headers are never read for it.
  const tag = labelled?.();
  const usage: Usage = { key, reads: 0, writes: 0, ...(tag && /^[A-Za-z0-9_-]{1,80}$/.test(tag) ? { tag } : {}) };
  try {
    return await current.run(usage, work);
  } finally {
    appendFileSync(file, `${JSON.stringify(usage)}\n`);
  }
}

/**
 * A read that folds its pages as it goes (the finance report) notes the heap in use after each page; the largest is
 * logged with the request's counts, so the scale test can say what a month of 50,000 invoices takes.
 */
export function noteHeap(): void {
  const usage = current.getStore();
  if (usage) usage.heapPeakMb = Math.max(usage.heapPeakMb ?? 0, Math.round(process.memoryUsage().heapUsed / 1_048_576));
}

/** Names what is being counted once it is known (a route table's request, once its route is matched). */
export function nameUsage(key: string): void {
  const usage = current.getStore();
  if (usage) usage.key = key;
}

/** A trigger's or schedule's handler, counted under `key`. */
export function counted<E, R>(key: string, handler: (event: E) => Promise<R>): (event: E) => Promise<R> {
  return (event: E) => withUsage(key, () => handler(event));
}
