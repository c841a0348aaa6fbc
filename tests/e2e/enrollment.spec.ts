import { type Page } from '@playwright/test';
import { HOSTING } from '../support/env';
import { expect, test } from './fixtures';
import { randomUUID } from 'node:crypto';
import { db } from '../support/admin';
import { expectMails, mailsTo } from '../support/mail';
import { holdRequests } from './helpers';

async function fillEnrollment(page: Page, email: string) {
  await page.getByLabel('Full name').fill('Ishaan Mehta');
  await page.getByLabel('College name').fill('NIT Trichy');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Phone').fill('9123456780');
  await page.getByLabel('I am 18 or older').check();
  await page.getByLabel('Interested course').selectOption('Data Science & Analytics');
}

test('plan -> form -> invalid -> valid -> payment -> Back to Edit -> update, one document', async ({ page }) => {
  const email = `e2e.${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/');
  await page.getByRole('link', { name: 'Enroll Now in the Pro plan' }).click();
  await expect(page).toHaveURL(/\/course\/plans\/pro\/info$/);
  await expect(page.getByLabel('Interested course')).toHaveValue('Full Stack Web Development');
  await expect(page.getByLabel('Preferred batch time')).toHaveValue('Weekday Morning');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill out all fields correctly.');
  await expect(page.getByText('Please enter a 10-digit phone number')).toBeVisible();
  await expect(page.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');

  await fillEnrollment(page, email);
  await page.getByLabel('Phone').fill('12345');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill out all fields correctly.');
  await page.getByLabel('Phone').fill('9123456780');
  await page.getByLabel('I am 18 or older').check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/payment$/);
  const summary = page.getByTestId('purchase-summary');
  await expect(summary).toContainText('Pro');
  await expect(summary).toContainText('Data Science & Analytics');
  await expect(page.getByTestId('summary-price')).toHaveText('₹7,799');
  await expect(page.getByTestId('summary-batch')).toHaveText('Weekday Morning');
  for (const method of ['Credit Card', 'Debit Card', 'UPI', 'Net Banking']) await expect(page.getByLabel(method)).toBeVisible();

  // A reload keeps the enrollment in progress.
  await page.reload();
  await expect(page.getByTestId('summary-price')).toHaveText('₹7,799');

  const docs = await db().collection('enrollments').where('email', '==', email).get();
  expect(docs.size).toBe(1);
  const id = docs.docs[0].id;
  await expect(summary).toContainText(id);

  await page.getByRole('button', { name: 'Back to Edit' }).click();
  await expect(page.getByTestId('editing-notice')).toHaveText(`Editing your existing enrollment (ID: ${id})`);
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await page.getByLabel('Preferred batch time').selectOption('Weekend Evening');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByTestId('summary-batch')).toHaveText('Weekend Evening');

  const after = await db().collection('enrollments').where('email', '==', email).get();
  expect(after.size).toBe(1);
  expect(after.docs[0].id).toBe(id);
  expect(after.docs[0].get('preferredBatchTime')).toBe('Weekend Evening');

  // The pay button names the server's price; paying itself is payments.spec.ts.
  await expect(page.getByRole('button', { name: 'Pay ₹7,799' })).toBeEnabled();
  await expect(page.getByText('held for 48 hours')).toHaveCount(0);
});

test('Back to Edit: a batch time changed before the batch list has arrived is the time saved', async ({ page }) => {
  const email = `e2e.${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/course/plans/pro/info');
  await fillEnrollment(page, email);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByTestId('summary-batch')).toHaveText('Weekday Morning');

  // A slow network: the edit form's batch list has not arrived when the visitor picks a new time and goes on.
  const release = await holdRequests(page, '**/api/batches?*');
  await page.getByRole('button', { name: 'Back to Edit' }).click();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await page.getByLabel('Preferred batch time').selectOption('Weekend Evening');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByTestId('summary-batch')).toHaveText('Weekend Evening');
  release();
  const saved = (await db().collection('enrollments').where('email', '==', email).get()).docs;
  expect(saved.map((doc) => doc.get('preferredBatchTime'))).toEqual(['Weekend Evening']);
  const batch = (
    await db()
      .collection('batches')
      .doc(saved[0].get('batchId') as string)
      .get()
  ).data();
  expect(batch?.batchTime).toBe('Weekend Evening');
});

test('a save failure shows the spec message and keeps the input', async ({ page }) => {
  await page.route('**/api/enroll', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"unavailable","message":"down"}}' }),
  );
  await page.goto('/course/plans/standard/info');
  await fillEnrollment(page, 'keep.me@example.com');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Something went wrong while saving your plan. Please try again.');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('keep.me@example.com');
  await expect(page).toHaveURL(/\/info$/);
});

test('without plan data the form shows the spec error', async ({ page }) => {
  await page.goto('/course/plans/diamond-plan/info');
  await expect(page.getByText('Error: Plan or Course details not found.')).toBeVisible();
});

