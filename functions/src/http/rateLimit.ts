import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { HttpError } from './errors';
import { db } from './firebase';
import { withDeadline } from './handler';

const WINDOW_MS = 60_000;

function limitPerMinute(): number {
  const configured = Number(process.env.RATE_LIMIT_PER_MINUTE);
  return Number.isInteger(configured) && configured > 0 ? configured : 20;
}

/**
 * A fixed, clock-aligned one-minute window per client and endpoint, kept in Firestore so every
 * function instance shares it. Past the limit the caller gets 429 with Retry-After (the seconds
 * left in the window).
 *
 * The counter is a server-side increment, not a read-modify-write transaction: concurrent requests
 * from one client (double clicks, retries) never contend for a lock, and each costs two short
 * calls. A transaction here made contended requests wait seconds for each other.
 */
export async function enforceRateLimit(endpoint: string, client: string): Promise<void> {
  const now = Date.now();
  const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
  const ref = db().collection('rateLimits').doc(`${endpoint}_${client}_${windowStart}`);
  // expiresAt lets a TTL policy delete old windows; nothing reads a window after it ends.
  await withDeadline(
    ref.set({ count: FieldValue.increment(1), expiresAt: Timestamp.fromMillis(windowStart + 2 * WINDOW_MS) }, { merge: true }),
  );
  const count = ((await withDeadline(ref.get())).get('count') as number | undefined) ?? 0;
  if (count > limitPerMinute()) {
    const retryAfter = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
    throw new HttpError('resource-exhausted', 'Too many requests. Please wait a moment and try again.', undefined, {
      'Retry-After': String(retryAfter),
    });
  }
}
