import { getAuth, type Auth, type DecodedIdToken } from 'firebase-admin/auth';
import { HttpError } from './errors';
import { bearerToken, type HttpRequest } from './request';
import { adminApp } from '../platform/app';

/**
 * Verifies a Firebase ID token, checking revocation too: a disabled account or a session revoked
 * (password change, "sign out everywhere", an admin) is refused at once rather than when its hour-long
 * token expires. Any failure (forged, expired, revoked, disabled, malformed) is a 401.
 */
export function verifyIdToken(token: string): Promise<DecodedIdToken> {
  return verifyIdTokenWith(getAuth(adminApp()), token);
}

/**
 * The check itself, with the Auth it asks: the deployed app's, or (in its test) one whose requests for
 * Google's signing certificates and account lookups reach local stand-ins, since the emulator's tokens
 * are unsigned and the emulator skips the signature check altogether.
 */
export async function verifyIdTokenWith(auth: Auth, token: string): Promise<DecodedIdToken> {
  try {
    return await auth.verifyIdToken(token, true);
  } catch {
    throw new HttpError('unauthenticated', 'Your sign-in has expired or is not valid. Please sign in again.');
  }
}

/**
 * The e-mail we may treat as the caller's: only one the identity provider says is verified. A Google
 * identity can carry an unverified address too (an account created with another provider's address),
 * so the provider alone proves nothing.
 */
export function trustedEmail(token: Pick<DecodedIdToken, 'email' | 'email_verified'>): string | undefined {
  return token.email && token.email_verified === true ? token.email.toLowerCase() : undefined;
}

/** The caller's verified ID token, or 401 "Please sign in to {what}." when the request carries none. */
export async function requireSignIn(req: HttpRequest, what: string): Promise<DecodedIdToken> {
  const token = bearerToken(req);
  if (!token) throw new HttpError('unauthenticated', `Please sign in to ${what}.`);
  return verifyIdToken(token);
}

/** The caller's verified ID token when the request carries one (a bad one is still 401), or null: for pages anyone may read. */
export async function optionalSignIn(req: HttpRequest): Promise<DecodedIdToken | null> {
  const token = bearerToken(req);
  return token ? verifyIdToken(token) : null;
}
