import type { Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { Timestamp } from 'firebase-admin/firestore';
import { findOffering } from '@upskill/domain/batches';
import type { SlotsAnswer } from '@upskill/domain/mentoring';
import { call, untilAnswered } from '../support/api';
import { buyer, newMentor, slotWellAhead } from '../support/mentoring';
import { passCertificateWork } from '../support/assignments';
import { db } from '../support/admin';
import { bearer, createUser } from '../support/auth';
import { linksIn, mailsTo } from '../support/mail';
import { createStaff, staffCli } from '../support/staff';
import { COURSE, bringBatchToNow, enrollLearner, meetingUrlOf, openBatch } from '../support/learning';
import { BUSY_MESSAGE, busyFor, expectNoAxeViolations, lookedAt, SCREENSHOTS, signInOnSite, watchErrors } from './helpers';
import { expect, test } from './fixtures';
import { recordScripts, totalBytes } from './scriptWeights';

// After paying, the learner can learn: My Courses in real Chromium against the production build, with a
// batch whose classes have been brought to now (one held, one live, one about to start, one cancelled).

const MEETING_PAGE =
  '<!doctype html><html lang="en"><head><title>Meeting room</title></head><body><main><h1>Meeting room</h1></main></body></html>';

/** The profile that teaches COURSE's batches. */
const COURSE_INSTRUCTOR = findOffering(COURSE.slug)?.instructor ?? '';

/** An instructor profile that only the My teaching test gives batches to. */
const ISOLATED_INSTRUCTOR = 'james';

/**
 * Waits until My Courses has stopped loading (its sections' code and answers). A run of 7bf998f saw a click on Join live
 * class land 66 px above where the button ended up and do nothing: the tax documents' row wrapped below Receipt only
 * once its buttons' code came (my-courses.css now gives it its own row from the start). The end-to-end test below checks
 * that the button does not move; the others click on the finished page.
 */
async function untilSettled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

async function paidLearnerInLiveBatch() {
  const batchId = await openBatch();
  const { learner, enrollmentId } = await enrollLearner(batchId, { name: 'Kavya Nair' });
  const sessions = await bringBatchToNow(batchId);
  return { batchId, learner, enrollmentId, sessions, meetingUrl: await meetingUrlOf(batchId) };
}

test('pay -> My Courses shows the timetable -> join the live class inside its window -> attendance recorded once', async ({ page }) => {
  const errors = watchErrors(page);
  const { learner, enrollmentId, sessions, meetingUrl } = await paidLearnerInLiveBatch();
  // The meeting host is outside this machine: its page is stood in for, the URL is the real one.
  await page.route('https://meet.jit.si/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: MEETING_PAGE }));
  await signInOnSite(page, learner);
  await page.goto('/mycourses');

  const panel = page.getByTestId('batch-panel');
  await expect(panel.getByRole('heading', { name: /Your batch: Weekday Evening/ })).toBeVisible();
  await expect(panel).toContainText('you attended 0 of the 2 sessions so far');
  const next = panel.getByTestId('next-session');
  await expect(next).toContainText('Live now');
  await expect(page.locator('body')).not.toContainText('meet.jit.si');
  expect(await page.content()).not.toContain(meetingUrl);

  await panel.getByText('Full timetable (24 sessions, 4 due dates)').click();
  // The assignments' due dates sit on the timetable, at 23:59 India time, each linking to the assignment.
  const due = panel.getByTestId('deadline-row');
  await expect(due).toHaveCount(4);
  await expect(due.first()).toContainText(/by 23:59 IST\s*Due: Practice 1: .*Not submitted/);
  await expect(due.first().getByRole('link')).toHaveAttribute('href', '#assignments');
  const rows = panel.getByTestId('session-row');
  await expect(rows).toHaveCount(24);
  await expect(rows.nth(0)).toContainText('Held');
  // Held nearly three days ago and no link yet: its recording was due a day after the class, and is late.
  await expect(rows.nth(0)).toContainText(/Late \(was due .+ IST\): the instructor is reminded/);
  await expect(rows.nth(1).getByTestId('recording-late')).toHaveCount(0);
  await expect(rows.nth(1)).toContainText('Live now');
  await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(rows.nth(2)).toContainText('Upcoming');
  await expect(rows.nth(4)).toContainText('Cancelled');
  await expect(rows.nth(1)).toContainText(/\d{2}:\d{2}–\d{2}:\d{2} IST/);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `My Courses with a live batch at ${width}px`);
  }

  const join = panel.getByRole('button', { name: 'Join live class' });
  await expect(join).toBeEnabled();
  await untilSettled(page);
  await join.click();
  await expect(page).toHaveURL(meetingUrl);
  await expect(page.getByRole('heading', { name: 'Meeting room' })).toBeVisible();

  // Back, and again: still one attendance record.
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Join live class' })).toBeEnabled();
  await untilSettled(page);
  await page.getByRole('button', { name: 'Join live class' }).click();
  await expect(page).toHaveURL(meetingUrl);
  const records = await db().collection('attendance').where('enrollmentId', '==', enrollmentId).get();
  expect(records.docs.map((d) => d.get('sessionId'))).toEqual([sessions.live]);
  expect(errors).toEqual([]);
});

