import { defineConfig } from 'vitest/config';
import { starterContent } from './starterContent.mjs';

// Unit tests; *.emulator.test.ts need the emulator suite and MailDev (vitest.emulator.config.mts, run by npm test).
export default defineConfig({
  plugins: [starterContent()],
  test: { include: ['src/**/*.test.ts'], exclude: ['src/**/*.emulator.test.ts'], environment: 'node' },
});
