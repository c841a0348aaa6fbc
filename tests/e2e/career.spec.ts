import { randomUUID } from 'node:crypto';
import { CHECKLISTS } from '@upskill/domain/career';
import type { BookingAnswer, SlotsAnswer } from '@upskill/domain/mentoring';
import { call, untilAnswered } from '../support/api';
import { buyer, newMentor, slotWellAhead } from '../support/mentoring';
import { createStaff } from '../support/staff';
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

test('a Platinum learner’s placement: said to open after a ready interview, first contact promised, a referral to an offer, the learner reports joining, and the Placements chart counts it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const client = `placement-e2e-${randomUUID().slice(0, 6)}`;
  const errors = watchErrors(page);
  const [{ learner }, mentor, staff] = await Promise.all([
    buyer('platinum', client),
    newMentor(`Placement Mentor ${randomUUID().slice(0, 4)}`, 'Asia/Kolkata', ['mock-interview'], client, 'admin'),
    createStaff(),
  ]);
  await signInOnSite(page, learner);
  await page.goto('/mycourses');
  // Before any interview, My Courses says when placement assistance opens.
  await expect(page.getByTestId('placement-opens')).toContainText('Placement assistance opens after a mock interview rated “ready”.');

  // A mock interview, rated ready by the mentor once it has ended (the request clock moves past its end).
  const headers = { Authorization: `Bearer ${learner.idToken}` };
  const slots = await untilAnswered(() =>
    call<SlotsAnswer>('GET', `/api/mentoring/mentors/${mentor.uid}/slots?kind=mock-interview`, { headers, client }),
  );
  const booked = await untilAnswered(() =>
    call<BookingAnswer>('POST', '/api/mentoring/bookings', {
      body: { kind: 'mock-interview', mentorId: mentor.uid, startsAt: new Date(slotWellAhead(slots.body.slots).startMs).toISOString() },
      headers,
      client,
    }),
  );
  expect(booked.status, booked.text).toBe(201);
  const scored = await untilAnswered(() =>
    call('POST', `/api/mentoring/desk/bookings/${booked.body.booking.id}/scorecard`, {
      body: {
        ratings: { problemSolving: 4, technicalDepth: 4, communication: 5, codeQuality: 4, roleFit: 4 },
        comments: 'Ready.',
        verdict: 'ready',
      },
      headers: { Authorization: `Bearer ${mentor.idToken}`, 'x-emulator-now': new Date(booked.body.booking.endsAtMs).toISOString() },
      client,
    }),
  );
  expect(scored.status, scored.text).toBe(200);

  await page.reload();
  await page.getByLabel('What roles and places are you looking for?').fill('Data analyst roles in Pune');
  await page.getByRole('button', { name: 'Ask for placement assistance' }).click();
  await expect(page.getByTestId('mentoring-notice')).toHaveText('Your placement request is with our team.');
  await expect(page.getByTestId('placement-contact')).toHaveText(/^Our team contacts you by .+ IST\.$/);

  // The placement team refers the learner, which is its first contact, and records the offer.
  const consoleContext = await browser.newContext({ reducedMotion: 'reduce' });
  const staffPage = await consoleContext.newPage();
  const staffErrors = watchErrors(staffPage);
  await signInOnSite(staffPage, staff);
  await staffPage.goto('/staff/placements');
  const row = staffPage.getByTestId('placement-row').filter({ hasText: learner.email });
  // The referral form is not a landmark of its own: a console with many rows would name many alike.
  await row.getByLabel('Company', { exact: true }).fill('Northwind Analytics');
  await row.getByLabel('Role', { exact: true }).fill('Data analyst');
  await row.getByRole('button', { name: 'Add referral' }).click();
  await expect(staffPage.getByText(/: referred to Northwind Analytics\.$/)).toBeVisible();
  await expect(row.getByTestId('placement-contact')).toHaveText(/^Contacted /);
  await row.getByLabel('Outcome of the referral to Northwind Analytics').selectOption({ label: 'Offer' });
  await expect(staffPage.getByText('Northwind Analytics: Offer.')).toBeVisible();

  // The learner sees the referral and its outcome, and reports joining: sent empty first, each error on its field.
  await page.reload();
  await expect(page.getByTestId('placement-contact')).toHaveText(/^First contact .+ IST\.$/);
  await expect(page.getByTestId('placement-referral')).toHaveText(/^Northwind Analytics, Data analyst: referred .+ · Offer$/);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Tell us your news' }).click();
  const report = page.getByRole('form', { name: 'Report an offer or a joining' });
  await report.getByRole('button', { name: 'Send' }).click();
  await expect(report.getByLabel('Company')).toBeFocused();
  await expect(report).toContainText('Name the company.');
  await expect(report).toContainText('Name the role.');
  await expect(report).toContainText('Give the day (YYYY-MM-DD).');
  await expectNoAxeViolations(page, 'My Courses placement, errors showing, at 375 px');
  for (const width of [320, 375, 414]) expect(await overflowAt(page, width)).toEqual([]);
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  await report.getByLabel('I have joined').check();
  await report.getByLabel('Company').fill('Northwind Analytics');
  await report.getByLabel('Role').fill('Data analyst');
  await report.getByLabel('On').fill(today);
  await report.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('mentoring-notice')).toHaveText('Thank you: your news is with our placement team.');
  await expect(page.getByTestId('placement-report')).toContainText('I have joined: Northwind Analytics, Data analyst');

  // The job search on /career: sent empty first (errors on their fields), then an application whose interview is ahead,
  // which offers a mock interview first, with what the plan has left.
  await page.goto('/career');
  const add = page.getByRole('form', { name: 'Add an application' });
  await add.getByLabel('Stage').selectOption('interview');
  await add.getByRole('button', { name: 'Add to my job search' }).click();
  await expect(add.getByLabel('Company')).toBeFocused();
  await expect(add).toContainText('Name the company.');
  await expect(add).toContainText('Give the interview’s day (YYYY-MM-DD).');
  await expectNoAxeViolations(page, '/career job search, errors showing, at 375 px');
  for (const width of [320, 375, 414]) expect(await overflowAt(page, width)).toEqual([]);
  await add.getByLabel('Company').fill('Contoso');
  await add.getByLabel('Role').fill('Analyst');
  await add.getByLabel(/^Interview on/).fill(new Date(Date.now() + 330 * 60_000 + 10 * 86_400_000).toISOString().slice(0, 10));
  await add.getByRole('button', { name: 'Add to my job search' }).click();
  await expect(page.getByTestId('tracker-notice')).toHaveText('Contoso (Analyst) is in your job search.');
  const application = page.getByTestId('application').filter({ hasText: 'Contoso: Analyst' });
  await expect(application.getByTestId('mock-offer')).toContainText('practise first with a mock interview (2 of 3 mock interviews left)');
  await expect(application.getByRole('link', { name: 'Book a mock interview' })).toHaveAttribute('href', '/mycourses#mentoring');

  // The console: the learner's report on the row; this month's requests, referrals and offers drawn and tabled.
  await staffPage.reload();
  await expect(row.getByTestId('learner-report')).toHaveText(/^The learner reports: joined Northwind Analytics, Data analyst/);
  const chart = staffPage.getByTestId('placements-chart');
  await expect(chart).toHaveAttribute('data-plotted', /Offers/);
  const plotted = JSON.parse((await chart.getAttribute('data-plotted'))!) as { label: string; values: number[] }[];
  expect(plotted.map((p) => p.label)).toEqual(['Requests', 'Referrals', 'Offers']);
  for (const series of plotted) expect(series.values.at(-1), series.label).toBeGreaterThanOrEqual(1);
  const month = staffPage.getByTestId('placement-month').last();
  await expect(month).toContainText(
    new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(Date.now()),
  );
  const cells = (await month.locator('td').allTextContents()).map(Number);
  expect(cells).toEqual([plotted[0].values.at(-1), plotted[1].values.at(-1), plotted[2].values.at(-1)]);
  // Beside them, the resume and LinkedIn reviews' promise kept (exact figures: career.test).
  await expect(staffPage.getByTestId('career-summary')).toHaveText(
    /^Resume and LinkedIn reviews, last 12 months: \d+ released, (none yet|\d+% within their promise); \d+ waiting, \d+ overdue\.$/,
  );
  await expect(staffPage.getByTestId('placement-summary')).toHaveText(
    /^First contact within 2 working days: \d+% of \d+\. Median days from request to offer: [\d.]+\.$/,
  );
  for (const width of [375, 1280]) {
    await staffPage.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(staffPage, `Staff console, Placements with figures, at ${width} px`);
  }
  for (const width of [320, 375, 414]) expect(await overflowAt(staffPage, width)).toEqual([]);
  expect(withoutRetriedBusyAnswers(staffErrors, 'console')).toEqual([]);
  await consoleContext.close();
  expect(withoutRetriedBusyAnswers(errors, 'my courses')).toEqual([]);
});
