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
    await expect(apiRequest('/api/enroll', { method: 'POST', body: { a: 1 }, headers: { Authorization: undefined, 'Idempotency-Key': 'k-12345678' } })).resolves.toEqual({ id: 'x' });
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

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(apiRequest('/api/enroll')).rejects.toMatchObject({ status: 0, message: 'Network error' });
  });
});
