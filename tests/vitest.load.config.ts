import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['load/**/*.test.ts'],
    environment: 'node',
    testTimeout: 600_000,
  },
});
