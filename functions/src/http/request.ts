import { createHash } from 'node:crypto';
import { HttpError } from './errors';

/** The slice of an HTTP request the endpoints read; firebase-functions' Request satisfies it. */
export interface HttpRequest {
  method: string;
  path: string;
  url: string;
  ip?: string;
  body: unknown;
  rawBody?: Buffer;
  query: Record<string, unknown>;
  get(name: string): string | undefined;
}

export interface HttpResponse {
  status(code: number): HttpResponse;
  set(name: string, value: string): HttpResponse;
  json(body: unknown): void;
  /** A body that is not JSON (the roster CSV). */
  send(body: string | Buffer): void;
  headersSent: boolean;
}

export const MAX_BODY_BYTES = 16 * 1024;
/** An invitation file of 500 rows (an address and a name each) needs more than the usual cap. */
export const MAX_FILE_BODY_BYTES = 64 * 1024;

export function allowMethods(req: HttpRequest, allowed: readonly string[]): void {
  if (!allowed.includes(req.method)) {
    throw new HttpError('method-not-allowed', `Method ${req.method} is not allowed here.`, undefined, { Allow: allowed.join(', ') });
  }
}

/** A JSON object body within the size cap, or a clear 4xx. */
export function readJsonObject(req: HttpRequest, maxBytes: number = MAX_BODY_BYTES): Record<string, unknown> {
  const declared = Number(req.get('content-length') ?? '0');
  const actual = req.rawBody?.length ?? 0;
  if (declared > maxBytes || actual > maxBytes) {
    throw new HttpError('payload-too-large', `The request body must be at most ${maxBytes / 1024} KB.`);
  }
  const type = (req.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') {
    throw new HttpError('unsupported-media-type', 'Send the request body as application/json.');
  }
  const body = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError('invalid-argument', 'The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

export function bearerToken(req: HttpRequest): string | undefined {
  const header = req.get('authorization');
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!match) throw new HttpError('unauthenticated', 'The Authorization header must be "Bearer <ID token>".');
  return match[1];
}

/** A Firestore auto-id as the API accepts one in a path: anything else is a 404 before any read. */
export const DOCUMENT_ID_PATTERN = /^[A-Za-z0-9]{1,64}$/;

/**
 * One path segment, percent-decoded and matched against `pattern` (a document id unless told otherwise);
 * undefined when it is missing, malformed (`%E0%A4%A`) or does not match, for the caller's one 404.
 */
export function pathSegment(raw: string | undefined, pattern: RegExp = DOCUMENT_ID_PATTERN): string | undefined {
  if (raw === undefined) return undefined;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  return pattern.test(value) ? value : undefined;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
