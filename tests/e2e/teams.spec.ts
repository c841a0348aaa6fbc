import { randomUUID } from 'node:crypto';
import type { OrganisationView } from '@upskill/domain/organisations';
import { call } from '../support/api';
import { bearer, createUser } from '../support/auth';
import { mailWith } from '../support/mail';
import { createStaff } from '../support/staff';
import { expectNoAxeViolations, signInOnSite, watchErrors } from './helpers';
import { expect, test } from './fixtures';
import { overflowAt } from './overflow';
import { weighSignedInPage } from './scriptWeights';

// Teams and campuses (#56) as people use them in Chromium: the public page and its prices, a company's admin making
// a quote, paying it in checkout and inviting people, and a member taking the seat. Forms with their errors showing,
// axe, and phone widths on each page.

test.use({ reducedMotion: 'reduce' });

test('the public page: volume prices from the catalogue, reached from the Custom card; axe and phone widths', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/plans-section');
  await page.getByRole('link', { name: 'Buying for a team or a college? See team and campus seats' }).click();
  await expect(page).toHaveURL(/\/teams$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seats for your team or your students');
  const prices = page.getByRole('region', { name: 'Price of one seat by number of seats' });
  // Pro lists at ₹7,799: ₹7,019 for 5–24 seats (10% off), ₹6,629 for 25–99 (15% off).
  await expect(prices.getByRole('row', { name: /^Pro/ })).toHaveText(/Pro\s*₹7,799\s*₹7,019\s*₹6,629/);
  await expect(prices.getByRole('row', { name: /^Platinum/ })).toHaveText(/Platinum\s*₹9,996\s*₹8,996\s*₹8,497/);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `/teams at ${width} px`);
  }
  for (const width of [320, 375, 414]) expect(await overflowAt(page, width)).toEqual([]);
  expect(errors).toEqual([]);
});

