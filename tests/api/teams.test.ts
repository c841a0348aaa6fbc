import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import * as mupdf from 'mupdf';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { gstr1Csv, monthReport, type FinanceDocument } from '@upskill/domain/finance';
import type { MentoringAnswer } from '@upskill/domain/mentoring';
import type { BatchesAnswer } from '@upskill/domain/enrollment';
import { answerDueAt } from '@upskill/domain/organisations';
import { indiaDate } from '@upskill/domain/batches';
import type {
  ClaimedSeat,
  OrganisationView,
  SeatCheckout,
  SeatOrderView,
  StaffOrganisations,
  TeamOverview,
} from '@upskill/domain/organisations';
import { call, enrollment, untilAnswered } from '../support/api';
import { db } from '../support/admin';
import { bearer, createUser, freshlySignedIn, type TestUser } from '../support/auth';
import { EMULATOR_CLIENT_HEADER, HOSTING } from '../support/env';
import { COURSE, openBatch } from '../support/learning';
import { mailWith, mailsTo } from '../support/mail';
import { deliverWebhook, sandboxClient, sandboxPay, webhookBody } from '../support/razorpay';
import { createStaff } from '../support/staff';
import { confirmedOrganisation as confirmed, storedLanes } from '../support/organisations';

// Teams and campuses (#56) through Hosting -> Functions -> Firestore, the Razorpay sandbox and MailDev: a Maharashtra
// company's 25 Pro seats paid online with its PO number, invited by CSV and claimed; a Karnataka college's 40 batch
// seats paid by transfer net of TDS, joined through its campus link; and every refusal from the wrong side.

const client = `teams-${randomUUID().slice(0, 8)}`;
type Err = { error?: { code: string; message: string; fields?: Record<string, string> } };
const as = (user: TestUser, nowMs?: number) => ({
  ...bearer(user),
  ...(nowMs === undefined ? {} : { 'x-emulator-now': new Date(nowMs).toISOString() }),
});
const DAY = 86_400_000;
const seatsJob = (asOf: string) =>
  execFileSync(process.execPath, ['tools/jobs.mjs', 'seats', '--as-of', asOf], { encoding: 'utf8', env: process.env });
/** Staff record a bank transfer of `amount` paise for an order, dated today, with a UTR from `bank`. */
const payByTransfer = (staff: TestUser, orderId: string, amount: number, bank: string) =>
  call<SeatOrderView>('POST', `/api/staff/seat-orders/${orderId}/transfers`, {
    body: { utr: `${bank}${Date.now().toString().slice(-12)}`, date: new Date().toISOString().slice(0, 10), amount },
    headers: bearer(staff),
    client,
  });

/**
 * A confirmed Karnataka team whose admin mails from `domain`, and its admin's quote for `order` (no PO number): the
 * setup of the tests of what happens to an order's seats after it is bought.
 */
async function quotedTeam(legalName: string, address: string, domain: string, order: Record<string, unknown>, gstin: string | null = null) {
  const admin = await createUser({ emailVerified: true, email: `admin.${randomUUID().slice(0, 6)}@${domain}` });
  const org = await confirmedOrganisation(admin, staff, { kind: 'team', legalName, address, state: '29', gstin, domains: [] });
  const quoted = await call<SeatOrderView>('POST', `/api/team/${org.id}/quotes`, {
    body: { ...order, poNumber: null },
    headers: bearer(admin),
    client,
  });
  expect(quoted.status, quoted.text).toBe(201);
  return { admin, org, quoted };
}

// A real company's and a real college's GSTINs (public registrations), with their states.
const COMPANY_GSTIN = '27AAPFU0939F1ZV'; // Maharashtra
const COLLEGE_GSTIN = '29AAACI1681G1ZL'; // Karnataka

async function pdfText(path: string, user: TestUser): Promise<string> {
  const res = await fetch(`${HOSTING}${path}`, { headers: { ...bearer(user), [EMULATOR_CLIENT_HEADER]: client } });
  expect(res.status, path).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const doc = mupdf.Document.openDocument(Buffer.from(await res.arrayBuffer()), 'application/pdf');
  return Array.from({ length: doc.countPages() }, (_, i) => doc.loadPage(i).toStructuredText('preserve-whitespace').asText()).join('\n');
}

/** An organisation asked for on the public page by `admin`, then confirmed by staff. */
/** An organisation asked for and confirmed (tests/support/organisations.ts), for this file's client. */
const confirmedOrganisation = (admin: TestUser, staff: TestUser, organisation: Record<string, unknown>) =>
  confirmed(admin, staff, organisation, client);

const overview = async (admin: TestUser, org: string) => {
  const res = await call<TeamOverview>('GET', `/api/team/${org}`, { headers: bearer(admin), client });
  expect(res.status, res.text).toBe(200);
  return res.body;
};

const claim = (user: TestUser, body: Record<string, unknown>, nowMs?: number) =>
  call<ClaimedSeat & Err>('POST', '/api/seats/claim', {
    body: { interestedCourse: 'Data Science & Analytics', preferredBatchTime: 'Weekday Evening', shareProgress: true, ...body },
    headers: as(user, nowMs),
    client,
  });

let staff: TestUser;
beforeAll(async () => {
  staff = await createStaff();
});

