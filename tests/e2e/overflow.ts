import type { Locator, Page } from '@playwright/test';
import { COURSES } from '@upskill/domain/catalogue';
import { paths } from '../../web/src/config/paths';
import { staffPaths } from '../../web/src/features/staff/staffPaths';
import { POSTS } from '../../web/src/features/blog/posts';

/** The phone widths every page must fit: a small Android, the common 375, and a large phone. */
export const PHONE_WIDTHS = [320, 375, 414] as const;

/**
 * What sticks out past the right or left edge of the viewport: the document itself (it scrolls sideways),
 * and every rendered element whose box extends past the viewport unless an ancestor that fits clips it
 * (the home page's marquees, a wide table in its own scrolling box). One line per outermost offender.
 */
export async function overflowAt(page: Page, width: number): Promise<string[]> {
  await page.setViewportSize({ width, height: 800 });
  // Lengths in vw (the home page's figures, headings' clamp()) are stale for a frame after the resize: measured at
  // once, /mycourses at 375 px read 320 px's font sizes and the home page at 320 px read 1280 px's. Measure the
  // page as it paints, two frames on.
  const twoFrames = () =>
    page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await twoFrames();
  const found = await measureOverflow(page);
  if (found.length === 0) return found;
  // Chromium's headless shell can take longer than two frames to apply the new width's vw lengths: run AG
  // (1 December) measured the home page at 320 px with a stat counter still at a wider window's font size (the
  // document 335 px wide), and the same page at 320 px fits. An overflow that is really there is still there a
  // moment later; one that was a stale frame is gone.
  await page.waitForTimeout(300);
  await twoFrames();
  return measureOverflow(page);
}

function measureOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const problems: string[] = [];
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > viewport) problems.push(`the document is ${scrollWidth} px wide`);
    const describe = (element: Element) => {
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
      const name = element.getAttribute('aria-label') ?? element.getAttribute('name') ?? '';
      return `<${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? ` class="${element.className}"` : ''}> ${name || text}`;
    };
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible') {
          const box = parent.getBoundingClientRect();
          if (box.left >= -0.5 && box.right <= viewport + 0.5) return true;
        }
      }
      return false;
    };
    const reported: Element[] = [];
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      // Not rendered, or visually hidden for screen readers (a 1 px clip).
      if (box.width <= 1 || box.height <= 1) continue;
      if (getComputedStyle(element).visibility === 'hidden') continue;
      // Hidden from everyone on purpose: a form's honeypot field, kept off-screen for bots.
      if (element.closest('[aria-hidden="true"]')) continue;
      if (box.right <= viewport + 0.5 && box.left >= -0.5) continue;
      if (clipped(element)) continue;
      if (reported.some((outer) => outer.contains(element))) continue;
      reported.push(element);
      problems.push(`${describe(element)} spans ${Math.round(box.left)}–${Math.round(box.right)} px`);
    }
    return problems.slice(0, 8);
  });
}

/** Every collapsible part opened (My Courses' panels, timetables, rosters), as a visitor who opens them all. */
export async function openEveryPanel(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const details of document.querySelectorAll('details')) details.open = true;
  });
}

/**
 * The heading each public route shows (the site's routes as the spec lists them), checked on the signed-out walk's
 * cold load with the page's title, description, axe at 1280 px, its width from 360 to 1440 px and a quiet console.
 */
export const ROUTE_HEADINGS: [string, string | RegExp][] = [
  ['/', 'Learn the skills employers hire for'],
  ['/about', 'Upskill. Empower. Succeed.'],
  ['/courses', 'Explore our courses'],
  ['/courses/machine-learning-with-python', 'Machine Learning with Python'],
  ['/pricing', 'Simple, transparent pricing'],
  ['/contact', 'Contact us'],
  ['/get-started', 'What do you want to learn?'],
  ['/plans-section', 'Choose the plan that fits your goals'],
  ['/course-info', 'Course information'],
  ['/Privacy-Policy', 'Privacy Policy'],
  ['/Terms&Conditions', 'Terms & Conditions'],
  ['/Faq', 'Frequently asked questions'],
  ['/cookies', 'Cookie Policy'],
  ['/blog', 'The Upskill blog'],
  ['/blog/switching-careers-into-tech', 'Switching careers into tech'],
  ['/help', 'Help Centre'],
  ['/teams', 'Seats for your team or your students'],
  ['/login', 'Welcome back'],
  ['/register', 'Create your account'],
  ['/mycourses', 'My Courses'],
  ['/course/plans/pro/info', 'Enrollment details'],
  ['/no-such-page', 'This page is still under construction'],
];

