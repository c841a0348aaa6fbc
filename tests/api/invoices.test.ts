import { isDeepStrictEqual } from 'node:util';
import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderCheckout, CreatedEnrollment, EnrollmentRecord } from '@upskill/domain/enrollment';
import type { TaxDocumentDoc } from '@upskill/domain/records';
import { financeDocument, gstr1Csv, monthReport, type MonthReport } from '@upskill/domain/finance';
import { formatPaise } from '@upskill/domain/tax';
import { call, enrollment, untilAnswered } from '../support/api';
import { EMULATOR_CLIENT_HEADER, HOSTING } from '../support/env';
import { db } from '../support/admin';
import { bearer, createUser, type TestUser } from '../support/auth';
import { COURSE, openBatch } from '../support/learning';
import { SANDBOX, deliverWebhook, eventually, sandboxClient, sandboxPay, webhookBody, webhooksSettled } from '../support/razorpay';
import { createStaff } from '../support/staff';
import { PUBLIC_MAX_CAPACITY } from '@upskill/domain/batches';

// GST tax invoices and credit notes (#31): the split by place of supply, consecutive numbers under
// concurrency and across the financial year, the PDF read back as text, who may fetch it, one credit
// note per refund, the reconciler with webhooks switched off, and the finance CSV against the documents.

const run = promisify(execFile);
const PRICE = 3399_00; // Python Programming Foundations, ₹3,399
const SUPPLIER_GSTIN = '29AACCU4821K1Z2';
const MAHARASHTRA_GSTIN = '27AAPFU0939F1ZV';

/**
 * With a moved clock (tests/vitest.config.ts runs this file again at 31 March 23:58 IST, at the month's last
 * minute, and 9 and 400 days on), only the tests about dates run: the financial year's turn and the month's
 * report. The others are about tax and numbering, not the date, and run once, on the real clock.
 */
const onTheRealClock = !process.env.TEST_CLOCK;

/**
 * A seat for each enrollment: cohorts are 40 at most, so this file opens a batch of its own whenever it has used the last
 * one's seats. The seat is counted before the batch is awaited, so enrollments made at once never share one too many.
 */
let pool: { batch: Promise<string>; left: number } | undefined;
function nextSeat(): Promise<string> {
  if (!pool || pool.left === 0) pool = { batch: openBatch(undefined, PUBLIC_MAX_CAPACITY), left: PUBLIC_MAX_CAPACITY };
  pool.left -= 1;
  return pool.batch;
}

interface Made {
  id: string;
  edit: Record<string, string>;
  client: string;
  email: string;
}

async function enroll(): Promise<Made> {
  const client = `inv-${randomUUID().slice(0, 8)}`;
  const body = enrollment({
    courseId: COURSE.id,
    planId: undefined,
    planName: undefined,
    interestedCourse: 'Full Stack Web Development',
    preferredBatchTime: 'Weekday Evening',
    batchId: await nextSeat(),
  });
  const key = `inv-${randomUUID()}`;
  const res = await untilAnswered(() =>
    call<CreatedEnrollment>('POST', '/api/enroll', { body, client, headers: { 'Idempotency-Key': key } }),
  );
  if (res.status !== 201 && res.status !== 200) throw new Error(`enroll: ${res.status} ${res.text}`);
  return { id: res.body.id, edit: { 'X-Edit-Token': res.body.editToken }, client, email: res.body.email };
}

const billing = (e: Made, details: Record<string, unknown>) =>
  call<EnrollmentRecord & { error?: { code: string; fields?: Record<string, string> } }>('PUT', `/api/enroll/${e.id}/billing`, {
    body: { country: null, gstin: null, businessName: null, ...details },
    headers: e.edit,
    client: e.client,
  });

async function checkout(e: Made) {
  const order = await untilAnswered(() =>
    call<OrderCheckout>('POST', `/api/enroll/${e.id}/checkout`, { body: {}, headers: e.edit, client: e.client }),
  );
  if (order.status !== 200) throw new Error(`checkout: ${order.status} ${order.text}`);
  return order.body.orderId;
}

