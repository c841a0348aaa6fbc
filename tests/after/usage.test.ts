import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// What the run's requests and jobs cost in Firestore: each one's documents read and written, counted by the functions
// as Firestore bills them (functions/src/platform/usageRecorder.ts, issue 59), one line per request or job run.
// Counted, not timed: the figure does not depend on how busy this machine was. The table is written to
// tests/.reports/usage.md, and docs/costs.md is priced from it.

const LOG = new URL('../.reports/usage.jsonl', import.meta.url);
const TABLE = new URL('../.reports/usage.md', import.meta.url);

interface Line {
  key: string;
  reads: number;
  writes: number;
}
interface Row {
  key: string;
  runs: number;
  readsMedian: number;
  readsMax: number;
  writesMedian: number;
  writesMax: number;
}

/**
 * The most documents one request or trigger may read, counted as the run counted it. Every request and trigger not
 * named here: ANY_REQUEST. Those named read more because their page shows more, each with its reason. Jobs sweep by
 * design (a job's reads follow what is due) and are reported, not bounded, here.
 */
const ANY_REQUEST = 500;
const CEILINGS: Record<string, { reads: number; why: string }> = {
  'GET /api/teaching': {
    reads: 1_800,
    why: 'My teaching shows each of an instructor’s batches (at most 20) with every session, its learners and their marks (878 at most in the run of 29 November)',
  },
  'GET /api/staff/qa': {
    reads: 1_000,
    why: 'the Q&A tab shows up to 200 reported posts, each with up to 20 reasons given, beside its week figures (one document per week and course, 8 weeks)',
  },
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

function rows(lines: Line[]): Row[] {
  const byKey = new Map<string, Line[]>();
  for (const line of lines) byKey.set(line.key, [...(byKey.get(line.key) ?? []), line]);
  return [...byKey].map(([key, runs]) => ({
    key,
    runs: runs.length,
    readsMedian: median(runs.map((r) => r.reads)),
    readsMax: Math.max(...runs.map((r) => r.reads)),
    writesMedian: median(runs.map((r) => r.writes)),
    writesMax: Math.max(...runs.map((r) => r.writes)),
  }));
}

describe('documents read and written per request and per job, as the run counted them', () => {
  const lines: Line[] = existsSync(LOG)
    ? readFileSync(LOG, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((text) => JSON.parse(text) as Line)
    : [];
  const table = rows(lines).sort((a, b) => b.readsMax - a.readsMax || a.key.localeCompare(b.key));

  it('the functions counted the run: every request and job run left its line', () => {
    expect(existsSync(LOG)).toBe(true);
    expect(lines.length).toBeGreaterThan(1000);
    for (const line of lines) {
      expect(typeof line.key).toBe('string');
      expect(Number.isInteger(line.reads) && line.reads >= 0).toBe(true);
      expect(Number.isInteger(line.writes) && line.writes >= 0).toBe(true);
    }
    const markdown = [
      '| endpoint or job | runs | reads (median) | reads (most) | writes (median) | writes (most) |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      ...table.map((r) => `| ${r.key} | ${r.runs} | ${r.readsMedian} | ${r.readsMax} | ${r.writesMedian} | ${r.writesMax} |`),
    ].join('\n');
    writeFileSync(TABLE, `${markdown}\n`);
    console.log(
      `usage: ${lines.length} requests and job runs counted; the costliest by reads:\n${markdown.split('\n').slice(0, 17).join('\n')}`,
    );
  });

  it('requests, triggers and jobs are counted under their own names, with what they really wrote', () => {
    const byKey = new Map(table.map((r) => [r.key, r]));
    // A route table's request is named by its route once matched; a trigger by its function.
    expect(byKey.get('GET /api/enroll')?.runs).toBeGreaterThan(0);
    expect(byKey.get('trigger sendMail')?.runs).toBeGreaterThan(0);
    // An enrollment writes at least its record and its seat hold; a mail sent marks its outbox document.
    expect(byKey.get('POST /api/enroll')?.writesMax).toBeGreaterThanOrEqual(2);
    expect(byKey.get('trigger sendMail')?.writesMax).toBeGreaterThanOrEqual(1);
    // A public page read counts its documents: the seat summary reads each offering's next batches and their boards.
    expect(byKey.get('GET /api/batches/summary')?.readsMax).toBeGreaterThan(1);
  });

  it('no request or trigger reads more than its page shows: the named ones their own ceiling, every other 500', () => {
    const over = table
      .filter((r) => !r.key.startsWith('job '))
      .filter((r) => r.readsMax > (CEILINGS[r.key]?.reads ?? ANY_REQUEST))
      .map((r) => `${r.key}: ${r.readsMax} reads (ceiling ${CEILINGS[r.key]?.reads ?? ANY_REQUEST})`);
    expect(over).toEqual([]);
  });
});
