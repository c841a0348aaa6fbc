import type { HttpRequest } from './request';

/**
 * Behind Firebase Hosting two hops of our own infrastructure append to X-Forwarded-For: the CDN appends
 * the address that connected to it (the client), then Google's front end appends its own. Everything to
 * the left of those is whatever the client chose to send, so only the second entry from the right can
 * be trusted as the caller's address.
 */
export const PLATFORM_APPENDED_HOPS = 2;

/**
 * In the emulator suite there is no front end: the socket peer is always this machine. Tests and local
 * QA name the client they act as in this header, which is honoured only when the Functions emulator
 * runs the code (FUNCTIONS_EMULATOR is set by the emulator and never in a deployed function).
 */
export const EMULATOR_CLIENT_HEADER = 'x-emulator-client-address';

/**
 * In the emulator only: `production` parses the request as a deployed function does (X-Forwarded-For, the
 * entry the CDN appended), so a test that plays the client and both platform hops reaches the production
 * parsing. The local Hosting emulator appends nothing, so the test writes the hops itself.
 */
export const EMULATOR_ADDRESS_MODE_HEADER = 'x-emulator-address-mode';

function isEmulator(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.FUNCTIONS_EMULATOR === 'true';
}

/** The caller's address as our own infrastructure saw it, never a value the client can choose. */
export function clientAddress(req: Pick<HttpRequest, 'get' | 'ip'>, env: NodeJS.ProcessEnv = process.env): string {
  if (isEmulator(env) && req.get(EMULATOR_ADDRESS_MODE_HEADER) !== 'production') {
    const named = req.get(EMULATOR_CLIENT_HEADER)?.trim();
    // Not req.ip: Express's trust-proxy setting derives it from X-Forwarded-For, which the client writes.
    return `emulator:${named ? named.slice(0, 100) : 'local'}`;
  }
  const entries = (req.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length >= PLATFORM_APPENDED_HOPS) return entries[entries.length - PLATFORM_APPENDED_HOPS];
  // Not reached through Hosting (a direct call to the function's own URL): the one entry the front
  // end appended is all there is. req.ip is no better: it too is read from X-Forwarded-For.
  return entries[entries.length - 1] ?? req.ip ?? 'unknown';
}
