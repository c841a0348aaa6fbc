import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { PROJECT_ID } from './env';

process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';

/** The admin SDK against the Firestore emulator, to read back what the functions wrote. */
export const db = () => getFirestore(getApps()[0] ?? initializeApp({ projectId: PROJECT_ID }));

export async function countDocs(collection: string): Promise<number> {
  return (await db().collection(collection).count().get()).data().count;
}
