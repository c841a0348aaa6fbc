import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import LongFirstSequencer from './support/longFirstSequencer';

/**
 * Files that need the emulators to themselves, run one after another once every other file has finished:
 * - the fuzz counts every collection before and after and asserts that nothing was written;
 * - the faults test freezes the Firestore emulator;
 * - the load test fills a batch with 300 learners;
 * - the invoices test switches the Razorpay sandbox's webhooks off for everyone while its reconciler sweeps every
 *   open order (run beside the payments test, the refund webhook that test waited for never came);
 * - the Q&A scale test times each request of a 2,000-question space against a second.
 * (The launch-day scale test, load/launch.scale.ts, runs after this config's files and before the browser tests, by its own config.)
 */
const ALONE = ['api/fuzz.test.ts', 'api/faults.test.ts', 'load/**/*.test.ts', 'api/invoices.test.ts', 'api/qa-scale.test.ts'];

/**
 * Every other file runs three at a time. The API suite waits on the emulators far more than it computes
 * (two thirds of the CPU idle when its files ran one by one), and each file makes its own users, e-mail
 * addresses, enrollments and rate-limit client, so none reads another's records.
 */
const SIDE_BY_SIDE_WORKERS = 3;

/**
 * The files whose expectations depend on the date: fixed instants, weekly figures, monthly reports, promises
 * counted in working hours. Each runs again with the whole stack's clock moved (TEST_CLOCK: the test process's
 * Date, and every request's x-emulator-now, tests/support/api.ts), so a test that is only true on some days
 * fails today rather than on the day it turns. In invoices.test.ts only the financial-year and finance-report
 * tests run with a moved clock (the others say so with `onTheRealClock`).
 */
const DATED = [
  'api/support.test.ts',
  'api/qa.test.ts',
  'api/assignments.test.ts',
  'api/mentoring.test.ts',
  'api/teams.test.ts',
  'api/career.test.ts',
];
const DATED_ALONE = ['api/invoices.test.ts'];

const DAY = 86_400_000;
const ist = new Date(Date.now() + 330 * 60_000);
const lastOfMonth = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
const marchYear = ist.getUTCFullYear() + (ist.getUTCMonth() >= 3 ? 1 : 0);
/** 9 days on crosses a week's and often a month's turn; 400 days on, a year's; the two boundaries where tests broke. */
const CLOCKS: { name: string; at: string; files: string[] }[] = [
  { name: 'clock +9 days', at: new Date(Date.now() + 9 * DAY).toISOString(), files: [...DATED, ...DATED_ALONE] },
  { name: 'clock +400 days', at: new Date(Date.now() + 400 * DAY).toISOString(), files: [...DATED, ...DATED_ALONE] },
  { name: 'clock 31 March 23:58 IST', at: `${marchYear}-03-31T23:58:00+05:30`, files: DATED_ALONE },
  { name: 'clock month end', at: `${lastOfMonth}T23:59:00+05:30`, files: DATED_ALONE },
];

/**
 * One project per clock and kind, one after another (groupOrder): two clocks never run at once. Tried and taken out
 * (run AK, 1 December): the +9 and +400-day files as one group of four workers. The far clock's jobs act on the near
 * clock's records as long overdue (its seat-lapse job lapsed the other's campus seats: a 410 where the test expected
 * 409, and a warning mail never sent), and the group took 118 s against 104 one after the other: the files are bound
 * by the two cores, not by waiting.
 */
const clockProjects: TestProjectInlineConfiguration[] = CLOCKS.flatMap(({ name, at, files }, i) => {
  const sideBySide = files.filter((f) => !DATED_ALONE.includes(f));
  const alone = files.filter((f) => DATED_ALONE.includes(f));
  // TEST_CLOCK_INDEX: which moved clock this is (1, 2, ...), for a test that keeps each clock's records apart.
  const env = { TEST_CLOCK: at, TEST_CLOCK_INDEX: String(i + 1) };
  const projects: TestProjectInlineConfiguration[] = [];
  if (sideBySide.length)
    projects.push({
      extends: true,
      test: { name, env, include: sideBySide, maxWorkers: SIDE_BY_SIDE_WORKERS, sequence: { groupOrder: 2 + 2 * i } },
    });
  projects.push({
    extends: true,
    test: { name: `${name}, alone`, env, include: alone, fileParallelism: false, sequence: { groupOrder: 3 + 2 * i } },
  });
  return projects;
});

// API and rules tests: they share one emulator suite.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    // Real batches to enroll in, opened through the staff API before any test runs (once, whichever project starts).
    globalSetup: ['support/seedBatches.ts'],
    // TEST_CLOCK: the date-sensitive tests with a moved clock (support/testClock.ts).
    setupFiles: ['support/testClock.ts'],
    // The slowest files first in their project (support/longFirstSequencer.ts).
    sequence: { sequencer: LongFirstSequencer },
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
      ...clockProjects,
    ],
  },
});
