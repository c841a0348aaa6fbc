import { randomUUID } from 'node:crypto';
import type { Browser } from '@playwright/test';
import type { CreatedEnrollment } from '@upskill/domain/enrollment';
import { call, enrollment, madeEnrollment, untilAnswered } from '../support/api';
import { createUser } from '../support/auth';
import { db } from '../support/admin';
import { createStaff } from '../support/staff';
import { expectMails, linksIn } from '../support/mail';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, signInThroughForm, watchErrors } from './helpers';

// #33: a learner under 18 waits for their guardian, who decides on their own device; the account page's
// consents. Real Chromium against the production build, the functions, Firestore and MailDev.

const newEmail = (prefix: string) => `${prefix}.${randomUUID().slice(0, 8)}@example.com`;

/** The path of the guardian link in a mail (…/account/guardian?e=…&t=…). */
async function guardianLink(address: string, nth = 1): Promise<string> {
  const mails = await expectMails(address, nth, { settleMs: 0 });
  const link = linksIn(mails[nth - 1]).find((l) => l.includes('/account/guardian?'));
  expect(link, mails[nth - 1].text).toBeTruthy();
  const url = new URL(link ?? '');
  return `${url.pathname}${url.search}`;
}

/** The guardian opens their mail elsewhere: a browser of their own. */
async function asGuardian(browser: Browser, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  return { page, close: () => context.close() };
}

test('under 18: the form asks for a guardian, payment waits for their consent, and opens once they give it', async ({ page, browser }) => {
  const errors = watchErrors(page);
  const email = newEmail('teen');
  const parent = newEmail('parent');
  await page.goto('/course/plans/pro/info');
  await page.getByLabel('Full name').fill('Aarav Menon');
  await page.getByLabel('College name').fill('Kendriya Vidyalaya');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Phone').fill('9812345600');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please tell us whether you are 18 or older')).toBeVisible();

  await page.getByLabel('I am under 18').check();
  await expect(page.getByText('Under 18, your parent or guardian must agree before you can pay.')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please enter your parent’s or guardian’s name')).toBeVisible();
  await page.getByLabel('Parent’s or guardian’s name').fill('Sunita Menon');
  await page.getByLabel('Parent’s or guardian’s e-mail').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please enter your parent’s or guardian’s own e-mail, not yours')).toBeVisible();
  await page.getByLabel('Parent’s or guardian’s e-mail').fill(parent);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/payment$/);
  const waiting = page.getByTestId('guardian-consent');
  await expect(waiting).toContainText('Waiting for your parent’s or guardian’s consent');
  await expect(waiting).toContainText('Sunita Menon (p•••@example.com)');
  const pay = page.getByRole('button', { name: 'Pay ₹7,799' });
  await expect(pay).toBeDisabled();
  await expectNoAxeViolations(page, '/payment waiting for a guardian');

  // The guardian, on their own device: what they agree to, and one click.
  const guardian = await asGuardian(browser, await guardianLink(parent));
  await expect(guardian.page.getByRole('heading', { name: 'Parent or guardian consent' })).toBeVisible();
  await expect(guardian.page.getByText('Aarav Menon told us they are under 18')).toBeVisible();
  await expect(guardian.page.getByText('This link works once')).toBeVisible();
  await guardian.page.getByRole('button', { name: 'I give consent' }).click();
  await expect(guardian.page.getByTestId('guardian-outcome')).toContainText('Your consent is recorded');
  // The same link again is refused.
  await guardian.page.reload();
  await expect(guardian.page.getByRole('alert')).toContainText('This consent link is not valid');
  await guardian.close();

  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByTestId('guardian-consent')).toHaveCount(0);
  await expect(pay).toBeEnabled();
  expect(errors.filter((e) => !/status of 4\d\d|Error 4\d\d/.test(e))).toEqual([]);
});

