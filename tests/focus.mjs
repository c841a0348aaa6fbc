// `npm test -- <file or pattern> …`: which test files a focused run takes. One rule for the runner (run.mjs,
// which decides whether the lifecycle test runs) and the emulator suite (the API and e2e files).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../emulators/lib.mjs';

/** Test files under `dirs` (relative to tests/) ending in `suffix` whose repository path contains one of the patterns. */
export function focusedFiles(patterns, dirs, suffix) {
  const files = dirs.flatMap((dir) => {
    const full = join(ROOT, 'tests', dir);
    return existsSync(full) ? readdirSync(full, { recursive: true }).map((f) => `tests/${dir}/${f}`) : [];
  });
  const wanted = patterns.map((pattern) => pattern.replace(/^\.\//, ''));
  return files.filter((file) => file.endsWith(suffix) && wanted.some((pattern) => file.includes(pattern)));
}

/**
 * Whether a focused run has anything for the emulator suite: its API, rules, e2e or functions emulator test files.
 * The lifecycle test runs outside it (run.mjs).
 */
export function needsEmulators(patterns) {
  const wanted = patterns.map((pattern) => pattern.replace(/^\.\//, ''));
  const functionsEmulatorTests = readdirSync(join(ROOT, 'functions', 'test'))
    .map((f) => `functions/test/${f}`)
    .filter((f) => f.endsWith('.emulator.test.ts') && wanted.some((pattern) => f.includes(pattern)));
  return (
    functionsEmulatorTests.length > 0 ||
    focusedFiles(patterns, ['setup', 'budget', 'api', 'rules'], '.test.ts').length > 0 ||
    focusedFiles(patterns, ['e2e'], '.spec.ts').length > 0
  );
}
