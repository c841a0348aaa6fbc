import { expect, test, type Page } from '@playwright/test';

/**
 * The impatient visitor: acts the moment a prerendered page is painted, on a slow phone's CPU (4x
 * throttled, as Lighthouse's mobile profile), without waiting for hydration. Deliberately not the
 * ./fixtures page, which waits for hydration after every navigation. Repeated, because the failure
 * this guards against (a click that React half-handles during hydration) happened one time in three.
 */
const ROUNDS = 6;
let earlyClicks = 0;

async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/**
 * Holds the app's entry script until the test lets it go: whatever the visitor does first happens
 * before any app code runs, however fast or slow this machine is.
 */
async function holdEntryScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const notHydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === undefined);

test.describe.serial('clicks before hydration are never lost', () => {
  // Tall enough that what the visitor taps is on screen at first paint: they see it, then tap. (A
  // test that scrolls and clicks in the same frame hits a section whose content-visibility has not
  // rendered it yet, which no person can do.)
  test.use({ viewport: { width: 1280, height: 1600 } });
  for (let round = 1; round <= ROUNDS; round++) {
    test(`/pricing: Enroll Now at first paint opens the enrollment form (round ${round})`, async ({ page }) => {
      await slowPhone(page);
      await page.goto('/pricing', { waitUntil: 'commit' });
      const enroll = page.getByRole('link', { name: 'Enroll Now in Single Course Access' });
      await enroll.waitFor();
      if (await notHydrated(page)) earlyClicks++;
      await enroll.click();
      await expect(page).toHaveURL(/\/course\/plans\/singleCourse\/info$/);
      await expect(page.getByRole('heading', { name: 'Enrollment details' })).toBeVisible();
      await expect(page.getByText('Single Course Access').first()).toBeVisible();
    });
  }

  test('/pricing: Chat with us clicked at first paint opens the help panel once the page is ready', async ({ page }) => {
    // The button sits after the plans and the progress tracker: a screen tall enough to show it at first paint.
    await page.setViewportSize({ width: 1280, height: 2600 });
    await slowPhone(page);
    await page.goto('/pricing', { waitUntil: 'commit' });
    const chat = page.getByRole('button', { name: 'Chat with us' });
    await chat.waitFor();
    const early = await notHydrated(page);
    await chat.click();
    await expect(page.getByRole('region', { name: 'Talk to us' })).toBeVisible();
    if (early) earlyClicks++;
  });

  test('/: the header’s Pricing link at first paint navigates', async ({ page }) => {
    await slowPhone(page);
    await page.goto('/', { waitUntil: 'commit' });
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' });
    await link.waitFor();
    if (await notHydrated(page)) earlyClicks++;
    await link.click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { name: 'Simple, transparent pricing' })).toBeVisible();
  });

  test('/pricing: Enroll Now clicked before any app script has arrived opens the form once the page is ready', async ({ page }) => {
    await slowPhone(page);
    const release = await holdEntryScript(page);
    await page.goto('/pricing', { waitUntil: 'commit' });
    const enroll = page.getByRole('link', { name: 'Enroll Now in Elite Learning Membership' });
    await enroll.click();
    expect(await notHydrated(page)).toBe(true);
    // Still here: the click is held, not followed natively (which the router's start would cancel).
    expect(page.url()).toMatch(/\/pricing$/);
    release();
    await expect(page).toHaveURL(/\/course\/plans\/yearly\/info$/);
    await expect(page.getByRole('heading', { name: 'Enrollment details' })).toBeVisible();
    earlyClicks++;
  });

  test('/courses/{slug}: Enroll Now clicked before any app script has arrived opens that course\'s form once the page is ready', async ({ page }) => {
    await slowPhone(page);
    const release = await holdEntryScript(page);
    await page.goto('/courses/vlsi-design-fundamentals', { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Enroll Now in VLSI Design Fundamentals' }).click();
    expect(await notHydrated(page)).toBe(true);
    expect(page.url()).toMatch(/\/courses\/vlsi-design-fundamentals$/);
    release();
    await expect(page).toHaveURL(/\/course\/plans\/course-20\/info$/);
    await expect(page.getByRole('heading', { name: 'Enrollment details' })).toBeVisible();
    await expect(page.getByText('VLSI Design Fundamentals').first()).toBeVisible();
    earlyClicks++;
  });

  test('/contact: the form cannot be typed into or sent before it is ready, so nothing is lost or sent natively', async ({ page }) => {
    await slowPhone(page);
    const release = await holdEntryScript(page);
    await page.goto('/contact', { waitUntil: 'commit' });
    await expect(page.getByLabel('Full Name')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeDisabled();
    release();
    await expect(page.getByLabel('Full Name')).toBeEnabled();
    await page.getByLabel('Full Name').fill('Tara Nguyen');
    await expect(page.getByLabel('Full Name')).toHaveValue('Tara Nguyen');
    expect(page.url()).not.toContain('?');
  });

  test('the rounds above really acted before hydration', () => {
    console.log(`impatient visitor: ${earlyClicks} of ${ROUNDS + 3} clicks landed before hydration`);
    expect(earlyClicks).toBeGreaterThan(0);
  });
});
