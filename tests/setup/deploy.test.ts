import { execFileSync } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  earlyInputHash,
  productionAuthDomain,
  readFirebaseJson,
  sandboxCheckout,
  servedCsp,
} from '../../hosting/csp.mjs';
import { RAZORPAY_SANDBOX_ORIGIN } from '../../config/localServices.mjs';
import { findChromium, findTestBrowser } from '../../tools/chromium.mjs';
import { HOSTING } from '../support/env';

const json = (path: string) => JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8'));
const major = (version: string) => /(\d+)/.exec(version)?.[1];

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([name, ...values]) => [name, values]),
  );
}

describe('the functions run on one Node major everywhere', () => {
  it('firebase.json runtime, functions engines, the bundled binary and the running emulator worker agree on nodejs24', () => {
    const runtime: string = json('firebase.json').functions[0].runtime;
    const engines: string = json('functions/package.json').engines.node;
    const bundled: string = json('node_modules/node/package.json').version;
    // The Functions emulator's worker processes: what binary are they really running?
    const pids = execFileSync('pgrep', ['-f', 'functionsEmulatorRuntime'], { encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(pids.length).toBeGreaterThan(0);
    const workerVersions = new Set(
      pids.map((pid) => execFileSync(readlinkSync(`/proc/${pid}/exe`), ['--version'], { encoding: 'utf8' }).trim()),
    );
    console.log(
      `functions: runtime ${runtime}, engines ${engines}, bundled node ${bundled}, emulator workers ${[...workerVersions].join(', ')}`,
    );
    expect(runtime).toBe('nodejs24');
    expect(major(engines)).toBe('24');
    expect(major(bundled)).toBe('24');
    expect([...workerVersions].map(major)).toEqual(['24']);
  });
});

describe('Content-Security-Policy: one source, production and emulator each allow exactly what they need', () => {
  it('production (firebase.json, deployed) allows the project’s own auth domain, Google sign-in and Razorpay Checkout, no emulator or sandbox, no wildcard frames', () => {
    const csp = servedCsp(readFirebaseJson());
    expect(csp).toBe(contentSecurityPolicy({ authDomain: productionAuthDomain() }));
    expect(csp).not.toMatch(/127\.0\.0\.1|localhost|\*\./);
    const d = directives(csp);
    expect(d.get('frame-src')).toEqual([
      `https://${productionAuthDomain()}`,
      'https://apis.google.com',
      'https://accounts.google.com',
      'https://api.razorpay.com',
      'https://checkout.razorpay.com',
    ]);
    expect(d.get('connect-src')).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://www.googleapis.com',
      'https://firestore.googleapis.com',
      'https://api.razorpay.com',
      'https://lumberjack.razorpay.com',
    ]);
    // Scripts: our own, the one inline early-input guard by its hash, Google sign-in's and Razorpay's checkout.js.
    expect(d.get('script-src')).toEqual(["'self'", earlyInputHash(), 'https://apis.google.com', 'https://checkout.razorpay.com']);
    expect(d.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('the emulator suite serves the same policy plus the local Auth emulator, with the Razorpay sandbox instead of Razorpay', async () => {
    const served = (await fetch(`${HOSTING}/`)).headers.get('content-security-policy') ?? '';
    const authOrigin = `http://${json('firebase.json').emulators.auth.host}:${json('firebase.json').emulators.auth.port}`;
    const firestoreOrigin = `http://${json('firebase.json').emulators.firestore.host}:${json('firebase.json').emulators.firestore.port}`;
    expect(served).toBe(
      contentSecurityPolicy({
        authDomain: productionAuthDomain(),
        authEmulatorOrigin: authOrigin,
        firestoreEmulatorOrigin: firestoreOrigin,
        payments: sandboxCheckout(RAZORPAY_SANDBOX_ORIGIN),
      }),
    );
    expect(directives(served).get('connect-src')).toContain(firestoreOrigin);
    expect(served).not.toContain('firestore.googleapis.com');
    expect(served).not.toContain('razorpay.com');
    expect(directives(served).get('script-src')).toContain(RAZORPAY_SANDBOX_ORIGIN);
    expect(directives(served).get('frame-src')).toContain(RAZORPAY_SANDBOX_ORIGIN);
    expect(directives(served).get('connect-src')).toContain(authOrigin);
    expect(directives(served).get('frame-src')).toContain(authOrigin);
    expect(served).not.toMatch(/\*\./);
  });

  it('refuses a wildcard or malformed auth domain', () => {
    expect(() => contentSecurityPolicy({ authDomain: '*.firebaseapp.com' })).toThrow();
    expect(() => contentSecurityPolicy({ authDomain: 'evil.com; script-src *' })).toThrow();
  });
});

describe('spent rate-limit windows and idempotency keys are deleted by TTL policies in the repo', () => {
  it('firestore.indexes.json declares ttl on expiresAt for both collections', () => {
    const overrides: { collectionGroup: string; fieldPath: string; ttl?: boolean }[] = json('firestore.indexes.json').fieldOverrides;
    for (const collectionGroup of ['rateLimits', 'idempotencyKeys']) {
      expect(overrides).toContainEqual(expect.objectContaining({ collectionGroup, fieldPath: 'expiresAt', ttl: true }));
    }
  });
});

describe('finding Chromium for the browser tests', () => {
  const none = () => undefined;
  it("drives the tests in Chromium's headless shell where it is installed, else the full browser", () => {
    const shell = '/usr/bin/chromium-headless-shell';
    expect(findTestBrowser('/usr/bin/chromium', { env: {}, exists: (p) => p === shell, candidates: [shell] })).toBe(shell);
    expect(findTestBrowser('/usr/bin/chromium', { env: {}, exists: () => false, candidates: [shell] })).toBe('/usr/bin/chromium');
    expect(findTestBrowser('/usr/bin/chromium', { env: { CHROMIUM_HEADLESS_SHELL: 'off' }, exists: () => true, candidates: [shell] })).toBe(
      '/usr/bin/chromium',
    );
    expect(findTestBrowser('/usr/bin/chromium', { env: { CHROMIUM_HEADLESS_SHELL: '/opt/shell' }, exists: () => true })).toBe('/opt/shell');
    expect(() => findTestBrowser('/usr/bin/chromium', { env: { CHROMIUM_HEADLESS_SHELL: '/opt/shell' }, exists: () => false })).toThrow(
      /CHROMIUM_HEADLESS_SHELL is set to \/opt\/shell, which does not exist/,
    );
  });

  it('prefers $CHROMIUM_PATH, then a system install', () => {
    expect(findChromium({ env: { CHROMIUM_PATH: '/opt/chrome' }, exists: () => true })).toBe('/opt/chrome');
    expect(findChromium({ env: {}, exists: (p) => p === '/usr/bin/chromium', system: ['/usr/bin/chromium'], playwright: none })).toBe(
      '/usr/bin/chromium',
    );
  });

  it("without one, installs Playwright's Chromium and uses it", () => {
    let installed = false;
    const path = findChromium({
      env: {},
      exists: () => false,
      system: ['/usr/bin/chromium'],
      playwright: () => (installed ? '/pw/chrome' : undefined),
      install: () => {
        installed = true;
      },
    });
    expect(installed).toBe(true);
    expect(path).toBe('/pw/chrome');
  });

  it('when both fail, stops with one sentence naming the apt package', () => {
    const attempt = () =>
      findChromium({
        env: {},
        exists: () => false,
        system: [],
        playwright: none,
        install: () => {
          throw new Error('offline');
        },
      });
    expect(attempt).toThrow(/apt-get install -y chromium/);
  });
});
