import { call, enrollment, untilAnswered, withKey, wasMade } from '../support/api';
import { adminAuth } from '../support/admin';
import { bearer, createUser, signIn } from '../support/auth';
import { mailsTo } from '../support/mail';
import { createStaff } from '../support/staff';
import { emptySupportFigureWindow } from '../support/supportFigures';
import { lookedAt, signInOnSite, watchErrors } from './helpers';
import { expect, test } from './fixtures';

// Support requests in real Chromium against the production build: a learner asks from My Courses (the form's
// errors first), gets a reference and the promised answer time; staff find it in the console's Support tab,
// assign it, reply and close it; the learner is mailed and reads the answer in the request on My Courses.

const HOSTILE = 'Typed by me: <img src=x onerror="window.__pwned=1"> <script>window.__pwned=2</script>';

async function mailStarting(address: string, subject: string) {
  await expect
    .poll(async () => (await mailsTo(address)).map((m) => m.subject).find((s) => s.startsWith(subject)), { timeout: 20_000 })
    .toBeTruthy();
  return (await mailsTo(address)).find((m) => m.subject.startsWith(subject))!;
}

test('a support request -> staff assign and reply (mailed) -> closed; the learner reads it on My Courses', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const errors = watchErrors(page);
  await emptySupportFigureWindow(Date.now());
  const learner = await createUser({ emailVerified: true });
  // Something bought, to name in the request: an AI & ML course enrollment (what the buyer chose, not a default).
  const made = await untilAnswered(
    withKey((key) =>
      call<{ id: string }>('POST', '/api/enroll', {
        body: enrollment({ email: learner.email, planId: undefined, courseId: 4 }),
        headers: { ...bearer(learner), 'Idempotency-Key': key },
      }),
    ),
  );
  expect(wasMade(made), made.text).toBe(true);
  const staff = await createStaff();
  await adminAuth().updateUser(staff.uid, { displayName: 'Nikhil from Support' });
  await signIn(staff);

  await signInOnSite(page, learner);
  await page.goto('/mycourses');
  const box = page.getByRole('region', { name: 'Help and support' });
  await box.getByText('Ask us about a payment, your schedule, access or a certificate').click();
  const form = box.getByRole('form', { name: 'Ask for help' });
  await expect(box.getByText('You have not asked us anything yet.')).toBeVisible();
  await expect(form).toContainText('We answer within 1 working day');
  // Nothing chosen: each field says what it needs, and focus goes to the first.
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByText('Choose what your question is about.')).toBeVisible();
  await expect(form.getByText('Tell us what you need, in 10 characters or more.')).toBeVisible();
  await expect(form.getByLabel('What is it about?')).toBeFocused();
  await lookedAt(page, 'My Courses, a support request with errors');

  await form.getByLabel('What is it about?').selectOption({ label: 'Certificate' });
  const which = form.getByLabel('Which enrollment? (optional)');
  await expect(which.locator('option')).toHaveText([
    'Not about one enrollment',
    /^Machine Learning with Python, enrolled \d{1,2} \w{3} \d{4}$/,
  ]);
  await which.selectOption({ index: 1 });
  await form.getByLabel('Your message').fill(HOSTILE);
  await form.getByRole('button', { name: 'Send request' }).click();
  const notice = box.getByTestId('support-notice');
  await expect(notice).toContainText(/Request SR-\d{6} is in\. We answer by \w{3} \d{1,2} \w{3}, \d{2}:\d{2} IST, here and by e-mail\./);
  const reference = /SR-\d{6}/.exec((await notice.textContent()) ?? '')![0];
  const request = box.getByTestId('support-request').filter({ hasText: reference });
  await expect(request.getByTestId('support-state')).toHaveText('Waiting for our answer');
  await expect(request).toContainText('About: Machine Learning with Python, enrolled');
  // What the learner typed is shown as text, and nothing in it ran.
  await expect(request.getByText(HOSTILE)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  // The form is empty again, ready for another request.
  await expect(form.getByLabel('Your message')).toHaveValue('');
  await mailStarting(learner.email, `Support request ${reference}: we have it`);

  // The team: the console's Support tab has it waiting, with its promise.
  const desk = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInOnSite(desk, staff);
  await desk.goto('/staff/support');
  await expect(desk.getByRole('heading', { name: 'Support', level: 1 })).toBeVisible();
  const row = desk.getByTestId('support-row').filter({ hasText: reference });
  await expect(row).toContainText('Waiting for our answer');
  await expect(row).toContainText('unassigned');
  await row.getByRole('button', { name: new RegExp(reference) }).click();
  const detail = row.getByTestId('support-detail');
  await expect(detail.getByText(HOSTILE)).toBeVisible();
  await detail.getByLabel('Assigned to').selectOption({ label: 'Nikhil from Support' });
  await detail.getByRole('button', { name: 'Assign' }).click();
  await expect(desk.getByTestId('support-notice')).toHaveText(`${reference}: assigned to Nikhil from Support.`);
  await expect(row).toContainText('Nikhil from Support');
  // An empty reply is refused in the form; focus stays on it.
  await detail.getByRole('button', { name: 'Send reply' }).click();
  await expect(detail.getByText('Write the reply first.')).toBeVisible();
  await detail.getByLabel(/^Reply to/).fill('Your certificate is reissued with the right spelling. Download it again from My Courses.');
  await detail.getByRole('button', { name: 'Send reply' }).click();
  await expect(desk.getByTestId('support-notice')).toHaveText(`${reference}: reply sent to ${learner.email.toLowerCase()}.`);
  await expect(row).toContainText('Answered');
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(desk.getByTestId('support-notice')).toHaveText(`${reference}: closed.`);
  await expect(row).toContainText('Closed');
  // The figures are this test's own (the window was emptied first): one request, answered within its promise.
  await expect(desk.getByTestId('support-on-time')).toHaveText('100%');
  const weekRows = desk.getByTestId('support-week');
  await expect(weekRows).toHaveCount(8);
  const answeredWeek = weekRows.filter({ has: desk.locator('td', { hasText: /^1$/ }) });
  await expect(answeredWeek).toHaveCount(1);
  await expect(answeredWeek.locator('td')).toHaveText(['1', '1', '1 (100%)', /^\d+ min$/]);
  // The chart plots the same: 100% in that week, nothing in the seven others.
  const chart = desk.getByTestId('support-chart');
  await expect(chart.locator('canvas')).toBeVisible();
  const plotted = JSON.parse((await chart.getAttribute('data-plotted')) ?? 'null') as { label: string; values: (number | null)[] }[];
  expect(plotted.map((s) => s.label)).toEqual(['Answered within the promise']);
  expect(plotted[0].values.filter((v) => v !== null)).toEqual([100]);
  expect(plotted[0].values).toHaveLength(8);
  await lookedAt(desk, 'Staff console, Support');

  // The learner is mailed the answer, and reads it in the request, from the mail's link.
  const mail = await mailStarting(learner.email, `Support request ${reference}: our answer`);
  expect(mail.text).toContain('Nikhil from Support wrote:');
  expect(mail.text).toContain('/mycourses#support');
  // As the mail's link opens it: a fresh load of My Courses, straight to the section.
  await page.goto('about:blank');
  await page.goto('/mycourses#support');
  const after = page.getByRole('region', { name: 'Help and support' }).getByTestId('support-request').filter({ hasText: reference });
  await expect(after.getByTestId('support-state')).toHaveText('Closed');
  await expect(after).toContainText('Upskill support: Nikhil from Support');
  await expect(after).toContainText('Your certificate is reissued with the right spelling.');
  await expect(after.getByLabel('Write again (this reopens the request)')).toBeVisible();
  await lookedAt(page, 'My Courses, an answered support request');
  expect(errors).toEqual([]);
});

// My Courses with help and support open is weighed in learning.spec.ts, with every other section open too.
