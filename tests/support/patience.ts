/**
 * How long a page may take to show what it loads: the request's 8 s budget (decision 0028), then the page's two
 * retries after a 503, each after `Retry-After: 1`. A test that waits less fails on a loaded machine while the
 * page is still doing what it should, so it is every browser assertion's default (tests/playwright.config.ts).
 * Budgets a test proves (the impatient tests' hydration and answer times) are given explicitly and stay shorter.
 */
export const PAGE_PATIENCE = 30_000;
