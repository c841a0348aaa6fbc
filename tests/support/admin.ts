import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { getAuth } from 'firebase-admin/auth';
import { AUTH_EMULATOR_HOST, FIRESTORE_EMULATOR_HOST, PROJECT_ID } from './env';

process.env.FIRESTORE_EMULATOR_HOST ??= FIRESTORE_EMULATOR_HOST;
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= AUTH_EMULATOR_HOST;

/** The admin SDK against the Firestore emulator, to read back what the functions wrote. */
const app = () => getApps()[0] ?? initializeApp({ projectId: PROJECT_ID });
export const db = () => getFirestore(app());
/** The admin Auth SDK against the Auth emulator: revoke sessions, disable accounts. */
export const adminAuth = () => getAuth(app());

export async function countDocs(collection: string): Promise<number> {
  return (await db().collection(collection).count().get()).data().count;
}
