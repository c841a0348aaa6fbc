import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { FatalError, ROOT, log } from '../emulators/lib.mjs';

const SYSTEM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

function playwrightChromium() {
  try {
    const require = createRequire(`${ROOT}/tests/package.json`);
    const path = require('playwright-core').chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

function installPlaywrightChromium() {
  log("No system Chromium: installing Playwright's Chromium (`playwright install chromium`)...");
  execFileSync(`${ROOT}/node_modules/.bin/playwright`, ['install', 'chromium'], { stdio: 'inherit', timeout: 10 * 60_000 });
}

/**
 * Chromium for Playwright and Lighthouse, in this order: $CHROMIUM_PATH; a system install; Playwright's
 * own Chromium, downloading it if needed (that works wherever its download host is reachable); else
 * one sentence naming the package to install.
 */
export function findChromium({
  env = process.env,
  exists = existsSync,
  system = SYSTEM_CANDIDATES,
  playwright = playwrightChromium,
  install = installPlaywrightChromium,
} = {}) {
  if (env.CHROMIUM_PATH) {
    if (exists(env.CHROMIUM_PATH)) return env.CHROMIUM_PATH;
    throw new FatalError(`CHROMIUM_PATH is set to ${env.CHROMIUM_PATH}, which does not exist.`);
  }
  const found = system.find((path) => exists(path)) ?? playwright();
  if (found) return found;
  try {
    install();
  } catch {
    // Offline or blocked: fall through to the one-sentence answer.
  }
  const downloaded = playwright();
  if (downloaded) return downloaded;
  throw new FatalError(
    "The browser tests need Chromium and Playwright's download did not work here: install Debian's `chromium` package (`sudo apt-get install -y chromium`) or set CHROMIUM_PATH.",
  );
}

const HEADLESS_SHELL_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/lib/chromium/chromium-headless-shell'];

/**
 * The browser the Playwright tests drive: Chromium's headless shell where it is installed (Debian's
 * `chromium-headless-shell`, the same Blink without the browser's own UI layer, and what Playwright itself runs
 * headless tests in), else `fallback`, the full Chromium. In a clean run the shell used about a quarter less CPU per
 * page than the full browser in new headless mode (decision 0027). `$CHROMIUM_HEADLESS_SHELL` names it elsewhere;
 * set to `off`, the tests use the full browser. Lighthouse keeps the full browser: its scores are a phone's Chrome.
 */
export function findTestBrowser(fallback, { env = process.env, exists = existsSync, candidates = HEADLESS_SHELL_CANDIDATES } = {}) {
  const named = env.CHROMIUM_HEADLESS_SHELL;
  if (named === 'off') return fallback;
  if (named) {
    if (exists(named)) return named;
    throw new FatalError(`CHROMIUM_HEADLESS_SHELL is set to ${named}, which does not exist.`);
  }
  return candidates.find((path) => exists(path)) ?? fallback;
}
