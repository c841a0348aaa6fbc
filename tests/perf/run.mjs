// `npm run perf`: build, serve through the Hosting emulator (with Auth, Functions and Firestore), and run Lighthouse on the four pages a
// phone buyer meets first (see lighthouse.mjs). With PERF_PEER_BUILD=<the peer's build folder> (recipe in
// ../shared/perf/README.md) the peer is served on :5055 and measured in the same run, page by page, and the
// report's figure is the ratio of the medians.
import { join, resolve } from 'node:path';
import {
  PROJECT_ID,
  ROOT,
  assertPortsFree,
  ensureInstalled,
  emulatorEnv,
  ensureLocalServiceConfig,
  exitOnFatal,
  firebaseCommand,
  log,
  run,
} from '../../emulators/lib.mjs';
import { findChromium } from '../../tools/chromium.mjs';
import { servePeer } from './peerServer.mjs';

async function main() {
  await ensureInstalled();
  const chromium = findChromium();
  await assertPortsFree();
  await run('npm', ['run', 'build:emulator', '--silent']);
  // The pages ask the API for what they show live (the seat summary): Functions and Firestore answer it, as they
  // do for a visitor. Without them, its 500 was a console error in every report and spared the page its render.
  ensureLocalServiceConfig();
  const env = await emulatorEnv();
  const peer = process.env.PERF_PEER_BUILD ? await servePeer(resolve(process.env.PERF_PEER_BUILD)) : null;
  if (peer) log(`Serving the peer's build at ${peer.url}`);
  log('Running Lighthouse (mobile, simulated throttling)...');
  try {
    await run(
      ...firebaseCommand([
        'emulators:exec',
        '--project',
        PROJECT_ID,
        '--only',
        'hosting,auth,functions,firestore',
        `node ${JSON.stringify(join(ROOT, 'tests', 'perf', 'lighthouse.mjs'))}`,
      ]),
      { env: { ...env, CHROME_PATH: chromium, ...(peer ? { PERF_PEER_URL: peer.url } : {}) } },
    );
  } finally {
    await peer?.stop();
  }
}

main().catch(exitOnFatal);
