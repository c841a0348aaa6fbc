import { randomUUID } from 'node:crypto';
import { EMULATOR_CLIENT_HEADER, EMULATOR_NOW_HEADER, HOSTING } from './env';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A client address of its own for each test file, so the per-client rate limit does not couple files. */
export const FILE_CLIENT = `tests-${randomUUID().slice(0, 8)}`;

export interface CallOptions {
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  contentType?: string | null;
  /** The address the emulated front end reports for this call; null sends none (the socket's). */
  client?: string | null;
  /** Another origin than Hosting (e.g. the function's own URL). */
  base?: string;
  /** 'manual' to see a redirect rather than follow it. */
  redirect?: RequestRedirect;
}

export async function call<T = Record<string, unknown>>(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  const client = options.client === undefined ? FILE_CLIENT : options.client;
  if (client !== null) headers[EMULATOR_CLIENT_HEADER] = client;
  // A moved test clock moves the server's too: each request says when it happens (the header the Functions
  // emulator honours, functions/src/http/clock.ts) unless the test names an instant of its own.
  if (process.env.TEST_CLOCK && !Object.keys(headers).some((name) => name.toLowerCase() === EMULATOR_NOW_HEADER))
    headers[EMULATOR_NOW_HEADER] = new Date().toISOString();
  const contentType = options.contentType === undefined ? 'application/json' : options.contentType;
  if (contentType && (options.body !== undefined || options.raw !== undefined)) headers['Content-Type'] = contentType;
  const res = await fetch(`${options.base ?? HOSTING}${path}`, {
    method,
    headers,
    redirect: options.redirect,
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep text
  }
  return { status: res.status, headers: res.headers, body: body as T, text };
}

export function uniqueEmail(prefix = 'learner'): string {
  return `${prefix}.${randomUUID().slice(0, 8)}@example.com`;
}

export function enrollment(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Meera Pillai',
    collegeName: 'St. Joseph’s College, Bengaluru',
    email: uniqueEmail(),
    phone: '9876543210',
    interestedCourse: 'Cloud Computing',
    preferredBatchTime: 'Weekend Morning',
    planName: 'Pro',
    planId: 'pro',
    ageDeclaration: 'adult',
    ...overrides,
  };
}

export function contactMessage(overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Rahul Desai',
    email: uniqueEmail('contact'),
    mobile: '+91 (98765) 43210',
    courseInterest: 'Data Science',
    message: 'I would like to know when the next data science batch starts.',
    ...overrides,
  };
}

/**
 * Whether an answer means "busy, send it again", exactly as the site's own client decides
 * (web/src/lib/api.ts, RETRYABLE): our 503 with its `unavailable` body (and Retry-After), or a gateway's
 * 502/504. Any other 5xx, our 500 `internal` or an emulator's crash page, is a failure and never retried.
 */
export function isBusy(res: ApiResponse<unknown>): boolean {
  if (res.status === 502 || res.status === 504) return true;
  const body = res.body as { error?: { code?: unknown } } | string | undefined;
  return res.status === 503 && typeof body === 'object' && body !== null && body.error?.code === 'unavailable';
}

/** A 5xx that no real client retries: the request crashed something, and the test says so at once. */
export class ServerFailure extends Error {
  constructor(readonly response: ApiResponse<unknown>) {
    super(`the server failed: ${response.status} ${response.text.slice(0, 300)}`);
  }
}

/**
 * Sends a repeatable request until it is answered, as its real caller does: the site's browser code
 * sends a payment report or a keyed enrollment again after Retry-After (web/src/lib/api.ts), and Razorpay
 * delivers a webhook again until it gets a 2xx. On a loaded machine (CI's) some requests of a burst pass
 * the 8 s budget; that is a correct answer, and the test's question is what the caller ends up with.
 * A dropped connection is sent again too; any 5xx that is not "busy" throws ServerFailure, and a request still busy
 * after `retries` resends throws StillBusy. Every retried
 * answer is printed, so a run that leaned on retries shows it.
 * `send` must send the same request each time (the same body, key and credentials).
 */