test('/payment without state goes back (to /pricing with no history)', async ({ page, context }) => {
  const fresh = await context.newPage();
  await fresh.goto('/payment');
  await expect(fresh).toHaveURL(/\/pricing$/);
  await page.goto('/about');
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/payment', { referer: `${HOSTING}/about` });
  await expect(page).toHaveURL(/\/about$/);
});

test.describe('contact form', () => {
  test('shows each field message, then succeeds and thanks; Send Another Message returns', async ({ page }) => {
    const email = `contact.${randomUUID().slice(0, 8)}@example.com`;
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const text of ['Full Name is required', 'Email is required', 'Mobile number is required', 'Please enter your message']) {
      await expect(page.getByText(text)).toBeVisible();
    }
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Mobile').fill('call me');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    await expect(page.getByText('Please enter a valid mobile number')).toBeVisible();

    await page.getByLabel('Full Name').fill('Tara Nguyen');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Mobile').fill('+1 (646) 555-0100');
    await page.getByLabel('Course of interest (optional)').selectOption('UI/UX Design');
    await page.getByLabel('Message').fill('Do you offer weekend UI/UX batches in the US time zone?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Thank you for reaching out!')).toBeVisible();
    await expect(page.getByText('within 24 hours')).toBeVisible();
    const stored = await db().collection('contactMessages').where('email', '==', email).get();
    expect(stored.size).toBe(1);
    expect(stored.docs[0].get('courseInterest')).toBe('UI/UX Design');
    // Two mails: the acknowledgement to the sender and the copy to the staff, with the message.
    const [ack] = await expectMails(email, 1);
    expect(ack.text).toContain('Do you offer weekend UI/UX batches in the US time zone?');
    const staff = (await mailsTo('admissions@upskill-learning.in')).filter((m) => m.text.includes(email));
    expect(staff.map((m) => m.subject)).toEqual(['Contact form: Tara Nguyen (UI/UX Design)']);

    await page.getByRole('button', { name: 'Send Another Message' }).click();
    await expect(page.getByLabel('Full Name')).toHaveValue('');
  });

  test('a server failure shows a clear message and keeps the input', async ({ page }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"x"}}' }),
    );
    await page.goto('/contact');
    await page.getByLabel('Full Name').fill('Tara Nguyen');
    await page.getByLabel('Email').fill('tara@example.com');
    await page.getByLabel('Mobile').fill('9876543210');
    await page.getByLabel('Message').fill('Hello there');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert')).toContainText('We could not send your message');
    await expect(page.getByLabel('Message')).toHaveValue('Hello there');
  });
});

test('Custom plan: the visitor picks 1 to 3 courses, sees the price the server then charges, and Back to Edit keeps the choice', async ({
  page,
}) => {
  const email = `e2e.custom.${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/plans-section');
  await expect(page.getByRole('heading', { name: 'Custom', level: 2 })).toBeVisible();
  await page.getByRole('link', { name: 'Enroll Now in the Custom plan' }).click();
  await expect(page).toHaveURL(/\/course\/plans\/custom\/info$/);
  const price = page.getByTestId('offer-price');
  await expect(price).toHaveText('Choose 1 to 3 courses');
  await expect(page.getByText('₹3,259')).toHaveCount(0);

  // Nothing chosen: the form says so and sends nothing.
  await fillEnrollment(page, email);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please choose 1 to 3 different courses for the Custom plan');
  await expect(page.getByRole('group', { name: 'Choose your courses' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/custom\/info$/);

  const picker = page.getByRole('group', { name: 'Choose your courses' });
  await picker.getByLabel('Machine Learning with Python').check();
  await expect(price).toHaveText('₹3,499');
  await picker.getByLabel('UI/UX Design Bootcamp').check();
  await expect(price).toHaveText('₹6,998');
  await picker.getByLabel('Go for Backend Engineers').check();
  await expect(price).toHaveText('₹10,497');
  // A fourth would leave the advertised range: the others are disabled.
  await expect(picker.getByLabel('Cybersecurity Fundamentals')).toBeDisabled();
  await picker.getByLabel('Go for Backend Engineers').uncheck();
  await expect(picker.getByLabel('Cybersecurity Fundamentals')).toBeEnabled();
  await expect(price).toHaveText('₹6,998');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByTestId('summary-price')).toHaveText('₹6,998');
  const docs = await db().collection('enrollments').where('email', '==', email).get();
  expect(docs.size).toBe(1);
  expect(docs.docs[0].data()).toMatchObject({ planId: 'custom', courseIds: [4, 28], price: 6998 });

  await page.getByRole('button', { name: 'Back to Edit' }).click();
  await expect(picker.getByLabel('Machine Learning with Python')).toBeChecked();
  await expect(picker.getByLabel('UI/UX Design Bootcamp')).toBeChecked();
  await picker.getByLabel('UI/UX Design Bootcamp').uncheck();
  await expect(price).toHaveText('₹3,499');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByTestId('summary-price')).toHaveText('₹3,499');
  const after = await db().collection('enrollments').where('email', '==', email).get();
  expect(after.size).toBe(1);
  expect(after.docs[0].data()).toMatchObject({ courseIds: [4], price: 3499 });
});
