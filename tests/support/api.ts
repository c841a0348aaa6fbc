import { randomUUID } from 'node:crypto';
import { EMULATOR_CLIENT_HEADER, HOSTING } from './env';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A client address of its own for each test file, so the per-client rate limit does not couple files. */
const FILE_CLIENT = `tests-${randomUUID().slice(0, 8)}`;

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
