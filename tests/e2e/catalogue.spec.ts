import { expect, test } from './fixtures';
import { browseCatalogue, expectNoAxeViolations } from './helpers';

test('search, category, level and sort combine; Clear Filters resets them', async ({ page }) => {
  await page.goto('/courses');
  const cards = page.getByTestId('course-card');
  // Until the visitor's first input the page lists its three prerendered cards, and says how many there are.
  await expect(page.getByText('Showing 34 of 34 courses')).toBeVisible();
  await expect(cards).toHaveCount(3);
  await browseCatalogue(page);
  await expect(cards).toHaveCount(34);
  await page.getByLabel('Search', { exact: true }).fill('data');
  await expect(page).toHaveURL(/q=data/);
  // The address changes first, the list in the render after it (a run here counted 34 cards while the status
  // already said 10): count once the status no longer names the whole catalogue.
  await expect(page.getByText('Showing 34 of 34 courses')).toBeHidden();
  const withSearch = await cards.count();
  expect(withSearch).toBeLessThan(34);
  await page.getByLabel('Category').selectOption('AI & Data');
  await page.getByLabel('Level').selectOption('Beginner');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Data Analytics with SQL and Power BI');
  await page.getByLabel('Search', { exact: true }).fill('');
  await page.getByLabel('Level').selectOption('Advanced');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Deep Learning and Generative AI');
  await page.getByLabel('Search', { exact: true }).fill('data');
  await page.getByLabel('Search', { exact: true }).fill('zzz');
  await expect(page.getByText('No courses found matching your criteria.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(cards).toHaveCount(34);
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Category')).toHaveValue('');
  await expect(page.getByLabel('Level')).toHaveValue('');
  await expect(page.getByLabel('Sort by')).toHaveValue('rating-desc');
  await page.getByLabel('Sort by').selectOption('newest');
  await expect(cards.first()).toContainText('Go for Backend Engineers');
});

test('/courses?goal=Security shows only Security courses', async ({ page }) => {
  await page.goto('/courses?goal=Security');
  const cards = page.getByTestId('course-card');
  await expect(cards).toHaveCount(3);
  for (const name of [
    'Ethical Hacking and Penetration Testing',
    'Security Operations and Incident Response',
    'Cybersecurity Fundamentals',
  ]) {
    await expect(page.getByRole('heading', { name })).toBeVisible();
  }
});

test('filter state lives in the URL: survives reload and Back', async ({ page }) => {
  await page.goto('/courses');
  await page.getByLabel('Category').selectOption('Business');
  await page.getByLabel('Level').selectOption('Intermediate');
  await expect(page).toHaveURL(/category=Business&level=Intermediate/);
  await page.reload();
  await expect(page.getByLabel('Category')).toHaveValue('Business');
  await expect(page.getByLabel('Level')).toHaveValue('Intermediate');
  await expect(page.getByTestId('course-card')).toHaveCount(1);
  await page.goBack();
  await expect(page.getByLabel('Level')).toHaveValue('');
  await expect(page.getByLabel('Category')).toHaveValue('Business');
  await expect(page.getByTestId('course-card')).toHaveCount(3);
});

test('preview modal: fetched on interest, opens from Preview and the card title, closes by button, backdrop and Escape, returns focus', async ({
  page,
}) => {
  const previewModule: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/PreviewModal-[\w-]+\.js$/.test(request.url())) previewModule.push(request.url());
  });
  await page.goto('/courses');
  // Reading the catalogue does not need the preview: its module comes when a pointer is over a card.
  await page.waitForTimeout(500);
  expect(previewModule, 'the preview module before any interest').toEqual([]);
  await page.getByTestId('course-card').first().hover();
  await expect.poll(() => previewModule.length, { message: 'the preview module once a pointer is over a card' }).toBe(1);
  const preview = page.getByRole('button', { name: 'Preview Machine Learning with Python' });
  await preview.click();
  const dialog = page.getByRole('dialog', { name: 'Machine Learning with Python' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Limited Offer');
  // The next batch's real fill, from the live summary (no constant from the catalogue).
  await expect(dialog.locator('.seats')).toHaveAttribute('data-seats', 'live');
  await expect(dialog.locator('.seats__label')).toHaveText(/^\d+% Seats Filled · \d+ left$|^Next batch full – join the waitlist$/);
  await expect(dialog).toContainText('Priya Menon');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await expectNoAxeViolations(page, '/courses with the preview open');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(preview).toBeFocused();

  await page.getByRole('button', { name: 'Machine Learning with Python', exact: true }).click();
  await expect(dialog).toBeVisible();
  await page.getByTestId('modal-backdrop').click({ position: { x: 5, y: 5 } });
  await expect(dialog).toBeHidden();

  await preview.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test("a preview whose module cannot be fetched opens the course's own page instead", async ({ page }) => {
  await page.route(/\/assets\/PreviewModal-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
  await page.goto('/courses');
  await page.getByRole('button', { name: 'Preview Machine Learning with Python' }).click();
  await expect(page).toHaveURL(/\/courses\/machine-learning-with-python$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Machine Learning with Python' })).toBeVisible();
});

test('the room kept for the cards still to come is as tall as the rows they will fill, at every column count', async ({ page }) => {
  // 34 courses, 3 shown until the first input; rows of 480 px, 24 px apart. One load: the widths are tried in turn.
  // Expected: (rows of all 34 - rows of the 3 shown) x 504 - 24, written out per column count.
  const expected: [number, number, number][] = [
    [375, 1, 15_600], // 34 - 3 = 31 rows
    [640, 1, 15_600],
    [700, 2, 7_536], // 17 - 2 = 15 rows
    [990, 2, 7_536],
    [1000, 3, 5_520], // 12 - 1 = 11 rows
    [1280, 3, 5_520],
  ];
  await page.goto('/courses');
  const rest = page.locator('.catalogue-rest');
  for (const [width, columns, height] of expected) {
    await page.setViewportSize({ width, height: 900 });
    const measured = await page.locator('.catalogue-grid').evaluate((grid) => ({
      columns: getComputedStyle(grid).gridTemplateColumns.split(' ').length,
      height: grid.querySelector('.catalogue-rest')?.getBoundingClientRect().height,
    }));
    expect(measured, `the grid and the room kept at ${width}px`).toEqual({ columns, height });
  }
  await expect(page.getByTestId('course-card')).toHaveCount(3);
  await browseCatalogue(page);
  await expect(page.getByTestId('course-card')).toHaveCount(34);
  await expect(rest).toHaveCount(0);
});

test('the Limited Offer countdown ticks from 05:00 each second to 00:00', async ({ page }) => {
  await page.clock.install();
  await page.goto('/courses');
  await browseCatalogue(page);
  await expect(page.getByRole('button', { name: 'Preview Cybersecurity Fundamentals' })).toBeVisible();
  // Stop the fake clock before the countdown starts: installed, it still follows real time, so a slow
  // moment between opening the preview and the next assertion would add ticks (CI once saw 04:49).
  // From here only runFor moves it.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.getByRole('button', { name: 'Preview Cybersecurity Fundamentals' }).click();
  const countdown = page.getByTestId('countdown');
  await expect(countdown).toHaveText('05:00');
  await page.clock.runFor(1000);
  await expect(countdown).toHaveText('04:59');
  await page.clock.runFor(59_000);
  await expect(countdown).toHaveText('04:00');
  await page.clock.runFor(300_000);
  await expect(countdown).toHaveText('00:00');
});

test('Enroll Now carries the course to the enrollment form', async ({ page }) => {
  await page.goto('/courses?goal=Business');
  await page.getByRole('link', { name: 'Enroll Now in Digital Marketing Mastery' }).click();
  await expect(page).toHaveURL(/\/course\/plans\/course-\d+\/info$/);
  await expect(page.getByRole('heading', { name: 'Digital Marketing Mastery' })).toBeVisible();
  await expect(page.getByText('₹3,389')).toBeVisible();
});

test('pricing: coupon valid, invalid, retry; prices change as specified; axe clean', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByText('Save 20% on yearly plans')).toBeVisible();
  const single = page.getByTestId('plan-singleCourse').getByTestId('plan-price');
  const pre = page.getByTestId('plan-preRegistration').getByTestId('plan-price');
  const yearly = page.getByTestId('plan-yearly').getByTestId('plan-price');
  await expect(single).toContainText('₹4,599');
  await expect(yearly).toContainText('₹15,999');
  await expectNoAxeViolations(page, '/pricing');

  const box = page.getByLabel('Have a coupon code?');
  await box.fill('  discount20 ');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Coupon applied! You get 20% off.' })).toBeVisible();
  await expect(single).toContainText('₹3,945');
  await expect(yearly).toContainText('₹13,499');
  await expect(pre).toHaveText(/₹1,032/);

  await box.fill('SAVE50');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Invalid coupon code.')).toBeVisible();
  await expect(single).not.toContainText('₹3,945');
  await expect(yearly).not.toContainText('₹13,499');

  await box.fill('DISCOUNT20');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(yearly).toContainText('₹13,499');

  // Editing the box without Apply changes nothing: the cards and Enroll both follow the applied code.
  await box.fill('SAVE50');
  await expect(yearly).toContainText('₹13,499');
  await expect(page.getByText('Coupon applied! You get 20% off.')).toBeVisible();

  // The trial's promise follows the coupon: the first charge is the discounted price.
  await expect(page.getByTestId('plan-yearly').getByTestId('plan-promise')).toHaveText(
    /^₹0 today · ₹13,499 on .+, then every year · cancel any time before$/,
  );
  await expect(pre).toContainText('/ month');

  // The coupon travels with Enroll; the form shows the server's rule applied.
  await page.getByRole('link', { name: 'Enroll Now in Elite Learning Membership' }).click();
  await expect(page).toHaveURL(/\/course\/plans\/yearly\/info/);
  // The address changes first; the pricing page (whose card and promise both say ₹13,499) stays until the
  // form's chunk has loaded, so read the form once it is there.
  await expect(page.getByRole('heading', { name: 'Enrollment details' })).toBeVisible();
  await expect(page.getByRole('main').getByText('₹13,499')).toBeVisible();
  await expect(page.getByText('Coupon applied! You get 20% off.')).toBeVisible();
});

test('pricing chat button opens a help panel', async ({ page }) => {
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Chat with us' }).click();
  const panel = page.getByRole('region', { name: 'Talk to us' });
  await expect(panel.getByRole('link', { name: 'Send us a message' })).toHaveAttribute('href', '/contact');
  await expect(panel.getByRole('link', { name: 'Browse the Help Centre' })).toHaveAttribute('href', '/help');
});
