import { randomUUID } from 'node:crypto';
import type { CreatedEnrollment, OrderCheckout } from '@upskill/domain/enrollment';
import { call, enrollment, madeEnrollment, untilAnswered } from '../support/api';
import { db } from '../support/admin';
import { bearer, createUser } from '../support/auth';
import { COURSE, openBatch } from '../support/learning';
import { sandboxPay } from '../support/razorpay';
import { createStaff } from '../support/staff';
import { firstMeetingOnOrAfter, indiaDate } from '@upskill/domain/batches';
import { COURSES } from '@upskill/domain/catalogue';
import { expectNoAxeViolations, lookedAt, signInOnSite, watchErrors } from './helpers';
import { expect, test } from './fixtures';

/** Pays for an enrollment through the sandbox as the site's checkout does: each call sent again after a busy answer. */
async function payFor(id: string, edit: Record<string, string>, client: string) {
  const order = await untilAnswered(() => call<OrderCheckout>('POST', `/api/enroll/${id}/checkout`, { body: {}, headers: edit, client }));
  expect(order.status, order.text).toBe(200);
  const paid = await sandboxPay(order.body.orderId);
  const confirmed = await untilAnswered(() => call('POST', `/api/enroll/${id}/payment`, { body: paid.body, headers: edit, client }));
  expect(confirmed.status, confirmed.text).toBe(200);
}

// #32 in Chromium: a Pro plan's "Access to 3 courses" is three course credits; the learner spends one from
// My Courses on a batch of another course, as a visitor would, and the seat is theirs.

test('Pro: My Courses shows the credits left; Use a credit → course → batch takes a seat; the count goes down', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  const client = `credits-e2e-${randomUUID().slice(0, 8)}`;
  const learner = await createUser({ emailVerified: true });
  const created = await madeEnrollment<CreatedEnrollment>({
    body: enrollment({ email: learner.email, planId: 'pro' }),
    headers: bearer(learner),
    client,
  });
  const edit = { 'X-Edit-Token': created.body.editToken };
  await payFor(created.body.id, edit, client);
  await openBatch();

  await signInOnSite(page, learner);
  await page.goto('/mycourses');
  const pro = page.getByTestId('purchase').filter({ has: page.getByRole('heading', { name: 'Pro', exact: true }) });
  await expect(pro.getByTestId('credits-left')).toHaveText('2 of 3 course credits left to spend.');
  await pro.getByRole('button', { name: 'Use a credit' }).click();
  const form = pro.getByRole('form', { name: 'Use a credit of Pro' });
  await form.getByLabel('Course').selectOption({ label: COURSE.name });
  const batch = form.getByRole('radio').first();
  await expect(batch).toBeVisible();
  await expectNoAxeViolations(page, 'My Courses: using a credit');
  await batch.check();
  await form.getByRole('button', { name: 'Use 1 credit for this seat' }).click();

  // The list is read again: the new place, and one credit fewer.
  await expect(pro.getByTestId('credits-left')).toHaveText('1 of 3 course credits left to spend.');
  const place = page.getByTestId('purchase').filter({ has: page.getByRole('heading', { name: 'Pro (course credit)' }) });
  await expect(place).toHaveCount(1);
  await expect(place.getByTestId('purchase-status')).toHaveText('Paid');
  const child = (await db().collection('enrollments').where('coveredBy.enrollmentId', '==', created.body.id).get()).docs;
  expect(child).toHaveLength(1);
  expect(child[0].get('courseId')).toBe(COURSE.id);
  expect(
    (
      await db()
        .collection('seats')
        .doc(child[0].get('seatId') as string)
        .get()
    ).get('state'),
  ).toBe('confirmed');
  expect(errors).toEqual([]);
});

