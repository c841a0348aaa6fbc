import type { BatchSummaryAnswer } from '@upskill/domain/enrollment';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { COMPANY, COURSES, formatRupees } from './domain';
import { browseCatalogue, expectNoAxeViolations, watchErrors } from './helpers';

// What a search engine and a link preview see: the HTML Hosting serves, before any script runs.

type Json = Record<string, unknown>;
const UNDER_CONSTRUCTION = 'This page is still under construction';
// The app shell's own file name (/app) is reachable too: it must say noindex like the pages it serves.
const PRIVATE_PATHS = [
  '/payment',
  '/mycourses',
  '/course/plans/pro/info',
  `/course/plans/course-${COURSES[0].id}/info`,
  '/app',
  '/staff',
  '/staff/messages',
  '/staff/enrollments/abc',
];

/** The site's paths from the sitemap (its URLs name the production origin). */
async function sitemapPaths(request: APIRequestContext): Promise<{ path: string; lastmod: string }[]> {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/xml/);
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  return [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)].map(([, loc, lastmod]) => {
    const url = loc.replace(/&amp;/g, '&');
    expect(url.startsWith(`${COMPANY.siteUrl}/`), url).toBe(true);
    return { path: url.slice(COMPANY.siteUrl.length), lastmod };
  });
}

const attr = (html: string, pattern: RegExp) =>
  pattern
    .exec(html)?.[1]
    ?.replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"');
const meta = (html: string, key: string) => attr(html, new RegExp(`<meta data-head (?:property|name)="${key}" content="([^"]*)"`));
const jsonLd = (html: string): Json[] =>
  [...html.matchAll(/<script data-head type="application\/ld\+json">([^<]*)<\/script>/g)].map(([, text]) => JSON.parse(text) as Json);
const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const asArray = (value: unknown): Json[] => (Array.isArray(value) ? value : [value]) as Json[];

/** The properties Google's course info rich result requires (and the ones this site promises). */
function checkCourse(data: Json, path: string) {
  const course = COURSES.find((c) => `/courses/${c.slug}` === path);
  expect(course, `${path} is a catalogue course`).toBeDefined();
  if (!course) return;
  expect(data).toMatchObject({ '@context': 'https://schema.org', '@type': 'Course', name: course.name, description: course.desc });
  expect((data.description as string).length).toBeGreaterThan(20);
  expect(data.provider).toMatchObject({ '@type': 'Organization', name: COMPANY.name, url: `${COMPANY.siteUrl}/` });
  const offers = asArray(data.offers);
  expect(offers.length).toBeGreaterThan(0);
  for (const offer of offers)
    expect(offer).toMatchObject({ '@type': 'Offer', category: 'Paid', price: course.price, priceCurrency: 'INR' });
  const instances = asArray(data.hasCourseInstance);
  expect(instances.length).toBeGreaterThan(0);
  for (const instance of instances) {
    expect(instance).toMatchObject({ '@type': 'CourseInstance', courseMode: 'Online' });
    expect(instance.courseWorkload).toBe(`P${Number.parseInt(course.duration, 10)}W`);
  }
}

function checkBreadcrumbs(data: Json, path: string) {
  const items = asArray(data.itemListElement);
  expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
  expect(items[0]).toMatchObject({ name: 'Home', item: `${COMPANY.siteUrl}/` });
  expect(items.at(-1)?.item).toBe(`${COMPANY.siteUrl}${path}`);
  for (const item of items) expect(typeof item.name === 'string' && item.name.length > 0).toBe(true);
}

