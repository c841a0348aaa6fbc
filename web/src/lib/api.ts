import type { ApiErrorBody } from '@upskill/domain/api';

/** A failed API call: the status, the server's message and any per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string | undefined>;
  signal?: AbortSignal;
}

const TIMEOUT_MS = 15_000;

/** JSON to and from the same-origin API. Non-OK answers throw ApiError; the raw text is only logged. */
export async function apiRequest<T>(path: string, { method = 'GET', body, headers = {}, signal }: RequestOptions = {}): Promise<T> {
  const cleanHeaders: Record<string, string> = { Accept: 'application/json' };
  for (const [key, value] of Object.entries(headers)) if (value) cleanHeaders[key] = value;
  if (body !== undefined) cleanHeaders['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: cleanHeaders,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ?? AbortSignal.timeout(TIMEOUT_MS),
      credentials: 'same-origin',
    });
  } catch (err) {
    console.error(`Network error calling ${method} ${path}:`, err);
    throw new ApiError(0, 'Network error');
  }
  const text = await response.text();
  if (!response.ok) {
    console.error(`Error ${response.status}: ${text}`);
    let message = `Request failed with status ${response.status}`;
    let fields: Record<string, string> = {};
    try {
      // A proxy or the CDN may answer with anything: the envelope is only what we hope for.
      const parsed = JSON.parse(text) as Partial<ApiErrorBody>;
      message = parsed.error?.message ?? message;
      fields = parsed.error?.fields ?? {};
    } catch {
      // Not JSON (e.g. a proxy error page): keep the generic message.
    }
    throw new ApiError(response.status, message, fields);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
