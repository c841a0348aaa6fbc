import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

/**
 * Files that need the emulators to themselves, run one after another once every other file has finished:
 * - the fuzz counts every collection before and after and asserts that nothing was written;
 * - the faults test freezes the Firestore emulator;
 * - the load test fills a batch with 300 learners;
 * - the invoices test switches the Razorpay sandbox's webhooks off for everyone while its reconciler sweeps every
 *   open order (run beside the payments test, the refund webhook that test waited for never came).
 */
const ALONE = ['api/fuzz.test.ts', 'api/faults.test.ts', 'load/**/*.test.ts', 'api/invoices.test.ts'];

/**
 * Every other file runs three at a time. The API suite waits on the emulators far more than it computes
 * (two thirds of the CPU idle when its files ran one by one), and each file makes its own users, e-mail
 * addresses, enrollments and rate-limit client, so none reads another's records.
 */
const SIDE_BY_SIDE_WORKERS = 3;

// API and rules tests: they share one emulator suite.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    // Real batches to enroll in, opened through the staff API before any test runs (once, whichever project starts).
    globalSetup: ['support/seedBatches.ts'],
    // TEST_CLOCK: the date-sensitive tests at a boundary (support/testClock.ts).
    setupFiles: ['support/testClock.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'side by side',
          include: ['setup/**/*.test.ts', 'budget/**/*.test.ts', 'api/**/*.test.ts', 'rules/**/*.test.ts'],
          exclude: ALONE,
          maxWorkers: SIDE_BY_SIDE_WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'alone', include: ALONE, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
