// A local ESLint rule: no module may import itself back through a chain of imports (a cycle), static or
// dynamic: a lazy import() that leads back to its importer is still a loop between the two modules, only
// one that shows up later, as a chunk that needs the chunk that loaded it. Type-only imports are left out
// (they vanish at runtime). It reads the import graph from disk, resolving relative paths and the
// @upskill/domain package.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ALIASES = { '@upskill/domain/': join(ROOT, 'packages', 'domain', 'src') + '/' };
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
// Static imports and re-exports, but not `import type` / `export type`; and import('...') calls.
const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

const edges = new Map();

function resolveImport(from, specifier) {
  let base;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else {
    const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
    if (!alias) return undefined; // A package: not ours.
    base = ALIASES[alias] + specifier.slice(alias.length);
  }
  if (/\.(ts|tsx)$/.test(base) && existsSync(base)) return base;
  return EXTENSIONS.map((ext) => base + ext).find((path) => existsSync(path));
}

function importsOf(file) {
  if (!edges.has(file)) {
    const source = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const specifiers = [...source.matchAll(IMPORT), ...source.matchAll(DYNAMIC_IMPORT)].map((m) => m[1]);
    const targets = specifiers.map((specifier) => resolveImport(file, specifier)).filter(Boolean);
    edges.set(file, [...new Set(targets)]);
  }
  return edges.get(file);
}

/** The chain of files that leads from `start` back to `start`, if there is one. */
function findCycle(start) {
  const seen = new Set();
  const path = [];
  const visit = (file) => {
    for (const next of importsOf(file)) {
      if (next === start) return [...path, next];
      if (seen.has(next)) continue;
      seen.add(next);
      path.push(next);
      const found = visit(next);
      if (found) return found;
      path.pop();
    }
    return undefined;
  };
  return visit(start);
}

export default {
  rules: {
    'no-import-cycles': {
      meta: {
        type: 'problem',
        docs: { description: 'Disallow import cycles between modules, through static imports or import()' },
        schema: [],
      },
      create(context) {
        return {
          Program(node) {
            edges.clear(); // Files may have changed since the last lint of this process.
            const file = resolve(context.filename);
            const cycle = findCycle(file);
            if (cycle) {
              const chain = [file, ...cycle].map((f) => relative(ROOT, f)).join(' -> ');
              context.report({ node, message: `Import cycle: ${chain}` });
            }
          },
        };
      },
    },
  },
};
