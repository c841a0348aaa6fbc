// `npm start`: from a fresh clone to the whole site running on the emulator suite.
//   --no-build   use the build already in web/dist and functions/lib (the lifecycle tests, after npm test built it)
// It owns every process it starts (emulators/processes.mjs): Ctrl-C, a crash of the CLI or of any emulator,
// stops all of them; a leftover of an earlier run of this checkout is stopped before it starts.
import { spawn } from 'node:child_process';
import {
  ALL_PORTS,
  HOSTING_URL,
  PROJECT_ID,
  assertPortsFree,
  emulatorEnv,
  ensureInstalled,
  ensureLocalServiceConfig,
  ensureSandboxPlans,
  exitOnFatal,
  firebaseCommand,
  listening,
  log,
  ownRun,
  run,
  startMailCatcher,
  startPaymentSandbox,
} from './lib.mjs';

const WATCH_EVERY_MS = 1000;

async function main() {
  const { finish, onSignal } = ownRun();
  await assertPortsFree();
  await ensureInstalled();
  const env = await emulatorEnv();
  if (!process.argv.includes('--no-build')) {
    log('Building functions and site...');
    await run('npm', ['run', 'build:emulator', '--silent']);
  }
  ensureLocalServiceConfig();
  await ensureSandboxPlans();
  const sandbox = await startPaymentSandbox();
  const mail = await startMailCatcher();
  log('Starting the emulators (auth, functions, firestore, hosting)...');
  const started = Date.now();
  const [command, args] = firebaseCommand(['emulators:start', '--project', PROJECT_ID]);
  const child = spawn(command, args, { env, stdio: ['inherit', 'pipe', 'inherit'] });

  let stopping = false;
  /** Stops everything this run started, then exits: the one way out, whatever the cause. */
  const shutDown = async (code, reason) => {
    if (stopping) return;
    stopping = true;
    if (reason) log(reason);
    clearInterval(watchdog);
    if (child.exitCode === null) child.kill('SIGINT'); // Lets firebase-tools shut its emulators down cleanly first.
    const exited = new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    await Promise.allSettled([sandbox.close(), mail.close()]);
    await finish();
    process.exit(code);
  };

  let ready = false;
  let watchdog;
  child.stdout.on('data', async (chunk) => {
    process.stdout.write(chunk);
    if (ready || !String(chunk).includes('All emulators ready')) return;
    ready = true;
    // An emulator that dies (a crash, a kill) takes the whole run down with it, instead of leaving a
    // half-working site and orphans.
    const missing = new Map();
    watchdog = setInterval(async () => {
      for (const { name, port, host } of ALL_PORTS) {
        const up = await listening(port, host);
        missing.set(port, up ? 0 : (missing.get(port) ?? 0) + 1);
        if (missing.get(port) >= 2) return shutDown(1, `The ${name} (port ${port}) stopped answering; stopping everything.`);
      }
    }, WATCH_EVERY_MS);
    try {
      const { seed, DEMO_ACCOUNT, STAFF_ACCOUNT, MENTOR_ACCOUNTS } = await import('./seed.mjs');
      await seed();
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      log(`Ready in ${seconds}s. Open ${HOSTING_URL}`);
      log(`Mail inbox (MailDev; nothing leaves this machine): ${mail.inbox}`);
      log(`Razorpay sandbox (payments, refunds, webhook deliveries): ${sandbox.origin}`);
      log(`Demo account: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password} (Pro: one mentor call to book on My Courses)`);
      log(`Mentors (My mentoring at ${HOSTING_URL}/mentoring): ${MENTOR_ACCOUNTS.map((m) => `${m.email} / ${m.password}`).join(', ')}`);
      log(
        `Staff account (staff console at ${HOSTING_URL}/staff): ${STAFF_ACCOUNT.email} / ${STAFF_ACCOUNT.password}. Press Ctrl-C to stop everything.`,
      );
    } catch (err) {
      log(`The site is up at ${HOSTING_URL}, but seeding failed: ${err.message}`);
    }
  });
  onSignal(() => shutDown(0, 'Stopping every emulator and service...'));
  child.on('exit', (code, signal) => {
    if (!stopping)
      shutDown(code === 0 ? 0 : 1, `The emulator suite exited (${signal ?? `exit ${code}`}); stopping everything it left behind.`);
  });
}

main().catch(exitOnFatal);