test('a company admin quotes 5 Platinum seats, pays in checkout, invites two people; one takes the seat', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  const staff = await createStaff();
  const admin = await createUser({ emailVerified: true, email: `admin.${randomUUID().slice(0, 8)}@zeta-systems.example` });
  const created = await call<OrganisationView>('POST', '/api/staff/organisations', {
    body: {
      kind: 'team',
      legalName: 'Zeta Systems Private Limited',
      address: '9 Brigade Road, Bengaluru 560025',
      state: '29',
      gstin: null,
      domains: [],
      admin: admin.email,
    },
    headers: bearer(staff),
  });
  expect(created.status, created.text).toBe(201);
  await signInOnSite(page, admin);
  await page.goto('/team');
  await expect(page.getByRole('heading', { level: 2, name: 'Zeta Systems Private Limited' })).toBeVisible();

  // The quote form sent empty: its error shows on the seats field, focused.
  const quote = page.getByRole('form', { name: 'Make a quote' });
  await page.setViewportSize({ width: 375, height: 800 });
  await quote.getByRole('button', { name: 'Make the quote' }).click();
  await expect(quote.getByLabel('Seats', { exact: true })).toBeFocused();
  await expect(quote.getByText('How many seats?')).toBeVisible();
  for (const width of [320, 375, 414]) expect(await overflowAt(page, width)).toEqual([]);
  await expectNoAxeViolations(page, '/team, the quote form with its error');

  await quote.getByLabel('Plan', { exact: true }).selectOption({ label: 'Platinum' });
  await quote.getByLabel('Seats', { exact: true }).fill('5');
  await quote.getByLabel('Your PO number (optional)').fill('ZS-PO-77');
  await quote.getByRole('button', { name: 'Make the quote' }).click();
  const order = page.getByTestId('team-order').first();
  // ₹9,996 less 10%, rounded to the rupee: ₹8,996 a seat; 5 of them ₹44,980 with CGST + SGST (Karnataka).
  await expect(order).toContainText('5 seats: Platinum plan');
  await expect(order).toContainText('₹8,996.00');
  await expect(order).toContainText('₹44,980.00');
  await expect(order).toContainText('CGST');

  await order.getByRole('button', { name: 'Pay ₹44,980.00 online' }).click();
  const frame = page.frameLocator('iframe[name="razorpay-checkout-frame"]');
  await frame.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page.getByText(/is paid\. Its tax invoice is ready\./)).toBeVisible();
  await expect(order.getByRole('button', { name: /Download tax invoice UPS\/\d\d-\d\d\/\d{6} \(PDF\)/ })).toBeVisible();
  await expect(order.getByTestId('order-counts')).toHaveText('0 of 5 claimed · 0 invited · 5 to hand out');

  // Invitations: an address that is not one is named; then two good ones go.
  const handOut = order.getByRole('form', { name: /^Hand out seats/ });
  await handOut.getByLabel('E-mail addresses, one per line').fill('not-an-address');
  await handOut.getByRole('button', { name: 'Send invitations' }).click();
  await expect(handOut.getByLabel('E-mail addresses, one per line')).toBeFocused();
  await expect(handOut).toContainText('Row 1: "not-an-address" is not an e-mail address.');
  for (const width of [320, 375, 414]) expect(await overflowAt(page, width)).toEqual([]);
  const first = `dev.${randomUUID().slice(0, 8)}@zeta-systems.example`;
  const second = `ops.${randomUUID().slice(0, 8)}@zeta-systems.example`;
  await handOut.getByLabel('E-mail addresses, one per line').fill(`${first}\n${second}`);
  await handOut.getByRole('button', { name: 'Send invitations' }).click();
  await expect(page.getByText('2 invitations sent.')).toBeVisible();
  await expect(page.getByTestId('team-member')).toHaveCount(2);
  await expect(order.getByTestId('order-counts')).toHaveText('0 of 5 claimed · 2 invited · 3 to hand out');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page, '/team with an order and members');

  // The first invited person takes the seat from the link in their mail, after reading what is shared.
  const mail = await mailWith(first, 'Zeta Systems Private Limited has a seat for you on Upskill');
  const link = new URL(/https?:\/\/\S+\/join\?seat=\S+/.exec(mail.text)![0]);
  const member = await createUser({ emailVerified: true, email: first });
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const memberPage = await context.newPage();
  const memberErrors = watchErrors(memberPage);
  await signInOnSite(memberPage, member);
  await memberPage.goto(`${link.pathname}${link.search}`);
  const take = memberPage.getByRole('form', { name: 'Take your seat' });
  await expect(take.getByRole('heading')).toHaveText('Zeta Systems Private Limited gives you a seat: Platinum plan');
  await memberPage.setViewportSize({ width: 375, height: 800 });
  await take.getByRole('button', { name: 'Take the seat' }).click();
  await expect(take.getByLabel('Which programme interests you most?')).toBeFocused();
  for (const width of [320, 375, 414]) expect(await overflowAt(memberPage, width)).toEqual([]);
  await expectNoAxeViolations(memberPage, '/join with its errors');
  await take.getByLabel('Which programme interests you most?').selectOption('Cloud Computing');
  await take.getByLabel('When can you attend?').selectOption('Weekend Morning');
  await take.getByRole('checkbox').check();
  await take.getByRole('button', { name: 'Take the seat' }).click();
  await expect(memberPage.getByTestId('seat-claimed')).toContainText('Zeta Systems Private Limited has given you Platinum plan');
  await memberPage.getByRole('link', { name: 'Go to My Courses' }).click();
  await expect(memberPage.getByText('Platinum (seat from Zeta Systems Private Limited)')).toBeVisible();
  expect(memberErrors).toEqual([]);
  await context.close();

  // The admin sees it (the page weighed as it loads: within the signed-in budget), and withdraws the other
  // invitation: one seat claimed, one more to hand out.
  await weighSignedInPage(page, '/team', () => expect(page.getByTestId('team-member').first()).toBeVisible(), '/team');
  const claimedRow = page.getByTestId('team-member').filter({ hasText: first });
  await expect(claimedRow).toContainText('Learning');
  await page.getByTestId('team-member').filter({ hasText: second }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(`The invitation to ${second} was withdrawn.`)).toBeVisible();
  await expect(order.getByTestId('order-counts')).toHaveText('1 of 5 claimed · 0 invited · 4 to hand out');
  expect(errors).toEqual([]);
});

