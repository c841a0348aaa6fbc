import { expect, test } from './fixtures';
import { createUser } from '../support/auth';
import { SCREENSHOTS, holdRequests, signInOnSite } from './helpers';

const WIDTHS = [320, 375, 768, 1023, 1024, 1280, 1440];

test('a signed-out visitor reaches Login and Register from the header at every width', async ({ page }) => {
  await page.goto('/pricing');
  const header = page.getByTestId('site-header');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const name of ['Login', 'Register']) {
      let link = header.getByRole('link', { name, exact: true }).filter({ visible: true });
      if ((await link.count()) === 0) {
        // Not in the bar itself at this width: the menu must offer it.
        await header.getByRole('button', { name: 'Open menu' }).click();
        link = header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
      }
      await expect(link.first(), `${name} at ${width} px`).toBeVisible();
      await expect(link.first()).toHaveAttribute('href', name === 'Login' ? '/login' : '/register');
      const box = await link.first().boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width, `${name} inside the viewport at ${width} px`).toBe(true);
      if (await header.getByRole('button', { name: 'Close menu' }).isVisible())
        await header.getByRole('button', { name: 'Close menu' }).click();
    }
  }
  // And it works: on a phone, Register from the menu opens the form.
  await page.setViewportSize({ width: 320, height: 700 });
  await header.getByRole('button', { name: 'Open menu' }).click();
  await header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Create your account');
});

/**
 * Whatever is fixed or sticky on the page other than the header, and each heading, link and button whose
 * centre something else covers (checked at the top, middle and bottom of the page).
 */
async function coveredContent(page: import('@playwright/test').Page) {
  return page.evaluate(async () => {
    const problems: string[] = [];
    const header = document.querySelector('[data-testid="site-header"]');
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const position = getComputedStyle(element).position;
      if ((position === 'fixed' || position === 'sticky') && element !== header && element.offsetParent !== null) {
        problems.push(`${position}: ${element.className || element.tagName}`);
      }
    }
    const headerBottom = header?.getBoundingClientRect().bottom ?? 0;
    const covered = () => {
      const found: string[] = [];
      for (const element of document.querySelectorAll<HTMLElement>('main h1, main h2, main h3, main a, main button')) {
        // The first line box: a link that wraps has gaps in its bounding box that belong to its parent.
        const box = element.getClientRects()[0];
        // Nothing to cover: not rendered, or visually hidden (a 1 px clip for screen readers).
        if (!box || box.width <= 2 || box.height <= 2) continue;
        const x = box.left + box.width / 2;
        const cy = box.top + box.height / 2;
        if (cy <= headerBottom || cy >= innerHeight || x < 0 || x >= innerWidth) continue;
        const top = document.elementFromPoint(x, cy);
        if (top && top !== element && !element.contains(top))
          found.push(`"${element.textContent?.trim().slice(0, 40)}" is covered by ${top.className || top.tagName}`);
      }
      return found;
    };
    const height = document.documentElement.scrollHeight;
    for (const y of [0, height / 2 - innerHeight / 2, height - innerHeight]) {
      window.scrollTo(0, Math.max(0, y));
      // Lazy sections mount as they near the viewport: a real overlap stays, a layout catching up does not.
      let found = covered();
      for (let attempt = 0; attempt < 10 && found.length > 0; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        found = covered();
      }
      problems.push(...found);
    }
    return [...new Set(problems)];
  });
}

for (const path of ['/pricing', '/', '/courses', '/courses/machine-learning-with-python', '/plans-section']) {
  test(`${path}: nothing floats over content from 320 to 1440 px`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(path);
    // Off-screen sections skip rendering (content-visibility: auto) and catch up a frame or more after
    // they scroll in, which hit-testing sees as the section covering its own content. A person never
    // sees that state, so the test renders every section: what remains covered is covered for real.
    await page.addStyleTag({ content: '.section { content-visibility: visible !important; }' });
    for (const width of [320, 375, 768, 1024, 1440]) {
      await page.setViewportSize({ width, height: 740 });
      expect(await coveredContent(page), `${path} at ${width} px`).toEqual([]);
    }
    if (path === '/pricing') {
      // The case that was reported: the first plan's title on a phone, and the chat panel open.
      await page.setViewportSize({ width: 375, height: 740 });
      await page.getByRole('button', { name: 'Chat with us' }).click();
      await expect(page.getByRole('region', { name: 'Talk to us' })).toBeVisible();
      expect(await coveredContent(page)).toEqual([]);
    }
  });
}

test('signed in on a phone, the menu button stays on screen and the menu holds My Courses, the account and Log out', async ({ page }) => {
  const learner = await createUser({ emailVerified: true });
  await signInOnSite(page, learner);
  await page.goto('/mycourses');
  const header = page.getByTestId('site-header');
  const nav = header.getByRole('navigation', { name: 'Main' });
  for (const width of [320, 375, 414, 479]) {
    await page.setViewportSize({ width, height: 800 });
    const menuButton = header.getByRole('button', { name: 'Open menu' });
    const box = await menuButton.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width, `the menu button inside the viewport at ${width} px`).toBe(true);
    // The bar keeps search and the menu: nothing of the account corner there.
    await expect(header.getByTestId('avatar')).toBeHidden();
    await expect(header.getByRole('button', { name: 'Log out' })).toBeHidden();
    await menuButton.click();
    await expect(nav.getByRole('link', { name: 'My Courses' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Your account' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Log out' })).toBeVisible();
    await header.getByRole('button', { name: 'Close menu' }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scroll at ${width} px`).toBeLessThanOrEqual(width);
  }
  // From 480 px the bar has room again, and the menu does not repeat it.
  await page.setViewportSize({ width: 480, height: 800 });
  await expect(header.getByTestId('avatar')).toBeVisible();
  await expect(header.getByRole('link', { name: 'My Courses' })).toBeVisible();
  await header.getByRole('button', { name: 'Open menu' }).click();
  await expect(nav.getByRole('button', { name: 'Log out' })).toBeHidden();
  await header.getByRole('button', { name: 'Close menu' }).click();
  // And it works: from the menu, Your account opens /account; Log out signs out.
  await page.setViewportSize({ width: 375, height: 800 });
  await header.getByRole('button', { name: 'Open menu' }).click();
  await nav.getByRole('link', { name: 'Your account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.screenshot({ path: `${SCREENSHOTS}/header-signed-in-375.png` });
  await header.getByRole('button', { name: 'Open menu' }).click();
  await nav.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
});

test('on a phone, the menu opened while the next page is still loading stays open when that page arrives', async ({ page }) => {
  const learner = await createUser({ emailVerified: true });
  await signInOnSite(page, learner);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/mycourses');
  const header = page.getByTestId('site-header');
  const nav = header.getByRole('navigation', { name: 'Main' });
  // A slow network: the account page's code has not arrived when the visitor opens the menu again.
  const release = await holdRequests(page, '**/assets/AccountPage-*.js');
  await header.getByRole('button', { name: 'Open menu' }).click();
  await nav.getByRole('link', { name: 'Your account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toHaveCount(0);
  await header.getByRole('button', { name: 'Open menu' }).click();
  await expect(nav.getByRole('button', { name: 'Log out' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
  // The page has arrived and the menu the visitor opened for it is still open: Log out is one tap away.
  await expect(header.getByRole('button', { name: 'Close menu' })).toBeVisible();
  await nav.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
});
