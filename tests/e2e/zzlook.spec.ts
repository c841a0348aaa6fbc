import { createStaff } from '../support/staff';
import { newMentor } from '../support/mentoring';
import { signInOnSite } from './helpers';
import { expect, test } from './fixtures';

test('look: Mentors and Finance at 375 px', async ({ page }) => {
  await newMentor('Zara Look', 'Asia/Kolkata', ['mentor-call'], undefined, 'admin');
  const staff = await createStaff();
  await page.setViewportSize({ width: 375, height: 812 });
  await signInOnSite(page, staff);
  await page.goto('/staff/mentors');
  await expect(page.getByTestId('mentor-page')).toBeVisible();
  await page.screenshot({ path: '/tmp/look/mentors-375.png', fullPage: false });
  await page.getByLabel('Find a mentor by name').fill('nobody at all');
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(page.getByTestId('mentor-page')).toContainText('nobody at all');
  await page.screenshot({ path: '/tmp/look/mentors-375-none.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByLabel('Find a mentor by name').fill('zara');
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(page.getByTestId('mentor-page')).toContainText('1 mentor');
  await page.screenshot({ path: '/tmp/look/mentors-1280.png', fullPage: false });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/staff/finance');
  await expect(page.getByTestId('finance-totals')).toBeVisible();
  await page.screenshot({ path: '/tmp/look/finance-375.png', fullPage: false });
});
