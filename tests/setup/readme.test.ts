import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The README's API table against firebase.json's rewrites to functions: a newcomer reads the one, Hosting obeys the other.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const firebase = JSON.parse(readFileSync(`${ROOT}firebase.json`, 'utf8')) as {
  hosting: { rewrites: { source: string; function?: { functionId: string } }[] };
};
const readme = readFileSync(`${ROOT}README.md`, 'utf8');

/** The table under "## API": each row's backticked paths and its function. */
function readmeTable(): Map<string, string> {
  const api = readme.slice(readme.indexOf('## API'));
  const rows = new Map<string, string>();
  for (const line of api.split('\n')) {
    const row = /^\| (`.+`) \| ([a-z-]+) \|$/.exec(line.trim());
    if (!row) continue;
    for (const [, path] of row[1].matchAll(/`([^`]+)`/g)) rows.set(path, row[2]);
  }
  return rows;
}

describe('the README', () => {
  it('lists every rewrite to a function, and nothing that is not one', () => {
    const rewrites = new Map(firebase.hosting.rewrites.filter((r) => r.function).map((r) => [r.source, r.function?.functionId ?? '']));
    const documented = readmeTable();
    expect(rewrites.size).toBeGreaterThan(0);
    expect(Object.fromEntries([...documented].sort())).toEqual(Object.fromEntries([...rewrites].sort()));
  });

  it('points a newcomer at the layers and the focused test run', () => {
    expect(readme).toContain('docs/architecture.md');
    expect(readme).toMatch(/npm test -- tests\/api\/\S+\.test\.ts/);
    expect(readFileSync(`${ROOT}docs/architecture.md`, 'utf8')).toContain('eslint/layers.mjs');
  });
});
