import { vi } from 'vitest';

/**
 * TEST_CLOCK=<ISO instant> stands this test process's clock at that instant (it then runs on from there), so
 * the date-sensitive tests can be run as if it were 9 or 400 days on, 31 March 23:58 IST or the last minute of
 * a month (tests/vitest.config.ts's clock projects). Only Date is faked; timers are real. The functions follow
 * through each request's x-emulator-now header (tests/support/api.ts).
 */
const at = process.env.TEST_CLOCK;
if (at) {
  const now = Date.parse(at);
  if (!Number.isFinite(now)) throw new Error(`TEST_CLOCK is not an instant: ${at}`);
  vi.useFakeTimers({ now, toFake: ['Date'], shouldAdvanceTime: true });
  // Every request then carries this clock to the functions too (tests/support/api.ts).
  console.log(`test clock: ${new Date(now).toISOString()} (TEST_CLOCK)`);
}
