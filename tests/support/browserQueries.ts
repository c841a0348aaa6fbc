import { appendFileSync } from 'node:fs';
import type { Page, Request } from '@playwright/test';
import { recordedQuery, type RecordedQuery } from '@upskill/domain/common';

// The staff console queries Firestore from the browser (reactfire, the web SDK), so the functions' query recorder
// never sees those queries. Here the browser's own requests to the Firestore emulator are read instead: each
// StructuredQuery they carry is written to the same log (UPSKILL_QUERY_LOG), in the same form (values left out),
// tagged `via: "console"`, and tests/after/recordedIndexes.test.ts holds each to firestore.indexes.json.

interface Structured {
  from?: unknown;
  where?: unknown;
  orderBy?: unknown;
}

/** Every `structuredQuery` anywhere inside a decoded request payload. */
function collect(value: unknown, found: Structured[]): void {
  if (!value || typeof value !== 'object') return;
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'structuredQuery' && inner && typeof inner === 'object') found.push(inner as Structured);
    else collect(inner, found);
  }
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * The queries in one request body to Firestore: a JSON body (runQuery, runAggregationQuery), or the WebChannel's
 * form-encoded frames (`req0___data__=<JSON>`) that carry a listener's targets.
 */
export function structuredQueriesIn(body: string): RecordedQuery[] {
  const found: Structured[] = [];
  const json = parse(body);
  if (json !== undefined) collect(json, found);
  else for (const [key, value] of new URLSearchParams(body)) if (/^req\d+___data__$/.test(key)) collect(parse(value), found);
  return found.map(recordedQuery);
}

const FIRESTORE = /google\.firestore\.v1\.Firestore|\/v1\/projects\/[^/]+\/databases\/[^/]+\/documents/;

/** Records the queries `page` sends to Firestore, when the run keeps a query log. */
export function recordBrowserQueries(page: Page): void {
  const file = process.env.UPSKILL_QUERY_LOG;
  if (!file) return;
  page.on('request', (request: Request) => {
    const body = request.method() === 'POST' && FIRESTORE.test(request.url()) ? request.postData() : null;
    if (!body) return;
    for (const query of structuredQueriesIn(body)) appendFileSync(file, `${JSON.stringify({ ...query, via: 'console' })}\n`);
  });
}
