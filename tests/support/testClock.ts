import { vi } from 'vitest';

/**
 * TEST_CLOCK=<ISO instant> stands this test process's clock at that instant (it then runs on from there), so
 * the date-sensitive tests can be run as if it were 31 March 23:58 IST or the last minute of a month
 * (tests/emulator-suite.mjs does, after the API suite). Only Date is faked; timers are real.
 */
const at = process.env.TEST_CLOCK;
if (at) {
  const now = Date.parse(at);
  if (!Number.isFinite(now)) throw new Error(`TEST_CLOCK is not an instant: ${at}`);
  vi.useFakeTimers({ now, toFake: ['Date'], shouldAdvanceTime: true });
}
