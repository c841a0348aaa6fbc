import { readFileSync } from 'node:fs';
import { assertFails, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, getDoc, setDoc, collection, getDocs } from 'firebase/firestore';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { FIRESTORE_EMULATOR_HOST, PROJECT_ID } from '../support/env';

let env: RulesTestEnvironment;

beforeAll(async () => {
  const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? FIRESTORE_EMULATOR_HOST).split(':');
  env = await initializeTestEnvironment({
    projectId: PROJECT_ID,
    firestore: { rules: readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8'), host, port: Number(port) },
  });
});

afterAll(async () => {
  await env?.cleanup();
});

describe('firestore.rules: clients touch nothing directly', () => {
  for (const collectionName of ['enrollments', 'contactMessages', 'rateLimits']) {
    it(`${collectionName}: no read, list or write, signed in or not`, async () => {
      const contexts = [env.unauthenticatedContext(), env.authenticatedContext('alice', { email: 'alice@example.com', email_verified: true })];
      for (const context of contexts) {
        const db = context.firestore();
        await assertFails(getDoc(doc(db, collectionName, 'any')));
        await assertFails(getDocs(collection(db, collectionName)));
        await assertFails(setDoc(doc(db, collectionName, 'new'), { uid: 'alice', price: 1 }));
      }
    });
  }
});
