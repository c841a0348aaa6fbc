import { useCallback, useEffect, useState } from 'react';
import { ApiError, failureMessage } from '../../lib/api';
import { useAuthUser } from '../auth';

/** Who reads: a signed-in account (its token brings their access and progress), or nobody. */
export type Reader = { getIdToken(): Promise<string> } | null;

/** A starter page's answer as it loads: not found (404), not open to the reader (403, with the server's why), or failed. */
export type StarterLoad<T> =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'locked'; message: string }
  | { state: 'error'; message: string }
  | { state: 'done'; answer: T };

/**
 * Loads a starter page's answer for the address `key` once the reader is known (signed out reads too). Another
 * address's answer reads as loading until this one's arrives. `fetcher` should change only with the address.
 */
export function useStarterAnswer<T>(key: string, fetcher: (reader: Reader, signal: AbortSignal) => Promise<T>, failure: string) {
  const auth = useAuthUser();
  const [loaded, setLoaded] = useState<{ key: string; load: StarterLoad<T> }>({ key: '', load: { state: 'loading' } });
  // Try again after a failure: the same request once more, the page showing it loading meanwhile.
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    setLoaded({ key: '', load: { state: 'loading' } });
    setAttempt((n) => n + 1);
  }, []);
  useEffect(() => {
    if (auth.status !== 'ready') return;
    const controller = new AbortController();
    fetcher(auth.user, controller.signal).then(
      (answer) => setLoaded({ key, load: { state: 'done', answer } }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        if (err instanceof ApiError && err.status === 404) setLoaded({ key, load: { state: 'missing' } });
        else if (err instanceof ApiError && err.status === 403) setLoaded({ key, load: { state: 'locked', message: err.message } });
        else setLoaded({ key, load: { state: 'error', message: failureMessage(err, failure) } });
      },
    );
    return () => controller.abort();
  }, [auth, key, fetcher, failure, attempt]);
  const load: StarterLoad<T> = loaded.key === key ? loaded.load : { state: 'loading' };
  return { load, user: auth.status === 'ready' ? auth.user : null, retry };
}
