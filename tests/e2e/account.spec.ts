import type { Page } from '@playwright/test';
import { createUser } from '../support/auth';
import { expectMails, linksIn } from '../support/mail';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, signInThroughForm, watchErrors } from './helpers';

/** Where a mailed account link points, on the site under test. */
function accountLink(mail: { text: string }): string {
  const link = linksIn(mail as Parameters<typeof linksIn>[0]).find((l) => l.includes('/account/action?ticket='));
  expect(link, mail.text).toBeTruthy();
  const url = new URL(link ?? '');
  return `${url.pathname}${url.search}`;
}

async function askForReset(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/account\/reset$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByRole('main').getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send me a reset link' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    `If an account uses ${email}, a link to choose a new password is on its way.`,
  );
}

test('forgot password: /login → the reset mail → a new password → signed in with it; the link then refuses a second use', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const user = await createUser({ emailVerified: true });
  await askForReset(page, user.email);

  const [mail] = await expectMails(user.email, 1, { settleMs: 0 });
  expect(mail.subject).toBe('Reset your Upskill password');
  const link = accountLink(mail);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText(`For the account ${user.email}.`)).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill('Fresh-start-42');
  await page.getByLabel('Confirm new password').fill('Fresh-start-4');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('Fresh-start-42');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();

  await page.getByRole('link', { name: 'Log in' }).click();
  await signInThroughForm(page, { email: user.email, password: 'Fresh-start-42' });
  await expect(page.getByTestId('avatar')).toBeVisible();

  // The same link again: Auth has spent its code, and the page says so in plain words.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('This link is not valid any more. Please request a new one.');
  await expect(page.getByRole('link', { name: 'Ask for a new password link' })).toHaveAttribute('href', '/account/reset');
  expect(errors.filter((e) => !/status of 4\d\d|Error 4\d\d/.test(e))).toEqual([]);
});

test('a tampered account link is refused with a way forward', async ({ page }) => {
  await page.goto(`/account/action?ticket=${'ab'.repeat(32)}`);
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('This link is not valid. Please ask for a new one.');
  await page.goto('/account/action');
  await expect(page.getByRole('main').getByRole('alert')).toContainText('This link is not complete.');
});

for (const width of [375, 1280]) {
  test(`/account/reset and /account/action are axe-clean at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const user = await createUser({ emailVerified: true });
    await page.goto('/account/reset');
    await expectNoAxeViolations(page, `/account/reset at ${width}`);
    await askForReset(page, user.email);
    await expectNoAxeViolations(page, `/account/reset, sent, at ${width}`);

    const [mail] = await expectMails(user.email, 1, { settleMs: 0 });
    await page.goto(accountLink(mail));
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Please choose a new password')).toBeVisible();
    await expectNoAxeViolations(page, `/account/action (reset form with errors) at ${width}`);

    await page.goto(`/account/action?ticket=${'cd'.repeat(32)}`);
    await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
    await expectNoAxeViolations(page, `/account/action (refused) at ${width}`);
  });
}

test('/account: name, password, a download of my data, and sign out everywhere', async ({ page }) => {
  const errors = watchErrors(page);
  const user = await createUser({ emailVerified: true });
  await signInThroughForm(page, user);
  await page.getByTestId('avatar').click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();

  // Profile: the name, saved to the account; the avatar's initial follows it.
  await page.getByLabel('Name').fill('Zoya Khan');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Your name is saved.')).toBeVisible();
  await expect(page.getByTestId('avatar')).toContainText('Z');

  // Password: the wrong current one is refused in plain words; the right one changes it.
  const password = page.getByRole('region', { name: 'Password' });
  await password.getByLabel('Current password').fill('not-my-password');
  await password.getByLabel('New password', { exact: true }).fill('Brand-new-77');
  await password.getByLabel('Confirm new password').fill('Brand-new-77');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('status')).toHaveText('The e-mail or password is wrong. Please try again.');
  await password.getByLabel('Current password').fill(user.password);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('status')).toHaveText('Your password is changed. Other devices will ask for the new one.');

  // Your data: one JSON file, named for today, with this account in it.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^upskill-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await (await import('node:fs/promises')).readFile(await download.path(), 'utf8')) as {
    account: { email: string; displayName: string };
  };
  expect(exported.account).toMatchObject({ email: user.email, displayName: 'Zoya Khan' });
  await expect(page.getByText('Your data is downloaded')).toBeVisible();

  // Devices: signed out here and everywhere; the new password works.
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('You are signed out on every device. Log in again to continue.')).toBeVisible();
  await signInThroughForm(page, { email: user.email, password: 'Brand-new-77' });
  expect(errors.filter((e) => !/status of 4\d\d|Error 4\d\d/.test(e))).toEqual([]);
});

test('/account asks a signed-out visitor to sign in', async ({ page }) => {
  await page.goto('/account');
  await expect(page.getByText('Please sign in to manage your account.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
});

for (const width of [375, 1280]) {
  test(`/account is axe-clean at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const user = await createUser({ emailVerified: true });
    await signInThroughForm(page, user);
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Please enter your current password')).toBeVisible();
    await expectNoAxeViolations(page, `/account at ${width}`);
  });
}