async function pay(e: Made): Promise<EnrollmentRecord> {
  const paid = await sandboxPay(await checkout(e));
  const res = await call<EnrollmentRecord>('POST', `/api/enroll/${e.id}/payment`, { body: paid.body, headers: e.edit, client: e.client });
  if (res.status !== 200) throw new Error(`payment: ${res.status} ${res.text}`);
  return res.body;
}

async function pdfText(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const bytes = Buffer.from(await res.arrayBuffer());
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  return Array.from({ length: doc.countPages() }, (_, i) => doc.loadPage(i).toStructuredText('preserve-whitespace').asText()).join('\n');
}

const fetchPdf = (id: string, kind: 'invoice' | 'credit-note', headers: Record<string, string> = {}) =>
  fetch(`${HOSTING}/api/enroll/${id}/${kind}.pdf`, {
    headers: { [EMULATOR_CLIENT_HEADER]: `pdf-${randomUUID().slice(0, 6)}`, ...headers },
  });

const taxDocsOf = async (enrollmentId: string) =>
  (await db().collection('taxDocuments').where('enrollmentId', '==', enrollmentId).get()).docs.map((d) => d.data() as TaxDocumentDoc);

const jobs = (job: string, asOf?: string) =>
  run(process.execPath, ['tools/jobs.mjs', job, ...(asOf ? ['--as-of', asOf] : [])], { env: process.env });

describe.runIf(onTheRealClock)('the tax on an invoice follows the place of supply', () => {
  it('Karnataka: CGST 9% + SGST 9%; Maharashtra: IGST 18%; outside India: zero-rated under LUT; each adds up to the price to the paisa', async () => {
    const cases = [
      { details: { state: '29' }, pos: { kind: 'intra-state', code: '29', name: 'Karnataka' }, taxes: ['cgst', 'sgst'] },
      { details: { state: '27' }, pos: { kind: 'inter-state', code: '27', name: 'Maharashtra' }, taxes: ['igst'] },
      {
        details: { state: 'outside-india', country: 'United States' },
        pos: { kind: 'export', code: '96', name: 'United States' },
        taxes: [],
      },
    ] as const;
    for (const { details, pos, taxes } of cases) {
      const e = await enroll();
      expect((await billing(e, details)).status).toBe(200);
      const paid = await pay(e);
      const inv = paid.invoice;
      expect(inv?.number).toMatch(/^UPS\/\d\d-\d\d\/\d{6}$/);
      expect(inv?.placeOfSupply).toEqual(pos);
      const b = inv!.breakup;
      expect(b.total).toBe(PRICE);
      expect(b.taxable + b.cgst + b.sgst + b.igst).toBe(PRICE);
      for (const tax of ['cgst', 'sgst', 'igst'] as const) expect(b[tax] > 0).toBe((taxes as readonly string[]).includes(tax));
      if (pos.kind === 'export') expect(b.taxable).toBe(PRICE);
      const stored = await taxDocsOf(e.id);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        kind: 'invoice',
        number: inv?.number,
        sac: '999293',
        total: PRICE,
        supplier: { gstin: SUPPLIER_GSTIN, stateCode: '29' },
      });
    }
  });

  it('a GSTIN decides the state; a bad checksum or a GSTIN of another state answers 400; billing is fixed once paid', async () => {
    const e = await enroll();
    const typo = await billing(e, { state: '27', gstin: '27AAPFU0939F1ZW', businessName: 'Acme Analytics LLP' });
    expect(typo.status).toBe(400);
    expect(typo.body.error?.fields?.gstin).toMatch(/typo/);
    const elsewhere = await billing(e, { state: '29', gstin: MAHARASHTRA_GSTIN, businessName: 'Acme Analytics LLP' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error?.fields?.gstin).toBe('This GSTIN is registered in Maharashtra, not Karnataka.');
    expect((await billing(e, { state: '29', gstin: 'NOT-A-GSTIN', businessName: 'x' })).status).toBe(400);
    expect((await billing(e, { state: 'Atlantis' })).status).toBe(400);
    expect((await billing(e, { state: '27', taxable: 1 })).status).toBe(400);
    expect((await db().collection('enrollments').doc(e.id).get()).get('billing')).toBeUndefined();

    const ok = await billing(e, { state: '27', gstin: ' 27aapfu0939f1zv ', businessName: 'Acme Analytics LLP' });
    expect(ok.status).toBe(200);
    expect(ok.body.billing).toEqual({ state: '27', country: null, gstin: MAHARASHTRA_GSTIN, businessName: 'Acme Analytics LLP' });
    const paid = await pay(e);
    expect(paid.invoice?.placeOfSupply).toEqual({ kind: 'inter-state', code: '27', name: 'Maharashtra' });
    expect((await taxDocsOf(e.id))[0].buyer).toMatchObject({ gstin: MAHARASHTRA_GSTIN, businessName: 'Acme Analytics LLP', state: '27' });
    const late = await billing(e, { state: '29' });
    expect(late.status).toBe(409);
    expect((await taxDocsOf(e.id))[0].placeOfSupply.code).toBe('27');
  });

  it('someone else cannot set an enrollment’s billing details', async () => {
    const e = await enroll();
    const other = await enroll();
    const res = await call('PUT', `/api/enroll/${e.id}/billing`, {
      body: { state: '29', country: null, gstin: null, businessName: null },
      headers: other.edit,
      client: other.client,
    });
    expect(res.status).toBe(403);
    expect(
      (await call('PUT', `/api/enroll/${e.id}/billing`, { body: { state: '29', country: null, gstin: null, businessName: null } })).status,
    ).toBe(401);
  });
});

