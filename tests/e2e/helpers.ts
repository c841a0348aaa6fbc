import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PHONE_WIDTHS, openEveryPanel, overflowAt } from './overflow';
import { sessionOf } from '../support/auth';

/** The web app's API key in the emulator build (web/.env.emulator): part of the SDK's storage key. */
const FIREBASE_API_KEY = 'demo-api-key';
/** Sign-ins made in this worker, in order: a tab's later sign-in replaces an earlier one, never the reverse. */
let signIns = 0;

export const SCREENSHOTS = fileURLToPath(new URL('../.screenshots', import.meta.url));
mkdirSync(SCREENSHOTS, { recursive: true });

/**
 * The catalogue shows its first three cards until the visitor's first input, or a quiet moment 10 s on (issue 60):
 * a short scroll, as a visitor browsing the list makes, brings the rest.
 */
export async function browseCatalogue(page: Page) {
  await page.mouse.wheel(0, 200);
}

/**
 * Resolves once every finite animation on the page has finished (infinite ones, like the marquee,
 * never do). A route change fades the new page in over 0.3 s; axe checking colour contrast halfway
 * through reads muted text at 90 % opacity as a failure the visitor never sees once it settles.
 */
export async function animationsSettled(page: Page) {
  // Only running ones: a paused animation's `finished` never settles (a clean run of a0ab268 waited on /pricing until
  // the test's 5 minutes ran out). And never more than 5 s, the longest any of the site's animations takes.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]),
  );
}

/** No WCAG 2.x A/AA violations and no breaches of axe's best practices (heading order, landmarks, ...) on the page at rest. */
export async function expectNoAxeViolations(page: Page, label: string) {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** Collects console errors and page errors so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  return errors;
}

/**
 * The errors of a flow that finished, less the API's busy answers (503 "unavailable"), which the site's client sends
 * again by design (decision 0028): on a loaded run a payment's confirmation once took 8 s and was answered busy, then
 * went through on its retry, and only the console's record of the first answer failed the test. Each one dropped is
 * printed, so slowness is seen rather than absorbed; any other error, or a busy answer the flow never got past,
 * still fails the test that asserts on the rest.
 */
export function withoutRetriedBusyAnswers(errors: string[], label: string): string[] {
  const busy = (e: string) =>
    /the server responded with a status of 503 \(Service Unavailable\)/.test(e) || /^Error 503: \{"error":\{"code":"unavailable"/.test(e);
  const dropped = errors.filter(busy);
  if (dropped.length) console.log(`${label}: ${dropped.length} console lines of busy answers the client retried: ${dropped.join(' | ')}`);
  return errors.filter((e) => !busy(e));
}

/**
 * Holds every request matching `url` until the test calls the function returned: a slow network, on cue
 * (the app's entry script before hydration, the next page's code, a list the form is waiting for).
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** What the API answers when it is too busy (decision 0028: nothing was written, and the client may ask again). */
export const BUSY_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';

/**
 * A server busy for the first `times` requests matching `url`: each is answered 503 with the API's own error body
 * and `Retry-After: 1`; later ones go through. Returns how many requests have been made so far.
 */
export async function busyFor(page: Page, url: string | RegExp, times: number): Promise<() => number> {
  let asked = 0;
  await page.route(url, (route) =>
    ++asked <= times
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          headers: { 'Retry-After': '1' },
          body: JSON.stringify({ error: { code: 'unavailable', message: BUSY_MESSAGE } }),
        })
      : route.continue(),
  );
  return () => asked;
}

/**
 * Signed in as the site's SDK leaves a visitor who signed in earlier: the user it persisted (its refresh and ID
 * tokens, from the Auth emulator) and the site's signed-in hint, in place before the page's next load, which is the
 * test's own (nothing is loaded here). The SDK reads the stored user, checks it with the Auth emulator and moves it
 * to its preferred storage, as it does for a returning visitor. Once per page: a test that signs out stays out.
 * Tests of signing in itself use `signInThroughForm`.
 */
export async function signInOnSite(page: Page, user: { email: string; password: string }) {
  const session = await sessionOf(user);
  const now = Date.now();
  const stored = {
    uid: session.localId,
    email: session.email,
    emailVerified: false,
    isAnonymous: false,
    providerData: [
      { providerId: 'password', uid: session.email, displayName: null, email: session.email, phoneNumber: null, photoURL: null },
    ],
    stsTokenManager: {
      refreshToken: session.refreshToken,
      accessToken: session.idToken,
      expirationTime: now + Number(session.expiresIn) * 1000,
    },
    createdAt: String(now),
    lastLoginAt: String(now),
    apiKey: FIREBASE_API_KEY,
    appName: '[DEFAULT]',
  };
  await page.addInitScript(
    ({ key, value, order }) => {
      // Only on the site's own pages (about:blank has no storage), and once: the latest sign-in of this tab wins.
      if (!location.protocol.startsWith('http')) return;
      try {
        if (Number(sessionStorage.getItem('e2e:signed-in') ?? 0) >= order) return;
        sessionStorage.setItem('e2e:signed-in', String(order));
        localStorage.setItem(key, value);
        localStorage.setItem('upskill:signed-in', '1');
      } catch {
        // Storage refused: the page loads signed out, and the test's own checks say so.
      }
    },
    { key: `firebase:authUser:${FIREBASE_API_KEY}:[DEFAULT]`, value: JSON.stringify(stored), order: ++signIns },
  );
}

/** Signs in on the site's login page, as a visitor does, and waits to leave it. */
export async function signInThroughForm(page: Page, user: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * A page looked at as the review asks: axe at 375 and 1280 px, then every panel open and nothing wider than the
 * screen at 320, 375 and 414 px; back at 1280 px afterwards.
 */
export async function lookedAt(page: Page, label: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `${label} at ${width}px`);
  }
  await openEveryPanel(page);
  const found: string[] = [];
  for (const width of PHONE_WIDTHS) for (const problem of await overflowAt(page, width)) found.push(`${label} at ${width} px: ${problem}`);
  expect(found).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
}
