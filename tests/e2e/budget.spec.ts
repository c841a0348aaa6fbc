import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/**
 * Everything a signed-out visitor's device pays for, not just the first paint: every script response
 * in the first 10 s after load at a phone's width, with no interaction. Sizes are gzip level 9 of each
 * body (what Hosting serves compressed), the same measure as the first-paint budget.
 */
const BUDGET = 130 * 1024;
const PAGES = ['/', '/courses', '/pricing', '/about', '/contact', '/courses/machine-learning-with-python'];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test.describe('total JavaScript per public page', () => {
  test.use({ viewport: { width: 412, height: 915 } });
  for (const path of PAGES) {
    test(`${path}: at most ${kb(BUDGET)} gzipped in 10 s, and no Firebase SDK`, async ({ page }) => {
      const scripts = new Map<string, number>();
      const withFirebase: string[] = [];
      const pending: Promise<void>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        pending.push(
          response.body().then(
            (body) => {
              scripts.set(response.url(), gzipSync(body, { level: 9 }).length);
              // Firebase Auth's endpoint and the app SDK's registry name appear in no other code.
              if (/identitytoolkit|firebase\.googleapis\.com/.test(body.toString('utf8'))) withFirebase.push(response.url());
            },
            () => undefined,
          ),
        );
      });
      await page.goto(path, { waitUntil: 'load' });
      await page.waitForTimeout(10_000);
      await Promise.all(pending);
      const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
      const names = [...scripts.keys()].map((url) => new URL(url).pathname.replace('/assets/', ''));
      const largest = [...scripts].sort((a, b) => b[1] - a[1]).map(([url, size]) => `${new URL(url).pathname.replace('/assets/', '')} ${kb(size)}`);
      console.log(`total JS ${path}: ${kb(total)} gzipped in ${scripts.size} scripts : ${largest.join(', ')}`);
      expect(withFirebase, names.join(', ')).toEqual([]);
      const code = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).join(' '));
      expect(code).not.toMatch(/googleapis|gstatic/);
      expect(total).toBeLessThanOrEqual(BUDGET);
    });
  }
});

/**
 * No script waits for another to be parsed before it is requested: a prerendered page's HTML preloads
 * its page chunk and everything that chunk and the app's start import, so on a slow network they all
 * download at once (a missing one would cost a round trip per level of imports).
 */
const PAGE_CHUNKS: Record<string, string> = { '/': 'HomePage', '/courses': 'CoursesPage', '/pricing': 'PricingPage', '/about': 'AboutPage', '/contact': 'ContactPage', '/courses/machine-learning-with-python': 'CoursePage' };
/** Static imports in a built chunk (`import{a as b}from"./x.js"`, `import"./x.js"`), not dynamic import(). */
const STATIC_IMPORT = /import\s*(?:[^"'`();]+?from\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g;

test.describe('module preloads', () => {
  for (const path of PAGES) {
    test(`${path}: the HTML preloads its page chunk and every static import of what it preloads`, async ({ request }) => {
      const html = await (await request.get(path)).text();
      const entry = /<script type="module"[^>]* src="\/assets\/([^"]+)"/.exec(html)?.[1];
      const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]* href="\/assets\/([^"]+)"/g)].map((match) => match[1]);
      expect(entry).toBeTruthy();
      expect(preloaded.some((file) => file.startsWith(`${PAGE_CHUNKS[path]}-`)), preloaded.join(', ')).toBe(true);
      const missing: string[] = [];
      for (const file of [entry as string, ...preloaded]) {
        const code = await (await request.get(`/assets/${file}`)).text();
        for (const [, imported] of code.matchAll(STATIC_IMPORT)) if (!preloaded.includes(imported)) missing.push(`${file} -> ${imported}`);
      }
      expect(missing).toEqual([]);
    });
  }
});