test('the calendar: the batch .ics downloads; the private link is made, shown once, and turned off', async ({ page }) => {
  const { learner } = await paidLearnerInLiveBatch();
  await signInOnSite(page, learner);
  await page.goto('/mycourses');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Add to calendar (.ics)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^upskill-[A-Za-z0-9]+\.ics$/);

  await page.getByRole('button', { name: 'Get my calendar link' }).click();
  const field = page.getByLabel('Your calendar link');
  await expect(field).toHaveValue(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
  const url = new URL(await field.inputValue());
  const feed = await page.request.get(url.pathname);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');
  await expect(page.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute('href', /^webcal:\/\//);
  await page.getByRole('button', { name: 'Turn this link off' }).click();
  await expect(page.getByText('Your calendar link is off.')).toBeVisible();
  expect((await page.request.get(url.pathname)).status()).toBe(404);
});

test('a learner whose class has not opened yet sees when the join button opens, and it is disabled', async ({ page }) => {
  const batchId = await openBatch();
  const { learner } = await enrollLearner(batchId);
  await signInOnSite(page, learner);
  await page.goto('/mycourses');
  const panel = page.getByTestId('batch-panel');
  await expect(panel.getByTestId('next-session')).toContainText(/Next class in \d+ days?/);
  await expect(panel.getByRole('button', { name: 'Join live class' })).toBeDisabled();
  await expect(panel).toContainText(/Opens at \d{2}:\d{2} IST, 15 minutes before the class\./);
});

/**
 * My Courses at its heaviest, weighed once: a learner in a live batch who also bought Pro and booked a mentor call,
 * opened at the help and support section. Each section loads its own code, so one learner with all of them is a
 * stricter weighing than a learner per section (as three tests once did).
 */
test('My Courses with every section (a live batch, Pro mentoring with a booked call, help and support open): at most 170 KB of JavaScript, gzipped', async ({
  page,
}) => {
  const { learner } = await paidLearnerInLiveBatch();
  await buyer('pro', undefined, {}, learner);
  const mentor = await newMentor('Priti Shah', 'Asia/Kolkata', ['mentor-call'], undefined, 'admin');
  const slots = await untilAnswered(() =>
    call<SlotsAnswer>('GET', `/api/mentoring/mentors/${mentor.uid}/slots?kind=mentor-call`, { headers: bearer(learner) }),
  );
  const booked = await untilAnswered(() =>
    call('POST', '/api/mentoring/bookings', {
      body: { kind: 'mentor-call', mentorId: mentor.uid, startsAt: new Date(slotWellAhead(slots.body.slots).startMs).toISOString() },
      headers: bearer(learner),
    }),
  );
  expect(booked.status, booked.text).toBe(201);
  await signInOnSite(page, learner);
  // Leave the page sign-in landed on before counting: its own chunks still arriving on a slow run were counted
  // as My Courses' (CI once measured 44 scripts, 171.5 KB, against 41 and 169.7 KB in every other run).
  await page.goto('about:blank');
  // Every script counts: one whose body cannot be read is counted by its transfer size (scriptWeights.ts).
  const recorder = recordScripts(page);
  // A fresh load, as the support mail's link opens it: straight to the section.
  await page.goto('/mycourses#support', { waitUntil: 'load' });
  // The live batch, and any the Pro purchase's interested course put them in.
  await expect(page.getByTestId('batch-panel').filter({ hasText: 'Weekday Evening' }).first()).toBeVisible();
  await expect(page.getByTestId('mentoring-booking')).toContainText('Mentor call with Priti Shah');
  await expect(page.getByRole('form', { name: 'Ask for help' })).toBeVisible();
  await page.waitForTimeout(3000);
  const scripts = await recorder.settled();
  const total = totalBytes(scripts);
  const list = [...scripts]
    .sort((a, b) => b.bytes - a.bytes)
    .map((s) => `${s.url.split('/').pop() ?? s.url} ${(s.bytes / 1024).toFixed(1)} KB${s.body ? '' : ' (unread: transfer size)'}`);
  console.log(
    `total JS /mycourses, every section (signed in): ${(total / 1024).toFixed(1)} KB gzipped in ${scripts.length} scripts: ${list.join(', ')}`,
  );
  expect(total).toBeLessThanOrEqual(170 * 1024);
});

test('end to end: pay -> timetable -> join inside the window -> staff complete the batch -> certificate mail -> its public page', async ({
  page,
  browser,
}) => {
  // A learner's and a staff's journey with a payment, five page loads and a mail: under a full run's load it has
  // taken 60 s to reach the staff console.
  test.setTimeout(150_000);
  const { batchId, learner, enrollmentId, sessions, meetingUrl } = await paidLearnerInLiveBatch();
  const staff = await createStaff();
  // The first class, three days ago: the instructor took the register then.
  expect(
    (
      await untilAnswered(() =>
        call('POST', `/api/teaching/sessions/${sessions.held}/attendance`, {
          body: { enrollmentId, present: true },
          headers: bearer(staff),
        }),
      )
    ).status,
  ).toBe(200);

  await page.route('https://meet.jit.si/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: MEETING_PAGE }));
  await signInOnSite(page, learner);
  await page.goto('/mycourses');
  await expect(page.getByTestId('next-session')).toContainText('Live now');
  // The button stays where it first showed while the rest of the page arrives: a late row above it once moved it 66 px
  // between Playwright's aim and its click, and the click did nothing.
  const joinButton = page.getByRole('button', { name: 'Join live class' });
  const firstSeen = await joinButton.boundingBox();
  await untilSettled(page);
  expect(await joinButton.boundingBox()).toEqual(firstSeen);
  await joinButton.click();
  await expect(page).toHaveURL(meetingUrl);

  // The learner's certificate assignments, handed in and passed (the API's own journey is in assignments.spec.ts).
  await passCertificateWork(learner, enrollmentId, staff, 'https://github.com/kavya/python');

  // Staff complete the batch in the console, with the server busy once for its batch list and once for the
  // Complete: the console waits the second the answer asks for and sends each again itself.
  const staffPage = await browser.newPage();
  const listAsked = await busyFor(staffPage, new RegExp(`/api/staff/batches\\?offering=${COURSE.slug}$`), 1);
  const completeAsked = await busyFor(staffPage, `**/api/staff/batches/${batchId}/complete`, 1);
  await staffPage.goto('/staff/batches');
  await staffPage.getByLabel('E-mail', { exact: true }).fill(staff.email);
  await staffPage.getByLabel('Password').fill(staff.password);
  await staffPage.getByRole('button', { name: 'Log in' }).click();
  await staffPage.getByLabel('Course or programme').selectOption(COURSE.slug);
  const row = staffPage.locator(`tr[data-batch-id="${batchId}"]`);
  staffPage.on('dialog', (dialog) => void dialog.accept());
  await expect(row).toBeVisible();
  expect(listAsked()).toBe(2);
  await row.getByRole('button', { name: 'Complete…' }).click();
  await expect(staffPage.getByText('Batch completed: 1 certificate issued, 0 not earned')).toBeVisible();
  expect(completeAsked()).toBe(2);
  await expect(staffPage.getByText(BUSY_MESSAGE)).toHaveCount(0);
  await staffPage.close();

  // The certificate mail, and its link.
  let link: string | undefined;
  await expect(async () => {
    const mail = (await mailsTo(learner.email)).find((m) => m.subject === `Your certificate: ${COURSE.name}`);
    link = mail ? linksIn(mail).find((l) => l.includes('/certificates/')) : undefined;
    expect(link).toBeDefined();
  }).toPass({ timeout: 20_000 });

  // The certificate page is the function's own HTML, with no app to hydrate: a plain page of the context.
  const certificatePage = await page.context().newPage();
  const scripts: string[] = [];
  certificatePage.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await certificatePage.goto(new URL(link ?? '').pathname);
  await expect(certificatePage.getByRole('heading', { name: 'Certificate of completion' })).toBeVisible();
  await expect(certificatePage.getByTestId('certificate-status')).toHaveText('Valid');
  await expect(certificatePage.getByTestId('certificate-name')).toHaveText('Kavya Nair');
  await expect(certificatePage.getByTestId('certificate-projects').getByRole('listitem')).toHaveCount(3);
  await expect(certificatePage.getByTestId('certificate-projects')).not.toContainText('github.com');
  await expect(certificatePage.getByRole('link', { name: 'Download Open Badge' })).toHaveAttribute(
    'href',
    /\/api\/certificates\/[0-9A-Z]{12}\/badge$/,
  );
  expect(scripts).toEqual([]);
  for (const width of [375, 1280]) {
    await certificatePage.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(certificatePage, `certificate page at ${width}px`);
  }
  await certificatePage.close();

  // My Courses now shows the certificate and no join button.
  await page.goto('/mycourses');
  const certificate = page.getByTestId('certificate');
  await expect(certificate.getByRole('link', { name: 'Add to LinkedIn profile' })).toHaveAttribute(
    'href',
    /linkedin\.com\/profile\/add\?startTask=CERTIFICATION_NAME/,
  );
  await expect(page.getByRole('button', { name: 'Join live class' })).toHaveCount(0);
  // The learner chooses to show the links to their work on the certificate.
  await certificate.getByLabel('Show the links to my work on the certificate').check();
  await expect(certificate.getByRole('status')).toHaveText('The certificate now links to your work.');
  const shown = await page.context().newPage();
  await shown.goto(new URL(link ?? '').pathname);
  await expect(shown.getByTestId('certificate-projects').getByRole('link')).toHaveCount(3);
  await shown.close();
});

/**
 * Opens My teaching's list as an instructor would on a busy day. /api/teaching reads twenty batches' sessions,
 * rosters and attendance; in a full run the loaded Firestore emulator has taken it past its 8 s budget three times
 * in a row (the page's own request and two retries), and the page then offers Try again, which an instructor
 * presses. At most twice, and said in the log: a list that never loads still fails the test.
 */
async function untilTeachingLoads(page: Page) {
  const loaded = page.getByTestId('teaching-batch').first();
  const retry = page.getByRole('main').getByRole('button', { name: 'Try again' });
  for (let attempt = 1; attempt <= 2; attempt++) {
    await expect(loaded.or(retry)).toBeVisible({ timeout: 45_000 });
    if (await loaded.isVisible()) return;
    console.log(`My teaching: the server stayed busy through the page's retries; Try again (${attempt})`);
    await retry.click();
  }
  await expect(loaded).toBeVisible({ timeout: 45_000 });
}

test('My teaching: an instructor marks attendance and adds a recording in the browser; axe-clean at 375 and 1280 px', async ({ page }) => {
  // Twenty batches are made first, and the list may need Try again (untilTeachingLoads). 240 s was not enough on the CI
  // machine, half again as slow as this one, with the impatient controls' throttled pages beside it.
  test.setTimeout(360_000);
  // The busiest page the instructor can have: the list (20 at most, soonest start first) filled with batches that
  // start later than this test's running one, so it stays on the page.
  const staff = await createStaff();
  const fillers = await Promise.all(Array.from({ length: 20 }, () => openBatch(staff)));
  const { batchId, learner, enrollmentId, sessions } = await paidLearnerInLiveBatch();
  // These 21 batches are taught by a profile no other test's batch has: the list is soonest first, and the other
  // tests' running batches of the course's own instructor (started before this one) would otherwise come first.
  const writes = db().batch();
  for (const id of [...fillers, batchId]) writes.update(db().doc(`batches/${id}`), { instructor: ISOLATED_INSTRUCTOR });
  await writes.commit();
  const teacher = await createUser({ emailVerified: true, email: `teacher.${randomUUID().slice(0, 8)}@upskill.dev` });
  expect(staffCli('instructor', teacher.email, ISOLATED_INSTRUCTOR).status).toBe(0);
  await signInOnSite(page, teacher);
  await page.goto('/mycourses');
  await page.getByRole('link', { name: 'My teaching' }).click();
  await expect(page).toHaveURL(/\/teaching$/);
  await untilTeachingLoads(page);
  const ours = page.getByTestId('teaching-batch').filter({ has: page.locator(`text=${learner.email}`) });
  await ours.getByText(/^Roster/).click();
  await expect(ours).toContainText(learner.email);
  await expect(ours.getByTestId('next-class')).toContainText(
    /^Live now: session 2, .+ · \w{3}, \d{1,2} \w{3},? \d{4} · \d{2}:\d{2}–\d{2}:\d{2} IST$/,
  );
  // The list is cut to the first 20 by start date, and says so, and who can open the others.
  await expect(page.getByTestId('teaching-more')).toHaveText(
    /^Showing your first 20 batches by start date, of (2[1-9]|[3-9]\d|\d{3,})\. Staff open any other from the staff console's Batches tab\.$/,
  );
  // One timetable is open when the page arrives (the class that ends soonest); the others open on a click.
  await expect(page.locator('details.teaching-sessions[open]')).toHaveCount(1);
  await expect(page.getByTestId('teaching-session')).toHaveCount(24);
  const timetable = ours.locator('details.teaching-sessions');
  if ((await timetable.getAttribute('open')) === null) await timetable.getByText(/^Sessions \(24\)$/).click();
  await expect(ours.getByTestId('teaching-session')).toHaveCount(24);

  // The busiest page, with our timetable open too, at rest: axe-clean, and small. Closed timetables make no rows:
  // with every session table made, this page had 4,841 elements and one axe scan took 18.8 s; with two open it
  // has about 850 and 3 s.
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `My teaching at ${width}px`);
  }
  expect(await page.evaluate(() => document.querySelectorAll('*').length)).toBeLessThan(1_500);

  // The instructor's changes, on the batch's own page (as the console's Sessions button opens it): the list of
  // the first 20 is shared with every other test's batches of this instructor, which come and go meanwhile.
  await page.goto(`/teaching?batch=${batchId}`);
  // Under load this one-batch request has met the 8 s budget once and loaded on the page's retry (16 s in all).
  await expect(page.getByTestId('teaching-batch')).toHaveCount(1);
  await expect(page.getByTestId('teaching-session')).toHaveCount(24);
  await expect(page.getByTestId('teaching-more')).toHaveCount(0);
  const batch = page.getByTestId('teaching-batch');
  await batch.getByRole('button', { name: 'Attendance: session 2' }).click();
  await batch.getByLabel(/Kavya Nair/).check();
  await expect(batch.getByRole('button', { name: 'Attendance: session 2' })).toBeVisible();
  await expect.poll(async () => (await db().doc(`attendance/${sessions.live}_${enrollmentId}`).get()).get('source')).toBe('instructor');

  // Session 1 ended nearly three days ago without a recording: flagged on the card and on its row.
  await expect(batch.getByTestId('recordings-missing')).toContainText(
    '1 recording is missing, more than 24 hours after the class: session 1.',
  );
  await expect(batch.getByTestId('teaching-recording-due')).toHaveText([/^Recording missing: was due .+ IST$/]);
  await batch.getByRole('button', { name: 'Recording: session 1' }).click();
  await batch.getByLabel('Recording link').fill('not a link');
  await batch.getByRole('button', { name: 'Save recording' }).click();
  await expect(batch.getByText('Paste an https link.')).toBeVisible();
  await batch.getByLabel('Recording link').fill('https://videos.example.com/python-1');
  await batch.getByRole('button', { name: 'Save recording' }).click();
  await expect(batch.getByRole('link', { name: 'recording' })).toHaveAttribute('href', 'https://videos.example.com/python-1');
  await expect(batch.getByTestId('recordings-missing')).toHaveCount(0);
  await expectNoAxeViolations(page, 'My teaching, one batch, after changes');
  await page.goBack();
  // The list is asked for again: twenty batches' sessions, rosters and attendance, which took over 10 s on the
  // loaded CI machine (the last clean run) though about a second here alone.
  await untilTeachingLoads(page);
  await expect(page.getByTestId('teaching-batch')).toHaveCount(20);
});

test('My teaching: a server busy through every retry is said so, and Try again loads the page without a reload', async ({ page }) => {
  const teacher = await createUser({ emailVerified: true, email: `teacher.${randomUUID().slice(0, 8)}@upskill.dev` });
  expect(staffCli('instructor', teacher.email, ISOLATED_INSTRUCTOR).status).toBe(0);
  await signInOnSite(page, teacher);
  // The first load meets a busy server three times: the request and the two retries the page makes itself.
  const BUSY = 3;
  const answered = await busyFor(page, '**/api/teaching', BUSY);
  await page.goto('/teaching');
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toHaveText(BUSY_MESSAGE);
  expect(answered()).toBe(BUSY);
  // The error state, looked at: axe at 375 and 1280 px, nothing wider than a phone.
  await lookedAt(page, 'My teaching, the server busy');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SCREENSHOTS}/teaching-busy-375.png` });
  await page.getByRole('main').getByRole('button', { name: 'Try again' }).click();
  // Now the real server answers. Under a full run's load it has taken over 10 s (the last clean run); the page
  // itself waits through its request's 8 s budget and two retries, so the test allows that long too.
  await expect(page.getByText(/^Teaching as /)).toBeVisible();
  await expect(alert).toHaveCount(0);
  expect(answered()).toBe(BUSY + 1);
  await expect(page).toHaveURL(/\/teaching$/);
});

test('two missed classes: one nudge mail, "behind" on My Courses, and the instructor’s at-risk list with a note; axe-clean at 375 and 1280 px', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const batchId = await openBatch();
  const { learner, enrollmentId } = await enrollLearner(batchId, { name: 'Tara Sen' });
  const sessions = await bringBatchToNow(batchId);
  // Session 1 (live in the usual arrangement) ended ten minutes ago: sessions 1 and 2 are held, and both missed.
  const now = Date.now();
  await db()
    .doc(`sessions/${sessions.live}`)
    .update({ startsAt: Timestamp.fromMillis(now - 100 * 60_000), endsAt: Timestamp.fromMillis(now - 10 * 60_000) });
  for (let run = 0; run < 2; run++) await promisify(execFile)(process.execPath, ['tools/jobs.mjs', 'nudges', '--batch', batchId]);
  await expect
    .poll(
      async () =>
        (await mailsTo(learner.email)).filter((m) => m.subject === "Python Programming Foundations: let's get you back on track").length,
      {
        timeout: 40_000,
      },
    )
    .toBe(1);

  await signInOnSite(page, learner);
  await page.goto('/mycourses');
  const progress = page.getByTestId('progress-view');
  await expect(progress.getByTestId('behind')).toContainText('You have fallen behind: Missed classes 1 and 2 in a row.');
  await expect(progress.getByRole('heading', { level: 4 })).toHaveText(/^Your progress: 0 of \d+ milestones$/);
  await expect(progress.getByTestId('milestone').first()).toHaveText('First class attended, not yet');
  await lookedAt(page, 'My Courses, behind');
  await page.setViewportSize({ width: 375, height: 900 });
  await progress.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/progress-behind-375.png` });

  const teacher = await createUser({ emailVerified: true, email: `teacher.${randomUUID().slice(0, 8)}@upskill.dev` });
  expect(staffCli('instructor', teacher.email, COURSE_INSTRUCTOR).status).toBe(0);
  // The instructor in a browser of their own.
  const desk = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
  await signInOnSite(desk, teacher);
  await desk.goto(`/teaching?batch=${batchId}`);
  await desk.waitForSelector('html[data-hydrated]', { state: 'attached' });
  const atRisk = desk.getByTestId('at-risk');
  await expect(atRisk.getByText('At risk (1)')).toBeVisible();
  const row = atRisk.getByTestId('at-risk-learner');
  await expect(row).toContainText('Tara Sen');
  await expect(row).toContainText(/Missed classes 1 and 2 in a row \(nudged .+\)/);
  await lookedAt(desk, 'My teaching with a learner at risk');
  await desk.setViewportSize({ width: 375, height: 900 });
  await atRisk.scrollIntoViewIfNeeded();
  await desk.screenshot({ path: `${SCREENSHOTS}/at-risk-375.png` });
  await row
    .getByLabel('Your note on Tara Sen (for instructors and staff; it is in the learner’s data export)')
    .fill('Messaged Tara: travelling this week.');
  await row.getByRole('button', { name: 'Save note' }).click();
  await expect(row.getByTestId('at-risk-note')).toHaveText(`Note by ${teacher.email}: Messaged Tara: travelling this week.`);
  expect((await db().doc(`nudges/${enrollmentId}`).get()).get('note')).toBe('Messaged Tara: travelling this week.');
});
