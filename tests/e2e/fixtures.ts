import { test as base, expect } from '@playwright/test';
import { recordBrowserQueries } from '../support/browserQueries';

/**
 * Prerendered pages are visible before they are interactive. The page fixture's goto and reload wait for the
 * app to mark itself hydrated, so a test never clicks a button React has not wired up yet.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    // The staff console's own Firestore queries, for the index check after the run (support/browserQueries.ts).
    recordBrowserQueries(page);
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
  },
});

export { expect };
