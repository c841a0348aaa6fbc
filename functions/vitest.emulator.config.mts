import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The functions' own code run against the emulator suite and MailDev, inside `firebase emulators:exec`
// (tests/emulator-suite.mjs): what cannot be reached through an HTTP endpoint, such as the sender's retries.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['test/**/*.emulator.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
  },
});
