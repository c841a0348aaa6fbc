import { randomUUID } from 'node:crypto';
import { type FrameLocator, type Page } from '@playwright/test';
import { db } from '../support/admin';
import { createUser } from '../support/auth';
import { expectMails } from '../support/mail';
import { call, enrollment } from '../support/api';
import { expectNoAxeViolations, signInOnSite, watchErrors } from './helpers';
import { expect, test } from './fixtures';

// Paying for real: the site's checkout.js comes from the local Razorpay sandbox (configuration, as
// Razorpay's does in production), whose frame stands in for Razorpay's checkout. Pay, fail and close are
// the tester's clicks there; the sandbox's signed webhooks reach the webhook function through Hosting.

const newEmail = (prefix: string) => `${prefix}.${randomUUID().slice(0, 8)}@example.com`;

async function enrollAndReachPayment(page: Page, email: string, plan = 'Pro') {
  await page.goto('/pricing');
  await page.goto(`/course/plans/${plan.toLowerCase()}/info`);
  await page.getByLabel('Full name').fill('Kavya Nair');
  await page.getByLabel('College name').fill('PES University');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Phone').fill('9812345670');
  await page.getByLabel('Interested course').selectOption('Cloud Computing');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/payment$/);
}

async function openMyCourses(page: Page, user: { email: string; password: string }) {
  await signInOnSite(page, user);
  await page.goto('/mycourses');
}

const checkoutFrame = (page: Page): FrameLocator => page.frameLocator('iframe[name="razorpay-checkout-frame"]');

async function enrollmentOf(email: string) {
  const docs = await db().collection('enrollments').where('email', '==', email).get();
  expect(docs.size).toBe(1);
  return docs.docs[0];
}

