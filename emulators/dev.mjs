// `npm run dev`: Vite with hot reload on :5173, /api proxied to the Functions emulator (started here unless
// an `npm start` is already running), with Auth and Firestore emulators alongside. Like npm start, it owns
// what it starts: Ctrl-C or the end of either child stops everything (emulators/processes.mjs).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ID, ROOT, emulatorEnv, ensureInstalled, exitOnFatal, firebaseCommand, listening, log, ownRun, run } from './lib.mjs';

async function main() {
  const { finish } = ownRun();
  await ensureInstalled();
  const children = [];
  if (!(await listening(5001))) {
    const env = await emulatorEnv();
    await run('npm', ['run', 'build', '-w', 'functions', '--silent']);
    log('Starting the auth, functions and firestore emulators...');
    children.push(
      spawn(...firebaseCommand(['emulators:start', '--project', PROJECT_ID, '--only', 'auth,functions,firestore']), {
        env,
        stdio: 'inherit',
      }),
    );
  } else {
    log('Emulators already running: using them.');
  }
  children.push(
    spawn(join(ROOT, 'node_modules', '.bin', 'vite'), ['--host', '127.0.0.1', '--mode', 'emulator'], {
      cwd: join(ROOT, 'web'),
      stdio: 'inherit',
    }),
  );
  children.forEach((child) =>
    child.on('exit', () => {
      children.forEach((other) => other.exitCode === null && other.kill('SIGINT'));
      finish().then(() => process.exit(0));
    }),
  );
}

main().catch(exitOnFatal);
