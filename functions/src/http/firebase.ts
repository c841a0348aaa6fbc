import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { HttpError } from './errors';

function app() {
  return getApps()[0] ?? initializeApp();
}

export function db(): Firestore {
  return getFirestore(app());
}

/** Verifies a Firebase ID token; any failure (forged, expired, revoked, malformed) is a 401. */
export async function verifyIdToken(token: string): Promise<DecodedIdToken> {
  try {
    return await getAuth(app()).verifyIdToken(token);
  } catch {
    throw new HttpError('unauthenticated', 'Your sign-in has expired or is not valid. Please sign in again.');
  }
}

/** The e-mail we may trust as the caller's: verified, or vouched for by Google sign-in. */
export function trustedEmail(token: DecodedIdToken): string | undefined {
  if (!token.email) return undefined;
  const provider = token.firebase?.sign_in_provider;
  return token.email_verified || provider === 'google.com' ? token.email.toLowerCase() : undefined;
}
