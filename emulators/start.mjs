// `npm start`: from a fresh clone to the whole site running on the emulator suite.
import { spawn } from 'node:child_process';
import {
  HOSTING_URL, PROJECT_ID, assertPortsFree, emulatorEnv, ensureInstalled, ensureLocalServiceConfig, exitOnFatal, firebaseCommand, log, run,
  startMailCatcher, startPaymentSandbox,
} from './lib.mjs';

async function main() {
  await assertPortsFree();
  await ensureInstalled();
  const env = await emulatorEnv();
  log('Building functions and site...');
  await run('npm', ['run', 'build:emulator', '--silent']);
  ensureLocalServiceConfig();
  const sandbox = await startPaymentSandbox();
  const mail = await startMailCatcher();
  log('Starting the emulators (auth, functions, firestore, hosting)...');
  const started = Date.now();
  const [command, args] = firebaseCommand(['emulators:start', '--project', PROJECT_ID]);
  const child = spawn(command, args, {
    env, stdio: ['inherit', 'pipe', 'inherit'],
  });
  let ready = false;
  child.stdout.on('data', async (chunk) => {
    process.stdout.write(chunk);
    if (ready || !String(chunk).includes('All emulators ready')) return;
    ready = true;
    try {
      const { seed, DEMO_ACCOUNT, STAFF_ACCOUNT } = await import('./seed.mjs');
      await seed();
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      log(`Ready in ${seconds}s. Open ${HOSTING_URL}`);
      log(`Mail inbox (MailDev; nothing leaves this machine): ${mail.inbox}`);
      log(`Razorpay sandbox (payments, refunds, webhook deliveries): ${sandbox.origin}`);
      log(`Demo account: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);
      log(`Staff account (staff console at ${HOSTING_URL}/staff): ${STAFF_ACCOUNT.email} / ${STAFF_ACCOUNT.password}. Press Ctrl-C to stop everything.`);
    } catch (err) {
      log(`The site is up at ${HOSTING_URL}, but seeding failed: ${err.message}`);
    }
  });
  const stop = (signal) => child.kill(signal);
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  child.on('exit', (code) => Promise.all([sandbox.close(), mail.close()]).then(() => process.exit(code ?? 0)));
}

main().catch(exitOnFatal);
