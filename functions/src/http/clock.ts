import type { HttpRequest } from './request';

/**
 * The emulator suite's clock control: tests (and local QA) may say what time a request happens at, so
 * time-dependent rules (a sign-in's age, a link's expiry) are tested through the real stack without
 * waiting. Like the client-address header, it is honoured only when the Functions emulator runs the
 * code (FUNCTIONS_EMULATOR is never set in a deployed function); anywhere else it is ignored.
 */
export const EMULATOR_NOW_HEADER = 'x-emulator-now';

/** The request's "now" in milliseconds: the machine's clock, or, in the emulator, the named instant. */
export function requestNow(req: Pick<HttpRequest, 'get'>, env: NodeJS.ProcessEnv = process.env, clock: () => number = Date.now): number {
  if (env.FUNCTIONS_EMULATOR === 'true') {
    const named = Date.parse(req.get(EMULATOR_NOW_HEADER)?.trim() ?? '');
    if (Number.isFinite(named)) return named;
  }
  return clock();
}
