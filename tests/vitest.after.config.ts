import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Checks of what the API suite recorded (tests/after/): run once it has finished, by the emulator suite.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['after/**/*.test.ts'],
    environment: 'node',
  },
});
