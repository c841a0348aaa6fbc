import { readFileSync } from 'node:fs';
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import { assignmentsFor } from '@upskill/domain/assignments';
import { findOffering } from '@upskill/domain/batches';
import { INSTRUCTORS } from '@upskill/domain/catalogue';
import { call, untilAnswered } from '../support/api';
import { passCertificateWork } from '../support/assignments';
import { adminAuth } from '../support/admin';
import { bearer, createUser, signIn } from '../support/auth';
import { mailsTo } from '../support/mail';
import { createStaff } from '../support/staff';
import { COURSE, bringBatchToNow, enrollLearner, openBatch } from '../support/learning';
import { expectNoAxeViolations, lookedAt, signInOnSite, watchErrors } from './helpers';
import { expect, test } from './fixtures';
import { recordScripts, totalBytes } from './scriptWeights';

// Graded work in real Chromium against the production build: a learner hands in the first assignment on My
// Courses, the batch's instructor finds it in the review queue and returns it with changes, the learner is
// mailed, submits again, and passes. Text the learner typed stays text on both sides.

const OFFERING = findOffering(COURSE.slug)!;
const [A1, , A3] = assignmentsFor(OFFERING);
/** What the learner must see, written out: a wrong assignmentsFor would otherwise make both sides wrong together. */
const TITLES = [
  'Practice 1: Variables and data types and Control flow and functions',
  'Practice 2: Lists, dicts and comprehensions and Files and exceptions',
  'Capstone project: Unit testing with pytest',
];
const OFFERING_INSTRUCTOR = INSTRUCTORS[OFFERING.instructor].name;
const HOSTILE = 'My notes <img src=x onerror="window.__pwned=1"> <script>window.__pwned=2</script>';

async function mailStarting(address: string, subject: string) {
  await expect
    .poll(async () => (await mailsTo(address)).map((m) => m.subject).find((s) => s.startsWith(subject)), { timeout: 20_000 })
    .toBeTruthy();
}

