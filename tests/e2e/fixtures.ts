import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { recordBrowserQueries } from '../support/browserQueries';

/** The last lines a page wrote to its console and its last API answers and failed requests: what a failure's report shows. */
const STORY_LINES = 80;

interface Story {
  console: string[];
  network: string[];
}

function keepLast(lines: string[], line: string) {
  lines.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  if (lines.length > STORY_LINES) lines.shift();
}

function recordStory(page: Page): Story {
  const story: Story = { console: [], network: [] };
  page.on('console', (message) => keepLast(story.console, `${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => keepLast(story.console, `uncaught: ${error.message}`));
  page.on('response', (response) => {
    // The API's answers and anything that failed; the site's own files answering 200 say nothing.
    if (response.status() >= 400 || response.url().includes('/api/'))
      keepLast(story.network, `${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('requestfailed', (request) =>
    keepLast(story.network, `failed (${request.failure()?.errorText}) ${request.method()} ${request.url()}`),
  );
  return story;
}

/**
 * A failed test's page as it was: its address, its HTML, and the console and network lines that led there. These
 * replace Playwright's trace, which snapshotted the DOM at every action of every test, passed or not, for about a
 * quarter of the browser phase's CPU (decision 0027); `PW_TRACE=1` turns the trace back on for a hunt.
 */
async function attachStory(page: Page, story: Story, testInfo: TestInfo) {
  const html = await page.content().catch((error: Error) => `(the page's HTML could not be read: ${error.message})`);
  await testInfo.attach('page.html', { body: html, contentType: 'text/html' });
  const text = [`url: ${page.url()}`, '', 'console:', ...story.console, '', 'network:', ...story.network].join('\n');
  await testInfo.attach('page-story.txt', { body: text, contentType: 'text/plain' });
}

/**
 * Prerendered pages are visible before they are interactive. The page fixture's goto and reload wait for the
 * app to mark itself hydrated, so a test never clicks a button React has not wired up yet.
 */
export const test = base.extend({
  page: async ({ page }, use, testInfo) => {
    // The staff console's own Firestore queries, for the index check after the run (support/browserQueries.ts).
    recordBrowserQueries(page);
    const story = recordStory(page);
    const ready = () => page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<typeof goto>) => {
      const response = await goto(...args);
      if (!page.url().startsWith('about:')) await ready();
      return response;
    };
    page.reload = async (...args: Parameters<typeof reload>) => {
      const response = await reload(...args);
      await ready();
      return response;
    };
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus) await attachStory(page, story, testInfo);
  },
});

export { expect };
