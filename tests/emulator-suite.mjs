// Runs inside `firebase emulators:exec`: API + rules tests, then the browser tests.
import { join } from 'node:path';
import { ROOT, run, startPaymentSandbox } from '../emulators/lib.mjs';

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const reports = join(ROOT, 'tests', '.reports');
const load = process.argv.includes('--load');

// Razorpay cannot be reached from here: its local sandbox runs beside the emulators for every test.
const sandbox = await startPaymentSandbox();
try {
  if (load) {
    await run(bin('vitest'), ['run', '--config', 'tests/vitest.load.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, 'load.json')}`]);
  } else {
    await run(bin('vitest'), ['run', '--config', 'tests/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, 'api.json')}`]);
    await run(bin('playwright'), ['test', '--config', 'tests/playwright.config.ts']);
  }
} finally {
  await sandbox.close();
}