for (const width of [375, 1280]) {
  test(`/account/guardian is axe-clean at ${width} px, and a forged link is refused in plain words`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const parent = newEmail('parent');
    const made = await madeEnrollment<CreatedEnrollment>({
      body: enrollment({ ageDeclaration: 'minor', guardianName: 'Ravi Iyer', guardianEmail: parent }),
    });
    await page.goto(await guardianLink(parent));
    await expect(page.getByRole('button', { name: 'I give consent' })).toBeVisible();
    await expectNoAxeViolations(page, `/account/guardian at ${width}`);

    await page.goto(`/account/guardian?e=${made.body.id}&t=${'0'.repeat(64)}`);
    await expect(page.getByRole('alert')).toHaveText(
      'This consent link is not valid. Please ask the learner to send a new one from their payment page.',
    );
    await expectNoAxeViolations(page, `/account/guardian refused at ${width}`);
  });
}

test('/account lists the consents: the account terms agreed at sign-in, and the newsletter withdrawn in one click', async ({ page }) => {
  const user = await createUser({ emailVerified: true });
  expect((await untilAnswered(() => call('POST', '/api/newsletter', { body: { email: user.email } }))).status).toBe(202);
  const [mail] = await expectMails(user.email, 1, { settleMs: 0 });
  const confirm = linksIn(mail).find((l) => l.includes('/confirm?')) ?? '';
  expect((await fetch(confirm, { redirect: 'manual' })).status).toBe(303);

  await page.goto('/login');
  await expect(page.getByTestId('account-terms')).toContainText('By continuing, you agree to our Terms of Service');
  // Signing in through the form is what records the account terms.
  await signInThroughForm(page, user);
  await page.goto('/account');
  const consents = page.getByRole('region', { name: 'Consents' });
  await expect(consents.getByRole('heading', { name: 'Account terms' })).toBeVisible();
  await expect(consents.getByText('To withdraw them, delete your account below.')).toBeVisible();
  const newsletter = consents.getByTestId('consent').filter({ hasText: 'Newsletter' });
  await expect(newsletter.getByTestId('consent-state')).toContainText('Given on');
  await newsletter.getByRole('button', { name: 'Withdraw consent' }).click();
  await expect(newsletter.getByTestId('consent-state')).toContainText('Withdrawn on');
  await expect(consents.getByRole('status').last()).toHaveText('Newsletter: consent withdrawn. You will get no more newsletters.');
  await expect(newsletter.getByRole('button', { name: 'Withdraw consent' })).toHaveCount(0);
});

test("the staff console shows a minor's guardian and the consents, never the address they came from", async ({ page }) => {
  const staff = await createStaff();
  const parent = newEmail('parent');
  const made = await madeEnrollment<CreatedEnrollment>({
    body: enrollment({ ageDeclaration: 'minor', guardianName: 'Meena Iyer', guardianEmail: parent }),
  });
  const link = new URL(`http://x${await guardianLink(parent)}`);
  expect(
    (
      await untilAnswered(() =>
        call('POST', `/api/account/guardian/${made.body.id}`, { body: { token: link.searchParams.get('t'), decision: 'give' } }),
      )
    ).status,
  ).toBe(200);
  const stored = (await db().collection('consents').doc(`guardian-${made.body.id}`).get()).data();
  expect(stored?.givenFrom).toMatch(/^[a-f0-9]{64}$/);

  await page.goto(`/staff/enrollments/${made.body.id}`);
  await page.getByLabel('E-mail', { exact: true }).fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Consents' })).toBeVisible();
  await expect(page.getByText('I am under 18')).toBeVisible();
  await expect(page.getByText(`Meena Iyer <${parent}>: consent given`)).toBeVisible();
  const consents = page.getByTestId('staff-consents');
  await expect(consents).toContainText('Parent or guardian consent: Pro: given by Meena Iyer');
  expect(await page.content()).not.toContain(stored?.givenFrom);
});
