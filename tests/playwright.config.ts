import { defineConfig, devices } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { EMULATOR_CLIENT_HEADER, HOSTING } from './support/env';
import { PAGE_PATIENCE } from './support/patience';

// The headless shell where it is installed (tools/chromium.mjs, findTestBrowser), else the full Chromium.
const chromium = process.env.CHROMIUM_TEST_BROWSER ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FAULTS = /faults\.spec\.ts/;
const HEAVY = /(impatient-controls|budget|lighthouse)\.spec\.ts/;

// The production build served by the Hosting emulator, driven in the system Chromium.
export default defineConfig({
  testDir: fileURLToPath(new URL('./e2e', import.meta.url)),
  outputDir: fileURLToPath(new URL('./.reports/e2e-results', import.meta.url)),
  // Room for two page loads at full patience (below) besides the test's own steps.
  timeout: 90_000,
  // An assertion waits as long as the page itself may take to load what it shows (a busy answer, two retries).
  expect: { timeout: PAGE_PATIENCE },
  fullyParallel: false,
  // Three for the flows: in the headless shell without traces they left a fifth to a half of the two cores idle (run
  // AG, 1 December: waits on the emulators, the outbox, the sandbox's webhooks). The heavy files keep two (below).
  workers: 3,
  retries: 0,
  // Hunting a flake: PW_GREP=<title pattern> PW_REPEAT=<n> npm test -- e2e/<file>.
  repeatEach: Number(process.env.PW_REPEAT ?? 1),
  grep: process.env.PW_GREP ? new RegExp(process.env.PW_GREP) : undefined,
  // A focused browser run with no API test files seeds the batches the API suite's global setup would have
  // opened (tests/emulator-suite.mjs sets this); a full run seeds them once, before the API tests.
  globalSetup: process.env.UPSKILL_SEED_BATCHES ? fileURLToPath(new URL('./support/seedBatches.ts', import.meta.url)) : undefined,
  reporter: [
    ['list'],
    ['json', { outputFile: fileURLToPath(new URL('./.reports/e2e.json', import.meta.url)) }],
    // Every wait over 8 s, listed at the end: patience keeps a loaded machine green without hiding its slowness.
    ['./support/slowWaitsReporter.ts', { outputFile: fileURLToPath(new URL('./.reports/slow-waits.json', import.meta.url)) }],
  ],
  use: {
    baseURL: HOSTING,
    // The run acts as its own client for the API's per-client rate limit (honoured only by the
    // Functions emulator; see support/env.ts).
    extraHTTPHeaders: { [EMULATOR_CLIENT_HEADER]: `e2e-${randomUUID().slice(0, 8)}` },
    // No trace unless a hunt asks for one (PW_TRACE=1): recording it snapshotted the DOM at every action of every
    // test, passed or not, for about a quarter of the browser tests' CPU (decision 0027). A failed test keeps its
    // screenshot, and its page's HTML, console and API answers (fixtures.ts).
    trace: process.env.PW_TRACE ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: [FAULTS, HEAVY] },
    // The files that load page after page on a throttled CPU or time the pages they load run after the rest:
    // beside them, a flow's page waited up to 36 s for its turn (run M's slow waits), and a flow timed there
    // timed the impatient visitors instead.
    {
      name: 'heavy',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: HEAVY,
      dependencies: ['chromium'],
      // The impatient controls' two lanes of throttled pages, and beside them the budget and Lighthouse: no third file.
      workers: 2,
    },
    // Freezes the Firestore emulator, so it runs alone after everything else.
    {
      name: 'faults',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: FAULTS,
      dependencies: ['heavy'],
    },
  ],
});