test('hand in -> the instructor reviews and asks for changes -> mailed -> submit again -> passed', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  const staff = await createStaff();
  const batchId = await openBatch(staff);
  const { learner } = await enrollLearner(batchId, { name: 'Kiran Rao' });
  // Time passes, by data: the first session was three days ago, so the first assignment is open.
  await bringBatchToNow(batchId);
  const teacher = await createUser({ emailVerified: true });
  await adminAuth().setCustomUserClaims(teacher.uid, { instructor: OFFERING.instructor });
  await signIn(teacher);

  // The learner finds the assignment, its dates in India time, and its rubric.
  await signInOnSite(page, learner);
  await page.goto('/mycourses');
  const section = page.getByRole('region', { name: 'Assignments' });
  const card = section.getByTestId('assignment').filter({ hasText: A1.title });
  await expect(card).toContainText(/Due \w{3} \d{1,2} \w{3}, 23:59 IST/);
  await expect(card.getByText('Not submitted')).toBeVisible();
  await card.getByRole('button', { name: 'Hand in your work' }).click();
  const link = card.getByLabel('Link to your work (https)');
  // Nothing given: the form says so and focus moves to the first field.
  await card.getByRole('button', { name: 'Submit' }).click();
  await expect(card.getByText('Add a link or some text.')).toBeVisible();
  await expect(link).toBeFocused();
  await link.fill('http://github.com/kiran/py-basics');
  await card.getByRole('button', { name: 'Submit' }).click();
  await expect(card.getByText('Give an https:// link to your repository or site.')).toBeVisible();
  await expect(link).toBeFocused();
  await lookedAt(page, 'My Courses, handing in with an error');
  await link.fill('https://github.com/kiran/py-basics');
  await card.getByLabel('Notes for your reviewer').fill(HOSTILE);
  await card.getByRole('button', { name: 'Submit' }).click();
  await expect(section.getByTestId('receipt')).toHaveText(
    /^Received \w{3} \d{1,2} \w{3}, \d{2}:\d{2} IST · reviewed by \w{3} \d{1,2} \w{3}\. We have mailed you the receipt\.$/,
  );
  await expect(card.getByText('Awaiting review', { exact: true })).toBeVisible();
  await expect(card.getByTestId('attempt')).toContainText(HOSTILE);
  await mailStarting(learner.email, `We have your work: ${A1.title}`);

  // The instructor's queue, in another browser context.
  const desk = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInOnSite(desk, teacher);
  await desk.goto('/reviews');
  const item = desk.getByTestId('queue-item').filter({ hasText: 'Kiran Rao' });
  await expect(item).toContainText(A1.title);
  await item.getByRole('button').click();
  const detail = desk.getByTestId('review-detail');
  await expect(detail).toContainText(HOSTILE);
  // Released with nothing filled in: each missing part is named, the first field focused.
  await detail.getByRole('button', { name: 'Release to the learner' }).click();
  await expect(detail.getByText('Give 0 to 4 points.')).toBeVisible();
  await expect(detail.getByLabel(`${A1.rubric[0].label} (0–4)`)).toBeFocused();
  await expect(detail.getByText('Write your comments for the learner.')).toBeVisible();
  await lookedAt(desk, 'Reviews, a review with errors');
  for (const c of A1.rubric) await detail.getByLabel(`${c.label} (0–${c.points})`).fill('1');
  await detail.getByLabel('Comments for the learner').fill('A good start <b>really</b>.');
  await detail.getByRole('radio', { name: 'Needs work' }).check();
  await detail.getByLabel('What to change').fill('Add tests for the edge cases.');
  await detail.getByRole('button', { name: 'Save draft' }).click();
  await expect(desk.getByText('Draft saved. Only reviewers can see it.')).toBeVisible();
  // The learner sees no draft.
  await page.reload();
  await expect(card.getByTestId('review')).toHaveCount(0);
  await detail.getByRole('button', { name: 'Release to the learner' }).click();
  await expect(desk.getByText('Released: Kiran Rao has been mailed.')).toBeVisible();
  await mailStarting(learner.email, `Feedback on ${A1.title}`);

  // The learner reads the feedback and submits again.
  await page.reload();
  await expect(card.getByText('Needs work', { exact: true }).first()).toBeVisible();
  await expect(card.getByTestId('review')).toContainText('A good start <b>really</b>.');
  await expect(card.getByTestId('review')).toContainText('Add tests for the edge cases.');
  await card.getByRole('button', { name: 'Submit again' }).click();
  await card.getByLabel('Link to your work (https)').fill('https://github.com/kiran/py-basics/tree/v2');
  await card.getByRole('button', { name: 'Submit' }).click();
  await expect(section.getByTestId('receipt')).toBeVisible();
  await expect(card.getByTestId('attempt')).toHaveCount(2);

  // The instructor passes attempt 2.
  await desk.reload();
  await desk.getByTestId('queue-item').filter({ hasText: 'attempt 2' }).getByRole('button').click();
  for (const c of A1.rubric) await detail.getByLabel(`${c.label} (0–${c.points})`).fill(String(c.points));
  await detail.getByLabel('Comments for the learner').fill('Well tested now.');
  await detail.getByRole('radio', { name: 'Passed' }).check();
  await detail.getByRole('button', { name: 'Release to the learner' }).click();
  await expect(desk.getByText('Released: Kiran Rao has been mailed.')).toBeVisible();
  await mailStarting(learner.email, `Passed: ${A1.title}`);
  await page.reload();
  await expect(card.getByText('Passed', { exact: true }).first()).toBeVisible();
  await expect(card.getByRole('button', { name: 'Submit again' })).toHaveCount(0);
  await lookedAt(page, 'My Courses, assignments reviewed');

  // Nothing the learner typed ran.
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await desk.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(errors).toEqual([]);

  // The instructor gives the learner three more days for the capstone on My teaching; the learner sees it.
  await desk.goto('/teaching');
  const batchCard = desk.getByTestId('teaching-batch').filter({ hasText: 'Kiran Rao' });
  await batchCard.getByText('Extend a deadline').click();
  const extension = batchCard.getByRole('form', { name: /^Extend a deadline/ });
  await extension.getByRole('button', { name: 'Extend the deadline' }).click();
  await expect(extension.getByText('Choose a learner.')).toBeVisible();
  await extension.getByLabel('Learner').selectOption({ label: 'Kiran Rao' });
  await extension.getByLabel('Assignment').selectOption({ label: A3.title });
  await extension.getByLabel(/^More days/).fill('3');
  await extension.getByLabel(/^Reason/).fill('Exams this week.');
  await extension.getByRole('button', { name: 'Extend the deadline' }).click();
  await expect(extension.getByRole('status')).toHaveText(`Kiran Rao has 3 more days for ${A3.title}.`);
  await page.reload();
  await expect(section.getByTestId('assignment').filter({ hasText: A3.title })).toContainText('extended by 3 days (Exams this week.)');

  // The console's Reviews tab: whether the promise holds, as a chart with its table.
  const console_ = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInOnSite(console_, staff);
  await console_.goto('/staff/reviews');
  await expect(console_.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
  // This instructor's row (other test accounts carry the same profile's name).
  await expect(
    console_.getByTestId('turnaround-row').filter({ hasText: OFFERING_INSTRUCTOR }).filter({ hasText: '0 h (2 reviewed)' }),
  ).toHaveCount(1);
  await expect(console_.getByTestId('turnaround-chart').locator('canvas')).toBeVisible();
  await expect(console_.getByTestId('within-promise')).toContainText(/\d+%/);
  await lookedAt(console_, 'Staff console, Reviews');

  // My Courses with assignments stays within its JavaScript budget.
  const recorder = recordScripts(page);
  await page.goto('/mycourses', { waitUntil: 'load' });
  await expect(card).toContainText('Passed');
  await page.waitForTimeout(3000);
  const total = totalBytes(await recorder.settled());
  console.log(`total JS /mycourses with assignments: ${(total / 1024).toFixed(1)} KB gzipped`);
  expect(total).toBeLessThanOrEqual(170 * 1024);
});

