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

test('while the next page’s chunk is on its way, the page before stays, marked busy, and main names the path it shows', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  // The About page's script held until the test lets it go, as on a slow connection.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/AboutPage-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  const main = page.locator('main');
  await expect(main).toHaveAttribute('aria-busy', 'true');
  // The address is the next page's; what is on show is still the home page, and main says so.
  await expect(main).toHaveAttribute('data-path', '/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Learn the skills employers hire for');
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upskill. Empower. Succeed.');
  await expect(main).toHaveAttribute('data-path', '/about');
  await expect(main).toHaveAttribute('aria-busy', 'false');
});
