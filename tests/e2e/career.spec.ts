import { randomUUID } from 'node:crypto';
import { CHECKLISTS } from '@upskill/domain/career';
import { buyer, newMentor } from '../support/mentoring';
import { expectNoAxeViolations, signInOnSite, watchErrors, withoutRetriedBusyAnswers } from './helpers';
import { expect, test } from './fixtures';
import { overflowAt } from './overflow';
import { weighSignedInPage } from './scriptWeights';

// Career services (#57) as people use them in Chromium: a Pro learner sends their resume's link from /career (its
// errors showing first), a mentor reviews it point by point on /career/desk and suggests changes, the learner sends a
// new version, which is approved. axe and phone widths on both pages.

test.use({ reducedMotion: 'reduce' });

test('a Pro learner’s resume: sent, reviewed with the checklist, changes suggested, a new version approved', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const client = `career-e2e-${randomUUID().slice(0, 6)}`;
  const errors = watchErrors(page);
  const [{ learner }, mentor] = await Promise.all([
    buyer('pro', client),
    newMentor(`Career Mentor ${randomUUID().slice(0, 4)}`, 'Asia/Kolkata', ['mentor-call'], client, 'admin'),
  ]);
  await signInOnSite(page, learner);
  await weighSignedInPage(
    page,
    '/mycourses',
    () => expect(page.getByTestId('career-section')).toBeVisible(),
    'My Courses with career reviews',
  );
  await expect(page.getByTestId('career-line')).toHaveText([
    'Resume review: 1 left, with one re-review',
    'LinkedIn review: 1 left, with one re-review',
  ]);
  await page.getByRole('link', { name: 'Send your resume or LinkedIn profile, and read your reviews' }).click();
  await expect(page).toHaveURL(/\/career$/);

  // Sent empty, then with a link that is not https: each error on its field, focus on the first.
  await page.setViewportSize({ width: 375, height: 800 });
  const form = page.getByRole('form', { name: 'Ask for a review' });
  await form.getByRole('button', { name: 'Send for review' }).click();
  await expect(form.getByLabel('Review', { exact: true })).toBeFocused();
  await expect(form.getByText('Choose a resume or a LinkedIn review.')).toBeVisible();
  await form.getByLabel('Review', { exact: true }).selectOption({ label: 'Resume review (Pro, 1 left)' });
  await form.getByLabel('Link to your resume').fill('http://example.com/cv.pdf');
  await form.getByRole('button', { name: 'Send for review' }).click();
  await expect(form.getByLabel('Link to your resume')).toBeFocused();
  await expect(form.getByText(/^Give an https:\/\/ link to your resume/)).toBeVisible();
  await expect(form.getByText('Name the role you are aiming at, so we review for it.')).toBeVisible();
  for (const width of [320, 375, 414]) expect(await overflowAt(page, width)).toEqual([]);
  await expectNoAxeViolations(page, '/career with errors');

  await form.getByLabel('Link to your resume').fill('https://docs.google.com/document/d/1CareerE2E/edit');
  await form.getByLabel('The role you are aiming at').fill('Junior data analyst');
  await form.getByRole('button', { name: 'Send for review' }).click();
  await expect(page.getByTestId('career-notice')).toContainText('A mentor reviews it within 3 working days');
  const item = page.getByTestId('career-review');
  await expect(item).toContainText('Waiting for review');
  await expect(item.getByTestId('career-promise')).toContainText('Promised within 3 working days');

  // The mentor's queue: the review, the checklist marked (a point left unmarked is named first), changes suggested.
  const desk = await browser.newContext({ reducedMotion: 'reduce' });
  const mentorPage = await desk.newPage();
  const mentorErrors = watchErrors(mentorPage);
  await signInOnSite(mentorPage, mentor);
  await mentorPage.goto('/career/desk');
  const row = mentorPage.getByTestId('career-desk-item').filter({ hasText: 'Junior data analyst' });
  await row.getByRole('button', { name: 'Review' }).click();
  const review = mentorPage.getByRole('form', { name: 'Review this version' });
  await mentorPage.setViewportSize({ width: 375, height: 800 });
  await review.getByRole('button', { name: 'Release to the learner' }).click();
  await expect(review.getByTestId('career-check').first().getByLabel('Good')).toBeFocused();
  await expect(review.getByText('Mark this point good or change.').first()).toBeVisible();
  for (const width of [320, 375, 414]) expect(await overflowAt(mentorPage, width)).toEqual([]);
  await expectNoAxeViolations(mentorPage, '/career/desk with errors');
  const checks = review.getByTestId('career-check');
  for (let i = 0; i < (await checks.count()); i++) await checks.nth(i).getByLabel('Good').check();
  await review.getByRole('group', { name: 'Impact bullets with numbers' }).getByLabel('Change').check();
  await review.getByLabel('Comment on impact bullets with numbers (optional)').fill('Put a number in each bullet.');
  await review.getByLabel('Summary for the learner').fill('Good projects. The bullets need results.');
  await review.getByLabel('What to change first (one per line, up to five)').fill('Add a number to each internship bullet');
  await review.getByLabel('Changes suggested').check();
  await review.getByRole('button', { name: 'Release to the learner' }).click();
  await expect(mentorPage.getByTestId('career-desk-notice')).toContainText('they have been mailed');

  // The learner reads it point by point, and sends the new version.
  await page.reload();
  await expect(item).toContainText('Changes suggested');
  await expect(item.getByRole('row', { name: /Impact bullets with numbers/ })).toContainText('Put a number in each bullet.');
  await expect(item).toContainText('Add a number to each internship bullet');
  const again = item.getByRole('form', { name: 'Send the new version' });
  await again.getByLabel('Link to your resume').fill('https://docs.google.com/document/d/1CareerE2Ev2/edit');
  await again.getByRole('button', { name: 'Send the new version' }).click();
  await expect(page.getByTestId('career-notice')).toContainText('A mentor reviews it');
  await expect(item.getByTestId('career-version')).toHaveCount(2);
  for (const width of [320, 375, 414]) expect(await overflowAt(page, width)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page, '/career with a review and its re-review');

  // Approved.
  await mentorPage.reload();
  await mentorPage
    .getByTestId('career-desk-item')
    .filter({ hasText: 'Junior data analyst' })
    .getByRole('button', { name: 'Review' })
    .click();
  const second = mentorPage.getByRole('form', { name: 'Review this version' });
  const all = second.getByTestId('career-check');
  // The resume checklist's eight points, once the review has loaded.
  await expect(all).toHaveCount(CHECKLISTS.resume.length);
  for (let i = 0; i < (await all.count()); i++) await all.nth(i).getByLabel('Good').check();
  await second.getByLabel('Summary for the learner').fill('Ready to send.');
  await second.getByLabel('Approved').check();
  await mentorPage.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(mentorPage, '/career/desk, a re-review');
  await second.getByRole('button', { name: 'Release to the learner' }).click();
  await expect(mentorPage.getByTestId('career-desk-notice')).toBeVisible();
  await page.reload();
  await expect(item).toContainText('Approved');
  expect(withoutRetriedBusyAnswers(mentorErrors, 'mentor')).toEqual([]);
  await desk.close();
  expect(withoutRetriedBusyAnswers(errors, 'learner')).toEqual([]);
});