/**
 * A keyed request's sender: one Idempotency-Key for every time it is sent, as the site's own client keeps its
 * key until it is answered (web/src/features/enrollment/api.ts). `untilAnswered(withKey((key) => call(…)))`.
 */
export function withKey<T>(send: (key: string) => Promise<T>): () => Promise<T> {
  const key = randomUUID();
  return () => send(key);
}

/** A keyed create was made: 201, or 200 when an attempt answered busy had in fact made it (the same record). */
export const wasMade = (res: ApiResponse<unknown> & { busy: ApiResponse<unknown>[] }): boolean =>
  res.status === 201 || (res.status === 200 && res.busy.length > 0);

/** Still busy after every retry: the test stops here rather than carry on with a request that was never answered. */
export class StillBusy extends Error {
  constructor(readonly responses: ApiResponse<unknown>[]) {
    super(`still busy after ${responses.length} answers: ${responses.map((r) => r.status).join(', ')}`);
  }
}

export async function untilAnswered<T>(
  send: () => Promise<ApiResponse<T>>,
  retries = 5,
): Promise<ApiResponse<T> & { busy: ApiResponse<T>[] }> {
  const busy: ApiResponse<T>[] = [];
  for (let attempt = 0; ; attempt++) {
    let res: ApiResponse<T>;
    try {
      res = await send();
    } catch (err) {
      // fetch rejects only when the connection failed: no answer at all, which a client sends again.
      if (!(err instanceof TypeError) || attempt >= retries) throw err;
      console.log(`untilAnswered: retry ${attempt + 1} after a dropped connection (${err.message})`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    if (res.status >= 500 && !isBusy(res)) throw new ServerFailure(res);
    if (!isBusy(res)) return { ...res, busy };
    busy.push(res);
    if (busy.length > retries) throw new StillBusy(busy);
    console.log(`untilAnswered: retry ${busy.length} after ${res.status} ${res.text.slice(0, 120)}`);
    const seconds = Number(res.headers.get('retry-after'));
    await new Promise((resolve) => setTimeout(resolve, Math.min(Number.isFinite(seconds) && seconds > 0 ? seconds : 1, 5) * 1000));
  }
}

/**
 * The first second of the current clock minute (the test's clock, moved or not). Rate limits count per clock-aligned
 * minute of the request's clock (x-emulator-now in the emulator), so a burst that names this instant on every request
 * counts in one window, whenever it starts: no wait for the minute to turn. A test that sends the machine's clock
 * waits instead (awayFromWindowEdge).
 */
export const thisMinutesWindow = (): number => Math.floor(Date.now() / 60_000) * 60_000 + 1_000;

/**
 * Rate limits count per clock minute. A burst that straddles the minute's end would be split over two
 * windows, so each burst starts with at least `needMs` left in its minute.
 */
export async function awayFromWindowEdge(needMs = 15_000): Promise<void> {
  // Looks again after each wait rather than trusting one sleep: with a moved test clock (TEST_CLOCK), Date advances in
  // fake-timer ticks that lag real time on a busy machine, and a single real sleep of the minute's remainder once left
  // a flood starting in the last second of its minute (the clean run of 165ef1e counted 11 and 12 where 10 were due).
  for (;;) {
    const left = 60_000 - (Date.now() % 60_000);
    if (left >= needMs) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(left + 100, 1000)));
  }
}

/**
 * An enrollment a test needs before its subject: POST /api/enroll as the site's own client sends it (one
 * Idempotency-Key, sent again after a busy answer), which must have made it, or the test stops here with the answer.
 * A setup call sent once took a busy answer on a loaded machine for a record and carried on with `undefined` for its id
 * (CI run P, subscriptions.spec.ts: a 503 on the enroll, then a 400 three calls later).
 */
export async function madeEnrollment<T = Record<string, unknown>>(options: CallOptions): Promise<ApiResponse<T>> {
  const made = await untilAnswered(
    withKey((key) => call<T>('POST', '/api/enroll', { ...options, headers: { ...options.headers, 'Idempotency-Key': key } })),
  );
  if (!wasMade(made)) throw new Error(`the enrollment was not made: ${made.status} ${made.text.slice(0, 300)}`);
  return made;
}
