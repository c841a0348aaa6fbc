import { afterEach, describe, expect, it, vi } from 'vitest';
import { budgetLeftMs, jsonEndpoint, withDeadline } from './handler';
import { assertTimeToCommit, COMMIT_MARGIN_MS } from './transaction';
import type { HttpRequest } from './request';
import { responseRecorder } from '../../test/responseRecorder';

const recorder = responseRecorder;

const never = () => new Promise<never>(() => {});
const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

afterEach(() => vi.useRealTimers());

describe('one time budget per request', () => {
  it('answers 503 JSON after 8 s however many database calls the request makes', async () => {
    vi.useFakeTimers();
    const { res, answer } = recorder();
    const endpoint = jsonEndpoint('test', async (_req, response) => {
      await withDeadline(after(5000, 'first'));
      await withDeadline(after(5000, 'second'));
      response.status(200).json({ ok: true });
    });
    const done = endpoint({} as HttpRequest, res);
    await vi.advanceTimersByTimeAsync(7999);
    expect(answer.status).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
  });

  it('lets a request whose calls fit in the budget answer normally', async () => {
    vi.useFakeTimers();
    const { res, answer } = recorder();
    const endpoint = jsonEndpoint('test', async (_req, response) => {
      response.status(200).json({ value: await withDeadline(after(3000, 'saved')) });
    });
    const done = endpoint({} as HttpRequest, res);
    await vi.advanceTimersByTimeAsync(3000);
    await done;
    expect(answer).toMatchObject({ status: 200, body: { value: 'saved' } });
  });

  it('gives up on a call that never answers', async () => {
    vi.useFakeTimers();
    const { res, answer } = recorder();
    const done = jsonEndpoint('test', async () => {
      await withDeadline(never());
    })({} as HttpRequest, res);
    await vi.advanceTimersByTimeAsync(8000);
    await done;
    expect(answer.status).toBe(503);
  });
});

describe('a transaction never commits after its request was answered 503', () => {
  it('lets a commit through with 1 s of the budget left, and refuses one later as the 503 itself', async () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    const { res, answer } = recorder();
    const endpoint = jsonEndpoint('test', async () => {
      await after(8000 - COMMIT_MARGIN_MS, null);
      assertTimeToCommit();
      seen.push('committed at 7 s');
      await after(1, null);
      assertTimeToCommit();
      seen.push('committed at 7.001 s');
    });
    const done = endpoint({} as HttpRequest, res);
    await vi.advanceTimersByTimeAsync(8000);
    await done;
    expect(seen).toEqual(['committed at 7 s']);
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
  });

  it('puts no limit on a transaction outside a request (a trigger or a schedule)', () => {
    expect(budgetLeftMs()).toBeNull();
    expect(() => assertTimeToCommit()).not.toThrow();
  });
});
