import { randomUUID } from 'node:crypto';
import { findOffering } from '@upskill/domain/batches';
import type { Page } from '@playwright/test';
import { bearer, createUser, type TestUser } from '../support/auth';
import { call, untilAnswered } from '../support/api';
import { paths } from '../../web/src/config/paths';
import { COURSE, enrollLearner, openBatch } from '../support/learning';
import { createStaff, staffCli } from '../support/staff';
import { expectNoAxeViolations, signInOnSite, watchErrors } from './helpers';
import { expect, test } from './fixtures';
import { PHONE_WIDTHS, ROUTE_HEADINGS, everyRoute, firstErrorFocus, openEveryPanel, overflowAt } from './overflow';

// No page is wider than a phone: every route of the route table at 320, 375 and 414 px, signed out and
// signed in as a learner (with a paid enrollment, its receipt and invoice), an instructor and staff, with
// every panel open, and each form in its error state. A page that scrolls sideways, or anything sticking
// out past the edge that no box of its own clips, fails with the element named.

test.describe.configure({ mode: 'parallel' });
test.use({ reducedMotion: 'reduce' });

/**
 * Goes to a route inside the running app, as a link does (the router hears the history change), instead of
 * loading the page cold: a signed-in visitor moves about the app this way, and a cold load of each of about 50
 * routes per role was most of this file's browser time. The signed-out walk keeps cold loads: each public page's
 * prerendered HTML is what a visitor from a search engine gets first.
 */
async function goInApp(page: Page, route: string) {
  const from = await page.evaluate(() => window.location.pathname);
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, route);
  // The router heard it: the page is the route's, or where the route sends its visitor (/terms to the legal page).
  await expect.poll(() => page.evaluate(() => window.location.pathname), { message: route }).not.toBe(from);
  // And the page on show is that route's. Every navigation is a transition: the page before stays until the next
  // page's module arrives, and a walk that looked at once found the previous page's form (/pricing's coupon form
  // on /courses, /team's request form on /career), pressed it as the page changed, and waited for it for good.
  await expect
    .poll(() => page.evaluate(() => document.querySelector<HTMLElement>('main')?.dataset.path === window.location.pathname), {
      message: `${route}: the page on show is the route's`,
    })
    .toBe(true);
}

/** The console's refusal, shown on every console route to an account without staff access (checked on one). */
async function expectNoConsoleAccess(page: Page) {
  await expect(page.getByTestId('staff-no-access').getByRole('heading', { level: 1 })).toHaveText('No access to the staff console');
  await expect(page.getByTestId('staff-no-access')).toContainText('which does not have staff access');
}

/**
 * A public route as its visitor first gets it (the walk's cold load): the right status (Hosting answers an unknown
 * path with the 404 page and a real 404), its heading, title and description, axe at 1280 px, no sideways scroll
 * from 360 to 1440 px, and nothing in the console but the 404's own status line.
 */