test('a learner who administers nothing is offered the request form, which checks the GSTIN as the server does', async ({ page }) => {
  const errors = watchErrors(page);
  const learner = await createUser({ emailVerified: true });
  await signInOnSite(page, learner);
  await page.goto('/team');
  const form = page.getByRole('form', { name: 'Ask for team seats' });
  await page.setViewportSize({ width: 375, height: 800 });
  await form.getByRole('button', { name: 'Send the request' }).click();
  await expect(form.getByLabel('Legal name')).toBeFocused();
  await form.getByLabel('Legal name').fill('Eta Analytics LLP');
  await form.getByLabel('Billing address').fill('14 Church Street, Bengaluru 560001');
  await form.getByLabel('State or union territory').selectOption({ label: 'Karnataka' });
  await form.getByLabel('GSTIN (optional)').fill('27AAPFU0939F1ZV');
  await form.getByRole('button', { name: 'Send the request' }).click();
  await expect(
    form.getByText('This GSTIN is registered in Maharashtra, but the billing address is in Karnataka. Use the GSTIN of the billing state.'),
  ).toBeVisible();
  await expect(form.getByLabel('GSTIN (optional)')).toBeFocused();
  for (const width of [320, 375, 414]) expect(await overflowAt(page, width)).toEqual([]);
  await expectNoAxeViolations(page, '/team request form with errors');
  await form.getByLabel('GSTIN (optional)').fill('');
  await form.getByLabel('Your name').fill('Meena Krishnan');
  await form.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByTestId('team-requested')).toContainText('We have your request for Eta Analytics LLP');
  // The one expected refusal: the team API's 403 for someone who administers nothing (the page then offers the form).
  expect(errors.filter((e) => !/status of 403|^Error 403: .*Only an organisation/.test(e))).toEqual([]);
});

test('the console’s Organisations tab: a requested organisation confirmed, a transfer recorded with its UTR once; axe and phone widths', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const staff = await createStaff();
  const requester = await createUser({ emailVerified: true });
  const asked = await call<OrganisationView>('POST', '/api/organisations', {
    body: {
      organisation: {
        kind: 'team',
        legalName: `Kappa Robotics ${randomUUID().slice(0, 4)} LLP`,
        address: '5 Richmond Road, Bengaluru 560025',
        state: '29',
        gstin: null,
        domains: [],
      },
      contactName: 'Kavya',
      message: 'Ten Pro seats for our firmware team.',
    },
    headers: bearer(requester),
  });
  expect(asked.status, asked.text).toBe(201);
  await signInOnSite(page, staff);
  await page.goto('/staff/organisations');
  const card = page.getByTestId('staff-organisation').filter({ hasText: asked.body.legalName });
  await expect(card).toContainText('Asked for');
  await expect(card).toContainText('Ten Pro seats for our firmware team.');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `/staff/organisations at ${width} px`);
  }
  for (const width of [320, 375, 414]) expect(await overflowAt(page, width)).toEqual([]);
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`${asked.body.legalName} confirmed; its admins have been mailed.`)).toBeVisible();
  await expect(page.getByTestId('staff-organisation').filter({ hasText: asked.body.legalName })).toContainText('Confirmed');
  await mailWith(requester.email, `${asked.body.legalName} is ready on Upskill`);

  // The new admin's quote, paid by transfer from the console: the UTR is recorded once.
  const quote = await call<{ id: string; reference: string; tax: { total: number } }>('POST', `/api/team/${asked.body.id}/quotes`, {
    body: { kind: 'plan', planId: 'pro', seats: 10, poNumber: null },
    headers: bearer(requester),
  });
  expect(quote.status, quote.text).toBe(201);
  await page.reload();
  const order = page.getByTestId('staff-seat-order').filter({ hasText: quote.body.reference });
  const transfer = order.getByRole('form', { name: `Record a transfer for ${quote.body.reference}` });
  const utr = `KKBK${Date.now().toString().slice(-12)}`;
  await transfer.getByLabel('UTR').fill(utr);
  await transfer.getByLabel('Amount (₹)').fill(String(quote.body.tax.total / 100));
  await transfer.getByRole('button', { name: 'Record transfer' }).click();
  await expect(page.getByText(`Transfer ${utr} recorded against ${quote.body.reference}.`)).toBeVisible();
  await expect(page.getByTestId('staff-seat-order').filter({ hasText: quote.body.reference })).toContainText('paid');
  await expect(page.getByTestId('staff-seat-order').filter({ hasText: quote.body.reference })).toContainText('outstanding ₹0.00');
  expect(errors).toEqual([]);
});
