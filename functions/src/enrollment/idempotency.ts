import { Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import { HttpError } from '../http/errors';
import { sha256 } from '../http/request';
import { collection, type Stored } from '../platform/collections';

/** How long a key is remembered; a retry later than this is a new request. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/** What a key remembers: the enrollment it created and a hash of the request that created it. */
export type IdempotencyDoc = Stored<'idempotencyKeys'>;

export function checkKeyFormat(key: string | undefined): void {
  if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new HttpError('invalid-argument', 'The Idempotency-Key header must be 8 to 128 letters, digits or - _ . :');
  }
}

/**
 * A key belongs to the caller who sent it (their account, or for an anonymous caller the address our
 * front end saw), so the same key from someone else is simply a different key: it can never reach
 * another person's enrollment. The document id is a hash, so keys are not readable in the database.
 */
export function keyRef(scope: string, key: string): DocumentReference<IdempotencyDoc> {
  return collection('idempotencyKeys').doc(sha256(`${scope}\n${key}`).slice(0, 40));
}

/** A hash of what the request asks for, with keys sorted, so a retry of the same request matches. */
export function requestHash(request: Record<string, unknown>): string {
  const sorted = Object.keys(request)
    .sort()
    .map((key) => [key, request[key] ?? null]);
  return sha256(JSON.stringify(sorted));
}

export function freshKey(enrollmentId: string, hash: string, now = Date.now()): IdempotencyDoc {
  return { enrollmentId, requestHash: hash, expiresAt: Timestamp.fromMillis(now + IDEMPOTENCY_TTL_MS) };
}

export const keyReusedError = () =>
  new HttpError('unprocessable', 'This Idempotency-Key was already used for a different request. Send a new key for a new enrollment.');
