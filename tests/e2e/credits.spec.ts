import { randomUUID } from 'node:crypto';
import type { CreatedEnrollment, OrderCheckout } from '@upskill/domain/enrollment';
import { call, enrollment } from '../support/api';
import { db } from '../support/admin';
import { bearer, createUser } from '../support/auth';
import { COURSE, openBatch } from '../support/learning';
import { sandboxPay } from '../support/razorpay';
import { expectNoAxeViolations, signInOnSite, watchErrors } from './helpers';
import { expect, test } from './fixtures';

// #32 in Chromium: a Pro plan's "Access to 3 courses" is three course credits; the learner spends one from
// My Courses on a batch of another course, as a visitor would, and the seat is theirs.

test('Pro: My Courses shows the credits left; Use a credit → course → batch takes a seat; the count goes down', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  const client = `credits-e2e-${randomUUID().slice(0, 8)}`;
  const learner = await createUser({ emailVerified: true });
  const created = await call<CreatedEnrollment>('POST', '/api/enroll', {
    body: enrollment({ email: learner.email, planId: 'pro' }),
    headers: bearer(learner),
    client,
  });
  const edit = { 'X-Edit-Token': created.body.editToken };
  const order = await call<OrderCheckout>('POST', `/api/enroll/${created.body.id}/checkout`, { body: {}, headers: edit, client });
  const paid = await sandboxPay(order.body.orderId);
  expect((await call('POST', `/api/enroll/${created.body.id}/payment`, { body: paid.body, headers: edit, client })).status).toBe(200);
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
