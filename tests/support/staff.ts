import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { adminAuth } from './admin';
import { createUser, signIn, type TestUser } from './auth';
import { AUTH_EMULATOR_HOST } from './env';

/** A verified account with the staff claim (and admin, if asked), signed in again so its ID token carries it. */
export async function createStaff(options: { admin?: boolean } = {}): Promise<TestUser> {
  const user = await createUser({ emailVerified: true, email: `staff.${Math.random().toString(36).slice(2, 10)}@upskill.dev` });
  await adminAuth().setCustomUserClaims(user.uid, { staff: true, ...(options.admin ? { admin: true } : {}) });
  return { ...user, idToken: await signIn(user) };
}

const CLI = fileURLToPath(new URL('../../tools/staff.mjs', import.meta.url));

/** Runs the staff CLI (`npm run staff -- …`) against the Auth emulator, as a person would. */
export function staffCli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [CLI, ...args], {
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR_HOST },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
