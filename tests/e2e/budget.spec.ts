import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { byWeight, recordScripts, totalBytes } from './scriptWeights';

/**
 * Everything a signed-out visitor's device pays for, not just the first paint: every script response
 * in the first 10 s after load at a phone's width, with no interaction. Sizes are gzip level 9 of each
 * body (what Hosting serves compressed), the same measure as the first-paint budget.
 */
const BUDGET = 110 * 1024;
const PAGES = ['/', '/courses', '/pricing', '/about', '/contact', '/courses/machine-learning-with-python', '/teams'];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * No script waits for another to be parsed before it is requested, and nothing heavy competes with the
 * first paint. A prerendered page's HTML preloads only the entry's own small imports and names on the entry
 * script (`data-modules`) its page chunk and everything the app's start imports; the entry preloads those
 * all at once after the page has painted. A missing one would cost a round trip per level of imports.
 */
const PAGE_CHUNKS: Record<string, string> = {
  '/': 'HomePage',
  '/courses': 'CoursesPage',
  '/pricing': 'PricingPage',
  '/about': 'AboutPage',
  '/contact': 'ContactPage',
  '/courses/machine-learning-with-python': 'CoursePage',
  '/teams': 'TeamsPage',
};
/** Static imports in a built chunk (`import{a as b}from"./x.js"`, `import"./x.js"`), not dynamic import(). */
const STATIC_IMPORT = /import\s*(?:[^"'`();]+?from\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g;
/** What the HTML itself may preload: at most this much script, gzipped, before the first paint. */
const FIRST_PAINT_PRELOADS = 4 * 1024;

/**
 * One load of each public page serves both checks: what it weighs (the budget) and when its chunks are
 * requested (the preloads, below). Each page was loaded twice, once per check, before.
 */
test.describe('each public page: its JavaScript budget and its preloads', () => {
  test.use({ viewport: { width: 412, height: 915 } });
  for (const path of PAGES) {
    test(`${path}: at most ${kb(BUDGET)} gzipped in 10 s, no Firebase SDK, every start-up chunk preloaded and the page chunk only after the first paint`, async ({
      page,
      request,
    }) => {
      const html = await (await request.get(path)).text();
      const entryTag = /<script type="module"[^>]* src="\/assets\/([^"]+)"[^>]*>/.exec(html);
      const entry = entryTag?.[1] as string;
      expect(entry).toBeTruthy();
      const linked = [...html.matchAll(/<link rel="modulepreload"[^>]* href="\/assets\/([^"]+)"/g)].map((match) => match[1]);
      const named = (/ data-modules="([^"]*)"/.exec(entryTag?.[0] ?? '')?.[1] ?? '')
        .split(' ')
        .filter(Boolean)
        .map((href) => href.replace('/assets/', ''));
      expect(
        named.some((file) => file.startsWith(`${PAGE_CHUNKS[path]}-`)),
        named.join(', '),
      ).toBe(true);
      expect(linked.filter((file) => named.includes(file))).toEqual([]);

      const missing: string[] = [];
      let linkedBytes = 0;
      for (const file of [entry, ...linked, ...named]) {
        const body = await (await request.get(`/assets/${file}`)).body();
        if (linked.includes(file)) linkedBytes += gzipSync(body, { level: 9 }).length;
        for (const [, imported] of body.toString('utf8').matchAll(STATIC_IMPORT))
          if (!linked.includes(imported) && !named.includes(imported)) missing.push(`${file} -> ${imported}`);
      }
      expect(missing).toEqual([]);
      expect(linkedBytes).toBeLessThanOrEqual(FIRST_PAINT_PRELOADS);

      const recorder = recordScripts(page);
      const loaded = Date.now();
      await page.goto(path, { waitUntil: 'load' });
      // In the browser: each named chunk is requested, and none before the page's first paint.
      await expect(page.locator('html[data-hydrated]')).toBeAttached();
      const timing = await page.evaluate(() => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0] as PerformanceEntry & { paintTime?: number };
        const scripts = performance
          .getEntriesByType('resource')
          .map((entry) => ({ file: entry.name.split('/').pop() as string, start: entry.startTime }));
        // paintTime: when the browser painted (startTime may be later, when the frame reached the screen).
        return { painted: fcp.paintTime ?? fcp.startTime, scripts };
      });
      const requested = new Map(timing.scripts.map(({ file, start }) => [file, start]));
      expect(
        named.filter((file) => !requested.has(file)),
        'named chunks never requested',
      ).toEqual([]);
      const early = named.filter((file) => (requested.get(file) as number) < timing.painted);
      expect(early, `requested before the first paint at ${timing.painted.toFixed(0)} ms`).toEqual([]);
      // Then the rest of the 10 s after load, with no interaction: whatever loads late counts too.
      await page.waitForTimeout(Math.max(0, 10_000 - (Date.now() - loaded)));
      const scripts = await recorder.settled();
      const total = totalBytes(scripts);
      const name = (url: string) => new URL(url).pathname.replace('/assets/', '');
      console.log(`total JS ${path}: ${kb(total)} gzipped in ${scripts.length} scripts : ${byWeight(scripts)}`);
      // Firebase Auth's endpoint and the app SDK's registry name appear in no other code. A script whose text
      // could not be read cannot be cleared of it.
      const withFirebase = scripts.filter((s) => !s.body || /identitytoolkit|firebase\.googleapis\.com/.test(s.body.toString('utf8')));
      expect(
        withFirebase.map((s) => `${name(s.url)}${s.body ? '' : ' (unread)'}`),
        scripts.map((s) => name(s.url)).join(', '),
      ).toEqual([]);
      const code = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .join(' '),
      );
      expect(code).not.toMatch(/googleapis|gstatic/);
      expect(total).toBeLessThanOrEqual(BUDGET);
    });
  }
});
