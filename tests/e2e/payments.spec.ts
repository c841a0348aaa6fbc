import { randomUUID } from 'node:crypto';
import { findCourseBySlug } from '@upskill/domain/catalogue';
import { readFileSync } from 'node:fs';
import { type FrameLocator, type Page } from '@playwright/test';
import { db } from '../support/admin';
import { bearer, createUser } from '../support/auth';
import { expectMails } from '../support/mail';
import { call, enrollment, madeEnrollment } from '../support/api';
import { SCREENSHOTS, expectNoAxeViolations, lookedAt, signInOnSite, watchErrors } from './helpers';
import { overflowAt } from './overflow';
import { expect, test } from './fixtures';

// Paying for real: the site's checkout.js comes from the local Razorpay sandbox (configuration, as
// Razorpay's does in production), whose frame stands in for Razorpay's checkout. Pay, fail and close are
// the tester's clicks there; the sandbox's signed webhooks reach the webhook function through Hosting.

const newEmail = (prefix: string) => `${prefix}.${randomUUID().slice(0, 8)}@example.com`;

async function enrollAndReachPayment(page: Page, email: string, plan = 'Pro') {
  await page.goto(`/course/plans/${plan.toLowerCase()}/info`);
  await page.getByLabel('Full name').fill('Kavya Nair');
  await page.getByLabel('College name').fill('PES University');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Phone').fill('9812345670');
  await page.getByLabel('I am 18 or older').check();
  await page.getByLabel('Interested course').selectOption('Cloud Computing');
  // The visitor reads the batch the form offers before going on, as in subscriptions.spec: the list reloads for the new
  // interest and grows when it arrives, moving Next (a clean run of a0ab268 clicked it mid-move; no enrollment was sent).
  await expect(page.getByRole('group', { name: 'Batch' }).getByRole('radio').first()).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  // Billing details for the GST invoice: a learner in Karnataka, buying for themselves.
  await page.getByLabel('State or union territory').selectOption({ label: 'Karnataka' });
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
  // Pro does not include placement assistance, so its payment step says nothing of it.
  await expect(page.getByTestId('placement-note')).toHaveCount(0);
  await expectNoAxeViolations(page, 'payment (billing details)');
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
  // The GST tax invoice: its number, the tax in the price (Karnataka: CGST + SGST), and its PDF.
  const invoiceNumber = (await page.getByTestId('receipt-invoice-number').textContent())?.split(' of ')[0] ?? '';
  expect(invoiceNumber).toMatch(/^UPS\/\d\d-\d\d\/\d{6}$/);
  const breakup = page.getByTestId('tax-breakup');
  await expect(breakup).toContainText('Karnataka (29)');
  await expect(breakup).toContainText('Taxable value₹6,609.32');
  await expect(breakup).toContainText('CGST @ 9%₹594.84');
  await expect(breakup).toContainText('SGST @ 9%₹594.84');
  await expect(breakup).toContainText('Total₹7,799.00');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    receipt.getByRole('button', { name: `Download GST invoice ${invoiceNumber} (PDF)` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`upskill-invoice-${invoiceNumber.replace(/\//g, '-')}.pdf`);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  const paymentId = await page.getByTestId('receipt-payment-id').textContent();
  expect(paymentId).toMatch(/^pay_/);
  await expectNoAxeViolations(page, 'receipt');

  const doc = await enrollmentOf(owner.email);
  expect(doc.get('status')).toBe('paid');
  // The sandbox's webhooks arrive too; still one payment.
  await expect
    .poll(async () => (await db().collection('webhookEvents').where('paymentId', '==', paymentId).get()).size)
    .toBeGreaterThanOrEqual(2);
  expect((await db().collection('payments').where('enrollmentId', '==', doc.id).get()).size).toBe(1);
  // Mail: the enrollment's, then one receipt, though the browser and two webhooks all reported the payment.
  const mails = await expectMails(owner.email, 2, { settleMs: 3000 });
  expect(mails.map((m) => m.subject).sort()).toEqual(['Payment received: ₹7,799 for Pro', 'Your Pro enrollment: ₹7,799 to pay']);
  expect(mails.find((m) => m.subject.startsWith('Payment'))?.text).toContain(paymentId ?? '');
  expect(mails.find((m) => m.subject.startsWith('Payment'))?.text).toContain(
    `Your GST tax invoice ${invoiceNumber} (PDF) is on your receipt page and in My Courses`,
  );

  // Reload keeps the receipt (this tab keeps the edit token); Back does not offer to pay again.
  await page.reload();
  await expect(page.getByTestId('receipt-amount')).toHaveText('₹7,799');

  // My Courses, signed in as the owner: Paid with a Receipt link.
  await openMyCourses(page, owner);
  const item = page.getByTestId('purchase');
  await expect(item.getByTestId('purchase-status')).toHaveText('Paid');
  await expect(item.getByRole('button', { name: /Pay now/ })).toHaveCount(0);
  await expect(item.getByRole('button', { name: `Download GST invoice ${invoiceNumber} (PDF)` })).toBeVisible();
  await item.getByRole('link', { name: 'Receipt for Pro' }).click();
  await expect(page.getByTestId('receipt-payment-id')).toHaveText(paymentId ?? '');
  expect(errors).toEqual([]);
});