test('/account: deleting the account needs DELETE typed, signs out, mails a confirmation, and the sign-in stops working', async ({
  page,
}) => {
  const user = await createUser({ emailVerified: true });
  await signInThroughForm(page, user);
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Delete your account' });
  const button = section.getByRole('button', { name: 'Delete my account' });
  await expect(button).toBeDisabled();
  await section.getByLabel('Type DELETE to confirm').fill('delete');
  await expect(section.getByText('Type DELETE in capitals')).toBeVisible();
  await expect(button).toBeDisabled();
  await section.getByLabel('Type DELETE to confirm').fill('DELETE');
  await button.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(`Your account is deleted. A confirmation is on its way to ${user.email}.`)).toBeVisible();
  await expect(page.getByTestId('avatar')).toHaveCount(0);
  const [mail] = await expectMails(user.email, 1, { settleMs: 0 });
  expect(mail.subject).toBe('Your Upskill account is deleted');
  expect(mail.text).toContain('You had no paid enrollments, so we keep nothing else about you.');

  await page.getByRole('main').getByLabel('E-mail', { exact: true }).fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('The e-mail or password is wrong. Please try again.');
});

test('the privacy notice says what is kept for how long, how to use each right, and who the grievance officer is', async ({ page }) => {
  await page.goto('/Privacy-Policy');
  const main = page.getByRole('main');
  await expect(main.getByRole('columnheader', { name: 'How long' })).toBeVisible();
  await expect(main.getByText('eight financial years after the year you paid in', { exact: false })).toBeVisible();
  await expect(main.getByText('Companies Act, 2013, section 128(5)', { exact: false })).toBeVisible();
  await expect(main.getByRole('link', { name: 'your account page' }).first()).toHaveAttribute('href', '/account');
  await expect(main.getByText(/Kavya Raman, Grievance Officer \(Data Protection\)/)).toBeVisible();
  await expect(main.getByText(/within 90 days/).first()).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Complaining to the Data Protection Board' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Learners under 18' })).toBeVisible();
  await expect(main.getByText('We never send newsletters or offers to learners under 18', { exact: false })).toBeVisible();
  await page.goto('/contact');
  await expect(page.getByLabel('Course of interest (optional)').locator('option', { hasText: 'Privacy request' })).toHaveCount(1);
});

test('/account: changing the e-mail address sends a link to the new one; opening it moves the account', async ({ page }) => {
  const user = await createUser({ emailVerified: true });
  const newEmail = `moved.${Date.now().toString(36)}@example.com`;
  await signInThroughForm(page, user);
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'E-mail address' });
  await section.getByLabel('New e-mail address').fill(newEmail);
  await section.getByLabel('Your password').fill(user.password);
  await section.getByRole('button', { name: 'Send the link' }).click();
  await expect(section.getByRole('status')).toHaveText(
    `We have sent a link to ${newEmail}. Your address changes when you open it; until then, keep using ${user.email}.`,
  );
  const [notice] = await expectMails(user.email, 1, { settleMs: 0 });
  expect(notice.subject).toBe('Your Upskill e-mail address is about to change');
  const [mail] = await expectMails(newEmail, 1, { settleMs: 0 });
  await page.goto(accountLink(mail));
  await expect(page.getByRole('heading', { name: 'Your e-mail address is changed' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await signInThroughForm(page, { email: newEmail, password: user.password });
  await expect(page.getByTestId('avatar')).toHaveAttribute('title', newEmail);
});
