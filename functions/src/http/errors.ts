import type { ApiErrorBody, ApiErrorCode } from '@upskill/domain/enrollment';

export type ErrorCode = ApiErrorCode;

const STATUS: Record<ErrorCode, number> = {
  'invalid-argument': 400,
  unauthenticated: 401,
  'permission-denied': 403,
  'not-found': 404,
  'method-not-allowed': 405,
  'unsupported-media-type': 415,
  'payload-too-large': 413,
  'failed-precondition': 409,
  'batch-full': 409,
  unprocessable: 422,
  gone: 410,
  'resource-exhausted': 429,
  unavailable: 503,
  internal: 500,
};

/** An error that is safe to show: its code, message and field messages go to the client as they are. */
export class HttpError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export function errorBody(err: HttpError): ApiErrorBody {
  return { error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) } };
}

/** The gRPC status codes of Firestore's errors that the functions act on. */
export const GRPC = { DEADLINE_EXCEEDED: 4, NOT_FOUND: 5, ALREADY_EXISTS: 6, FAILED_PRECONDITION: 9, UNAVAILABLE: 14 } as const;

/** The `code` an SDK error carries (gRPC status numbers for Firestore), if any. */
export function errorCode(err: unknown): unknown {
  return typeof err === 'object' && err !== null && 'code' in err ? (err as { code: unknown }).code : undefined;
}

/** A create that found its document, or an update whose precondition failed: someone else got there first. */
export const isConflict = (err: unknown) => errorCode(err) === GRPC.ALREADY_EXISTS || errorCode(err) === GRPC.FAILED_PRECONDITION;
