// Runs inside `firebase emulators:exec`: API + rules tests, then the browser tests.
import { join } from 'node:path';
import { ROOT, run } from '../emulators/lib.mjs';

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const reports = join(ROOT, 'tests', '.reports');
const load = process.argv.includes('--load');

if (load) {
  await run(bin('vitest'), ['run', '--config', 'tests/vitest.load.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, 'load.json')}`]);
} else {
  await run(bin('vitest'), ['run', '--config', 'tests/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, 'api.json')}`]);
  await run(bin('playwright'), ['test', '--config', 'tests/playwright.config.ts']);
}
