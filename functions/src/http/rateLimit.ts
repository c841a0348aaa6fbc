import { Timestamp } from 'firebase-admin/firestore';
import { HttpError } from './errors';
import { db } from './firebase';
import { withDeadline } from './handler';

const WINDOW_MS = 60_000;

function limitPerMinute(): number {
  const configured = Number(process.env.RATE_LIMIT_PER_MINUTE);
  return Number.isInteger(configured) && configured > 0 ? configured : 20;
}

/**
 * A fixed-window counter per client and endpoint, kept in Firestore so every function instance
 * shares it. Past the limit the caller gets 429 with Retry-After.
 */
export async function enforceRateLimit(endpoint: string, client: string): Promise<void> {
  const ref = db().collection('rateLimits').doc(`${endpoint}_${client}`);
  const limit = limitPerMinute();
  const retryAfter = await withDeadline(
    db().runTransaction(async (tx) => {
      const now = Date.now();
      const snap = await tx.get(ref);
      const windowStart = snap.exists ? (snap.get('windowStart') as number) : 0;
      const count = snap.exists ? (snap.get('count') as number) : 0;
      if (now - windowStart >= WINDOW_MS) {
        tx.set(ref, { windowStart: now, count: 1, expiresAt: Timestamp.fromMillis(now + WINDOW_MS * 2) });
        return 0;
      }
      if (count >= limit) return Math.ceil((windowStart + WINDOW_MS - now) / 1000);
      tx.update(ref, { count: count + 1 });
      return 0;
    }),
  );
  if (retryAfter > 0) {
    throw new HttpError('resource-exhausted', 'Too many requests. Please wait a moment and try again.', undefined, {
      'Retry-After': String(retryAfter),
    });
  }
}
