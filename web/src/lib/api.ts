import type { ApiErrorBody } from '@upskill/domain/enrollment';

/** A failed API call: the status, the server's message and any per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    /** The server's Retry-After header on a busy answer, when it sent one. */
    readonly retryAfter: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * What a failed call says to the visitor: the server's own message when the server answered, else `fallback`
 * (the request never arrived: say so, and what did or did not happen).
 */
export const failureMessage = (err: unknown, fallback: string): string =>
  err instanceof ApiError && err.status > 0 ? err.message : fallback;

/** The server's per-field messages of a failed call: none when it named no field or never answered. */
export const fieldsOf = (err: unknown): Record<string, string> => (err instanceof ApiError ? err.fields : {});

/** A form's errors after a failed call: the server's per-field messages, or, when it named none, one line for the form (`_form`). */
export function fieldErrorsOf(err: unknown, fallback: string): Record<string, string> {
  const fields = fieldsOf(err);
  return Object.keys(fields).length > 0 ? fields : { _form: failureMessage(err, fallback) };
}

/** The Authorization header of a signed-in user's request: a fresh ID token from the Firebase user (any object that gives one). */
export const bearerHeader = async (user: { getIdToken(): Promise<string> }) => ({ Authorization: `Bearer ${await user.getIdToken()}` });

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string | undefined>;
  signal?: AbortSignal;
  /**
   * How many times to send the same request again when the answer is "busy, try again" (503, or a
   * gateway's 502/504) or the network dropped it. Only for requests that are safe to repeat: the server
   * recognises a repeat (a payment's ids, an Idempotency-Key) and answers it with the first result.
   */
  retries?: number;
}

const TIMEOUT_MS = 15_000;
/** A busy answer's Retry-After is honoured up to this; without one we wait a second. */
const RETRY_WAIT_CAP_MS = 5_000;
const RETRYABLE = new Set([0, 502, 503, 504]);

function retryWait(retryAfter: string | null): number {
  const seconds = Number(retryAfter);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, RETRY_WAIT_CAP_MS) : 1_000;
}

/** JSON to and from the same-origin API, sending a repeatable request again while the answer is "busy". */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await apiRequestOnce<T>(path, options);
    } catch (err) {
      const busy = err instanceof ApiError && RETRYABLE.has(err.status) && !options.signal?.aborted;
      if (!busy || attempt >= (options.retries ?? 0)) throw err;
      await new Promise((resolve) => setTimeout(resolve, retryWait(err.retryAfter)));
    }
  }
}

/** One round trip. Non-OK answers throw ApiError; the raw text is only logged. */
async function apiRequestOnce<T>(path: string, { method = 'GET', body, headers = {}, signal }: RequestOptions): Promise<T> {
  const cleanHeaders: Record<string, string> = { Accept: 'application/json' };
  for (const [key, value] of Object.entries(headers)) if (value) cleanHeaders[key] = value;
  if (body !== undefined) cleanHeaders['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: cleanHeaders,
      body: body === undefined ? undefined : JSON.stringify(body),
      // The caller's signal (a page that went away) and the time limit, whichever comes first.
      signal:
        signal && typeof AbortSignal.any === 'function'
          ? AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)])
          : (signal ?? AbortSignal.timeout(TIMEOUT_MS)),
      credentials: 'same-origin',
    });
  } catch (err) {
    // A caller that stopped waiting (its component unmounted) is no error worth reporting.
    if (signal?.aborted) throw new ApiError(0, 'Aborted');
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
    throw new ApiError(response.status, message, fields, response.headers.get('Retry-After'));
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