/** A sample value for each parameterised route, keyed by the route's pattern; a new pattern must be added here. */
// The course with the longest name: the hardest to fit.
const LONGEST = [...COURSES].sort((a, b) => b.name.length - a.name.length)[0];

export function routeSamples(ids: { receipt?: string; enrollment?: string; question?: string } = {}): Record<string, string[]> {
  return {
    [paths.course]: [`/courses/${LONGEST.slug}`],
    [paths.blogPost]: [`/blog/${POSTS[0].slug}`],
    [paths.enrollment]: ['/course/plans/pro/info', `/course/plans/course-${LONGEST.id}/info`],
    [paths.receipt]: [`/receipt/${ids.receipt ?? 'no-such-receipt'}`],
    [paths.newsletterResult]: ['/newsletter/confirmed'],
    [paths.qaQuestion]: [`/qa/questions/${ids.question ?? 'nosuchquestion'}`],
    // A campus's join link that names no campus: the page says so (a real one is taken in teams.spec.ts).
    [paths.joinCampus]: ['/join/nosuchcampuskey'],
    // The programme with the longest name; its first lesson (open to anyone) and a locked one.
    [paths.starter]: ['/starter/artificial-intelligence-and-machine-learning'],
    [paths.starterLesson]: [
      '/starter/artificial-intelligence-and-machine-learning/what-learning-means',
      '/starter/artificial-intelligence-and-machine-learning/your-first-model',
    ],
  };
}

/**
 * The site's routes, read from the route table's paths (config/paths, which the router uses for every
 * page) and the staff console's own pages: each parameterised one through its sample. A route without
 * a sample fails the walk, so a new page cannot be missed.
 */
export function everyRoute(ids: { receipt?: string; staffEnrollment?: string; question?: string } = {}): string[] {
  const samples = routeSamples(ids);
  const routes: string[] = [];
  for (const pattern of new Set<string>(Object.values(paths))) {
    if (!pattern.includes(':')) {
      routes.push(pattern);
      continue;
    }
    const sample = samples[pattern];
    if (!sample) throw new Error(`No sample for the route ${pattern}: add one to routeSamples in tests/e2e/overflow.ts`);
    routes.push(...sample);
  }
  for (const path of Object.values(staffPaths)) if (!routes.includes(path)) routes.push(path);
  if (ids.staffEnrollment) routes.push(`${paths.staff}/enrollments/${encodeURIComponent(ids.staffEnrollment)}`);
  routes.push('/no-such-page');
  return routes;
}

/**
 * After a refused submission of `form`: focus is on its first field in error (document order), and that field
 * is in view below the sticky header. Returns what is wrong, or nothing.
 */
export async function firstErrorFocus(form: Locator): Promise<string | undefined> {
  return form.evaluate((element) => {
    const first = element.querySelector<HTMLElement>('[aria-invalid="true"]');
    // A refused form marks the fields in error: errors with no field marked leave a screen reader nowhere to go.
    if (!first) return 'no field is marked aria-invalid';
    const name = first.getAttribute('name') ?? first.id;
    if (document.activeElement !== first) {
      const active = document.activeElement;
      return `focus is on ${active ? `<${active.tagName.toLowerCase()}> ${active.getAttribute('name') ?? active.textContent?.trim().slice(0, 30)}` : 'nothing'}, not on the first field in error (${name})`;
    }
    const headerBottom = document.querySelector('[data-testid="site-header"]')?.getBoundingClientRect().bottom ?? 0;
    const box = first.getBoundingClientRect();
    if (box.top < headerBottom || box.bottom > innerHeight)
      return `the first field in error (${name}) is out of view (${Math.round(box.top)}–${Math.round(box.bottom)} px)`;
    return undefined;
  });
}
