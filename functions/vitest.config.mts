import { defineConfig } from 'vitest/config';

// Unit tests; *.emulator.test.ts need the emulator suite and MailDev (vitest.emulator.config.mts, run by npm test).
export default defineConfig({ test: { include: ['src/**/*.test.ts'], exclude: ['src/**/*.emulator.test.ts'], environment: 'node' } });
