import type { Locator, Page } from '@playwright/test';
import { COURSES } from '@upskill/domain/catalogue';
import { formatIndianNumber } from '@upskill/domain/common';
import { expect, test } from './fixtures';
import { browseCatalogue, watchErrors } from './helpers';

/**
 * Only what a visitor can use is hydrated (#41): text, images and plain links in web/src/components/StaticHtml.tsx
 * stay the prerendered HTML, which React adopts without building components for it. What is hydrated is seen
 * from the DOM: React marks each element it owns with a `__reactFiber` key.
 */
const owned = (locator: Locator) => locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber')));
/** How many elements inside the sections `selector` finds, and how many of them React owns. */
const census = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const inside = [...document.querySelectorAll(sel)].flatMap((section) => [...section.querySelectorAll('*')]);
    return { all: inside.length, owned: inside.filter((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber'))).length };
  }, selector);
/** A full page load would lose this; a client navigation keeps it. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

test('home: the static sections stay prerendered HTML, the controls are hydrated, and their links navigate in the app', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  // Adopted as HTML: the hero, the stats and their counters, the instructors, why-us, the logos and the footer's columns.
  for (const element of [
    page.locator('#hero-title'),
    page.getByTestId('counter-value').first(),
    page.locator('.instructor strong').first(),
    page.locator('.feature h3').first(),
    page.locator('.logo-tile img').first(),
    page.locator('.footer-col a').first(),
    page.locator('.footer-bottom p'),
  ])
    expect(await owned(element)).toBe(false);
  // Hydrated: what reacts to the visitor (the newsletter form, the header's menu button).
  for (const element of [page.locator('#newsletter-email'), page.getByRole('button', { name: 'Open menu' })])
    expect(await owned(element)).toBe(true);
  // Nothing inside the static sections is React's: 280 elements when this was written.
  const adopted = await census(
    page,
    '.hero, .stats, section[aria-labelledby="instructors-title"], section[aria-labelledby="why-title"], section[aria-labelledby="plans-title"], section[aria-labelledby="logos-title"], .footer-col, .footer-bottom',
  );
  expect(adopted.all).toBeGreaterThan(300);
  expect(adopted.owned).toBe(0);

  // A link in adopted HTML is a client navigation, like any Link.
  await markDocument(page);
  await page.locator('.hero__actions').getByRole('link', { name: 'Browse Courses' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Explore our courses' })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
  // Back on the home page, rendered in the browser now: the same content, React's own.
  await page.goBack();
  await expect(page.locator('#hero-title')).toHaveText('Learn the skills employers hire for, live with experts');
  expect(await owned(page.locator('#hero-title'))).toBe(true);
  expect(await sameDocument(page)).toBe(true);
  // The footer stays adopted across navigations, and its links stay in the app.
  await page.locator('.footer-col').getByRole('link', { name: 'About Us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upskill. Empower. Succeed.' })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
  // A plan's Enroll Now in the adopted plans names its plan in the path: the enrollment page is that plan's.
  await page.goto('/');
  expect(await owned(page.getByRole('link', { name: 'Enroll Now in the Pro plan' }))).toBe(false);
  await markDocument(page);
  await page.getByRole('link', { name: 'Enroll Now in the Pro plan' }).click();
  await expect(page).toHaveURL(/\/course\/plans\/pro\/info$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Enrollment details');
  await expect(page.locator('main')).toContainText('Pro');
  expect(await sameDocument(page)).toBe(true);
  expect(errors).toEqual([]);
});

test.describe('with motion', () => {
  test.use({ reducedMotion: 'no-preference' });
  test('adopted HTML keeps its reveals: a block below the fold is hidden until it scrolls into view, then fades in', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    const head = page.locator('section[aria-labelledby="why-title"] .section__head');
    expect(await owned(head)).toBe(false);
    await expect(head).toHaveCSS('opacity', '0');
    // Scrolled to, as a visitor would, again if the sections loading above it pushed it away.
    await expect(async () => {
      await head.scrollIntoViewIfNeeded();
      await expect(head).toHaveCSS('opacity', '1', { timeout: 2000 });
    }).toPass();
  });

  test('/pricing’s adopted tracker and the home page’s adopted plans fade in when seen, as the live Reveal does', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    for (const [path, block] of [
      ['/pricing', page.locator('.tracker [data-reveal]').first()],
      ['/', page.locator('section[aria-labelledby="plans-title"] .section__head')],
    ] as const) {
      await page.goto(path);
      expect(await owned(block), path).toBe(false);
      await expect(block, path).toHaveCSS('opacity', '0');
      await expect(async () => {
        await block.scrollIntoViewIfNeeded();
        await expect(block).toHaveCSS('opacity', '1', { timeout: 2000 });
      }).toPass();
    }
  });
});

test('about: our story stays HTML and its counters still count, adopted on a cold load and rendered after a client navigation', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 375, height: 812 });
  const employed = page.locator('[data-target="85"] [data-testid="counter-value"]');
  await page.goto('/about');
  expect(await owned(page.getByRole('heading', { level: 2, name: 'Our story' }))).toBe(false);
  expect(await owned(employed)).toBe(false);
  await employed.scrollIntoViewIfNeeded();
  await expect(employed).toHaveText('85%');
  // From the home page inside the app: React renders the section, and Counter's own effect counts.
  await page.goto('/');
  await markDocument(page);
  await page.locator('.footer-col').getByRole('link', { name: 'About Us' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upskill. Empower. Succeed.' })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
  expect(await owned(employed)).toBe(true);
  await employed.scrollIntoViewIfNeeded();
  await expect(employed).toHaveText('85%');
  expect(errors).toEqual([]);
});

test('a course page: its description is HTML, its seats and Enroll Now are live, its breadcrumb navigates in the app', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/courses/machine-learning-with-python');
  expect(await owned(page.getByRole('heading', { level: 1, name: 'Machine Learning with Python' }))).toBe(false);
  expect(await owned(page.locator('#course-about'))).toBe(false);
  expect(await owned(page.getByRole('link', { name: 'Enroll Now in Machine Learning with Python' }))).toBe(true);
  expect(await owned(page.locator('.course-buy .seats'))).toBe(true);
  await markDocument(page);
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Courses', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Explore our courses' })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});

test('/pricing: what a visitor cannot change stays HTML; the coupon, prices, Enroll and the chat are live, and the referral link navigates in the app', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/pricing');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  // Adopted: the banner, the hero, each plan's inclusions, the referral card, the tracker, what every plan includes
  // and the quotes (114 elements when this was written).
  const adopted = await census(
    page,
    '.promo-banner, .page-hero, .plan__features, .referral, .tracker, section[aria-labelledby="included-title"], section[aria-labelledby="pricing-testimonials-title"]',
  );
  expect(adopted.all).toBeGreaterThan(100);
  expect(adopted.owned).toBe(0);
  // Live: the coupon box, each price and trial line, Enroll Now and the chat button.
  for (const element of [
    page.getByRole('textbox', { name: 'Have a coupon code?' }),
    page.getByTestId('plan-yearly').getByTestId('plan-price'),
    page.getByTestId('plan-yearly').getByTestId('plan-promise'),
    page.getByRole('link', { name: 'Enroll Now in Elite Learning Membership' }),
    page.getByRole('button', { name: 'Chat with us' }),
  ])
    expect(await owned(element)).toBe(true);
  // A coupon changes the prices; each card's inclusions are still its own plan's, in order.
  await page.getByRole('textbox', { name: 'Have a coupon code?' }).fill('DISCOUNT20');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('plan-yearly').getByTestId('plan-price')).toContainText('₹13,499');
  await expect(page.getByTestId('plan-singleCourse').locator('.plan__features li')).toHaveText([
    'Up to 6 months access to one course',
    'Live and recorded sessions',
    'Graded assignments',
    'Certificate of completion',
  ]);
  await expect(page.getByTestId('plan-yearly').locator('.plan__features li').first()).toHaveText(
    'Unlimited access to all 34 courses for 12 months',
  );
  // The chat, beside the adopted tracker, opens.
  await page.getByRole('button', { name: 'Chat with us' }).click();
  await expect(page.getByRole('region', { name: 'Talk to us' })).toBeVisible();
  // The referral card's link, in adopted HTML, is a client navigation.
  await markDocument(page);
  await page.getByRole('link', { name: 'Get your referral link' }).click();
  await expect(page).toHaveURL(/\/mycourses#referrals$/);
  expect(await sameDocument(page)).toBe(true);
  expect(errors).toEqual([]);
});

test('/courses: each prerendered card keeps its icon row, facts and rating as HTML; what a visitor uses is hydrated, and a list sorted anew still shows each card its own', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/courses');
  await browseCatalogue(page);
  await expect(page.getByTestId('course-card')).toHaveCount(34);
  const cards = page.getByTestId('course-card');
  // The three prerendered cards: their static parts are adopted, nothing inside them is React's (15 to 17 elements a
  // card since the rating's stars are one SVG: the icon, its badge, three facts with their icons, the stars and the
  // figure); the title button, Course details, the seats bar, Preview and Enroll Now are hydrated.
  const adopted = await census(page, '.catalogue-grid > li:nth-child(-n+3) :is(.course-card__top, .course-card__meta, .stars)');
  expect(adopted.all).toBeGreaterThanOrEqual(3 * 15);
  expect(adopted.owned).toBe(0);
  const first = cards.first();
  for (const element of [
    first.locator('.course-card__open'),
    first.locator('.course-card__more'),
    first.locator('.seats'),
    first.getByRole('button', { name: /^Preview / }),
    first.getByRole('link', { name: /^Enroll Now in / }),
  ])
    expect(await owned(element)).toBe(true);
  // Cards added after hydration are rendered in the browser, static parts and all.
  expect(await owned(cards.nth(20).locator('.stars'))).toBe(true);
  // Sorted the other way, the prerendered cards move to the end of the list: each card still shows its own
  // course's badge, facts and rating, adopted or not.
  const prerendered = (await cards.locator('.course-card__title').allTextContents()).map((name) => name.trim()).slice(0, 3);
  await page.getByLabel('Sort by').selectOption('Rating: Low to High');
  await expect(cards.first().locator('.course-card__title')).not.toHaveText(prerendered[0]);
  await expect(cards).toHaveCount(34);
  const shown = await cards.evaluateAll((list) =>
    list.map((card) => ({
      name: card.querySelector('.course-card__title')?.textContent?.trim(),
      badge: card.querySelector('.course-card__top .badge')?.textContent ?? null,
      meta: [...card.querySelectorAll('.course-card__meta li')].map((li) => li.textContent?.trim()),
      rating: card.querySelector('.stars')?.getAttribute('aria-label'),
    })),
  );
  // All three adopted cards are in new places.
  expect(shown.filter((card, index) => prerendered.includes(card.name ?? '') && prerendered[index] !== card.name)).toHaveLength(3);
  for (const card of shown) {
    const course = COURSES.find((c) => c.name === card.name);
    expect(course, card.name).toBeDefined();
    expect(card).toEqual({
      name: course!.name,
      badge: course!.badge ?? null,
      meta: [course!.duration, course!.level, `${formatIndianNumber(course!.students)} students`],
      rating: `Rated ${course!.rating} out of 5`,
    });
  }
  // One card written out, so that a wrong catalogue or number format cannot pass on both sides.
  expect(shown.find((card) => card.name === 'Machine Learning with Python')).toEqual({
    name: 'Machine Learning with Python',
    badge: 'Popular',
    meta: ['12 weeks', 'Intermediate', '5,210 students'],
    rating: 'Rated 4.9 out of 5',
  });
  const ml = cards.first();
  // Preview draws the rating in the dialog, in the browser.
  await ml.getByRole('button', { name: /^Preview / }).click();
  await expect(page.getByRole('dialog').locator('.stars')).toHaveAttribute(
    'aria-label',
    (await ml.locator('.stars').getAttribute('aria-label'))!,
  );
  expect(errors).toEqual([]);
});

test('from one course page to a related one, in the app: everything on the page is the new course’s, adopted parts included', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/courses/machine-learning-with-python');
  const first = COURSES.find((c) => c.slug === 'machine-learning-with-python')!;
  const next = COURSES.find((c) => c.category === first.category && c.id !== first.id)!;
  expect(next.duration === first.duration && next.level === first.level && next.rating === first.rating).toBe(false);
  await markDocument(page);
  await page.locator('section[aria-labelledby="course-related"]').getByRole('link', { name: next.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${next.slug}$`));
  expect(await sameDocument(page)).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(next.name);
  await expect(page.locator('.course-hero .stars')).toHaveAttribute('aria-label', `Rated ${next.rating} out of 5`);
  await expect(page.locator('.course-buy .course-card__meta li')).toHaveText([next.duration, next.level, 'Live online']);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(next.name);
  await expect(page.getByRole('link', { name: `Enroll Now in ${next.name}` })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(first.desc);
  expect(errors).toEqual([]);
});

test('a link in adopted HTML that should leave the app still does: a new tab, and another site', async ({ page, context }) => {
  await page.goto('/');
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page
      .locator('.footer-col')
      .getByRole('link', { name: 'About Us' })
      .click({ modifiers: ['ControlOrMeta'] }),
  ]);
  // The new tab opens on about:blank and then loads the link (the headless shell reports the blank page's load first).
  await tab.waitForURL((url) => url.protocol !== 'about:');
  expect(new URL(tab.url()).pathname).toBe('/about');
  await tab.close();
  // Another site, in a new tab as the link says (target=_blank): the app does not take it over. (Offline here,
  // so the other site's answer is made up.)
  await context.route('https://www.linkedin.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>LinkedIn</title>' }),
  );
  const [away] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Upskill on LinkedIn' }).click()]);
  await away.waitForURL((url) => url.protocol !== 'about:');
  expect(new URL(away.url()).hostname).toBe('www.linkedin.com');
  await away.close();
  expect(new URL(page.url()).pathname).toBe('/');
});
