import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { HOSTING } from '../support/env';
import { COMPANY } from './domain';
import { expect, test } from './fixtures';

// Lighthouse's SEO and accessibility audits on a course page, as a search engine would fetch it: the
// browser resolves the production host name to the Hosting emulator, so the canonical URL, robots.txt
// and the page are on the domain they name. (Scores only; performance is `npm run perf`, machine-bound.)
test('a course page scores 100 for SEO and at least 95 for accessibility in Lighthouse', async () => {
  test.setTimeout(120_000);
  const site = new URL(COMPANY.siteUrl);
  const local = new URL(HOSTING);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--host-resolver-rules=MAP ${site.hostname} ${local.hostname}:${local.port}`,
    ],
  });
  try {
    const result = await lighthouse(`http://${site.hostname}/courses/machine-learning-with-python`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['seo', 'accessibility'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { categories, audits } = result.lhr;
    const failing = Object.values(audits)
      .filter(
        (audit) => audit.score !== null && audit.score < 1 && !['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode),
      )
      .map((audit) => `${audit.id}: ${audit.title}`);
    console.log(
      `Lighthouse /courses/machine-learning-with-python: SEO ${(categories.seo.score ?? 0) * 100}, accessibility ${(categories.accessibility.score ?? 0) * 100}`,
    );
    expect(result.lhr.finalDisplayedUrl).toBe(`http://${site.hostname}/courses/machine-learning-with-python`);
    expect(failing).toEqual([]);
    expect(categories.seo.score).toBe(1);
    expect(categories.accessibility.score ?? 0).toBeGreaterThanOrEqual(0.95);
  } finally {
    chrome.kill();
  }
});
