import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// `npm start`'s ownership of its processes: run by npm test after the emulator suite, when the ports are free.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['lifecycle/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
