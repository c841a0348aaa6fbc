import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['load/**/*.test.ts'],
    environment: 'node',
    testTimeout: 600_000,
    // The load test enrolls in real batches (see support/seedBatches.ts).
    globalSetup: ['support/seedBatches.ts'],
  },
});