describe.runIf(onTheRealClock)('the invoice PDF', () => {
  let e: Made;
  let invoice: NonNullable<EnrollmentRecord['invoice']>;
  beforeAll(async () => {
    e = await enroll();
    await billing(e, { state: '29' });
    invoice = (await pay(e)).invoice!;
  });

  it('reads back with its number, both GSTINs, SAC 999293, the tax lines, the total in words and the reverse-charge line', async () => {
    const text = await pdfText(await fetchPdf(e.id, 'invoice', e.edit));
    console.log(`invoice PDF as text:\n${text}`);
    const { taxable, cgst } = invoice.breakup;
    for (const expected of [
      'Tax Invoice',
      invoice.number,
      `GSTIN: ${SUPPLIER_GSTIN}`,
      'Unregistered (no GSTIN)',
      '999293',
      'Karnataka (state code 29)',
      'CGST @ 9%',
      'SGST @ 9%',
      `Rs. ${formatPaise(taxable)}`,
      `Rs. ${formatPaise(cgst)}`,
      'Rs. 3,399.00',
      'Three Thousand Three Hundred Ninety Nine Rupees Only',
      'Tax payable on reverse charge: No.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('IGST');
  });

  it('only the owner or staff: another learner 403, no credentials 401, a wrong edit token 403, an unpaid enrollment 404', async () => {
    const staff = await createStaff();
    expect((await fetchPdf(e.id, 'invoice', bearer(staff))).status).toBe(200);
    const other = await enroll();
    expect((await fetchPdf(e.id, 'invoice', other.edit)).status).toBe(403);
    expect((await fetchPdf(e.id, 'invoice', { 'X-Edit-Token': 'x'.repeat(43) })).status).toBe(403);
    const stranger = await createUser({ emailVerified: true });
    expect((await fetchPdf(e.id, 'invoice', bearer(stranger))).status).toBe(403);
    expect((await fetchPdf(e.id, 'invoice')).status).toBe(401);
    expect((await fetchPdf(e.id, 'invoice', { Authorization: 'Bearer forged.token.here' })).status).toBe(401);
    expect((await fetchPdf(other.id, 'invoice', other.edit)).status).toBe(404);
    expect((await fetchPdf(e.id, 'credit-note', e.edit)).status).toBe(404);
    expect((await fetchPdf('no-such-enrollment', 'invoice', e.edit)).status).toBe(404);
  });
});

describe.runIf(onTheRealClock)('numbering', () => {
  it('50 captures at the same moment get 50 invoices numbered consecutively: no gap, no repeat', async () => {
    const made = await Promise.all(Array.from({ length: 50 }, () => enroll()));
    const results = await Promise.all(made.map(async (e) => ({ e, result: (await sandboxPay(await checkout(e))).body })));
    const started = Date.now();
    // Each browser sends its report again after a "busy" answer, as the site's code does.
    const answers = await Promise.all(
      results.map(({ e, result }) =>
        untilAnswered(() =>
          call<EnrollmentRecord>('POST', `/api/enroll/${e.id}/payment`, { body: result, headers: e.edit, client: e.client }),
        ),
      ),
    );
    const ms = Date.now() - started;
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const docs = (await Promise.all(made.map((e) => taxDocsOf(e.id)))).flat();
    expect(docs).toHaveLength(50);
    const years = new Set(docs.map((d) => d.year));
    expect(years.size).toBe(1);
    const sequences = docs.map((d) => d.sequence).sort((a, b) => a - b);
    expect(new Set(sequences).size).toBe(50);
    expect(sequences[49] - sequences[0]).toBe(49);
    // Every number of the series up to the last of these is used, once, by a document that exists.
    const numbers = (await db().collection('invoiceNumbers').where('series', '==', `UPS_${docs[0].year}`).get()).docs.map((d) => d.data());
    const top = Math.max(...numbers.map((n) => n.sequence as number));
    expect(top).toBe(sequences[49]);
    expect(numbers.map((n) => n.sequence as number).sort((a, b) => a - b)).toEqual(Array.from({ length: top }, (_, i) => i + 1));
    expect(numbers.every((n) => n.state === 'used')).toBe(true);
    expect(answers.every((a) => a.body.invoice?.number === docs.find((d) => d.enrollmentId === a.body.id)?.number)).toBe(true);
    console.log(
      `numbering: 50 concurrent captures in ${ms} ms → ${docs.map((d) => d.number).sort()[0]} … ${docs.map((d) => d.number).sort()[49]}, 50 distinct, consecutive`,
    );
  }, 180_000);
});

describe.runIf(onTheRealClock)('credit notes', () => {
  it('a console refund and its webhook (and the webhook again) give exactly one credit note, mailed once, against the invoice', async () => {
    const e = await enroll();
    await billing(e, { state: '27' });
    const paid = await pay(e);
    const staff = await createStaff();
    const refund = await call<{ refundId: string }>('POST', `/api/staff/enrollments/${e.id}/refund`, {
      body: { reason: 'Changed plans before the batch started.' },
      headers: bearer(staff),
      client: `staff-${randomUUID().slice(0, 6)}`,
    });
    expect(refund.status).toBe(200);
    await webhooksSettled();
    // The gateway redelivers the same refund under a new event id.
    const gatewayPayment = await sandboxClient().payments.fetch(paid.payment!.paymentId);
    const refundEntity = (await sandboxClient().payments.fetchMultipleRefund(paid.payment!.paymentId)).items[0];
    for (let i = 0; i < 2; i++) {
      const again = await deliverWebhook(webhookBody('refund.processed', { refund: refundEntity, payment: gatewayPayment }));
      expect(again.status).toBe(200);
    }
    const docs = await taxDocsOf(e.id);
    const notes = docs.filter((d) => d.kind === 'credit-note');
    expect(notes).toHaveLength(1);
    expect(docs.filter((d) => d.kind === 'invoice')).toHaveLength(1);
    const note = notes[0];
    expect(note.number).toMatch(/^UCN\/\d\d-\d\d\/\d{6}$/);
    expect(note.refersTo).toEqual({ number: paid.invoice!.number, date: paid.invoice!.date });
    expect(note).toMatchObject({
      total: PRICE,
      igst: paid.invoice!.breakup.igst,
      taxable: paid.invoice!.breakup.taxable,
      refundId: refund.body.refundId,
    });
    const record = (await call<EnrollmentRecord>('GET', `/api/enroll/${e.id}`, { headers: e.edit, client: e.client })).body;
    expect(record.status).toBe('refunded');
    expect(record.creditNote?.number).toBe(note.number);
    const mails = await eventually(async () => {
      const found = await db().collection('mail').where('to', '==', e.email).where('template', '==', 'credit-note-issued').get();
      return found.size > 0 ? found : undefined;
    });
    expect(mails.size).toBe(1);
    const text = await pdfText(await fetchPdf(e.id, 'credit-note', e.edit));
    console.log(`credit note PDF as text:\n${text}`);
    for (const expected of [
      'Credit Note',
      note.number,
      `Against invoice`,
      paid.invoice!.number,
      'IGST @ 18%',
      'Maharashtra (state code 27)',
      'Rs. 3,399.00',
    ])
      expect(text).toContain(expected);
  });
});

describe('the payment reconciler, with webhooks switched off', () => {
  const webhooks = (enabled: boolean) =>
    fetch(`${SANDBOX}/__sandbox/webhooks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ enabled }),
    });
  beforeAll(async () => {
    await webhooksSettled();
    expect((await webhooks(false)).status).toBe(200);
  });
  afterAll(async () => {
    await webhooks(true);
  });

  it.runIf(onTheRealClock)(
    'a payment whose tab was closed is found, marked paid and invoiced once, however often and however concurrently the job runs',
    async () => {
      const e = await enroll();
      await billing(e, { state: '29' });
      const orderId = await checkout(e);
      // The learner pays in the gateway's window and closes the tab: the browser never reports, no webhook comes.
      expect((await sandboxPay(orderId, { webhook: true })).status).toBe(200);
      const dashboard = await (await fetch(SANDBOX)).text();
      expect(dashboard).toContain('Webhooks are <strong id="webhooks-state">disabled</strong>');
      await new Promise((r) => setTimeout(r, 1500));
      expect((await db().collection('enrollments').doc(e.id).get()).get('status')).toBe('pending_payment');

      // As of now the order is younger than five minutes: the browser or the webhook may still report it.
      const early = await jobs('reconcile');
      expect(early.stdout).toMatch(
        /^reconcile as of .*: \{"ordersChecked":\d+,"applied":\d+,"known":\d+,"unreachable":0,"switchOrdersChecked":\d+,"switchPaymentsApplied":\d+,"switchRefundsOwed":\d+,"switchRefundsMade":\d+\}/m,
      );
      expect((await db().collection('enrollments').doc(e.id).get()).get('status')).toBe('pending_payment');

      // Ten minutes on: twice at once, then once more.
      const later = new Date(Date.now() + 10 * 60_000).toISOString();
      const outputs = [...(await Promise.all([jobs('reconcile', later), jobs('reconcile', later)])), await jobs('reconcile', later)];
      const applied = outputs.map((o) => JSON.parse(/: (\{.*\})$/m.exec(o.stdout)?.[1] ?? '{}') as { applied: number });
      console.log(`reconciler with webhooks off: ${outputs.map((o) => o.stdout.trim()).join(' | ')}`);
      const doc = (await db().collection('enrollments').doc(e.id).get()).data();
      expect(doc?.status).toBe('paid');
      expect(await taxDocsOf(e.id)).toHaveLength(1);
      const payments = await db().collection('payments').where('enrollmentId', '==', e.id).get();
      expect(payments.docs.map((p) => [p.get('state'), p.get('reportedBy')])).toEqual([['captured', 'reconciler']]);
      const receipts = await db().collection('mail').where('to', '==', e.email).where('template', '==', 'payment-received').get();
      expect(receipts.size).toBe(1);
      expect(applied.reduce((s, a) => s + a.applied, 0)).toBeGreaterThanOrEqual(1);
      // Payments lost: every captured payment of this order at the gateway is recorded.
      const atGateway = (await sandboxClient().orders.fetchPayments(orderId)).items.filter((p) => p.status === 'captured');
      expect(atGateway.map((p) => p.id)).toEqual(payments.docs.map((p) => p.id));
    },
    120_000,
  );

  it('the financial year rolls over on 1 April: the reconciler’s clock dates the invoices, and the new year starts at 000001', async () => {
    // The next 1 April (00:00 IST) that is at least 15 minutes away, so the reconciler, whose clock is set a
    // minute either side of it, finds the orders made now old enough (5 minutes) on every day of the year.
    const now = Date.now();
    let year = new Date(now).getUTCFullYear();
    const newYear = (y: number) => Date.parse(`${y}-04-01T00:00:00+05:30`);
    while (newYear(year) - now < 15 * 60_000) year++;
    const fy = (from: number) => `${String(from % 100).padStart(2, '0')}-${String((from + 1) % 100).padStart(2, '0')}`;
    const march = await enroll();
    await sandboxPay(await checkout(march), { webhook: true });
    await jobs('reconcile', new Date(newYear(year) - 60_000).toISOString());
    const april = await enroll();
    await sandboxPay(await checkout(april), { webhook: true });
    await jobs('reconcile', new Date(newYear(year) + 60_000).toISOString());
    const [m] = await taxDocsOf(march.id);
    const [a] = await taxDocsOf(april.id);
    expect(m).toMatchObject({ year: fy(year - 1), date: `${year}-03-31`, month: `${year}-03` });
    expect(m.number).toMatch(new RegExp(`^UPS/${fy(year - 1)}/`));
    expect(a).toMatchObject({ year: fy(year), date: `${year}-04-01`, month: `${year}-04` });
    const aprilYear = (await db().collection('taxDocuments').where('year', '==', fy(year)).where('kind', '==', 'invoice').get()).docs
      .map((d) => d.get('sequence') as number)
      .sort((x, y) => x - y);
    // The new year's series starts at 1 and has no gap (anything else the run found went into it too).
    expect(aprilYear).toEqual(Array.from({ length: aprilYear.length }, (_, i) => i + 1));
    console.log(`rollover: ${m.number} on ${m.date}, ${a.number} on ${a.date}`);
  }, 120_000);
});

/** A month's tax documents as stored. */
const storedIn = async (month: string) =>
  (await db().collection('taxDocuments').where('month', '==', month).get()).docs.map((d) => d.data() as TaxDocumentDoc);
/** The report read from every document one by one: what the page's kept sums must equal. */
const expectedReport = (month: string, docs: TaxDocumentDoc[]): MonthReport =>
  JSON.parse(JSON.stringify(monthReport(month, docs.map(financeDocument))));

/**
 * The finance page's report for `month`, once it equals the report made from every document of the month. Other files
 * may issue documents in this month meanwhile: the report counts when the month reads the same just before and just
 * after it was made. teams.test writes an import around the API and then runs the repair job (finance-figures) that
 * adds it to the sums: between the two the report lists it but does not sum it yet.
 */
async function reportEqualToDocuments(month: string, staff: TestUser) {
  let last: { docs: TaxDocumentDoc[]; report: MonthReport } | undefined;
  return eventually(
    async () => {
      const before = await storedIn(month);
      const answer = await call<MonthReport>('GET', `/api/staff/finance?month=${month}`, { headers: bearer(staff) });
      expect(answer.status).toBe(200);
      const after = await storedIn(month);
      if (before.length !== after.length) return undefined;
      last = { docs: after, report: answer.body };
      return isDeepStrictEqual(answer.body, expectedReport(month, after)) ? last : undefined;
    },
    60_000,
    'a quiet moment in the month, and the report equal to its documents',
  ).catch((err: unknown) => {
    // Show what differed rather than only that the time ran out.
    if (last) expect(last.report).toEqual(expectedReport(month, last.docs));
    throw err;
  });
}

describe('the finance report', () => {
  it('GET /api/staff/finance: the month’s totals and its CSV equal the sums of its stored invoices and credit notes; staff only', async () => {
    // The month this file issued most documents in, read from the data rather than from a clock that may have
    // turned over since they were issued.
    const months = new Map<string, number>();
    for (const d of (await db().collection('taxDocuments').select('month').get()).docs)
      months.set(d.get('month'), (months.get(d.get('month')) ?? 0) + 1);
    const [month] = [...months].sort((x, y) => y[1] - x[1])[0];
    const staff = await createStaff();
    const { docs, report } = await reportEqualToDocuments(month, staff);
    expect(docs.length).toBeGreaterThan(50);
    // Only what the report shows leaves the server: no buyer's e-mail, address or supplier.
    expect(JSON.stringify(report)).not.toContain('@');
    const csv = gstr1Csv(report);
    const rupees = (paise: number) => (paise / 100).toFixed(2);
    const sum = (kind: string, field: 'taxable' | 'igst' | 'cgst' | 'sgst' | 'total') =>
      docs.filter((d) => d.kind === kind).reduce((s, d) => s + d[field], 0);
    const row = (label: string) =>
      csv
        .split('\r\n')
        .find((line) => line.startsWith(`${label},`))
        ?.split(',');
    for (const [label, kind] of [
      ['Invoices', 'invoice'],
      ['Credit notes', 'credit-note'],
    ] as const) {
      expect(row(label)).toEqual([
        label,
        String(docs.filter((d) => d.kind === kind).length),
        rupees(sum(kind, 'taxable')),
        rupees(sum(kind, 'igst')),
        rupees(sum(kind, 'cgst')),
        rupees(sum(kind, 'sgst')),
        rupees(sum(kind, 'total')),
      ]);
    }
    // From the wrong side: a learner, nobody, and a month that is not one.
    const learner = await createUser({ emailVerified: true });
    expect((await call('GET', `/api/staff/finance?month=${month}`, { headers: bearer(learner) })).status).toBe(403);
    expect((await call('GET', `/api/staff/finance?month=${month}`)).status).toBe(401);
    const bad = await call<{ error: { fields?: Record<string, string> } }>('GET', '/api/staff/finance?month=2026-13', {
      headers: bearer(staff),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ month: 'Choose a month as YYYY-MM.' });
    // A month nothing was issued in: empty totals, not an error.
    const empty = await call<MonthReport>('GET', '/api/staff/finance?month=1999-01', { headers: bearer(staff) });
    expect(empty.body).toMatchObject({ month: '1999-01', invoices: { count: 0, total: 0 }, b2b: [], b2cs: [] });
  });

  it.runIf(onTheRealClock)(
    'npm run jobs -- finance-figures: an invoice written around the API is summed once the job has run; those issued while it rebuilds are all summed',
    async () => {
      const staff = await createStaff();
      const e = await enroll();
      expect((await billing(e, { state: '29' })).status).toBe(200);
      await pay(e);
      const [template] = await taxDocsOf(e.id);
      // An import of a B2C invoice of today, outside the site's series (numbering checks each year's series).
      const imported = `imported-${randomUUID().slice(0, 8)}`;
      await db()
        .doc(`taxDocuments/${imported}`)
        .set({
          ...template,
          number: `IMP/${imported}`,
          year: 'imported',
          sequence: 0,
          taxable: 1_000_000,
          cgst: 90_000,
          sgst: 90_000,
          total: 1_180_000,
        });
      const month = template.month;
      // Not summed yet: the day's shards hold what was issued through the site.
      const before = await call<MonthReport>('GET', `/api/staff/finance?month=${month}`, { headers: bearer(staff) });
      expect(before.body).not.toEqual(expectedReport(month, await storedIn(month)));

      // Invoices issued while the job rebuilds: each one's transaction writes a shard the rebuild of its day reads and
      // writes in its own, so none is lost.
      let rebuilding = true;
      const running = jobs('finance-figures', new Date().toISOString()).finally(() => (rebuilding = false));
      let whileRebuilding = 0;
      for (let paid = 0; paid < 6 && (rebuilding || paid < 2); paid++) {
        if (rebuilding) whileRebuilding += 1;
        await pay(await enroll());
      }
      const { stdout } = await running;
      expect(stdout).toMatch(/finance-figures as of .*: \{"months":2,"days":[1-9]\d*,"documents":[1-9]\d*,"shards":[1-9]\d*\}/);
      expect(whileRebuilding).toBeGreaterThan(0);
      const { docs, report } = await reportEqualToDocuments(month, staff);
      expect(docs.some((d) => d.number === `IMP/${imported}`)).toBe(true);
      expect(report.invoices.total).toBeGreaterThanOrEqual(1_180_000);
    },
    180_000,
  );
});
