import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { adminApp } from './app';

export function db(): Firestore {
  return getFirestore(adminApp());
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
  const probe = db()
    .collection('rateLimits')
    .doc('warm-up')
    .get()
    .then(
      () => undefined,
      () => undefined,
    );
  await Promise.race([probe, cap]);
  clearTimeout(timer);
}
