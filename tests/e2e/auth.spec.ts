import { type BrowserContext, type Page } from '@playwright/test';
import { HOSTING } from '../support/env';
import { expect, test } from './fixtures';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createUser } from '../support/auth';
import { enrollment, madeEnrollment } from '../support/api';
import { expectMails, linksIn } from '../support/mail';

const newEmail = (prefix: string) => `${prefix}.${randomUUID().slice(0, 8)}@example.com`;
const slot = (page: Page) => page.getByTestId('account-slot');

async function register(page: Page, email: string, password = 'Secret123') {
  await page.goto('/register');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
}

async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('register: mismatch message, then success with the avatar initial; logout returns to Login/Register at /', async ({ page }) => {
  const email = newEmail('zara');
  await page.goto('/register');
  await expect(page.getByText('At least 6 characters')).toBeVisible();
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByLabel('Confirm password').fill('Secret124');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm password').fill('Secret123');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(`${HOSTING}/`);
  const avatar = page.getByTestId('avatar');
  await expect(avatar).toContainText('Z');
  await expect(avatar).toHaveAttribute('title', email);
  await expect(slot(page).getByRole('link', { name: 'My Courses' })).toBeVisible();
  await expect(slot(page).getByRole('link', { name: 'Login' })).toHaveCount(0);

  // The session survives a reload.
  await page.reload();
  await expect(page.getByTestId('avatar')).toContainText('Z');

  // Our own verification mail went out; My Courses says why earlier enrollments may not show yet.
  await page.goto('/mycourses');
  await expect(page.getByText(`Please confirm your e-mail address, ${email}.`)).toBeVisible();
  await expect(page.getByText('You have not purchased any courses yet.')).toBeVisible();
  const [mail] = await expectMails(email, 1, { settleMs: 0 });
  expect(mail.subject).toBe('Confirm your e-mail address for Upskill');
  const link = linksIn(mail).find((l) => l.includes('/account/action?ticket='));
  await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
  await expect(page.getByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to My Courses' }).click();
  await expect(page.getByText('You have not purchased any courses yet.')).toBeVisible();
  await expect(page.getByText(`Please confirm your e-mail address`)).toHaveCount(0);

  await page.goto('/about');
  await slot(page).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(`${HOSTING}/`);
  await expect(slot(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(slot(page).getByRole('link', { name: 'Register' })).toBeVisible();
});

test('registering an existing e-mail shows a plain-words message', async ({ page }) => {
  const user = await createUser();
  await register(page, user.email);
  await expect(page.getByRole('alert')).toHaveText('An account with this e-mail already exists. Try signing in instead.');
});

test('login: a wrong password shows a friendly message, the right one signs in', async ({ page }) => {
  const user = await createUser();
  await login(page, user.email, 'wrong-password');
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('The e-mail or password is wrong. Please try again.');
  await expect(alert).not.toContainText('auth/');
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(`${HOSTING}/`);
  await expect(page.getByTestId('avatar')).toContainText(user.email[0].toUpperCase());
});

/** Google's gapi script when it can be downloaded; offline, the test stand-in in support/gapi-shim.js. */
async function provideGapi(context: BrowserContext) {
  const online = await fetch('https://apis.google.com/js/api.js', { signal: AbortSignal.timeout(3000) }).then(
    (r) => r.ok,
    () => false,
  );
  if (online) return;
  const shim = readFileSync(new URL('./support/gapi-shim.js', import.meta.url), 'utf8');
  await context.route('https://apis.google.com/js/api.js**', (route) => route.fulfill({ contentType: 'text/javascript', body: shim }));
}

test('Sign in with Google through the Auth emulator popup', async ({ page, context }) => {
  await provideGapi(context);
  await page.goto('/login');
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Sign in with Google' }).click()]);
  await popup.waitForLoadState();
  await popup.getByText('Add new account').click();
  await popup.locator('#email-input').fill(newEmail('google'));
  await popup.locator('#display-name-input').fill('Gita Rao');
  await popup.getByRole('button', { name: /Sign in with Google/i }).click();
  await expect(page).toHaveURL(`${HOSTING}/`);
  await expect(page.getByTestId('avatar')).toContainText('G');
});

test('My Courses: not logged in, then empty, then the list after enrolling; users see only their own', async ({ page, browser }) => {
  await page.goto('/mycourses');
  await expect(page.getByText('User is not logged in.')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);

  const a = await createUser();
  await page.getByLabel('E-mail', { exact: true }).fill(a.email);
  await page.getByLabel('Password').fill(a.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // Back to the page that sent the user to sign in.
  await expect(page).toHaveURL(/\/mycourses$/);
  await expect(page.getByText('You have not purchased any courses yet.')).toBeVisible();

  // Enroll while signed in: the form is pre-filled and the enrollment carries the uid.
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Enroll Now in Single Course Access' }).click();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(a.email);
  await page.getByLabel('Full name').fill('Arun Das');
  await page.getByLabel('College name').fill('Presidency College');
  await page.getByLabel('Phone').fill('9000000001');
  await page.getByLabel('I am 18 or older').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/payment$/);

  const b = await createUser();
  await madeEnrollment({
    body: enrollment({ email: b.email, planId: 'platinum' }),
    headers: { Authorization: `Bearer ${b.idToken}` },
  });

  await page.goto('/mycourses');
  const items = page.getByTestId('purchase');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Single Course Access');
  await expect(items.first()).toContainText('₹4,599');
  await expect(items.first()).not.toContainText('$');

  const other = await browser.newPage();
  await login(other, b.email, b.password);
  await expect(other).toHaveURL(`${HOSTING}/`);
  await other.goto('/mycourses');
  await expect(other.getByTestId('purchase')).toHaveCount(1);
  await expect(other.getByTestId('purchase').first()).toContainText('Platinum');
  await other.close();
});

test('My Courses shows the failure message when the API fails', async ({ page }) => {
  const user = await createUser();
  await login(page, user.email, user.password);
  await expect(page.getByTestId('avatar')).toBeVisible();
  await page.route('**/api/enroll', (route) => route.fulfill({ status: 500, body: 'boom' }));
  await page.goto('/mycourses');
  await expect(page.getByRole('alert')).toHaveText('Failed to fetch courses.');
});

test('the edit token never sits in history.state, and signing out forgets the enrollment draft', async ({ page }) => {
  const email = newEmail('token');
  await register(page, email);
  await expect(page).toHaveURL(`${HOSTING}/`);
  await page.goto('/course/plans/pro/info');
  await page.getByLabel('Full name').fill('Kavya Rao');
  await page.getByLabel('College name').fill('PES University');
  await page.getByLabel('Phone').fill('9988776655');
  await page.getByLabel('I am 18 or older').check();
  // The signed-in visitor's e-mail is filled in from the account.
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/payment$/);

  const stored = await page.evaluate(() => ({
    history: JSON.stringify(window.history.state),
    draft: sessionStorage.getItem('upskill:enrollment'),
  }));
  const token = (JSON.parse(stored.draft ?? '{}') as { editToken?: string }).editToken;
  expect(token).toMatch(/^[a-f0-9]{64}$/);
  expect(stored.history).not.toContain(token);
  expect(stored.history).not.toContain('editToken');

  // Back to Edit: the e-mail is fixed once enrolled.
  await page.getByRole('button', { name: 'Back to Edit' }).click();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveAttribute('readonly', '');
  expect(await page.evaluate(() => JSON.stringify(window.history.state))).not.toContain(token);

  await slot(page).getByRole('button', { name: 'Log out' }).click();
  await expect(slot(page).getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('upskill:enrollment'))).toBeNull();
  // Back in history to the payment step: nothing of the enrollment is left to show or edit.
  await page.goto('/payment');
  await expect(page).toHaveURL(/\/pricing$/);
});

test('the header knows who is signed in without the SDK, and the SDK corrects it: other tabs, a stale or a deleted hint', async ({
  page,
  context,
}) => {
  const sdkRequests: string[] = [];
  context.on('request', (request) => {
    if (/identitytoolkit|securetoken/.test(request.url())) sdkRequests.push(request.url());
  });
  // A signed-out visitor: Login and Register at once, and Firebase never contacted.
  await page.goto('/about');
  await expect(slot(page).getByRole('link', { name: 'Login' })).toBeVisible();
  expect(sdkRequests).toEqual([]);

  // Signing in in another tab shows here without a reload.
  const other = await context.newPage();
  const email = newEmail('tabs');
  await register(other, email);
  await expect(other).toHaveURL(`${HOSTING}/`);
  await expect(slot(page).getByTestId('avatar')).toHaveAttribute('title', email);

  // Signing out here signs the other tab out too.
  await slot(page).getByRole('button', { name: 'Log out' }).click();
  await expect(slot(other).getByRole('link', { name: 'Login' })).toBeVisible();

  // A deleted hint: the header shows the guest links until a page that loads the SDK finds the session.
  await login(page, email, 'Secret123');
  await expect(slot(page).getByTestId('avatar')).toBeVisible();
  // The other tab's SDK learns of this sign-in by polling its storage and then rewrites the hint: wait
  // for that, or it could restore the hint after it is deleted below. Then nothing else rewrites it.
  await expect(slot(other).getByTestId('avatar')).toBeVisible();
  await other.close();
  await page.evaluate(() => localStorage.removeItem('upskill:signed-in'));
  await page.reload();
  await expect(slot(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await page.goto('/mycourses');
  await expect(page.getByText('You have not purchased any courses yet.')).toBeVisible();
  await expect(slot(page).getByTestId('avatar')).toBeVisible();
});

test('a stale hint (the session is gone) is corrected by the SDK: the guest links come back', async ({ page }) => {
  await page.goto('/about');
  await page.evaluate(() => localStorage.setItem('upskill:signed-in', '1'));
  await page.reload();
  await expect(slot(page).getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('upskill:signed-in'))).toBeNull();
});
