import { AsyncLocalStorage } from 'node:async_hooks';
import { logger } from 'firebase-functions';
import { GRPC, HttpError, errorBody, errorCode } from './errors';
import type { HttpRequest, HttpResponse } from './request';
import { USAGE_TAG_HEADER, withUsage } from '../platform/usageRecorder';

export type Handler = (req: HttpRequest, res: HttpResponse) => Promise<void>;

/**
 * Every endpoint runs inside this: known errors become their JSON answer, anything else is logged
 * with its stack and answered as a bare 500, so no internals reach the client.
 */
export function jsonEndpoint(name: string, handler: Handler) {
  return async (req: HttpRequest, res: HttpResponse): Promise<void> => {
    res.set('Cache-Control', 'private, no-store');
    res.set('X-Content-Type-Options', 'nosniff');
    // Server-Timing says how long the function itself took, apart from the network and the platform
    // in front of it (what the 8 s budget bounds); every answer goes out through json().
    const started = Date.now();
    const send = res.json.bind(res);
    res.json = (body: unknown) => {
      res.set('Server-Timing', `app;dur=${Date.now() - started}`);
      send(body);
    };
    try {
      // Counted under the function's name until a route table names the route (emulator only: platform/usageRecorder.ts).
      await withUsage(
        name,
        () => requestDeadline.run(Date.now() + REQUEST_BUDGET_MS, () => handler(req, res)),
        () => req.get(USAGE_TAG_HEADER),
      );
    } catch (err) {
      if (res.headersSent) return;
      if (err instanceof HttpError) {
        if (err.status >= 500) logger.error(`${name}: ${err.message}`, { endpoint: name, code: err.code });
        else logger.info(`${name}: ${err.code}`, { endpoint: name, code: err.code, status: err.status });
        for (const [key, value] of Object.entries(err.headers)) res.set(key, value);
        res.status(err.status).json(errorBody(err));
        return;
      }
      const error = err instanceof Error ? { message: err.message, stack: err.stack } : { message: String(err) };
      logger.error(`${name}: unexpected failure`, { endpoint: name, ...error });
      res.status(500).json(errorBody(new HttpError('internal', 'Something went wrong on our side. Please try again.')));
    }
  };
}

/**
 * One time budget per request for all its database calls together, so a slow or unreachable
 * Firestore gives the client a 503 within 10 s (hosting and client timeouts are longer) however many
 * calls the request makes.
 */
const REQUEST_BUDGET_MS = 8000;
const requestDeadline = new AsyncLocalStorage<number>();

// Retry-After: an overloaded or unreachable database is usually back within seconds; a client (or a
// visitor pressing the button again) should wait a moment rather than hammer it.
export const unavailable = () =>
  new HttpError('unavailable', 'The service is temporarily unavailable. Please try again shortly.', undefined, { 'Retry-After': '2' });

/** What is left of the current request's time budget, or null outside a request (a trigger or a schedule). */
export function budgetLeftMs(nowMs = Date.now()): number | null {
  const deadlineAt = requestDeadline.getStore();
  return deadlineAt === undefined ? null : deadlineAt - nowMs;
}

/**
 * Gives up on a database call that outlasts what is left of the request's budget. `atLeastMs` gives a
 * call that must not be cut short (the gateway call after a refund is claimed) that much time even when
 * earlier calls used most of the budget; the client's 15 s timeout still bounds the whole request.
 */
export async function withDeadline<T>(work: Promise<T>, atLeastMs = 0): Promise<T> {
  const deadlineAt = Math.max(requestDeadline.getStore() ?? Date.now() + REQUEST_BUDGET_MS, Date.now() + atLeastMs);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(unavailable()), Math.max(0, deadlineAt - Date.now()));
  });
  try {
    return await Promise.race([work, deadline]);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (isUnavailable(err)) throw unavailable();
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

function isUnavailable(err: unknown): boolean {
  const code = errorCode(err);
  // The database could not be reached, or did not answer in time.
  return code === GRPC.UNAVAILABLE || code === GRPC.DEADLINE_EXCEEDED;
}
