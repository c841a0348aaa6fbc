import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { fieldErrorsOf, fieldsOf } from './api';
import { useApiLoad } from './useApiLoad';

/** A fetcher whose answers the test gives one by one, recording each read's signal. */
function scripted<T>() {
  const reads: { signal: AbortSignal; resolve: (v: T) => void; reject: (e: unknown) => void }[] = [];
  const fetcher = (signal: AbortSignal) => new Promise<T>((resolve, reject) => reads.push({ signal, resolve, reject }));
  return { reads, fetcher };
}

describe('useApiLoad', () => {
  it('shows loading, then the answer; a failure carries the server status and message, and reload reads again', async () => {
    const { reads, fetcher } = scripted<{ n: number }>();
    const { result } = renderHook(() => useApiLoad(fetcher, 'Could not load.'));
    expect(result.current.load).toEqual({ state: 'loading' });
    await act(async () => reads[0].reject(new ApiError(403, 'Only mentors.')));
    expect(result.current.load).toEqual({ state: 'error', message: 'Only mentors.', status: 403 });

    act(() => result.current.reload());
    // After a failure a new read shows loading first.
    expect(result.current.load).toEqual({ state: 'loading' });
    await waitFor(() => expect(reads).toHaveLength(2));
    await act(async () => reads[1].resolve({ n: 1 }));
    expect(result.current.load).toEqual({ state: 'done', answer: { n: 1 } });

    // Behind an answer, a reload keeps it on screen until the new one comes.
    act(() => result.current.reload());
    await waitFor(() => expect(reads).toHaveLength(3));
    expect(result.current.load).toEqual({ state: 'done', answer: { n: 1 } });
    await act(async () => reads[2].resolve({ n: 2 }));
    expect(result.current.load).toEqual({ state: 'done', answer: { n: 2 } });

    act(() => result.current.update((a) => ({ n: a.n + 10 })));
    expect(result.current.load).toEqual({ state: 'done', answer: { n: 12 } });
  });

  it('a network failure says the fallback, with status 0; a function chooses the line from the error', async () => {
    const { reads, fetcher } = scripted<number>();
    const { result } = renderHook(() => useApiLoad(fetcher, 'We could not reach the server.'));
    await act(async () => reads[0].reject(new TypeError('Failed to fetch')));
    expect(result.current.load).toEqual({ state: 'error', message: 'We could not reach the server.', status: 0 });

    const other = scripted<number>();
    const chosen = renderHook(() =>
      useApiLoad(other.fetcher, (err) => (err instanceof ApiError && err.status === 404 ? 'No such question.' : 'x')),
    );
    await act(async () => other.reads[0].reject(new ApiError(404, 'Not found')));
    expect(chosen.result.current.load).toEqual({ state: 'error', message: 'No such question.', status: 404 });
  });

  it('a new subject aborts the read under way and shows loading, never the previous answer', async () => {
    const first = scripted<string>();
    const second = scripted<string>();
    const { result, rerender } = renderHook(({ f }) => useApiLoad(f, 'x'), { initialProps: { f: first.fetcher } });
    await act(async () => first.reads[0].resolve('question one'));
    expect(result.current.load).toEqual({ state: 'done', answer: 'question one' });
    rerender({ f: second.fetcher });
    expect(result.current.load).toEqual({ state: 'loading' });
    const third = scripted<string>();
    rerender({ f: third.fetcher });
    expect(second.reads[0].signal.aborted).toBe(true);
    // The aborted read's late answer is never shown.
    await act(async () => second.reads[0].resolve('question two'));
    expect(result.current.load).toEqual({ state: 'loading' });
    await act(async () => third.reads[0].resolve('question three'));
    expect(result.current.load).toEqual({ state: 'done', answer: 'question three' });
  });

  it('unmounting aborts the read', () => {
    const { reads, fetcher } = scripted<number>();
    const { unmount } = renderHook(() => useApiLoad(fetcher, 'x'));
    unmount();
    expect(reads[0].signal.aborted).toBe(true);
  });
});

describe('fieldErrorsOf', () => {
  it("gives the server's field messages, or one line for the form when it named none or never answered", () => {
    expect(fieldErrorsOf(new ApiError(400, 'Invalid', { title: 'Too short.' }), 'Nothing was sent.')).toEqual({ title: 'Too short.' });
    expect(fieldErrorsOf(new ApiError(409, 'Already answered.'), 'Nothing was sent.')).toEqual({ _form: 'Already answered.' });
    expect(fieldErrorsOf(new TypeError('Failed to fetch'), 'Nothing was sent.')).toEqual({ _form: 'Nothing was sent.' });
    expect(fieldsOf(new TypeError('x'))).toEqual({});
  });
});
