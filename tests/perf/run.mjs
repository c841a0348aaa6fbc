// `npm run perf`: build, serve through the Hosting emulator (with Auth), run Lighthouse at 8x CPU on the four pages a phone buyer meets first (see lighthouse.mjs), 3 runs each.
import { join } from 'node:path';
import { PROJECT_ID, ROOT, assertPortsFree, ensureInstalled, exitOnFatal, firebaseCommand, log, run } from '../../emulators/lib.mjs';
import { findChromium } from '../../tools/chromium.mjs';

async function main() {
  await ensureInstalled();
  const chromium = findChromium();
  await assertPortsFree();
  await run('npm', ['run', 'build:emulator', '--silent']);
  log('Running Lighthouse (mobile, simulated throttling, 3 runs per page)...');
  await run(
    ...firebaseCommand([
      'emulators:exec',
      '--project',
      PROJECT_ID,
      '--only',
      'hosting,auth',
      `node ${JSON.stringify(join(ROOT, 'tests', 'perf', 'lighthouse.mjs'))}`,
    ]),
    {
      env: { ...process.env, CHROME_PATH: chromium },
    },
  );
}

main().catch(exitOnFatal);
