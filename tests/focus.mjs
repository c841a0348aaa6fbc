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
 * What a focused run gives the emulator suite: its API and rules files, its e2e files, and the functions' own emulator
 * tests (functions/test/*.emulator.test.ts), each whose path contains one of the patterns. The lifecycle test runs
 * outside the suite (run.mjs).
 */
export function focusedSuiteFiles(patterns) {
  const wanted = patterns.map((pattern) => pattern.replace(/^\.\//, ''));
  return {
    api: focusedFiles(patterns, ['setup', 'budget', 'api', 'rules'], '.test.ts'),
    e2e: focusedFiles(patterns, ['e2e'], '.spec.ts'),
    units: readdirSync(join(ROOT, 'functions', 'test'))
      .map((f) => `functions/test/${f}`)
      .filter((f) => f.endsWith('.emulator.test.ts') && wanted.some((pattern) => f.includes(pattern))),
  };
}

/** Whether a focused run has anything for the emulator suite. */
export function needsEmulators(patterns) {
  const { api, e2e, units } = focusedSuiteFiles(patterns);
  return api.length + e2e.length + units.length > 0;
}
