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

const WARM_UP_CAP_MS = 1500;

/**
 * Runs once per instance before its first request (onInit): the first Firestore call loads the
 * client's gRPC stack, which takes seconds on a small or busy instance, and should not eat into the
 * first request's time budget. A one-document read does it; if Firestore does not answer, the
 * request itself finds out, so the wait is capped and errors are ignored.
 */
export async function warmUpFirestore(): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, WARM_UP_CAP_MS);
  });
  const probe = db().collection('rateLimits').doc('warm-up').get().then(
    () => undefined,
    () => undefined,
  );
  await Promise.race([probe, cap]);
  clearTimeout(timer);
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
