import { execFileSync } from 'node:child_process';

/**
 * Makes the Firestore emulator unreachable without killing it (which would bring the whole suite down):
 * SIGSTOP freezes the JVM, so connections hang exactly as with a database that stopped answering;
 * SIGCONT brings it back.
 */
function emulatorPids(): number[] {
  const out = execFileSync('pgrep', ['-f', 'java.*(firestore-launcher|cloud-firestore-emulator)'], { encoding: 'utf8' });
  const pids = out.split('\n').filter(Boolean).map(Number);
  if (pids.length === 0) throw new Error('Firestore emulator process not found');
  return pids;
}

export function freezeFirestore(): void {
  for (const pid of emulatorPids()) process.kill(pid, 'SIGSTOP');
}

export function thawFirestore(): void {
  for (const pid of emulatorPids()) process.kill(pid, 'SIGCONT');
}
