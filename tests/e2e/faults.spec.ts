import { expect, test } from './fixtures';
import { randomUUID } from 'node:crypto';
import { db } from '../support/admin';
import { freezeFirestore, thawFirestore } from '../support/firestoreFreeze';

test.afterEach(() => thawFirestore());

test('database down: the save-failure message, input kept; back up: the same submit succeeds, one document', async ({ page }) => {
  const email = `fault.${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/course/plans/platinum/info');
  await page.getByLabel('Full name').fill('Nikhil Bose');
  await page.getByLabel('College name').fill('Jadavpur University');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Phone').fill('9988776655');
  await page.getByLabel('I am 18 or older').check();

  freezeFirestore();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Something went wrong while saving your plan. Please try again.', { timeout: 15_000 });
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Full name')).toHaveValue('Nikhil Bose');

  thawFirestore();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/payment$/, { timeout: 15_000 });
  await expect(page.getByTestId('summary-price')).toHaveText('₹9,996');
  const docs = await db().collection('enrollments').where('email', '==', email).get();
  expect(docs.size).toBe(1);
});
