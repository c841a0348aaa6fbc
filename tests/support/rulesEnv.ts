import { readFileSync } from 'node:fs';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { FIRESTORE_EMULATOR_HOST, PROJECT_ID } from './env';

/** The client SDK against the Firestore emulator under this repository's firestore.rules. */
export function rulesEnvironment(): Promise<RulesTestEnvironment> {
  const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? FIRESTORE_EMULATOR_HOST).split(':');
  return initializeTestEnvironment({
    projectId: PROJECT_ID,
    firestore: { rules: readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8'), host, port: Number(port) },
  });
}