test('the sitemap lists every public page and course; each answers 200 with its own head and valid JSON-LD', async ({ request }) => {
  const pages = await sitemapPaths(request);
  const paths = pages.map((page) => page.path);
  expect(new Set(paths).size, 'no URL twice').toBe(paths.length);
  for (const course of COURSES) expect(paths).toContain(`/courses/${course.slug}`);
  for (const path of [
    '/',
    '/courses',
    '/pricing',
    '/about',
    '/contact',
    '/Faq',
    '/help',
    '/blog',
    '/Terms&Conditions',
    '/Privacy-Policy',
  ]) {
    expect(paths).toContain(path);
  }
  for (const path of [...PRIVATE_PATHS, '/404', '/terms', '/privacy', '/course-info']) expect(paths).not.toContain(path);
  for (const { lastmod } of pages) expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  const seen = new Set<string>();
  for (const path of paths) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).not.toContain(UNDER_CONSTRUCTION);
    const top = head(html);
    expect(top, `${path} is indexable`).not.toContain('noindex');
    expect(response.headers()['x-robots-tag'], path).toBeUndefined();
    expect(attr(top, /<link data-head rel="canonical" href="([^"]+)"/), path).toBe(`${COMPANY.siteUrl}${path}`);
    // Before any script tag: a crawler or link preview that runs no script reads the whole head.
    expect(top.indexOf('<link data-head rel="canonical"'), path).toBeLessThan(top.indexOf('<script'));
    const title = attr(top, /<title>([^<]+)<\/title>/) ?? '';
    const description = attr(top, /<meta name="description" content="([^"]+)"/) ?? '';
    expect(titles.get(title), `${path}: title "${title}" is unique`).toBeUndefined();
    expect(descriptions.get(description), `${path}: description is unique`).toBeUndefined();
    titles.set(title, path);
    descriptions.set(description, path);
    expect(description.length, path).toBeGreaterThan(50);
    expect(meta(top, 'og:title')).toBe(title);
    expect(meta(top, 'og:description')).toBe(description);
    expect(meta(top, 'og:url')).toBe(`${COMPANY.siteUrl}${path}`);
    expect(meta(top, 'twitter:card')).toBe('summary_large_image');
    const image = meta(top, 'og:image') ?? '';
    expect(meta(top, 'twitter:image')).toBe(image);
    expect(image.startsWith(`${COMPANY.siteUrl}/images/share/`), `${path}: local share image`).toBe(true);
    seen.add(image.slice(COMPANY.siteUrl.length));

    const data = jsonLd(top);
    const types = data.map((item) => item['@type']);
    for (const item of data) expect(item['@context']).toBe('https://schema.org');
    if (path.startsWith('/courses/')) {
      expect(types).toEqual(['Course', 'BreadcrumbList']);
      checkCourse(data[0], path);
      checkBreadcrumbs(data[1], path);
      const course = COURSES.find((c) => `/courses/${c.slug}` === path);
      // What the structured data claims is what the page shows.
      expect(html).toContain(formatRupees(course?.price ?? 0));
      // Written out once: a wrong price or rupee format cannot pass on both sides.
      if (path === '/courses/machine-learning-with-python') expect(html).toContain('₹3,589');
    }
    if (path === '/') {
      expect(types).toEqual(['Organization']);
      expect(data[0]).toMatchObject({ name: COMPANY.name, url: `${COMPANY.siteUrl}/`, logo: `${COMPANY.siteUrl}/images/share/logo.png` });
    }
    if (path === '/Faq' || path === '/help') {
      expect(types).toEqual(['FAQPage']);
      const questions = asArray(data[0].mainEntity);
      expect(questions.length).toBeGreaterThanOrEqual(5);
      for (const question of questions) {
        expect(question['@type']).toBe('Question');
        expect(html).toContain(String(question.name).replace(/&/g, '&amp;'));
        expect((question.acceptedAnswer as Json)['@type']).toBe('Answer');
      }
    }
  }
  // Every share image named by a page exists and is a raster image crawlers render (1200 x 630 JPEG, or the logo).
  seen.add('/images/share/logo.png');
  for (const image of seen) {
    const response = await request.get(image);
    expect(response.status(), image).toBe(200);
    expect(response.headers()['content-type'], image).toMatch(/^image\/(jpeg|png)/);
  }
});