test('work passed -> staff complete the batch -> the certificate lists the projects -> the Open Badge downloads and verifies', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const staff = await createStaff();
  const batchId = await openBatch(staff);
  const { learner, enrollmentId } = await enrollLearner(batchId, { name: 'Ira Sen' });
  const sessions = await bringBatchToNow(batchId);
  // The learner was at both classes held so far, and their three certificate assignments passed (the hand-in and
  // review in the browser are the test above).
  for (const id of [sessions.held, sessions.live]) {
    const marked = await untilAnswered(() =>
      call('POST', `/api/teaching/sessions/${id}/attendance`, {
        body: { enrollmentId, present: true },
        headers: bearer(staff),
      }),
    );
    expect(marked.status).toBe(200);
  }
  await passCertificateWork(learner, enrollmentId, staff, 'https://github.com/ira-sen/python');

  // Staff complete the batch in the console.
  const console_ = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInOnSite(console_, staff);
  await console_.goto('/staff/batches');
  await console_.getByLabel('Course or programme').selectOption(COURSE.slug);
  console_.on('dialog', (dialog) => void dialog.accept());
  await console_.locator(`tr[data-batch-id="${batchId}"]`).getByRole('button', { name: 'Complete…' }).click();
  await expect(console_.getByText('Batch completed: 1 certificate issued, 0 not earned')).toBeVisible();

  // The learner's certificate lists the three projects passed, and its page does too, without links until asked.
  await signInOnSite(page, learner);
  await page.goto('/mycourses');
  const certificate = page.getByTestId('certificate');
  await expect(certificate).toBeVisible();
  const pageUrl = await certificate.getByRole('link', { name: 'View certificate' }).getAttribute('href');
  const publicPage = await page.context().newPage();
  await publicPage.goto(new URL(pageUrl ?? '').pathname);
  const projects = publicPage.getByTestId('certificate-projects').getByRole('listitem');
  await expect(projects).toHaveCount(3);
  await expect(projects.first()).toContainText(`${TITLES[0]}: passed, 10 of 10 points`);

  // The Open Badge, downloaded as the learner does, verifies against the keys we publish, with the projects as evidence.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    certificate.getByRole('link', { name: 'Download Open Badge' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^upskill-open-badge-[0-9A-Z]{12}\.jwt$/);
  const jwt = readFileSync((await download.path()) ?? '', 'utf8');
  const jwks = (await call<{ keys: JWK[] }>('GET', '/.well-known/jwks.json')).body;
  const { payload } = await jwtVerify(jwt, createLocalJWKSet(jwks), { algorithms: ['RS256'] });
  const vc = payload.vc as { type: string[]; evidence: { name: string }[]; credentialSubject: { achievement: { name: string } } };
  expect(vc.type).toContain('OpenBadgeCredential');
  expect(vc.credentialSubject.achievement.name).toBe(COURSE.name);
  expect(vc.evidence.map((e) => e.name)).toEqual(TITLES);
  for (const width of [375, 1280]) {
    await publicPage.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(publicPage, `certificate page with projects at ${width}px`);
  }
});