describe('a Maharashtra company buys 25 Pro seats with a PO number', () => {
  let admin: TestUser;
  let org: OrganisationView;
  let order: SeatOrderView;
  const members: TestUser[] = [];

  it('asks on the public page, is confirmed by staff, and the admin is mailed at each step', async () => {
    admin = await createUser({ emailVerified: true, email: `hr.${randomUUID().slice(0, 8)}@acme-analytics.example` });
    org = await confirmedOrganisation(admin, staff, {
      kind: 'team',
      legalName: 'Acme Analytics Private Limited',
      address: '4th Floor, Lodha Excelus, Mahalaxmi, Mumbai 400011',
      state: '27',
      gstin: COMPANY_GSTIN.toLowerCase(),
      domains: [],
    });
    expect(org).toMatchObject({ gstin: COMPANY_GSTIN, stateName: 'Maharashtra', adminEmails: [admin.email], joinPath: null });
    await mailWith(admin.email, 'Acme Analytics Private Limited: we have your request');
    await mailWith(admin.email, 'Acme Analytics Private Limited is ready on Upskill');
    const list = await call<{ organisations: { id: string }[] }>('GET', '/api/team', { headers: bearer(admin), client });
    expect(list.body.organisations.map((o) => o.id)).toEqual([org.id]);
  });

  it('the console counts the answer against its promise (one working day): on time here; a late one flagged while it waits, then counted late', async () => {
    const board = async (nowMs?: number) =>
      (await call<StaffOrganisations>('GET', '/api/staff/organisations', { headers: as(staff, nowMs), client })).body;
    const mine = (await board()).organisations.find((o) => o.id === org.id)!;
    expect(mine.answerDueAt).toBe(new Date(answerDueAt(Date.parse(mine.askedAt!))).toISOString());
    expect(mine).toMatchObject({ overdue: false, answeredOnTime: true });

    const asker = await createUser({ emailVerified: true });
    const asked = await call<OrganisationView>('POST', '/api/organisations', {
      body: {
        organisation: {
          kind: 'team',
          legalName: 'Mu Metrics LLP',
          address: '2 Hosur Road, Bengaluru 560029',
          state: '29',
          gstin: null,
          domains: [],
        },
        contactName: 'Mohan',
        message: 'Five Pro seats.',
      },
      headers: bearer(asker),
      client,
    });
    expect(asked.status, asked.text).toBe(201);
    const waiting = (await board()).organisations.find((o) => o.id === asked.body.id)!;
    expect(waiting).toMatchObject({ status: 'requested', overdue: false, answeredOnTime: null });
    const late = Date.parse(waiting.answerDueAt!) + 60_000;
    const before = (await board(late)).requestsAnswered;
    expect((await board(late)).organisations.find((o) => o.id === asked.body.id)).toMatchObject({ overdue: true });
    const confirmed = await call('POST', `/api/staff/organisations/${asked.body.id}/confirm`, {
      body: {},
      headers: as(staff, late),
      client,
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const after = await board(late);
    expect(after.organisations.find((o) => o.id === asked.body.id)).toMatchObject({ overdue: false, answeredOnTime: false });
    expect(after.requestsAnswered.answered - before.answered).toBeGreaterThanOrEqual(1);
  });

  it('gets a quote the server prices (15% off for 25 seats, IGST), whatever the client sends, and its PDF', async () => {
    const sneaky = await call<Err>('POST', `/api/team/${org.id}/quotes`, {
      body: { kind: 'plan', planId: 'pro', seats: 25, poNumber: 'PO/2026/4471', seatPrice: 100 },
      headers: bearer(admin),
      client,
    });
    expect(sneaky.status).toBe(400);
    expect(sneaky.body.error?.fields?._unknown ?? sneaky.body.error?.message).toMatch(/seatPrice/);
    const quoted = await call<SeatOrderView>('POST', `/api/team/${org.id}/quotes`, {
      body: { kind: 'plan', planId: 'pro', seats: 25, poNumber: 'PO/2026/4471' },
      headers: bearer(admin),
      client,
    });
    expect(quoted.status, quoted.text).toBe(201);
    order = quoted.body;
    // Pro lists at ₹7,799; 15% off is ₹6,629.15, sold at ₹6,629; 25 of them ₹1,65,725.00, of which IGST 18%.
    expect(order).toMatchObject({
      state: 'quoted',
      seats: 25,
      listSeatPrice: 779900,
      seatPrice: 662900,
      percentOff: 15,
      poNumber: 'PO/2026/4471',
      tax: { total: 16572500, taxable: 14044491, igst: 2528009, cgst: 0, sgst: 0, igstRate: 18 },
      tdsAllowed: 1404449,
      description: '25 seats: Pro plan',
    });
    const text = await pdfText(`/api/team/${org.id}/orders/${order.id}/quote.pdf`, admin);
    for (const expected of [
      'Quote',
      order.reference,
      'Acme Analytics Private Limited',
      COMPANY_GSTIN,
      'PO/2026/4471',
      '25 seats: Pro plan',
      'Rs. 6,629.00',
      'IGST @ 18%',
      'Rs. 1,65,725.00',
    ])
      expect(text).toContain(expected);
  });

  it('pays online through Razorpay: one invoice with IGST and its GSTIN, however often the payment is reported', async () => {
    const checkout = await call<SeatCheckout>('POST', `/api/team/${org.id}/orders/${order.id}/checkout`, {
      body: {},
      headers: bearer(admin),
      client,
    });
    expect(checkout.status, checkout.text).toBe(200);
    expect(checkout.body.amount).toBe(16572500);
    const paid = await sandboxPay(checkout.body.gatewayOrderId);
    const confirmed = await call<SeatOrderView>('POST', `/api/team/${org.id}/orders/${order.id}/payment`, {
      body: paid.body,
      headers: bearer(admin),
      client,
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body).toMatchObject({
      state: 'paid',
      counts: { bought: 25, unassigned: 25, left: 25 },
      settlement: { settled: true, outstanding: 0 },
    });
    // The webhook for the same payment, twice (payment.captured and order.paid): the order is paid once.
    const entity = await sandboxClient().payments.fetch(paid.body.razorpay_payment_id);
    for (const event of ['payment.captured', 'order.paid', 'payment.captured'])
      expect((await deliverWebhook(webhookBody(event, { payment: entity }))).status).toBe(200);
    const stored = (await db().doc(`seatOrders/${order.id}`).get()).data()!;
    expect(stored.receipts).toHaveLength(1);
    const invoices = await db().collection('taxDocuments').where('order.orderId', '==', order.id).get();
    expect(invoices.size).toBe(1);
    expect(invoices.docs[0].data()).toMatchObject({
      kind: 'invoice',
      enrollmentId: null,
      buyer: { gstin: COMPANY_GSTIN, businessName: 'Acme Analytics Private Limited', state: '27' },
      placeOfSupply: { kind: 'inter-state', code: '27' },
      sac: '999293',
      total: 16572500,
      igst: 2528009,
      order: { quantity: 25, unitPrice: 662900, poNumber: 'PO/2026/4471' },
    });
    const text = await pdfText(`/api/team/${org.id}/orders/${order.id}/invoice.pdf`, admin);
    for (const expected of [
      'Tax Invoice',
      'Acme Analytics Private Limited',
      'Lodha Excelus',
      `GSTIN: ${COMPANY_GSTIN}`,
      'Maharashtra (state code 27)',
      '999293',
      '25 seats at Rs. 6,629.00 each',
      "Buyer's PO number: PO/2026/4471",
      'IGST @ 18%',
      'Rs. 25,280.09',
      'Tax payable on reverse charge: No.',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('CGST');
  });

  it('hands out 25 seats by CSV (a bad file is named row by row and sends nothing), 24 claim, and /team shows 24 of 25', async () => {
    const people = Array.from({ length: 25 }, (_, i) => ({
      email: `analyst${i + 1}.${randomUUID().slice(0, 6)}@acme-analytics.example`,
      name: `Analyst ${i + 1}`,
    }));
    const bad = [
      'email,name',
      ...people.slice(0, 3).map((p) => `${p.email},${p.name}`),
      'not-an-address,X',
      `${people[0].email},Again`,
    ].join('\n');
    const refused = await call<Err>('POST', `/api/team/${org.id}/orders/${order.id}/invitations`, {
      body: { csv: bad },
      headers: bearer(admin),
      client,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.fields).toEqual({
      'row 5': '"not-an-address" is not an e-mail address.',
      'row 6': `${people[0].email} is already on row 2.`,
    });
    expect((await db().collection('orderSeats').where('orderId', '==', order.id).count().get()).data().count).toBe(0);
    expect(await mailsTo(people[0].email)).toEqual([]);

    const csv = ['email,name', ...people.map((p) => `${p.email},${p.name}`)].join('\n');
    const invited = await call<SeatOrderView>('POST', `/api/team/${org.id}/orders/${order.id}/invitations`, {
      body: { csv },
      headers: bearer(admin),
      client,
    });
    expect(invited.status, invited.text).toBe(200);
    expect(invited.body.counts).toMatchObject({ bought: 25, invited: 25, unassigned: 0, left: 0 });
    // One more is over the seats left, by name.
    const over = await call<Err>('POST', `/api/team/${org.id}/orders/${order.id}/invitations`, {
      body: { emails: ['late@acme-analytics.example'] },
      headers: bearer(admin),
      client,
    });
    expect(over.body.error?.fields).toEqual({ 'row 1': 'Over the seats left: 0 seats are unassigned.' });

    const links = await Promise.all(
      people.map(async (p) => {
        const mail = await mailWith(p.email, 'Acme Analytics Private Limited has a seat for you on Upskill');
        const link = new URL(/https?:\/\/\S+\/join\?seat=\S+/.exec(mail.text)![0]);
        return { ...p, seatId: link.searchParams.get('seat')!, token: link.searchParams.get('token')! };
      }),
    );
    // A stranger with the first link is refused: the seat is for its address.
    const stranger = await createUser({ emailVerified: true });
    const wrongPerson = await claim(stranger, { seatId: links[0].seatId, token: links[0].token });
    expect(wrongPerson.status).toBe(403);
    expect(wrongPerson.body.error?.message).toBe(`This invitation is for ${links[0].email}. Sign in with that address to take the seat.`);

    for (const link of links.slice(0, 24)) {
      const member = await createUser({ emailVerified: true, email: link.email });
      const offer = await call<{ organisation: string; description: string; sharing: string }>(
        'GET',
        `/api/seats/offer?seat=${encodeURIComponent(link.seatId)}&token=${encodeURIComponent(link.token)}`,
        { headers: bearer(member), client },
      );
      expect(offer.body).toMatchObject({ organisation: 'Acme Analytics Private Limited', description: 'Pro plan' });
      expect(offer.body.sharing).toContain('never sees your mentoring notes');
      const taken = await claim(member, { seatId: link.seatId, token: link.token });
      expect(taken.status, taken.text).toBe(201);
      members.push(member);
    }
    // The same claim again is the same seat; the 75% mail went once (at 19 of 25), the 100% one not at all.
    const again = await claim(members[0], { seatId: links[0].seatId, token: links[0].token });
    expect(again.status).toBe(200);
    const milestone = await mailWith(admin.email, 'Acme Analytics Private Limited: 75% of seats claimed');
    expect(milestone.text).toContain('19 of 25 seats are claimed');
    expect((await mailsTo(admin.email)).filter((m) => m.subject.includes('claimed'))).toHaveLength(1);

    const seen = await overview(admin, org.id);
    expect(seen.orders[0].counts).toMatchObject({ bought: 25, claimed: 24, invited: 1, unassigned: 0 });
    expect(seen.seats.filter((s) => s.state === 'claimed')).toHaveLength(24);
    expect(seen.seats.find((s) => s.email === links[0].email)).toMatchObject({
      state: 'claimed',
      name: expect.any(String),
      progress: { attended: 0, assignmentsPassed: 0, certificates: [] },
    });
    expect(seen.weeks).toHaveLength(8);
    // The courses a quote can name, sent with the overview (the page does not load the catalogue for them).
    expect(seen.courses).toHaveLength(34);
    expect(seen.courses[0]).toEqual({ slug: 'python-programming-foundations', name: 'Python Programming Foundations' });
    // The member's enrollment: paid by the organisation, the Pro plan with its 3 course credits, nothing to pay.
    const enrollment = (await db().collection('enrollments').where('uid', '==', members[0].uid).get()).docs[0].data();
    expect(enrollment).toMatchObject({
      status: 'paid',
      planId: 'pro',
      price: 0,
      creditsUsed: 0,
      organisationSeat: { organisationId: org.id, orderId: order.id },
    });

    // The 25th invitation is revoked and the seat given to someone else; the counts never drift.
    const last = seen.seats.find((s) => s.email === links[24].email)!;
    const revoked = await call<SeatOrderView>('DELETE', `/api/team/${org.id}/seats/${last.id}`, { headers: bearer(admin), client });
    expect(revoked.body.counts).toMatchObject({ invited: 0, unassigned: 1, claimed: 24 });
    const dead = await claim(await createUser({ emailVerified: true, email: links[24].email }), {
      seatId: links[24].seatId,
      token: links[24].token,
    });
    expect(dead.status).toBe(404);
    const reinvited = await call<SeatOrderView>('POST', `/api/team/${org.id}/orders/${order.id}/invitations`, {
      body: { emails: ['new.joiner@acme-analytics.example'] },
      headers: bearer(admin),
      client,
    });
    expect(reinvited.body.counts).toMatchObject({ invited: 1, unassigned: 0, claimed: 24, bought: 25 });
    const seats = await db().collection('orderSeats').where('orderId', '==', order.id).get();
    expect(seats.docs.filter((d) => d.get('state') === 'claimed')).toHaveLength(24);
    expect(seats.docs.filter((d) => d.get('state') === 'invited')).toHaveLength(1);

    // The CSV export: a header and one row per seat handed out.
    const csvRes = await call('GET', `/api/team/${org.id}/members.csv`, { headers: bearer(admin), client });
    expect(csvRes.headers.get('content-type')).toContain('text/csv');
    expect(csvRes.text.trim().split('\r\n')).toHaveLength(26);
    expect(csvRes.text).toMatch(/^Seat,State,Name,E-mail,Order,Classes attended/);

    // A member removed: their access ends, the seat is not given back.
    const first = seen.seats.find((s) => s.email === links[0].email)!;
    const removed = await call<SeatOrderView>('DELETE', `/api/team/${org.id}/seats/${first.id}/member`, { headers: bearer(admin), client });
    expect(removed.body.counts).toMatchObject({ claimed: 23, ended: 1, unassigned: 0 });
    expect((await db().collection('enrollments').where('uid', '==', members[0].uid).get()).docs[0].get('status')).toBe('ended');
  }, 240_000);

  it('a member\'s export holds their seat; deleting their account frees nothing, and the admin sees "Deleted learner"', async () => {
    const seen = await overview(admin, org.id);
    const user = members[1];
    const held = seen.seats.find((s) => s.email === user.email)!;
    const exported = await call<{ organisationSeats: { id: string; orderId: string; state: string }[] }>('GET', '/api/me/export', {
      headers: freshlySignedIn(user),
      client,
    });
    expect(exported.status, exported.text).toBe(200);
    expect(exported.body.organisationSeats).toEqual([expect.objectContaining({ id: held.id, orderId: order.id, state: 'claimed' })]);
    const deleted = await call('DELETE', '/api/me', { body: { confirm: 'DELETE' }, headers: freshlySignedIn(user), client });
    expect(deleted.status, deleted.text).toBe(200);
    const after = await overview(admin, org.id);
    expect(after.seats.find((s) => s.id === held.id)).toMatchObject({ state: 'claimed', name: 'Deleted learner', email: null });
    expect(after.orders[0].counts).toEqual(seen.orders[0].counts);
  });

  it('shows up in GSTR-1 as a B2B row, and in the console as B2B revenue', async () => {
    const figures = await call<StaffOrganisations>('GET', '/api/staff/organisations', { headers: bearer(staff), client });
    expect(figures.status).toBe(200);
    expect(figures.body.orders.find((o) => o.id === order.id)).toMatchObject({
      organisationName: 'Acme Analytics Private Limited',
      state: 'paid',
    });
    const invoice = (await db().collection('taxDocuments').where('order.orderId', '==', order.id).get()).docs[0].data();
    const month = figures.body.b2bByMonth.find((m) => m.month === invoice.date.slice(0, 7));
    expect(month!.taxable).toBeGreaterThanOrEqual(14044491);
    // The month's GSTR-1 file as the console's Finance tab builds it from the stored documents: the order's invoice is
    // a B2B row (recipient GSTIN, name, number, date, value, place of supply, rate, taxable value, IGST), not a B2C one.
    const docs = (await db().collection('taxDocuments').where('month', '==', invoice.month).get()).docs.map(
      (d) => d.data() as FinanceDocument,
    );
    const csv = gstr1Csv(monthReport(invoice.month, docs));
    const [y, m, d] = (invoice.date as string).split('-');
    const date = `${d}-${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(m) - 1]}-${y}`;
    expect(csv).toContain(
      `${COMPANY_GSTIN},Acme Analytics Private Limited,${invoice.number},${date},165725.00,27-Maharashtra,N,Regular B2B,18,140444.91,25280.09,0.00,0.00`,
    );
  });
});

describe('a Karnataka college buys 40 seats in a batch and pays by transfer net of TDS', () => {
  let admin: TestUser;
  let org: OrganisationView;
  let order: SeatOrderView;
  let batchId: string;

  it('is created, quoted for a batch (CGST + SGST), and paid by transfer with TDS: paid once both cover the total', async () => {
    admin = await createUser({ emailVerified: true, email: `placements.${randomUUID().slice(0, 6)}@rvce.example.in` });
    org = await confirmedOrganisation(admin, staff, {
      kind: 'campus',
      legalName: 'RV College of Engineering',
      address: 'Mysore Road, RV Vidyaniketan Post, Bengaluru 560059',
      state: '29',
      gstin: COLLEGE_GSTIN,
      domains: ['students.rvce.example.in'],
    });
    expect(org.joinPath).toMatch(/^\/join\/[A-Za-z0-9_-]{20,}$/);
    // A campus batch of the college's own: 45 seats (a public batch seats at most 40). Nobody else sees or buys it.
    batchId = await openBatch(staff, 45, org.id);
    const startDate = (await db().collection('batches').doc(batchId).get()).get('startDate') as string;
    const listed = async (query: string) =>
      (await call<BatchesAnswer>('GET', `/api/batches?offering=${COURSE.slug}&from=${startDate}${query}`, { client })).body.batches;
    expect((await listed('')).some((b) => b.id === batchId)).toBe(false);
    expect((await listed(`&campus=${org.id}`)).find((b) => b.id === batchId)).toMatchObject({
      capacity: 45,
      campus: 'RV College of Engineering',
    });
    const stranger = await call('POST', '/api/enroll', {
      body: enrollment({ planId: undefined, courseId: COURSE.id, batchId }),
      client,
    });
    expect(stranger.status).toBe(404);
    const publicBig = await call<{ error: { fields: Record<string, string> } }>('POST', '/api/staff/batches', {
      body: { offering: COURSE.slug, batchTime: 'Weekday Evening', startDate, capacity: 41 },
      headers: bearer(staff),
      client,
    });
    expect(publicBig.status).toBe(400);
    expect(publicBig.body.error.fields.capacity).toBe(
      'A public batch seats at most 40: cohorts are small. Open a campus batch for an organisation to seat more.',
    );
    const quoted = await call<SeatOrderView>('POST', `/api/team/${org.id}/quotes`, {
      body: { kind: 'course', batchId, seats: 40, poNumber: null },
      headers: bearer(admin),
      client,
    });
    expect(quoted.status, quoted.text).toBe(201);
    order = quoted.body;
    // Python Programming Foundations lists at ₹3,399; 15% off is ₹2,889; 40 of them ₹1,15,560.00 with CGST + SGST 9% each.
    expect(order).toMatchObject({
      seatPrice: 288900,
      tax: { total: 11556000, taxable: 9793220, cgst: 881390, sgst: 881390, igst: 0 },
      tdsAllowed: 979322,
    });

    // The college pays the total less 10% TDS on the taxable value: ₹1,05,766.78.
    const utr = `SBIN${Date.now().toString().slice(-12)}`;
    const transfer = await call<SeatOrderView>('POST', `/api/staff/seat-orders/${order.id}/transfers`, {
      body: { utr, date: new Date().toISOString().slice(0, 10), amount: 10576678 },
      headers: bearer(staff),
      client,
    });
    expect(transfer.status, transfer.text).toBe(200);
    expect(transfer.body).toMatchObject({ state: 'quoted', settlement: { received: 10576678, outstanding: 979322, settled: false } });
    const twice = await call<Err>('POST', `/api/staff/seat-orders/${order.id}/transfers`, {
      body: { utr, date: new Date().toISOString().slice(0, 10), amount: 1 },
      headers: bearer(staff),
      client,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error?.fields?.utr).toBe('This UTR is already recorded: a transfer is recorded once.');
    const tooMuchTds = await call<Err>('POST', `/api/staff/seat-orders/${order.id}/tds`, {
      body: { amount: 979323 },
      headers: bearer(staff),
      client,
    });
    expect(tooMuchTds.body.error?.fields?.amount).toBe('TDS under section 194J is at most 10% of the taxable value.');
    const tds = await call<SeatOrderView>('POST', `/api/staff/seat-orders/${order.id}/tds`, {
      body: { amount: 979322 },
      headers: bearer(staff),
      client,
    });
    expect(tds.body).toMatchObject({
      state: 'paid',
      settlement: { settled: true, tds: 979322, outstanding: 0 },
      counts: { bought: 40, unassigned: 40 },
    });
    expect(tds.body.invoice?.placeOfSupply).toMatchObject({ kind: 'intra-state', code: '29' });
    // 40 of the batch's 45 places are held for the college from the moment of payment.
    expect((await db().collection('seats').where('seatOrderId', '==', order.id).count().get()).data().count).toBe(40);

    const receivable = await call<StaffOrganisations>('GET', '/api/staff/organisations', { headers: bearer(staff), client });
    expect(receivable.body.tdsReceivable).toBeGreaterThanOrEqual(979322);
    const text = await pdfText(`/api/team/${org.id}/orders/${order.id}/invoice.pdf`, admin);
    for (const expected of [
      'RV College of Engineering',
      `GSTIN: ${COLLEGE_GSTIN}`,
      'Karnataka (state code 29)',
      'CGST @ 9%',
      'SGST @ 9%',
      'Rs. 8,813.90',
      'No purchase order number given',
    ])
      expect(text).toContain(expected);
    const certificate = await call<SeatOrderView>('POST', `/api/staff/seat-orders/${order.id}/tds`, {
      body: { certificate: 'FORM16A-2026-0042' },
      headers: bearer(staff),
      client,
    });
    expect(certificate.body.tds).toEqual({ amount: 979322, certificate: 'FORM16A-2026-0042' });
  });

  it('students join through the campus link with their verified college address; others are refused', async () => {
    const key = org.joinPath!.split('/').pop()!;
    const outsider = await createUser({ emailVerified: true, email: `someone.${randomUUID().slice(0, 6)}@gmail.example` });
    const refusedDomain = await claim(outsider, { joinKey: key });
    expect(refusedDomain.status).toBe(403);
    expect(refusedDomain.body.error?.message).toContain('@students.rvce.example.in');
    const unverified = await createUser({ emailVerified: false, email: `s.${randomUUID().slice(0, 6)}@students.rvce.example.in` });
    expect((await claim(unverified, { joinKey: key })).status).toBe(403);
    const sub = await createUser({ emailVerified: true, email: `s.${randomUUID().slice(0, 6)}@mail.students.rvce.example.in` });
    expect((await claim(sub, { joinKey: key })).status).toBe(403);

    const student = await createUser({ emailVerified: true, email: `s.${randomUUID().slice(0, 6)}@students.rvce.example.in` });
    const orderBefore = await db().doc(`seatOrders/${order.id}`).get();
    const joined = await claim(student, { joinKey: key });
    expect(joined.status, joined.text).toBe(201);
    // The claim wrote one of the order's eight lanes (40 seats, 5 in each), not the order, which a class would queue on.
    expect((await db().doc(`seatOrders/${order.id}`).get()).updateTime!.isEqual(orderBefore.updateTime!)).toBe(true);
    const { lanes, totals } = await storedLanes(order.id);
    expect(lanes.map((l) => l.counts.unassigned + l.counts.claimed)).toEqual([5, 5, 5, 5, 5, 5, 5, 5]);
    expect(lanes.filter((l) => l.counts.claimed === 1 && l.handedOut === 1)).toHaveLength(1);
    expect(totals).toEqual({ unassigned: 39, invited: 0, claimed: 1, ended: 0, lapsed: 0 });
    expect(joined.body.description).toContain('Python Programming Foundations');
    const enrollment = (await db().doc(`enrollments/${joined.body.enrollmentId}`).get()).data()!;
    expect(enrollment).toMatchObject({
      status: 'paid',
      courseId: 1,
      batchId,
      collegeName: 'RV College of Engineering',
      preferredBatchTime: 'Weekday Evening',
    });
    const place = (await db().doc(`seats/${enrollment.seatId}`).get()).data()!;
    expect(place).toMatchObject({ batchId, state: 'confirmed', enrollmentId: joined.body.enrollmentId, seatOrderId: order.id });
    // The same student through the link again (a second click, or a request sent again after "busy"): the seat they
    // have, not a second one.
    const again = await claim(student, { joinKey: key });
    expect(again.status).toBe(200);
    expect(again.body.enrollmentId).toBe(joined.body.enrollmentId);
    expect((await overview(admin, org.id)).orders[0].counts).toMatchObject({ claimed: 1, unassigned: 39 });
  });

  it('50 students at once on the last seat: exactly one gets it', async () => {
    // Leave one seat: codes hold 38 of the 39 left.
    const codes = await call<{ codes: string[]; order: SeatOrderView }>('POST', `/api/team/${org.id}/orders/${order.id}/codes`, {
      body: { count: 38 },
      headers: bearer(admin),
      client,
    });
    expect(codes.status, codes.text).toBe(201);
    expect(codes.body.order.counts).toMatchObject({ unassigned: 1, invited: 38 });
    const key = org.joinPath!.split('/').pop()!;
    const students = await Promise.all(
      Array.from({ length: 50 }, () =>
        createUser({ emailVerified: true, email: `s.${randomUUID().slice(0, 8)}@students.rvce.example.in` }),
      ),
    );
    const answers = await Promise.all(students.map((s) => claim(s, { joinKey: key })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 409 || s === 503)).toBe(true);
    // The one who took the last seat, sending again (as after a "busy" answer whose commit landed): their seat, though
    // none is left; another student is told there is none.
    const lastSeat = statuses.indexOf(201);
    const again = await claim(students[lastSeat], { joinKey: key });
    expect(again.status, again.text).toBe(200);
    expect(again.body.enrollmentId).toBe(answers[lastSeat].body.enrollmentId);
    const noneLeft = await claim(students[(lastSeat + 1) % students.length], { joinKey: key });
    expect(noneLeft.status).toBe(409);
    expect(noneLeft.body.error?.message).toBe(
      "RV College of Engineering has no seats left to join. Ask your college's placement or training office.",
    );
    const after = (await overview(admin, org.id)).orders[0].counts;
    expect(after).toMatchObject({ claimed: 2, unassigned: 0, invited: 38 });
    expect(
      (await db().collection('orderSeats').where('orderId', '==', order.id).where('state', '==', 'claimed').count().get()).data().count,
    ).toBe(2);

    // One code used twice at once gives one seat; an unknown code and a used one are refused clearly.
    const [a, b] = await Promise.all([0, 1].map(() => createUser({ emailVerified: true })));
    // Each sent again after a busy answer, as the site's client does (a 503 wrote nothing, decision 0028).
    const both = await Promise.all([
      untilAnswered(() => claim(a, { code: codes.body.codes[0] })),
      untilAnswered(() => claim(b, { code: codes.body.codes[0].toLowerCase() })),
    ]);
    // One gets the seat: 201, or 200 when a busy answer came after its commit had landed and the retry was
    // answered with the seat already held (the same answer as "sent again" below). The other is refused.
    expect(both.map((r) => (r.status === 200 ? 201 : r.status)).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.status === 409)!.body.error?.message).toBe('This code has been used: each code gives one seat, once.');
    // Sent again: the winner is answered their own seat; the other student, retrying, still gets nothing of it.
    const [winner, loser] = both[0].status !== 409 ? [a, b] : [b, a];
    const won = both.find((r) => r.status !== 409)!;
    const winnerAgain = await claim(winner, { code: codes.body.codes[0] });
    expect(winnerAgain.status).toBe(200);
    expect(winnerAgain.body.enrollmentId).toBe(won.body.enrollmentId);
    const loserAgain = await claim(loser, { code: codes.body.codes[0] });
    expect(loserAgain.status).toBe(409);
    expect(loserAgain.body.enrollmentId).toBeUndefined();
    expect((await db().doc(`enrollments/${won.body.enrollmentId}`).get()).get('email')).toBe(winner.email);
    expect((await claim(await createUser({ emailVerified: true }), { code: 'ZZZZZ-ZZZZZ' })).status).toBe(404);
    // An expired code: 31 days on.
    const late = await claim(await createUser({ emailVerified: true }), { code: codes.body.codes[1] }, Date.now() + 31 * DAY);
    expect(late.status).toBe(410);
    expect(late.body.error?.message).toBe('This code has expired. Ask your organisation for a new one.');
  }, 180_000);
});

describe('seats that are not claimed in time', () => {
  it('admins are warned once 14 days before, then the unclaimed seats lapse and their links stop working (npm run jobs -- seats)', async () => {
    const batchId = await openBatch(staff, 10);
    const { admin, org, quoted } = await quotedTeam('Theta Labs LLP', '3 Lavelle Road, Bengaluru 560001', 'theta-labs.example', {
      kind: 'course',
      batchId,
      seats: 5,
    });
    const paid = await payByTransfer(staff, quoted.body.id, quoted.body.tax.total, 'ICIC');
    expect(paid.body.state).toBe('paid');
    const invitee = `late.${randomUUID().slice(0, 6)}@theta-labs.example`;
    await call('POST', `/api/team/${org.id}/orders/${quoted.body.id}/invitations`, {
      body: { emails: [invitee] },
      headers: bearer(admin),
      client,
    });
    const link = new URL(/https?:\/\/\S+\/join\?seat=\S+/.exec((await mailWith(invitee, 'Theta Labs LLP has a seat for you')).text)![0]);
    // Course seats lapse when their batch starts.
    const lapsesAt = Date.parse(paid.body.lapsesAt!);
    expect(lapsesAt).toBe((await db().doc(`batches/${batchId}`).get()).get('startsAt').toMillis());
    for (let i = 0; i < 2; i++) await seatsJob(new Date(lapsesAt - 13 * DAY).toISOString());
    const warning = await mailWith(admin.email, 'Theta Labs LLP: 5 unclaimed seats lapse on');
    expect(warning.text).toContain('5 of the 5 seats of this order have not been claimed.');
    expect((await mailsTo(admin.email)).filter((m) => m.subject.includes('lapse'))).toHaveLength(1);
    await seatsJob(new Date(lapsesAt + 60_000).toISOString());
    expect((await storedLanes(quoted.body.id)).totals).toEqual({ unassigned: 0, invited: 0, lapsed: 5, claimed: 0, ended: 0 });
    const member = await createUser({ emailVerified: true, email: invitee });
    const late = await claim(member, { seatId: link.searchParams.get('seat'), token: link.searchParams.get('token') });
    expect(late.status).toBe(404);
  }, 120_000);

  it('claims whose milestone mail did not follow them are mailed by the next run, once (npm run jobs -- seats)', async () => {
    const { admin, quoted } = await quotedTeam('Omicron Labs LLP', '9 Infantry Road, Bengaluru 560001', 'omicron-labs.example', {
      kind: 'plan',
      planId: 'pro',
      seats: 5,
    });
    const paid = await payByTransfer(staff, quoted.body.id, quoted.body.tax.total, 'SBIN');
    expect(paid.body.state, paid.text).toBe('paid');
    // Five claims that committed, each function stopping before its milestone mail: what their transactions wrote to
    // the order's lanes (one seat each), written around the API. Nothing mailed the admins.
    const lanes = (await db().collection('seatLanes').where('orderId', '==', quoted.body.id).get()).docs;
    expect(lanes.map((lane) => lane.data().counts.unassigned)).toEqual([1, 1, 1, 1, 1]);
    for (const lane of lanes)
      await lane.ref.update({ 'counts.unassigned': 0, 'counts.claimed': 1, handedOut: 1, updatedAt: Timestamp.fromMillis(Date.now()) });
    expect((await mailsTo(admin.email)).filter((m) => m.subject.includes('claimed'))).toEqual([]);

    const runs = [seatsJob(new Date().toISOString()), seatsJob(new Date().toISOString())];
    expect(runs[0]).toMatch(/"milestones":[1-9]/);
    await mailWith(admin.email, 'Omicron Labs LLP: every seat claimed');
    // 5 of 5 passed 75% and 100% at once: one mail, for the higher, and both marked, however often the job runs.
    expect((await mailsTo(admin.email)).filter((m) => m.subject.includes('claimed'))).toHaveLength(1);
    expect((await db().doc(`seatOrders/${quoted.body.id}`).get()).data()!.milestonesMailed).toEqual([75, 100]);
  }, 120_000);
});

describe('unclaimed seats cancelled, and the last seat claimed', () => {
  it('a credit note against the order’s invoice for the cancelled seats (once); the last claim mails "every seat" once', async () => {
    const { admin, org, quoted } = await quotedTeam(
      'Iota Works LLP',
      '7 Cunningham Road, Bengaluru 560052',
      'iota-works.example',
      { kind: 'plan', planId: 'pro', seats: 5 },
      '29AAACI1681G1ZL',
    );
    // Pro less 10% for 5 seats: ₹7,019 a seat, ₹35,095 in all.
    expect(quoted.body.tax.total).toBe(3509500);
    await payByTransfer(staff, quoted.body.id, 3509500, 'UTIB');
    const cancelled = await call<SeatOrderView>('POST', `/api/staff/seat-orders/${quoted.body.id}/cancel-seats`, {
      body: { seats: 2 },
      headers: bearer(staff),
      client,
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ cancelledSeats: 2, counts: { unassigned: 3, left: 3 } });
    const note = cancelled.body.creditNote!;
    expect(note.breakup.total).toBe(1403800);
    expect(note.breakup.taxable + note.breakup.cgst + note.breakup.sgst).toBe(1403800);
    const stored = (await db().doc(`taxDocuments/${note.id}`).get()).data()!;
    expect(stored).toMatchObject({
      kind: 'credit-note',
      refersTo: { number: cancelled.body.invoice!.number },
      buyer: { gstin: '29AAACI1681G1ZL' },
      order: { quantity: 2 },
    });
    // The console's B2B revenue, kept as each document was issued: the invoice's entry, and the credit note's negative.
    const invoiceMonth = (await db().doc(`taxDocuments/${cancelled.body.invoice!.id}`).get()).data()!.month;
    expect((await db().doc(`b2bMonths/${stored.month}`).get()).data()!.documents[note.id]).toEqual({
      taxable: -note.breakup.taxable,
      total: -1403800,
    });
    expect((await db().doc(`b2bMonths/${invoiceMonth}`).get()).data()!.documents[cancelled.body.invoice!.id]).toEqual({
      taxable: cancelled.body.invoice!.breakup.taxable,
      total: 3509500,
    });
    const again = await call<Err>('POST', `/api/staff/seat-orders/${quoted.body.id}/cancel-seats`, {
      body: { seats: 1 },
      headers: bearer(staff),
      client,
    });
    expect(again.status).toBe(409);

    const codes = await call<{ codes: string[] }>('POST', `/api/team/${org.id}/orders/${quoted.body.id}/codes`, {
      body: { count: 3 },
      headers: bearer(admin),
      client,
    });
    for (const code of codes.body.codes) expect((await claim(await createUser({ emailVerified: true }), { code })).status).toBe(201);
    await mailWith(admin.email, 'Iota Works LLP: every seat claimed');
    // 3 of 3 passed 75% and 100% with the same claim: one mail, for the higher.
    expect((await mailsTo(admin.email)).filter((m) => m.subject.includes('claimed'))).toHaveLength(1);
  }, 120_000);
});

describe('an Elite seat', () => {
  it('unclaimed, lapses 12 months after payment; claimed, gives its member Elite for 12 months from the claim, then stops', async () => {
    const { admin, org, quoted } = await quotedTeam('Lambda Labs LLP', '21 Residency Road, Bengaluru 560025', 'lambda-labs.example', {
      kind: 'plan',
      planId: 'yearly',
      seats: 5,
    });
    const paidAt = Date.now();
    const paid = await payByTransfer(staff, quoted.body.id, quoted.body.tax.total, 'HDFC');
    expect(paid.body.state).toBe('paid');
    // Unclaimed plan seats lapse 12 calendar months after payment (365 or 366 days, by the India date).
    const lapseDays = (Date.parse(paid.body.lapsesAt!) - paidAt) / DAY;
    expect(lapseDays).toBeGreaterThan(364);
    expect(lapseDays).toBeLessThan(367.5);

    const codes = await call<{ codes: string[] }>('POST', `/api/team/${org.id}/orders/${quoted.body.id}/codes`, {
      body: { count: 1 },
      headers: bearer(admin),
      client,
    });
    const member = await createUser({ emailVerified: true });
    const claimedAt = Date.now();
    expect((await claim(member, { code: codes.body.codes[0] })).status).toBe(201);
    const mentoringAt = async (nowMs: number) =>
      (await call<MentoringAnswer>('GET', '/api/mentoring', { headers: as(member, nowMs), client })).body.allowances;
    // Elite's mentoring (its mock interviews among it) on the seat's last day, none the day after its 12 months.
    const lastDay = await mentoringAt(claimedAt + 364 * DAY);
    expect(lastDay.map((a) => a.kind)).toContain('mock-interview');
    expect(await mentoringAt(claimedAt + 367 * DAY)).toEqual([]);
  }, 120_000);
});

describe('B2B revenue kept as documents are issued (npm run jobs -- b2b-figures)', () => {
  it('one written around the API counts once the job has run; orders invoiced while it rebuilds are all counted', async () => {
    const admin = await createUser({ emailVerified: true, email: `cfo.${randomUUID().slice(0, 6)}@kappa-labs.example` });
    const org = await confirmedOrganisation(admin, staff, {
      kind: 'team',
      legalName: 'Kappa Labs Private Limited',
      address: '12 Lavelle Road, Bengaluru 560001',
      state: '29',
      gstin: COLLEGE_GSTIN,
      domains: [],
    });
    const paidOrder = async () => {
      const quoted = await call<SeatOrderView>('POST', `/api/team/${org.id}/quotes`, {
        body: { kind: 'plan', planId: 'pro', seats: 5, poNumber: null },
        headers: bearer(admin),
        client,
      });
      expect(quoted.status, quoted.text).toBe(201);
      const paid = await call<SeatOrderView>('POST', `/api/staff/seat-orders/${quoted.body.id}/transfers`, {
        body: {
          utr: `KKBK${randomUUID().replace(/\D/g, '').padEnd(12, '3').slice(0, 12)}`,
          date: indiaDate(Date.now()),
          amount: quoted.body.tax.total,
        },
        headers: bearer(staff),
        client,
      });
      expect(paid.status, paid.text).toBe(200);
      return paid.body.invoice!;
    };
    const first = await paidOrder();
    const stored = (await db().doc(`taxDocuments/${first.id}`).get()).data()!;
    // A document's entry in its own month's figures (an invoice issued as a month turns falls in the next).
    const entryOf = async (id: string) => {
      const { month } = (await db().doc(`taxDocuments/${id}`).get()).data()!;
      return ((await db().doc(`b2bMonths/${month}`).get()).data()?.documents ?? {})[id] as { taxable: number; total: number } | undefined;
    };
    const shown = async () => {
      const res = await call<StaffOrganisations>('GET', '/api/staff/organisations', { headers: bearer(staff), client });
      expect(res.status, res.text).toBe(200);
      return res.body.b2bByMonth.find((m) => m.month === stored.month)?.taxable ?? 0;
    };
    expect(await entryOf(first.id)).toEqual({ taxable: first.breakup.taxable, total: first.breakup.total });

    // An import: an order's invoice to a registered buyer, written straight to Firestore. Not counted until the job runs.
    // Outside the site's own series (no financial year, no sequence): a copy of `stored`'s would be a second
    // invoice with its number's position, and invoices.test checks each year's series has no gap and no repeat.
    const imported = `imported-${randomUUID().slice(0, 8)}`;
    await db()
      .doc(`taxDocuments/${imported}`)
      .set({
        ...stored,
        number: `IMP/${imported}`,
        year: 'imported',
        sequence: 0,
        order: { ...stored.order, orderId: imported },
        taxable: 1_000_000,
        total: 1_180_000,
      });
    expect(await entryOf(imported)).toBeUndefined();
    const job = () =>
      promisify(execFile)(process.execPath, ['tools/jobs.mjs', 'b2b-figures', '--as-of', new Date().toISOString()], {
        env: process.env,
      });
    const before = await shown();
    expect((await job()).stdout).toMatch(/b2b-figures as of .*: \{"months":12,"documents":[1-9]\d*,"entries":[1-9]\d*\}/);
    expect(await entryOf(imported)).toEqual({ taxable: 1_000_000, total: 1_180_000 });
    expect(await shown()).toBeGreaterThanOrEqual(before + 1_000_000);
    // The finance page's sums take the import in too (invoices.test holds that page to its documents).
    const finance = await promisify(execFile)(
      process.execPath,
      ['tools/jobs.mjs', 'finance-figures', '--as-of', new Date().toISOString()],
      {
        env: process.env,
      },
    );
    expect(finance.stdout).toMatch(/finance-figures as of .*: \{"months":2,/);

    // Orders invoiced while the job rebuilds: each invoice's transaction writes the month the rebuild reads and writes
    // in its own, so none is lost.
    let rebuilding = true;
    const running = job().finally(() => (rebuilding = false));
    const during: { id: string; taxable: number }[] = [];
    let whileRebuilding = 0;
    while (rebuilding || during.length < 2) {
      if (rebuilding) whileRebuilding += 1;
      const invoice = await paidOrder();
      during.push({ id: invoice.id, taxable: invoice.breakup.taxable });
      if (during.length >= 6) break;
    }
    await running;
    expect(whileRebuilding).toBeGreaterThan(0);
    for (const { id, taxable } of during) expect((await entryOf(id))?.taxable, id).toBe(taxable);
    expect((await entryOf(imported))?.taxable).toBe(1_000_000);
    expect((await entryOf(first.id))?.taxable).toBe(first.breakup.taxable);
  }, 120_000);
});

describe('from the wrong side', () => {
  it('an admin of one organisation gets 404 on another; a learner who administers none gets 403', async () => {
    const [adminA, adminB] = await Promise.all([createUser({ emailVerified: true }), createUser({ emailVerified: true })]);
    const base = { kind: 'team', address: '12 MG Road, Bengaluru 560001', state: '29', gstin: null, domains: [] };
    const a = await confirmedOrganisation(adminA, staff, { ...base, legalName: 'Alpha Widgets LLP' });
    const b = await confirmedOrganisation(adminB, staff, { ...base, legalName: 'Beta Gadgets LLP' });
    for (const path of [`/api/team/${b.id}`, `/api/team/${b.id}/members.csv`])
      expect((await call('GET', path, { headers: bearer(adminA), client })).status).toBe(404);
    expect(
      (
        await call('POST', `/api/team/${b.id}/quotes`, {
          body: { kind: 'plan', planId: 'pro', seats: 5, poNumber: null },
          headers: bearer(adminA),
          client,
        })
      ).status,
    ).toBe(404);
    const learner = await createUser({ emailVerified: true });
    for (const path of ['/api/team', `/api/team/${a.id}`]) {
      const res = await call<Err>('GET', path, { headers: bearer(learner), client });
      expect(res.status).toBe(403);
      expect(res.body.error?.message).toContain('Only an organisation’s admins can see this');
    }
    expect((await call('GET', '/api/team', { client })).status).toBe(401);
  });

  it('a GSTIN with a wrong check character, or of another state, is refused on its field; fewer than 5 seats too', async () => {
    const visitor = await createUser({ emailVerified: true });
    const ask = (organisation: Record<string, unknown>) =>
      call<Err>('POST', '/api/organisations', {
        body: {
          organisation: {
            kind: 'team',
            legalName: 'Gamma Labs Private Limited',
            address: '1 Residency Road, Bengaluru 560025',
            state: '29',
            domains: [],
            ...organisation,
          },
          contactName: 'Ravi',
          message: '',
        },
        headers: bearer(visitor),
        client,
      });
    const typo = await ask({ gstin: '27AAPFU0939F1ZW', state: '27' });
    expect(typo.status).toBe(400);
    expect(typo.body.error?.fields).toEqual({ gstin: 'This GSTIN has a typo: its last character does not match the rest.' });
    const otherState = await ask({ gstin: COMPANY_GSTIN });
    expect(otherState.body.error?.fields).toEqual({
      gstin: 'This GSTIN is registered in Maharashtra, but the billing address is in Karnataka. Use the GSTIN of the billing state.',
    });
    const noDomain = await ask({ kind: 'campus', gstin: null });
    expect(noDomain.body.error?.fields?.domains).toBe(
      'Name the e-mail domain your students sign up with (for example students.college.ac.in).',
    );
    const unverified = await createUser({ emailVerified: false });
    const notVerified = await call<Err>('POST', '/api/organisations', {
      body: {
        organisation: { kind: 'team', legalName: 'Delta', address: '1 Residency Road, Bengaluru', state: '29', gstin: null, domains: [] },
        contactName: 'D',
        message: '',
      },
      headers: bearer(unverified),
      client,
    });
    expect(notVerified.status).toBe(409);
  });

  it('an expired quote cannot be paid; 100 seats wait for staff to price them', async () => {
    const admin = await createUser({ emailVerified: true });
    const org = await confirmedOrganisation(admin, staff, {
      kind: 'team',
      legalName: 'Epsilon Systems Private Limited',
      address: '22 Park Street, Kolkata 700016',
      state: '19',
      gstin: null,
      domains: [],
    });
    const quoted = await call<SeatOrderView>('POST', `/api/team/${org.id}/quotes`, {
      body: { kind: 'plan', planId: 'platinum', seats: 5, poNumber: null },
      headers: bearer(admin),
      client,
    });
    // Platinum lists at ₹9,996; 10% off for 5 seats: ₹8,996 each (₹8,996.40 rounded to the rupee).
    expect(quoted.body).toMatchObject({ seatPrice: 899600, percentOff: 10, tax: { total: 4498000 } });
    const late = await call<Err>('POST', `/api/team/${org.id}/orders/${quoted.body.id}/checkout`, {
      body: {},
      headers: as(admin, Date.now() + 16 * DAY),
      client,
    });
    expect(late.status).toBe(409);
    expect(late.body.error?.message).toBe('This quote has expired: its prices held for 15 days. Make a new quote.');
    const big = await call<SeatOrderView>('POST', `/api/team/${org.id}/quotes`, {
      body: { kind: 'plan', planId: 'pro', seats: 120, poNumber: null },
      headers: bearer(admin),
      client,
    });
    expect(big.body.state).toBe('awaiting-price');
    expect(
      (await call<Err>('POST', `/api/team/${org.id}/orders/${big.body.id}/checkout`, { body: {}, headers: bearer(admin), client })).body
        .error?.message,
    ).toBe('This quote is waiting for our team to price it.');
    const priced = await call<SeatOrderView>('POST', `/api/staff/seat-orders/${big.body.id}/price`, {
      body: { seatPrice: 599900 },
      headers: bearer(staff),
      client,
    });
    expect(priced.body).toMatchObject({ state: 'quoted', seatPrice: 599900, percentOff: 23.1, tax: { total: 71988000 } });
    // Not staff: 403.
    expect(
      (await call('POST', `/api/staff/seat-orders/${big.body.id}/price`, { body: { seatPrice: 100 }, headers: bearer(admin), client }))
        .status,
    ).toBe(403);
  });
});
