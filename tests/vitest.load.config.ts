import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    // The load test, and the launch-day scale test (its own suffix, so npm test's ALONE pattern does not take it).
    include: ['load/**/*.test.ts', 'load/**/*.scale.ts'],
    environment: 'node',
    testTimeout: 600_000,
    // The load test enrolls in real batches (see support/seedBatches.ts).
    globalSetup: ['support/seedBatches.ts'],
  },
});
