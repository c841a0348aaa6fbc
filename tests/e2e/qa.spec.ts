import { call, enrollment, untilAnswered, withKey, wasMade } from '../support/api';
import { db } from '../support/admin';
import { bearer, createUser } from '../support/auth';
import { mailsTo } from '../support/mail';
import { createStaff } from '../support/staff';
import { newMentor } from '../support/mentoring';
import { lookedAt, signInOnSite, watchErrors } from './helpers';
import { expect, test } from './fixtures';
import { weighSignedInPage } from './scriptWeights';

// The mentor Q&A forum in real Chromium against the production build: a learner of a course asks in its space
// (the form's errors first), a mentor of the course finds it in their queue and answers, the asker is mailed,
// opens the question and accepts the answer. Markdown arrives rendered, and what was typed as HTML stays text.

const COURSE_ID = 4; // Machine Learning with Python

test('ask -> a mentor answers -> the asker is mailed -> accepted', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const errors = watchErrors(page);
  const learner = await createUser({ emailVerified: true });
  const made = await untilAnswered(
    withKey((key) =>
      call<{ id: string }>('POST', '/api/enroll', {
        body: enrollment({ email: learner.email, name: 'Tara Joshi', planId: undefined, courseId: COURSE_ID }),
        headers: { ...bearer(learner), 'Idempotency-Key': key },
      }),
    ),
  );
  expect(wasMade(made), made.text).toBe(true);
  await db().doc(`enrollments/${made.body.id}`).update({ status: 'paid' });
  const mentor = await newMentor('Vikram Sethi', 'Asia/Kolkata', ['mentor-call'], undefined, 'admin', [COURSE_ID]);

  await signInOnSite(page, learner);
  await page.goto('/qa');
  await expect(page.getByRole('heading', { name: 'Q&A forum', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Space')).toHaveValue(`course-${COURSE_ID}`);
  const form = page.getByRole('form', { name: 'Ask a question' });
  await expect(form).toContainText('A mentor or instructor answers within 24 hours');
  await form.getByRole('button', { name: 'Post question' }).click();
  await expect(form.getByText('Give your question a title of 10 to 150 characters.')).toBeVisible();
  await expect(form.getByText('Write your question.')).toBeVisible();
  await expect(form.getByLabel('Title')).toBeFocused();
  await lookedAt(page, 'Q&A, asking with errors');

  await form.getByLabel('Title').fill('Why does my model overfit after ten epochs?');
  await form
    .getByLabel('Your question')
    .fill(
      'Training loss keeps falling but validation loss rises:\n\n```python\nmodel.fit(x, y, epochs=50)\n```\n\n<img src=x onerror="window.__pwned=1">',
    );
  await form.getByRole('button', { name: 'Post question' }).click();
  await expect(page.getByRole('heading', { name: 'Why does my model overfit after ten epochs?', level: 1 })).toBeVisible();
  await expect(page.getByTestId('qa-asked')).toContainText(/answers within 24 hours: by \w{3} \d{1,2} \w{3}, \d{2}:\d{2} IST/);
  await expect(page.locator('.qa-question pre code')).toHaveText('model.fit(x, y, epochs=50)\n');
  await expect(page.getByText('<img src=x onerror="window.__pwned=1">')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(page.getByTestId('qa-state')).toContainText('Awaiting a mentor or instructor');
  const questionUrl = page.url();
  await lookedAt(page, 'Q&A, a question awaiting its answer');

  // The mentor: the question waits in their queue; they answer it.
  const desk = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInOnSite(desk, mentor);
  await desk.goto('/qa');
  const waiting = desk.getByTestId('qa-queue-item').filter({ hasText: 'Why does my model overfit after ten epochs?' });
  await expect(waiting).toContainText('Machine Learning with Python');
  await waiting.getByRole('link').click();
  const answerForm = desk.getByRole('form', { name: 'Your answer' });
  await answerForm.getByRole('button', { name: 'Post answer' }).click();
  await expect(answerForm.getByText('Write your answer.')).toBeVisible();
  await answerForm.getByLabel('Your answer').fill('Add **early stopping** on `val_loss`, and some dropout.');
  await answerForm.getByRole('button', { name: 'Post answer' }).click();
  const posted = desk.getByTestId('qa-answer').filter({ hasText: 'Vikram Sethi' });
  await expect(posted).toContainText('Mentor');
  await expect(posted.locator('strong', { hasText: 'early stopping' })).toBeVisible();
  await expect(desk.getByTestId('qa-state')).toHaveText('A mentor or instructor has answered.');

  // The asker is mailed, follows the mail's link to the question, and accepts the answer.
  await expect
    .poll(async () => (await mailsTo(learner.email)).some((m) => m.subject === 'New answer: Why does my model overfit after ten epochs?'), {
      timeout: 20_000,
    })
    .toBe(true);
  await page.goto(questionUrl);
  const answer = page.getByTestId('qa-answer').filter({ hasText: 'Vikram Sethi' });
  await answer.getByRole('button', { name: 'Accept this answer' }).click();
  await expect(page.getByText('The answer is accepted: the question shows as answered.')).toBeVisible();
  await expect(page.getByTestId('qa-answer').first()).toContainText('Accepted answer');
  await expect(page.getByTestId('qa-state')).toHaveText('Answered: an answer is accepted.');
  await lookedAt(page, 'Q&A, an accepted answer');
  // The course's space holds every test's questions (those asked under a moved clock come first): the asker finds
  // theirs by searching, as a learner in a busy space would.
  await page.goto('/qa');
  await page.getByRole('searchbox', { name: 'Search Machine Learning with Python' }).fill('overfit epochs');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('qa-question').filter({ hasText: 'Why does my model overfit' })).toContainText('Answered');

  // Both pages stay within the JavaScript budget.
  await weighSignedInPage(page, '/qa', () => expect(page.getByTestId('qa-question').first()).toBeVisible(), '/qa');
  await weighSignedInPage(
    page,
    new URL(questionUrl).pathname,
    () => expect(page.getByTestId('qa-answer').first()).toBeVisible(),
    'a Q&A question',
  );
  expect(errors).toEqual([]);
});

test('report -> staff hide it with a reason -> gone for learners; the author edits and deletes their own', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const asker = await createUser({ emailVerified: true });
  const made = await untilAnswered(
    withKey((key) =>
      call<{ id: string }>('POST', '/api/enroll', {
        body: enrollment({ email: asker.email, name: 'Isha Rao', planId: undefined, courseId: COURSE_ID }),
        headers: { ...bearer(asker), 'Idempotency-Key': key },
      }),
    ),
  );
  await db().doc(`enrollments/${made.body.id}`).update({ status: 'paid' });
  const headers = bearer(asker);
  const question = await untilAnswered(() =>
    call<{ id: string }>('POST', `/api/qa/spaces/course-${COURSE_ID}/questions`, {
      body: { title: 'Is feature scaling needed for trees?', body: 'For random forests, I mean.' },
      headers,
    }),
  );
  const spam = await untilAnswered(() =>
    call<{ id: string }>('POST', `/api/qa/questions/${question.body.id}/answers`, {
      body: { body: 'Cheap essays at spam.example!' },
      headers,
    }),
  );
  expect(spam.status).toBe(201);

  // A classmate reports the spam.
  const classmate = await createUser({ emailVerified: true });
  const theirs = await untilAnswered(
    withKey((key) =>
      call<{ id: string }>('POST', '/api/enroll', {
        body: enrollment({ email: classmate.email, name: 'Dev Kumar', planId: undefined, courseId: COURSE_ID }),
        headers: { ...bearer(classmate), 'Idempotency-Key': key },
      }),
    ),
  );
  await db().doc(`enrollments/${theirs.body.id}`).update({ status: 'paid' });
  await signInOnSite(page, classmate);
  await page.goto(`/qa/questions/${question.body.id}`);
  const answer = page.getByTestId('qa-answer').filter({ hasText: 'Cheap essays' });
  await answer.getByRole('button', { name: 'Report' }).click();
  await answer.getByLabel('What is wrong with it?').fill('Advertising');
  await answer.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you: the team will look at it.')).toBeVisible();

  // Staff hide it from the console's Q&A tab, with the reason.
  const staff = await createStaff();
  const desk = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInOnSite(desk, staff);
  await desk.goto('/staff/qa');
  const report = desk.getByTestId('qa-report').filter({ hasText: 'Cheap essays' });
  await expect(report).toContainText('Advertising');
  await report.getByLabel('Why hide it').fill('Advertising, not an answer');
  await report.getByRole('button', { name: 'Hide' }).click();
  await expect(desk.getByTestId('qa-notice')).toHaveText('Hidden: the answer in “Is feature scaling needed for trees?”.');
  await expect(desk.getByTestId('qa-chart').locator('canvas')).toBeVisible();
  await lookedAt(desk, 'Staff console, Q&A');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Is feature scaling needed for trees?' })).toBeVisible();
  await expect(page.getByTestId('qa-answer')).toHaveCount(0);

  // The asker edits their question, then deletes it.
  const mine = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
  await signInOnSite(mine, asker);
  await mine.goto(`/qa/questions/${question.body.id}`);
  const post = mine.locator('.qa-question');
  await post.getByRole('button', { name: 'Edit' }).click();
  await post.getByLabel('Your post (Markdown)').fill('For random forests and **gradient boosting**, I mean.');
  await post.getByRole('button', { name: 'Save' }).click();
  await expect(mine.getByText('Your post is updated.')).toBeVisible();
  await expect(post.locator('strong', { hasText: 'gradient boosting' })).toBeVisible();
  await expect(post).toContainText('edited');
  await lookedAt(mine, 'Q&A, an edited question');
  await post.getByRole('button', { name: 'Delete' }).click();
  await post.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(post.getByText('Deleted by author')).toBeVisible();
});