test('a busy server when the payment is reported: the page asks again and shows the receipt, never an error', async ({ page }) => {
  const email = newEmail('busy');
  await enrollAndReachPayment(page, email);
  let reports = 0;
  await page.route('**/api/enroll/*/payment', (route) => {
    reports += 1;
    // The first report meets an overloaded server (our 503 with Retry-After); the next goes through.
    if (reports === 1)
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        headers: { 'Retry-After': '1' },
        body: '{"error":{"code":"unavailable","message":"The service is busy. Please try again in a moment."}}',
      });
    return route.continue();
  });
  await page.getByRole('button', { name: 'Pay ₹7,799' }).click();
  await checkoutFrame(page).getByRole('button', { name: 'Pay ₹7,799' }).click();
  await expect(page).toHaveURL(/\/receipt\//);
  await expect(page.getByTestId('receipt-amount')).toHaveText('₹7,799');
  expect(reports).toBe(2);
  expect((await enrollmentOf(email)).get('status')).toBe('paid');
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
  await expect
    .poll(async () => (await db().collection('payments').where('enrollmentId', '==', id).get()).docs.map((d) => d.get('state')).sort())
    .toEqual(['captured', 'failed']);
});

test('closing checkout leaves the enrollment payable; an edit then pays the new order; after paying, Back offers no edit and /payment shows the receipt', async ({
  page,
}) => {
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
  await madeEnrollment({ body: enrollment({ email: owner.email, planId: 'standard', planName: 'Standard' }) });
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

test('billing details: a GSTIN with a typo or of another state is refused at the field, before checkout opens', async ({ page }) => {
  const email = newEmail('gstin');
  await enrollAndReachPayment(page, email);
  await page.getByLabel('GSTIN (optional, for businesses)').fill('27AAPFU0939F1ZW');
  await page.getByLabel('Registered business name').fill('Acme Analytics LLP');
  await page.getByRole('button', { name: 'Pay ₹7,799' }).click();
  await expect(page.getByText('This GSTIN has a typo: its last character does not match the rest.')).toBeVisible();
  await expect(page.getByLabel('GSTIN (optional, for businesses)')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('GSTIN (optional, for businesses)').fill('27AAPFU0939F1ZV');
  await page.getByRole('button', { name: 'Pay ₹7,799' }).click();
  await expect(page.getByText('This GSTIN is registered in Maharashtra, not Karnataka.')).toBeVisible();
  await expect(page.locator('iframe[name="razorpay-checkout-frame"]')).toHaveCount(0);
  await page.getByLabel('State or union territory').selectOption({ label: 'Maharashtra' });
  await page.getByRole('button', { name: 'Pay ₹7,799' }).click();
  await checkoutFrame(page).getByRole('button', { name: 'Pay ₹7,799' }).click();
  await expect(page).toHaveURL(/\/receipt\//);
  await expect(page.getByTestId('tax-breakup')).toContainText('IGST @ 18%');
  const doc = await enrollmentOf(email);
  expect(doc.get('billing')).toEqual({ state: '27', country: null, gstin: '27AAPFU0939F1ZV', businessName: 'Acme Analytics LLP' });
  expect(doc.get('invoice.placeOfSupply')).toEqual({ kind: 'inter-state', code: '27', name: 'Maharashtra' });
});

test('a course bought names that course, never the form’s default interest: payment step, receipt, mails and invoice', async ({ page }) => {
  const course = findCourseBySlug('machine-learning-with-python');
  if (!course) throw new Error('the catalogue has no Machine Learning with Python');
  const email = newEmail('course');
  await page.goto(`/courses/${course.slug}`);
  await page.goto(`/course/plans/course-${course.id}/info`);
  await page.getByLabel('Full name').fill('Kavya Nair');
  await page.getByLabel('College name').fill('PES University');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Phone').fill('9812345670');
  await page.getByLabel('I am 18 or older').check();
  // The interested course is left at its default, as most buyers of a course leave it.
  await expect(page.getByLabel('Interested course')).toHaveValue('Full Stack Web Development');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  const summary = page.getByTestId('purchase-summary');
  await expect(summary.getByTestId('purchase-course')).toHaveText(course.name);
  await expect(summary).not.toContainText('Full Stack Web Development');
  await page.getByLabel('State or union territory').selectOption({ label: 'Karnataka' });
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await checkoutFrame(page)
    .getByRole('button', { name: /^Pay ₹/ })
    .click();
  await expect(page).toHaveURL(/\/receipt\//);
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByTestId('purchase-course')).toHaveText(course.name);
  await expect(receipt).not.toContainText('Full Stack Web Development');
  const doc = await enrollmentOf(email);
  const mails = await expectMails(email, 2, { settleMs: 1000 });
  for (const mail of mails) {
    expect(mail.text, mail.subject).toContain(course.name);
    expect(mail.text, mail.subject).not.toContain('Full Stack Web Development');
  }
  const invoice = (await db().collection('taxDocuments').where('enrollmentId', '==', doc.id).get()).docs[0];
  expect(invoice.get('description')).toBe(`Live online coaching: ${course.name}`);
});

test('on a phone, Pay with a GSTIN but no business name takes the buyer to that field, and the billing card fits', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await enrollAndReachPayment(page, newEmail('phone'));
  await page.getByLabel('State or union territory').selectOption({ label: 'Maharashtra' });
  await page.getByLabel('GSTIN (optional, for businesses)').fill('27AAPFU0939F1ZV');
  const pay = page.getByRole('button', { name: 'Pay ₹7,799' });
  await pay.scrollIntoViewIfNeeded();
  await pay.click();
  const business = page.getByLabel('Registered business name');
  await expect(business).toBeFocused();
  await expect(business).toHaveAttribute('aria-invalid', 'true');
  await expect(business).toBeInViewport();
  await expect(page.locator('iframe[name="razorpay-checkout-frame"]')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/payment-billing-error-375.png`, fullPage: true });
  for (const width of [320, 375, 414]) expect(await overflowAt(page, width), `${width} px`).toEqual([]);
});

test('a referral link: the friend sees who invited them and pays ₹500 less; the referrer finds the link and the credit waiting', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const referrer = await createUser({ emailVerified: true });
  // The referrer's first enrollment names them: the friend sees their first name.
  await madeEnrollment({
    body: enrollment({ name: 'Asha Rao', email: referrer.email, phone: '9811122233', planId: 'standard' }),
    headers: bearer(referrer),
  });
  const { code } = (await call<{ code: string }>('GET', '/api/me/referrals', { headers: bearer(referrer) })).body;

  // The friend follows the link to the pricing page and enrolls in Single Course Access from there (₹4,599).
  const friend = newEmail('friend');
  await page.goto(`/pricing?ref=${code}`);
  await page.getByRole('link', { name: 'Enroll Now in Single Course Access' }).click();
  const notice = page.getByTestId('referral-notice');
  await expect(notice).toContainText('Asha invited you: ₹500 off your first course plan. You pay ₹4,099');
  await page.getByLabel('Full name').fill('Ravi Kumar');
  await page.getByLabel('College name').fill('PES University');
  await page.getByLabel('E-mail', { exact: true }).fill(friend);
  await page.getByLabel('Phone').fill('9812345670');
  await page.getByLabel('I am 18 or older').check();
  await lookedAt(page, 'enrollment through a referral link');
  await expect(page.getByRole('group', { name: 'Batch' }).getByRole('radio').first()).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByTestId('summary-referral')).toHaveText('−₹500 (invited by Asha)');
  await expect(page.getByTestId('summary-price')).toHaveText('₹4,099');
  await page.getByLabel('State or union territory').selectOption({ label: 'Karnataka' });
  await page.getByLabel('UPI').check();
  await page.getByRole('button', { name: 'Pay ₹4,099' }).click();
  await checkoutFrame(page).getByRole('button', { name: 'Pay ₹4,099' }).click();
  await expect(page).toHaveURL(/\/receipt\/[A-Za-z0-9]+$/);
  await expect(page.getByTestId('receipt-amount')).toHaveText('₹4,099');
  // GST on the price after the discount.
  const breakup = page.getByTestId('tax-breakup');
  await expect(breakup).toContainText('Taxable value₹3,473.72');
  await expect(breakup).toContainText('CGST @ 9%₹312.64');
  await expect(breakup).toContainText('Total₹4,099.00');

  // The link has done its work: the form no longer offers it.
  await page.goto('/course/plans/pro/info');
  await expect(page.getByLabel('Full name')).toBeVisible();
  await expect(page.getByTestId('referral-notice')).toHaveCount(0);

  // The referrer, signed in, takes the pricing page's button to their link, with the friend's credit waiting.
  await signInOnSite(page, referrer);
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Get your referral link' }).click();
  await expect(page).toHaveURL(/\/mycourses#referrals$/);
  await expect(page.getByTestId('referral-link')).toHaveValue(new RegExp(`/pricing\\?ref=${code}$`));
  await expect(page.getByTestId('referral-pending')).toHaveText('₹500');
  await expect(page.getByTestId('referral-available')).toHaveText('₹0');
  await expect(page.getByTestId('referral-entry')).toContainText('Ravi: ₹500, waiting for their payment to be final (ready on');
  await lookedAt(page, 'My Courses, refer a friend');
  expect(errors).toEqual([]);
});
