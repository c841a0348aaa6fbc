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
