import { randomUUID } from 'node:crypto';
import { db } from '../support/admin';
import { expectMails, linksIn } from '../support/mail';
import { expectNoAxeViolations } from './helpers';
import { expect, test } from './fixtures';

const local = (url: string) => new URL(url).pathname + new URL(url).search;

test('footer sign-up -> confirmation mail -> confirm in the browser -> unsubscribe in one click', async ({ page }) => {
  const email = `news.${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/about');
  const form = page.getByRole('form', { name: 'Newsletter' });
  await form.getByPlaceholder('Your e-mail address').fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByRole('status')).toHaveText('Check your inbox to confirm your subscription.');
  await expect(form.getByPlaceholder('Your e-mail address')).toHaveValue('');

  const [mail] = await expectMails(email, 1);
  const confirm = linksIn(mail).find((l) => l.includes('/api/newsletter/confirm?')) ?? '';
  const unsubscribe = linksIn(mail).find((l) => l.includes('/api/newsletter/unsubscribe?')) ?? '';
  await page.goto(local(confirm));
  await expect(page).toHaveURL(/\/newsletter\/confirmed$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription confirmed');
  await expectNoAxeViolations(page, 'newsletter-confirmed');
  const doc = (await db().collection('newsletterSubscriptions').where('email', '==', email).get()).docs[0];
  expect(doc.get('status')).toBe('confirmed');

  await page.goto(local(unsubscribe));
  await expect(page).toHaveURL(/\/newsletter\/unsubscribed$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are unsubscribed');
  expect((await doc.ref.get()).get('status')).toBe('unsubscribed');
});

test('an invalid e-mail gets a message tied to the field; nothing is sent', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (req) => req.method() === 'POST' && posts.push(req.url()));
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Newsletter' });
  const input = form.getByPlaceholder('Your e-mail address');
  await input.fill('not-an-email');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  // The browser's own check stops it before any request.
  expect(await input.evaluate((el) => (el as HTMLInputElement).validity.valid)).toBe(false);
  expect(posts).toEqual([]);
});
