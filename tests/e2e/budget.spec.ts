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