test('enroll -> Pay in checkout -> receipt -> My Courses shows Paid; exactly one payment', async ({ page }) => {
  const errors = watchErrors(page);
  const owner = await createUser({ emailVerified: true });
  await enrollAndReachPayment(page, owner.email);
  await page.getByLabel('UPI').check();
  await page.getByRole('button', { name: 'Pay ₹7,799' }).click();

  const frame = checkoutFrame(page);
  await expect(frame.getByText('₹7,799').first()).toBeVisible();
  // The method chosen on the site is preselected in checkout.
  await expect(frame.getByLabel('UPI')).toBeChecked();
  await frame.getByRole('button', { name: 'Pay ₹7,799' }).click();

  await expect(page).toHaveURL(/\/receipt\/[A-Za-z0-9]+$/);
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByRole('heading', { name: 'Payment receipt' })).toBeVisible();
  await expect(page.getByTestId('receipt-amount')).toHaveText('₹7,799');
  await expect(receipt).toContainText('Pro');
  await expect(receipt).toContainText('Cloud Computing');
  await expect(receipt).toContainText('UPI');
  await expect(receipt).toContainText('Upskill Learning Private Limited');
  await expect(receipt).toContainText('Bengaluru');
  await expect(receipt).toContainText('All purchases are final');
  await expect(receipt.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  const paymentId = await page.getByTestId('receipt-payment-id').textContent();
  expect(paymentId).toMatch(/^pay_/);
  await expectNoAxeViolations(page, 'receipt');

  const doc = await enrollmentOf(owner.email);
  expect(doc.get('status')).toBe('paid');
  // The sandbox's webhooks arrive too; still one payment.
  await expect.poll(async () => (await db().collection('webhookEvents').where('paymentId', '==', paymentId).get()).size, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  expect((await db().collection('payments').where('enrollmentId', '==', doc.id).get()).size).toBe(1);
  // Mail: the enrollment's, then one receipt, though the browser and two webhooks all reported the payment.
  const mails = await expectMails(owner.email, 2, { settleMs: 3000 });
  expect(mails.map((m) => m.subject).sort()).toEqual(['Payment received: ₹7,799 for Pro', 'Your Pro enrollment: ₹7,799 to pay']);
  expect(mails.find((m) => m.subject.startsWith('Payment'))?.text).toContain(paymentId ?? '');

  // Reload keeps the receipt (this tab keeps the edit token); Back does not offer to pay again.
  await page.reload();
  await expect(page.getByTestId('receipt-amount')).toHaveText('₹7,799');

  // My Courses, signed in as the owner: Paid with a Receipt link.
  await openMyCourses(page, owner);
  const item = page.getByTestId('purchase');
  await expect(item.getByTestId('purchase-status')).toHaveText('Paid');
  await expect(item.getByRole('button', { name: /Pay now/ })).toHaveCount(0);
  await item.getByRole('link', { name: 'Receipt for Pro' }).click();
  await expect(page.getByTestId('receipt-payment-id')).toHaveText(paymentId ?? '');
  expect(errors).toEqual([]);
});

test('a failed payment says so and keeps checkout open; retrying there pays', async ({ page }) => {
  const email = newEmail('fail');
  await enrollAndReachPayment(page, email);
  await page.getByRole('button', { name: 'Pay ₹7,799' }).click();
  const frame = checkoutFrame(page);
  await frame.getByRole('button', { name: 'Fail payment' }).click();
  await expect(page.getByTestId('payment-status')).toContainText('Payment failed');
  await expect(page.getByTestId('payment-status')).toContainText('not been charged');
  expect((await enrollmentOf(email)).get('status')).toBe('pending_payment');
  await frame.getByRole('button', { name: 'Pay ₹7,799' }).click();
  await expect(page).toHaveURL(/\/receipt\//);
  await expect(page.getByTestId('receipt-amount')).toHaveText('₹7,799');
  const id = (await enrollmentOf(email)).id;
  await expect.poll(async () => (await db().collection('payments').where('enrollmentId', '==', id).get()).docs.map((d) => d.get('state')).sort(), { timeout: 15_000 })
    .toEqual(['captured', 'failed']);
});

test('closing checkout leaves the enrollment payable; an edit then pays the new order; after paying, Back offers no edit and /payment shows the receipt', async ({ page }) => {
  const email = newEmail('close');
  await enrollAndReachPayment(page, email);
  await page.getByRole('button', { name: 'Pay ₹7,799' }).click();
  await checkoutFrame(page).getByRole('button', { name: 'Close checkout' }).click();
  await expect(page.locator('iframe[name="razorpay-checkout-frame"]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay ₹7,799' })).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect((await enrollmentOf(email)).get('status')).toBe('pending_payment');

  // Change the plan while an order is open: the next checkout charges the new price.
  await page.getByRole('button', { name: 'Back to Edit' }).click();
  await page.getByLabel('Preferred batch time').selectOption('Weekend Evening');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Pay ₹7,799' }).click();
  await checkoutFrame(page).getByRole('button', { name: 'Pay ₹7,799' }).click();
  await expect(page).toHaveURL(/\/receipt\//);
  // Browser Back after paying: the form of a paid enrollment is not offered for editing.
  await page.goBack();
  await expect(page).toHaveURL(/\/course\/plans\/pro\/info$/);
  await expect(page.getByTestId('editing-notice')).toHaveCount(0);
  // And /payment itself shows the receipt, not a second Pay button.
  await page.goto('/payment');
  await expect(page).toHaveURL(/\/receipt\//);
  await expect(page.getByTestId('receipt-amount')).toHaveText('₹7,799');
});

test('signed-in Pay now from My Courses, for an enrollment made before signing in, without its edit token', async ({ page }) => {
  const owner = await createUser({ emailVerified: true });
  // Enrolled anonymously with the same address (another device): this browser has no edit token.
  const created = await call('POST', '/api/enroll', { body: enrollment({ email: owner.email, planId: 'standard', planName: 'Standard' }) });
  expect(created.status).toBe(201);
  await openMyCourses(page, owner);
  const item = page.getByTestId('purchase');
  await expect(item.getByTestId('purchase-status')).toHaveText('Awaiting payment');
  await item.getByRole('button', { name: 'Pay now: ₹3,794 for Standard' }).click();
  await checkoutFrame(page).getByRole('button', { name: 'Pay ₹3,794' }).click();
  await expect(page).toHaveURL(/\/receipt\//);
  await expect(page.getByTestId('receipt-amount')).toHaveText('₹3,794');
  await page.goto('/mycourses');
  await expect(page.getByTestId('purchase').getByTestId('purchase-status')).toHaveText('Paid');
});

test('an impatient double click on Pay opens one checkout and creates one order', async ({ page }) => {
  const email = newEmail('double');
  await enrollAndReachPayment(page, email);
  await page.getByRole('button', { name: 'Pay ₹7,799' }).dblclick();
  await expect(page.locator('iframe[name="razorpay-checkout-frame"]')).toHaveCount(1);
  const id = (await enrollmentOf(email)).id;
  expect((await db().collection('orders').where('enrollmentId', '==', id).get()).size).toBe(1);
});

test('a stranger with the receipt URL sees no receipt', async ({ page, browser }) => {
  const email = newEmail('private');
  await enrollAndReachPayment(page, email);
  await page.getByRole('button', { name: 'Pay ₹7,799' }).click();
  await checkoutFrame(page).getByRole('button', { name: 'Pay ₹7,799' }).click();
  await expect(page).toHaveURL(/\/receipt\//);
  const url = page.url();
  const other = await browser.newPage();
  await other.goto(url);
  await expect(other.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(other.getByTestId('receipt')).toHaveCount(0);
  await other.close();
});
