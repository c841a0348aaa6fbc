import { expect, test } from './fixtures';

test('home renders the shell and hero with no console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Learn the skills employers hire for');
  await expect(page.getByRole('link', { name: 'Upskill home' }).first()).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('© 2023 Upskill');
  await expect(page.getByTestId('account-slot').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page).toHaveTitle(/Upskill/);
  expect(errors).toEqual([]);
});