test('a course switches before its batch starts: My Courses → Switch course → a cheaper course (the difference refunded), then back to a dearer one (the difference paid in checkout); each invoice reissued', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const client = `switch-e2e-${randomUUID().slice(0, 8)}`;
  const staff = await createStaff();
  // Machine Learning with Python is ₹3,589 and Python Programming Foundations ₹3,399: ₹190 comes back.
  const [ml, deep] = [COURSES[3], COURSES[0]];
  expect([ml.price, deep.price]).toEqual([3589, 3399]);
  const batchOf = async (slug: string, weeks: number) => {
    const startDate = firstMeetingOnOrAfter('Weekday Evening', indiaDate(Date.now() + weeks * 7 * 86_400_000));
    const res = await untilAnswered(() =>
      call<{ batchId: string }>('POST', '/api/staff/batches', {
        body: { offering: slug, batchTime: 'Weekday Evening', startDate, capacity: 5 },
        headers: bearer(staff),
        client,
      }),
    );
    expect(res.status).toBe(201);
    return res.body.batchId;
  };
  // The new course's batch starts in two weeks: the switch lists a course's soonest 20 batches, and the API tests and
  // the scale test open many of this course's batches from 30 days on (at ten weeks it was past the first 20 in run X).
  const [from, to] = [await batchOf(ml.slug, 9), await batchOf(deep.slug, 2)];
  const learner = await createUser({ emailVerified: true });
  const created = await madeEnrollment<CreatedEnrollment>({
    body: enrollment({ email: learner.email, planId: undefined, courseId: ml.id, batchId: from, preferredBatchTime: 'Weekday Evening' }),
    headers: bearer(learner),
    client,
  });
  const edit = { 'X-Edit-Token': created.body.editToken };
  await payFor(created.body.id, edit, client);
  const firstInvoice = (await db().collection('enrollments').doc(created.body.id).get()).get('invoice.number') as string;

  await signInOnSite(page, learner);
  await page.goto('/mycourses');
  const item = page.getByTestId('purchase').filter({ has: page.getByRole('heading', { name: ml.name, exact: true }) });
  await expect(item.getByTestId('switch-course')).toContainText(
    'Before your batch’s first class you can switch to another course: at no cost if it costs the same, with the difference refunded to the payment you made if it costs less, or by paying the difference if it costs more.',
  );
  await item.getByRole('button', { name: 'Switch course' }).click();
  const form = item.getByRole('form', { name: `Switch the course of ${ml.name}` });
  await form.getByLabel('Course').selectOption({ label: `${deep.name} (₹190 refunded)` });
  const batch = form.locator(`input[type=radio][value="${to}"]`);
  await expect(batch).toBeVisible();
  await lookedAt(page, 'My Courses: switching course');
  await batch.check();
  await form.getByRole('button', { name: 'Switch to this batch' }).click();

  // The list is read again: the course is the new one, with a new invoice and the credit note cancelling the old.
  const switched = page.getByTestId('purchase').filter({ has: page.getByRole('heading', { name: deep.name, exact: true }) });
  await expect(switched).toHaveCount(1);
  const stored = (await db().collection('enrollments').doc(created.body.id).get()).data();
  expect(stored).toMatchObject({ courseId: deep.id, batchId: to });
  expect(stored?.invoice?.number).not.toBe(firstInvoice);
  await expect(switched.getByRole('button', { name: `Download GST invoice ${stored?.invoice?.number} (PDF)` })).toBeVisible();
  await expect(switched.getByRole('button', { name: `Download credit note ${stored?.creditNote?.number} (PDF)` })).toBeVisible();
  // The sandbox makes the refund at once, as Razorpay does for a normal refund it accepts: the page says it is made.
  await expect(switched.getByTestId('switch-refund')).toHaveText(
    '₹190 refunded for your switch: Razorpay returns it to the card, UPI or bank account you paid from, usually within 5 to 7 working days.',
  );
  await expect(switched.getByText('₹3,399', { exact: true })).toBeVisible();
  expect(stored?.switchRefund).toMatchObject({ amount: 190, refundId: expect.stringMatching(/^rfnd_/) });
  expect(
    (
      await db()
        .collection('seats')
        .doc(stored?.seatId as string)
        .get()
    ).get('state'),
  ).toBe('confirmed');
  expect((await db().collection('seats').where('batchId', '==', from).get()).size).toBe(0);

  // Back to Machine Learning with Python, ₹190 dearer: its difference is paid in Razorpay's checkout, and the payment
  // makes the switch. The form says so before anything is paid, and the button names the amount.
  await switched.getByRole('button', { name: 'Switch course' }).click();
  const back = switched.getByRole('form', { name: `Switch the course of ${deep.name}` });
  await back.getByLabel('Course').selectOption({ label: `${ml.name} (₹190 more)` });
  await expect(back.getByTestId('switch-top-up')).toHaveText(
    'This course costs ₹190 more than yours: you pay the difference in Razorpay’s checkout, and your course switches as soon as it is paid. Your seat in the batch you choose is held while you pay.',
  );
  await back.locator(`input[type=radio][value="${from}"]`).check();
  await lookedAt(page, 'My Courses: switching to a dearer course');
  await back.getByRole('button', { name: 'Pay ₹190 and switch' }).click();
  const frame = page.frameLocator('iframe[name="razorpay-checkout-frame"]');
  await frame.getByRole('button', { name: /^Pay ₹/ }).click();
  const dearer = page.getByTestId('purchase').filter({ has: page.getByRole('heading', { name: ml.name, exact: true }) });
  await expect(dearer).toHaveCount(1);
  await expect(dearer.getByText('₹3,589', { exact: true })).toBeVisible();
  const after = (await db().collection('enrollments').doc(created.body.id).get()).data();
  expect(after).toMatchObject({ courseId: ml.id, batchId: from, price: 3589, switchOrder: null });
  expect(after?.switches?.[1]).toMatchObject({ to: ml.slug, topUp: 190 });
  await expect(dearer.getByRole('button', { name: `Download GST invoice ${after?.invoice?.number} (PDF)` })).toBeVisible();
  expect((await db().collection('seats').where('batchId', '==', to).get()).size).toBe(0);
  expect(errors).toEqual([]);
});
