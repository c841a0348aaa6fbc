import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// API and rules tests: they share one emulator suite, so files run one after another.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['setup/**/*.test.ts', 'budget/**/*.test.ts', 'api/**/*.test.ts', 'rules/**/*.test.ts', 'load/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    // Real batches to enroll in, opened through the staff API before any test runs.
    globalSetup: ['support/seedBatches.ts'],
    // TEST_CLOCK: the date-sensitive tests at a boundary (support/testClock.ts).
    setupFiles: ['support/testClock.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
