import { existsSync } from 'node:fs';
import { FatalError } from '../../emulators/lib.mjs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** Chromium for Playwright and Lighthouse: $CHROMIUM_PATH, else a system install. */
export function findChromium() {
  const path = process.env.CHROMIUM_PATH || CANDIDATES.find((p) => existsSync(p));
  if (!path || !existsSync(path)) {
    throw new FatalError(
      'Chromium is needed for the browser tests: install it (`sudo apt-get install -y chromium`) or set CHROMIUM_PATH to a Chrome or Chromium binary.',
    );
  }
  return path;
}