test('robots.txt points to the sitemap and blocks nothing a crawler must read to see noindex', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${COMPANY.siteUrl}/sitemap.xml`);
  expect(robots).toMatch(/^User-agent: \*$/m);
  for (const path of PRIVATE_PATHS) expect(robots).not.toContain(`Disallow: ${path.split('/').slice(0, 2).join('/')}`);
});

test('private pages answer noindex in the header and the HTML', async ({ request }) => {
  for (const path of PRIVATE_PATHS) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['x-robots-tag'], path).toBe('noindex');
    expect(head(await response.text()), path).toContain('<meta data-head name="robots" content="noindex">');
  }
});

test('an unknown course, post or page is the 404 page with a 404 status, never a 200 shell', async ({ request }) => {
  const probes = [
    '/courses/not-a-course',
    '/courses/Machine-Learning-With-Python',
    '/courses/machine-learning-with-python/extra',
    `/courses/${COURSES[0].slug}-`,
    '/courses/%2e%2e%2fpayment',
    '/blog/not-a-post',
    '/no-such-page',
  ];
  for (const path of probes) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    const html = await response.text();
    expect(html, path).toContain(UNDER_CONSTRUCTION);
    expect(head(html), path).toContain('content="noindex"');
  }
});

test('a course page shows the course, hydrates without errors and enrolls in that course', async ({ page }) => {
  const errors = watchErrors(page);
  const course = COURSES.find((c) => c.slug === 'data-structures-and-algorithms-in-cpp');
  if (!course) throw new Error('catalogue changed');
  await page.goto(`/courses/${course.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: course.name })).toBeVisible();
  const main = page.locator('main');
  for (const text of [
    course.desc,
    course.details,
    course.duration,
    formatRupees(course.price),
    '₹3,549',
    course.instructor.name,
    ...course.topics,
    ...course.learningOutcomes,
  ]) {
    await expect(main.getByText(text, { exact: false }).first()).toBeVisible();
  }
  // The seats bar shows the next batch's real fill, as the API reports it.
  const next = ((await (await page.request.get('/api/batches/summary')).json()) as BatchSummaryAnswer).offerings[course.slug];
  if (!next) throw new Error('no batch seeded for this course');
  await expect(main.locator('.course-buy .seats__label')).toHaveText(`${next.filledPercent}% Seats Filled · ${next.seatsLeft} left`);
  await expect(main.getByRole('img', { name: `Rated ${course.rating} out of 5` })).toBeVisible();
  await expect(main.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(course.category);
  await expectNoAxeViolations(page, `/courses/${course.slug}`);
  await main.getByRole('link', { name: `Enroll Now in ${course.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/course/plans/course-${course.id}/info$`));
  await expect(page.getByText(course.name).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('cards, the preview and the home page link to course pages; navigating between them rewrites the head', async ({ page }) => {
  const [first, second] = COURSES.filter((c) => c.category === 'AI & Data');
  await page.goto('/courses');
  await browseCatalogue(page);
  await page.getByRole('link', { name: `Course details: ${first.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${first.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name);
  await expect(page).toHaveTitle(`${first.name} | Upskill`);

  // Another course of the category, by client-side navigation: title, canonical and JSON-LD follow.
  await page.getByRole('link', { name: second.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(second.name);
  await expect(page).toHaveTitle(`${second.name} | Upskill`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${COMPANY.siteUrl}/courses/${second.slug}`);
  const data = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(data.map((text) => (JSON.parse(text) as Json).name)).toContain(second.name);
  expect(data.join('')).not.toContain(first.name);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);

  await page.goto('/courses');
  await browseCatalogue(page);
  await page.getByRole('button', { name: `Preview ${first.name}` }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'View full course' }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${first.slug}$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('body')).not.toHaveCSS('overflow', 'hidden');

  // A search result is a card: its details link leads to the page too.
  await page.goto('/courses?q=kotlin');
  const android = COURSES.find((c) => c.slug === 'android-app-development-with-kotlin');
  await page.getByRole('link', { name: `Course details: ${android?.name}` }).click();
  await expect(page).toHaveURL(/\/courses\/android-app-development-with-kotlin$/);

  // The home page's featured cards: the title is the link.
  await page.goto('/');
  // The featured cards mount as the visitor scrolls near them.
  await page.mouse.wheel(0, 1500);
  const card = page.getByTestId('course-card').first();
  await card.scrollIntoViewIfNeeded();
  const title = await card.getByRole('heading').innerText();
  await card.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  // Leaving for a private page drops the share tags and marks it noindex.
  await page.goto('/pricing');
  await page
    .getByRole('link', { name: /Enroll Now/ })
    .first()
    .click();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
});
