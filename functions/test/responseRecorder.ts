import type { HttpResponse } from '../src/http/request';

/** A response double for unit tests of endpoints: records the status, body and headers they answered. */
export function responseRecorder() {
  const answer: { status?: number; body?: unknown; headers: Record<string, string> } = { headers: {} };
  const res = {
    headersSent: false,
    set(key: string, value: string) {
      answer.headers[key] = value;
      return res;
    },
    status(code: number) {
      answer.status = code;
      return res;
    },
    json(body: unknown) {
      answer.body = body;
      res.headersSent = true;
      return res;
    },
  };
  return { res: res as unknown as HttpResponse, answer };
}
