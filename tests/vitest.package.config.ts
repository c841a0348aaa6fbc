import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

/**
 * The functions as `firebase deploy` packages them (package/functionsPackage.test.ts): a build, an archive and an
 * `npm install` in an empty folder, with no emulator. `npm test` runs it among the static checks, where the cores had
 * time to spare, rather than in the API phase, where its 33 s of building and installing took a worker's turn.
 */
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['package/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
  },
});
