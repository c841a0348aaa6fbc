import { expect, test } from './fixtures';

test('a route chunk that fails to load shows a message with Retry, and Retry recovers', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Block the About page's script chunk, as if the network dropped or a deploy removed it.
  await page.route(/\/assets\/AboutPage-[^/]+\.js$/, (route) => route.abort('failed'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  // The first failure triggers one automatic reload (stale-deploy case); the chunk still fails, so the message shows.
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('did not download');
  await page.unroute(/\/assets\/AboutPage-[^/]+\.js$/);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upskill. Empower. Succeed.');
});
