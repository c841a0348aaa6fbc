import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: string) {
  const fetchMock = vi.fn(async () => new Response(body, { status }));
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return fetchMock;
}

describe('apiRequest', () => {
  it('sends JSON with only the headers that have a value, same-origin', async () => {
    const fetchMock = answer(200, '{"id":"x"}');
    await expect(
      apiRequest('/api/enroll', { method: 'POST', body: { a: 1 }, headers: { Authorization: undefined, 'Idempotency-Key': 'k-12345678' } }),
    ).resolves.toEqual({ id: 'x' });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/enroll');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': 'k-12345678' });
  });

  it("turns an error answer into ApiError with the server's message and field messages", async () => {
    answer(409, JSON.stringify({ error: { code: 'failed-precondition', message: 'No longer editable.', fields: { email: 'Fixed.' } } }));
    const error = await apiRequest('/api/enroll/x', { method: 'PUT', body: {} }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'No longer editable.', fields: { email: 'Fixed.' } });
  });

  it('keeps a generic message when the error body is not JSON (a proxy page)', async () => {
    answer(502, '<html>Bad gateway</html>');
    await expect(apiRequest('/api/enroll')).rejects.toMatchObject({ status: 502, message: 'Request failed with status 502', fields: {} });
  });

  it('sends a repeatable request again after a busy answer, waiting as long as Retry-After asks', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const busy = () => new Response('{"error":{"code":"unavailable","message":"Busy."}}', { status: 503, headers: { 'Retry-After': '2' } });
    const fetchMock = vi
      .fn(async () => busy())
      .mockResolvedValueOnce(busy())
      .mockResolvedValueOnce(new Response('{"id":"x"}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const result = apiRequest('/api/enroll/x/payment', { method: 'POST', body: { a: 1 }, retries: 3 });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ id: 'x' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it('gives up after its retries, never retries a refusal, and retries nothing unless asked', async () => {
    vi.useFakeTimers();
    const fetchMock = answer(503, '{"error":{"code":"unavailable","message":"Busy."}}');
    const given = apiRequest('/api/x', { retries: 2 }).catch((err: unknown) => err);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await given).toMatchObject({ status: 503, message: 'Busy.' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const once = answer(503, '{}');
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 503 });
    expect(once).toHaveBeenCalledTimes(1);
    const refused = answer(409, '{"error":{"code":"failed-precondition","message":"Full."}}');
    await expect(apiRequest('/api/x', { retries: 3 })).rejects.toMatchObject({ status: 409 });
    expect(refused).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(apiRequest('/api/enroll')).rejects.toMatchObject({ status: 0, message: 'Network error' });
  });
});
