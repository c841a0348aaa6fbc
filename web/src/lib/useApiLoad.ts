import { useCallback, useEffect, useState } from 'react';
import { ApiError, failureMessage } from './api';

/** What a page shows while it reads from the API: loading, the failure (with the server's status, 0 when none came), or the answer. */
export type ApiLoad<T> = { state: 'loading' } | { state: 'error'; message: string; status: number } | { state: 'done'; answer: T };

/** The line a failed read shows: a fixed sentence for when the server never answered, or one chosen from the error. */
export type LoadFailure = string | ((err: unknown) => string);

/**
 * Reads once from the API, and again on `reload()`; a read still under way when the page leaves or asks again is
 * aborted, and its answer never shown. `fetcher` must be stable (useCallback): a new one is a new read, and until it
 * answers the page shows loading, never the previous subject's answer.
 * - `reload()` reads again behind the current answer (it stays on screen); after a failure it shows loading first.
 * - `update(change)` changes the answer in place after a write that returned the new state.
 */
export function useApiLoad<T>(fetcher: (signal: AbortSignal) => Promise<T>, failure: LoadFailure) {
  const [result, setResult] = useState<{ from: typeof fetcher | null; load: ApiLoad<T> }>({ from: null, load: { state: 'loading' } });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    fetcher(controller.signal).then(
      (answer) => setResult({ from: fetcher, load: { state: 'done', answer } }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        const message = typeof failure === 'string' ? failureMessage(err, failure) : failure(err);
        setResult({ from: fetcher, load: { state: 'error', message, status: err instanceof ApiError ? err.status : 0 } });
      },
    );
    return () => controller.abort();
    // `failure` is read when a read fails, not a reason to read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher, version]);
  const reload = useCallback(() => {
    setResult((current) => (current.load.state === 'error' ? { ...current, load: { state: 'loading' } } : current));
    setVersion((v) => v + 1);
  }, []);
  const update = useCallback(
    (change: (answer: T) => T) =>
      setResult((current) =>
        current.load.state === 'done' ? { ...current, load: { state: 'done', answer: change(current.load.answer) } } : current,
      ),
    [],
  );
  const load: ApiLoad<T> = result.from === fetcher ? result.load : { state: 'loading' };
  return { load, reload, update };
}
