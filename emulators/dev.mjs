// `npm run dev`: Vite with hot reload on :5173, /api proxied to the Functions emulator (started here unless
// an `npm start` is already running), with Auth and Firestore emulators alongside.
import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { PROJECT_ID, ROOT, emulatorEnv, ensureInstalled, exitOnFatal, firebaseCommand, log, run } from './lib.mjs';

const listening = (port) =>
  new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => socket.end(() => resolve(true)));
    socket.once('error', () => resolve(false));
  });

async function main() {
  await ensureInstalled();
  const children = [];
  if (!(await listening(5001))) {
    const env = await emulatorEnv();
    await run('npm', ['run', 'build', '-w', 'functions', '--silent']);
    log('Starting the auth, functions and firestore emulators...');
    children.push(spawn(...firebaseCommand(['emulators:start', '--project', PROJECT_ID, '--only', 'auth,functions,firestore']), { env, stdio: 'inherit' }));
  } else {
    log('Emulators already running: using them.');
  }
  children.push(spawn(join(ROOT, 'node_modules', '.bin', 'vite'), ['--host', '127.0.0.1', '--mode', 'emulator'], { cwd: join(ROOT, 'web'), stdio: 'inherit' }));
  const stop = () => children.forEach((child) => child.kill('SIGINT'));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  children.forEach((child) => child.on('exit', () => { stop(); process.exitCode = 0; }));
}

main().catch(exitOnFatal);