async function expectRouteContent(page: Page, route: string, heading: string | RegExp, status: number | undefined, errors: string[]) {
  const missing = route === '/no-such-page';
  expect(status, route).toBe(missing ? 404 : 200);
  await expect(page.getByRole('heading', { level: 1 }), route).toContainText(heading);
  await expect(page).toHaveTitle(/Upskill/);
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(description?.length, route).toBeGreaterThan(20);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page, route);
  for (const width of [1440, 1024, 768, 360]) {
    await page.setViewportSize({ width, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${route}: no horizontal scroll at ${width} px`).toBeLessThanOrEqual(0);
  }
  expect(
    errors.filter((error) => !(missing && /status of 404/.test(error))),
    route,
  ).toEqual([]);
}

/** Visits each route and measures it at every phone width; then shows each form's errors and measures again. */
async function walk(
  page: Page,
  routes: string[],
  options: { submitForms: boolean; inApp?: boolean; noConsole?: boolean; headings?: Map<string, string | RegExp> },
) {
  const found: string[] = [];
  const skipped: string[] = [];
  const errors = watchErrors(page);
  for (const [i, route] of routes.entries()) {
    const errorsBefore = errors.length;
    let status: number | undefined;
    if (options.inApp && i > 0) await goInApp(page, route);
    else {
      status = (await page.goto(route))?.status();
      if (options.inApp) await expect(page.locator('html[data-hydrated]')).toBeAttached();
    }
    if (options.noConsole && route === paths.staff) await expectNoConsoleAccess(page);
    // Rendered: its heading is there, and what it loads has arrived (the console keeps a listener open, so
    // the network never goes quiet there).
    await expect(page.locator('main'), route).not.toBeEmpty();
    // A page waits through its request's 8 s budget and two retries; under a full run's load one console page took
    // over 10 s (the last clean run). This walk measures layout, so it waits as long as the page does.
    await expect(page.locator('main').getByText(/^Loading\b/), route).toHaveCount(0);
    const heading = options.headings?.get(route);
    if (heading !== undefined) await expectRouteContent(page, route, heading, status, errors.slice(errorsBefore));
    await openEveryPanel(page);
    for (const width of PHONE_WIDTHS)
      for (const problem of await overflowAt(page, width)) found.push(`${route} at ${width} px: ${problem}`);
    if (!options.submitForms) continue;
    // A form with empty fields, submitted as it is: its errors show (nothing is sent, the fields are required).
    // A search form has nothing required: an empty search is a search for everything.
    const forms = page
      .locator('main form:not([role=search])')
      .filter({ has: page.locator('input:not([type=hidden]):not([type=checkbox]):not([type=radio]), select, textarea') });
    for (let index = 0; index < (await forms.count()); index++) {
      const submit = forms.nth(index).locator('button[type=submit]').first();
      // A form that cannot be sent empty (its button hidden or disabled until something is chosen) has no error
      // state to show; each is named in the run's output and counted below, never passed over in silence.
      if (!(await submit.isVisible()) || !(await submit.isEnabled())) {
        skipped.push(`${route} form ${index + 1} (${(await forms.nth(index).getAttribute('aria-label')) ?? 'unnamed'})`);
        continue;
      }
      // On a phone, from the bottom of the form: the first error is above the fold, and must be brought to.
      await page.setViewportSize({ width: 375, height: 740 });
      await submit.scrollIntoViewIfNeeded();
      await submit.click();
      await expect(
        page.locator('main [aria-invalid="true"], main [role="alert"]').first(),
        `${route}: form ${index + 1} shows its errors`,
      ).toBeVisible();
      // Focus (and the scroll it brings) settles a frame after the errors render.
      await expect.poll(() => firstErrorFocus(forms.nth(index)), { message: `${route}: form ${index + 1}` }).toBeUndefined();
      for (const width of PHONE_WIDTHS)
        for (const problem of await overflowAt(page, width))
          found.push(`${route} (form ${index + 1} with its errors) at ${width} px: ${problem}`);
      if (!page.url().endsWith(route)) break;
    }
  }
  if (skipped.length) console.log(`overflow walk: forms that cannot be sent empty, not submitted: ${skipped.join('; ')}`);
  return found;
}

/** The console's routes after its first: an account without staff access gets the same refusal on each. */
const withoutConsole = (routes: string[]) => routes.filter((route) => route === paths.staff || !route.startsWith(`${paths.staff}/`));

test('signed out, every route and every form in its error state fits 320, 375 and 414 px; each public route its content, axe and widths', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const headings = new Map(ROUTE_HEADINGS);
  const routes = everyRoute();
  // The spec's routes the route table samples differently (another course, another post) are walked too.
  const more = [...headings.keys()].filter((route) => !routes.includes(route));
  expect(await walk(page, [...routes, ...more], { submitForms: true, headings })).toEqual([]);
});

test('signed in as a learner with a paid enrollment: every route, My Courses with every panel open, the receipt', async ({ page }) => {
  test.setTimeout(240_000);
  const batchId = await openBatch();
  const { learner, enrollmentId } = await enrollLearner(batchId, { name: 'Venkata Subrahmanya Lakshminarayanan' });
  await signInOnSite(page, learner);
  await page.goto('/mycourses');
  await expect(page.getByRole('button', { name: /Download GST invoice UPS\/\d\d-\d\d\/\d{6} \(PDF\)/ })).toBeVisible();
  // A real question in the learner's course space, with a long title: the question page as it is read, not only its 404.
  const asked = await untilAnswered(() =>
    call<{ id: string }>('POST', `/api/qa/spaces/course-${COURSE.id}/questions`, {
      body: {
        title: 'Why does my list comprehension with a nested conditional expression evaluate differently inside a generator?',
        body: 'A long line of code that must wrap rather than push the page sideways: `[x if x > 0 else -x for x in range(-100000000, 100000000) if x % 7]`',
      },
      headers: bearer(learner),
    }),
  );
  expect(asked.status, asked.text).toBe(201);
  const routes = withoutConsole(everyRoute({ receipt: enrollmentId, question: asked.body.id }));
  expect(await walk(page, routes, { submitForms: true, inApp: true, noConsole: true })).toEqual([]);
});

test('signed in as an instructor: every route, My teaching with its rosters and timetables open', async ({ page }) => {
  test.setTimeout(240_000);
  const batchId = await openBatch();
  await enrollLearner(batchId);
  const teacher: TestUser = await createUser({ emailVerified: true, email: `teacher.${randomUUID().slice(0, 8)}@upskill.dev` });
  expect(staffCli('instructor', teacher.email, findOffering(COURSE.slug)?.instructor ?? '').status).toBe(0);
  await signInOnSite(page, teacher);
  await page.goto('/teaching');
  await expect(page.getByTestId('teaching-batch').first()).toBeVisible();
  expect(await walk(page, withoutConsole(everyRoute()), { submitForms: false, inApp: true, noConsole: true })).toEqual([]);
});

test('signed in as staff: every route and every page of the console, and an enrollment’s own page', async ({ page }) => {
  test.setTimeout(240_000);
  const staff = await createStaff();
  const { enrollmentId } = await enrollLearner(await openBatch(staff));
  await signInOnSite(page, staff);
  expect(await walk(page, everyRoute({ staffEnrollment: enrollmentId }), { submitForms: false, inApp: true })).toEqual([]);
});
