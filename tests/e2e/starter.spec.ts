import { call, enrollment, untilAnswered, withKey, wasMade } from '../support/api';
import { db } from '../support/admin';
import { bearer, createUser } from '../support/auth';
import { BUSY_MESSAGE, browseCatalogue, busyFor, lookedAt, signInOnSite, watchErrors } from './helpers';
import { expect, test } from './fixtures';
import { weighSignedInPage } from './scriptWeights';

// Starter lessons in real Chromium against the production build: a Pre Registration learner starts the module from
// My Courses, reads with the diagrams and code, marks two lessons done, and sees the progress on My Courses and as the
// catalogue preview's "% complete"; a visitor who is signed out reads the first lesson and is told how to open the rest.

test('a Pre Registration learner opens starter lessons, marks two done, and sees the progress on My Courses and in the catalogue', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const errors = watchErrors(page);
  const learner = await createUser({ emailVerified: true });
  const made = await untilAnswered(
    withKey((key) =>
      call<{ id: string }>('POST', '/api/enroll', {
        body: enrollment({
          email: learner.email,
          name: 'Kavya Menon',
          planId: 'preRegistration',
          planName: 'Pre Registration',
          interestedCourse: 'Cloud Computing',
        }),
        headers: { ...bearer(learner), 'Idempotency-Key': key },
      }),
    ),
  );
  expect(wasMade(made), made.text).toBe(true);
  await db().doc(`enrollments/${made.body.id}`).update({ status: 'paid' });

  await signInOnSite(page, learner);
  await page.goto('/mycourses');
  const box = page.getByTestId('starter-box');
  await expect(box).toContainText('Cloud Computing');
  await expect(box).toContainText('0 of 4 lessons done · 0% complete');
  await box.getByRole('link', { name: 'Start the Cloud Computing starter lessons' }).click();

  // Lesson 1: the text, its code and its diagram, at the size the lesson declared.
  await expect(page.getByRole('heading', { name: 'What "the cloud" actually is', level: 1 })).toBeVisible();
  await expect(page.getByText('Cloud Computing · Lesson 1 of 4')).toBeVisible();
  const diagram = page.getByRole('img', { name: /The responsibility moves from you to the provider/ });
  await expect(diagram).toBeVisible();
  await expect.poll(() => diagram.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
  await lookedAt(page, 'Starter lesson 1');
  await page.getByRole('button', { name: 'Mark as done' }).click();
  await expect(page.getByTestId('starter-lesson-progress')).toHaveText('1 of 4 lessons done · 25% complete');
  await expect(page.getByRole('button', { name: /Done ✓/ })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('link', { name: 'Next: Linux first, because servers run it →' }).click();
  await expect(page.getByRole('heading', { name: 'Linux first, because servers run it', level: 1 })).toBeFocused();
  await expect(page.locator('.starter__body pre code').first()).toContainText('pwd');
  await page.getByRole('button', { name: 'Mark as done' }).click();
  await expect(page.getByTestId('starter-lesson-progress')).toHaveText('2 of 4 lessons done · 50% complete');

  // The module's page and My Courses say the same.
  await page.getByRole('link', { name: 'Starter lessons' }).click();
  await expect(page.getByTestId('starter-progress')).toContainText('2 of 4 lessons done · 50% complete');
  await expect(page.getByTestId('starter-lesson').filter({ hasText: 'Done' })).toHaveCount(2);
  await lookedAt(page, 'Starter module with progress');
  await page.goto('/mycourses');
  await expect(box).toContainText('2 of 4 lessons done · 50% complete');
  await expect(box.getByRole('link', { name: 'Continue the Cloud Computing starter lessons' })).toHaveAttribute(
    'href',
    '/starter/cloud-computing/infrastructure-as-code',
  );
  await lookedAt(page, 'My Courses with starter lessons');

  // The catalogue's preview of a course of the programme: "% complete" is the learner's own; elsewhere, the seat fill.
  await page.goto('/courses');
  await browseCatalogue(page);
  await page.getByRole('button', { name: 'Preview AWS Cloud Practitioner to Architect' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('course-progress')).toContainText('50% complete · 2 of 4 starter lessons');
  await expect(dialog.getByRole('progressbar', { name: 'Your progress in the Cloud Computing starter lessons' })).toHaveAttribute(
    'aria-valuenow',
    '50',
  );
  await lookedAt(page, 'Course preview with the learner’s progress');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Preview VLSI Design Fundamentals' }).click();
  await expect(dialog.locator('.seats')).toHaveAttribute('data-seats', 'live');
  await expect(dialog.getByTestId('course-progress')).toHaveCount(0);
  await expect(dialog.getByRole('progressbar', { name: 'Seats filled in the next batch' })).toBeVisible();

  await weighSignedInPage(
    page,
    '/starter/cloud-computing/linux-first',
    () => expect(page.getByRole('heading', { name: 'Linux first, because servers run it', level: 1 })).toBeVisible(),
    'starter lesson (signed in)',
  );
  expect(errors).toEqual([]);

  // Signed out: the first lesson as a preview, the rest say how they open.
  const visitor = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
  await visitor.goto('/starter/cloud-computing');
  await expect(visitor.getByRole('heading', { name: 'Cloud Computing: starter lessons', level: 1 })).toBeVisible();
  await expect(visitor.getByTestId('starter-preview-note')).toContainText('The first lesson is free to read');
  await expect(visitor.getByTestId('starter-lesson').filter({ hasText: 'Opens with Pre Registration' })).toHaveCount(3);
  await lookedAt(visitor, 'Starter module, signed out');
  await visitor.goto('/starter/cloud-computing/linux-first');
  await expect(visitor.getByRole('heading', { name: 'This lesson is not open to you yet', level: 1 })).toBeVisible();
  await expect(visitor.getByRole('status').filter({ hasText: 'Pre Registration for Cloud Computing' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Mark as done' })).toHaveCount(0);
  await lookedAt(visitor, 'A locked starter lesson, signed out');
});

test('signed out, starter lessons the server cannot answer through the retries say so, and Try again loads them', async ({ page }) => {
  // Busy for the module's request and the two retries the page makes itself; the fourth goes through.
  const asked = await busyFor(page, '**/api/starter/cloud-computing', 3);
  await page.goto('/starter/cloud-computing');
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toHaveText(BUSY_MESSAGE);
  expect(asked()).toBe(3);
  await lookedAt(page, 'Starter module, the server busy');
  await page.getByRole('main').getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('starter-lesson')).toHaveCount(4);
  await expect(alert).toHaveCount(0);
  expect(asked()).toBe(4);
});
