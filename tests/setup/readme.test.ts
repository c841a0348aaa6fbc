import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeList } from '../support/routes';

// What a newcomer reads against what runs: the API reference's tables against firebase.json's rewrites and the
// functions' route tables, and every link in the README and the docs against the files it names.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const firebase = JSON.parse(readFileSync(`${ROOT}firebase.json`, 'utf8')) as {
  hosting: { rewrites: { source: string; function?: { functionId: string } }[] };
};
const readme = readFileSync(`${ROOT}README.md`, 'utf8');
const api = readFileSync(`${ROOT}docs/api.md`, 'utf8');

/** The rows of the Markdown table that follows `heading`, split into their cells. */
function tableAfter(text: string, heading: string): string[][] {
  const rest = text.slice(text.indexOf(heading) + heading.length);
  const rows: string[][] = [];
  for (const line of rest.split('\n').slice(1)) {
    if (rows.length > 0 && !line.startsWith('|')) break;
    if (!line.startsWith('|') || /^\|\s*-/.test(line)) continue;
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  return rows.slice(1); // the header row
}

/** Every relative link in a Markdown file, resolved from that file's folder. */
function links(file: string): { link: string; target: string }[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1])
    .filter((link) => !/^(https?:|mailto:|#)/.test(link))
    .map((link) => ({ link, target: join(ROOT, dirname(file), link.replace(/#.*$/, '')) }));
}

describe('the API reference', () => {
  it('lists every rewrite to a function, and nothing that is not one', () => {
    const rewrites = new Map(firebase.hosting.rewrites.filter((r) => r.function).map((r) => [r.source, r.function?.functionId ?? '']));
    const documented = new Map<string, string>();
    for (const [paths, fn] of tableAfter(api, "each function's routes are a table in `functions/src/endpoints/`:"))
      for (const [, path] of paths.matchAll(/`([^`]+)`/g)) documented.set(path, fn);
    expect(rewrites.size).toBeGreaterThan(0);
    expect(Object.fromEntries([...documented].sort())).toEqual(Object.fromEntries([...rewrites].sort()));
  });

  it('lists every route of the functions’ route tables, with its function, and nothing else', () => {
    const documented = tableAfter(api, '## Every route').map(([method, path, fn]) => `${method} ${path.replace(/`/g, '')} ${fn}`);
    const table = routeList().map((r) => `${r.method} ${r.path} ${r.function}`);
    expect(table.length).toBeGreaterThan(100);
    expect([...documented].sort()).toEqual([...table].sort());
  });
});

describe('the README', () => {
  it('is short: at most 150 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(150);
  });

  it('points a newcomer at the two commands, the demo learner, the focused test run and the layers', () => {
    expect(readme).toContain('npm start');
    expect(readme).toMatch(/npm test\s/);
    expect(readme).toContain('demo@upskill.dev');
    expect(readme).toMatch(/npm test -- tests\/api\/\S+\.test\.ts/);
    expect(readme).toContain('docs/architecture.md');
    expect(readFileSync(`${ROOT}docs/architecture.md`, 'utf8')).toContain('eslint/layers.mjs');
  });

  it('links only to files that exist, and so do the docs it links to', () => {
    const files = ['README.md', 'docs/api.md', 'docs/testing.md', 'docs/deploying.md', 'docs/troubleshooting.md', 'docs/qa/README.md'];
    for (const qa of tableOfWalkthroughs()) files.push(`docs/qa/${qa}`);
    const broken = files.flatMap((file) =>
      links(file)
        .filter(({ target }) => !existsSync(target))
        .map(({ link }) => `${file}: ${link}`),
    );
    expect(broken).toEqual([]);
    expect(links('README.md').length).toBeGreaterThanOrEqual(8);
  });
});

/** The walkthroughs the QA index links. */
function tableOfWalkthroughs(): string[] {
  return [...readFileSync(`${ROOT}docs/qa/README.md`, 'utf8').matchAll(/\]\(([a-z-]+\.md)\)/g)].map((m) => m[1]);
}
