import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatedEnrollment, EnrollmentRecord, OrderCheckout } from '@upskill/domain/enrollment';
import { OFFERINGS, firstMeetingOnOrAfter, indiaDate } from '@upskill/domain/batches';
import { COURSES } from '@upskill/domain/catalogue';
import type { TaxDocumentDoc } from '@upskill/domain/tax';
import { call, enrollment, uniqueEmail, untilAnswered, wasMade, withKey } from '../support/api';
import { db } from '../support/admin';
import { bearer, createUser, type TestUser } from '../support/auth';
import { bringBatchToNow, enrollLearner, openBatch } from '../support/learning';
import { eventually, sandboxClient, sandboxPay, signCheckout, webhooksSettled } from '../support/razorpay';
import { expectMailsWith } from '../support/mail';
import { seededInt } from '../support/seededRandom';
import { createStaff } from '../support/staff';

// Switching course before the batch starts (Get Started's FAQ: "at no cost"), through Hosting, the functions, Firestore,
// the Razorpay sandbox and MailDev: the seat moves in one transaction and the old one goes to the waitlist; where the
// invoice named the old course, a credit note cancels it and the new course is invoiced for the same amount.

const run = promisify(execFile);
const client = `switching-${randomUUID().slice(0, 8)}`;
const course = (id: number) => COURSES.find((c) => c.id === id)!;
// Machine Learning with Python and Deep Learning and Generative AI are both ₹3,589; Python Programming Foundations ₹3,399.
const ML = course(4);
const DEEP = course(6);
const PYTHON = course(1);
const programme = (name: string) => OFFERINGS.find((o) => o.kind === 'programme' && o.name === name)!;

let staff: TestUser;
beforeAll(async () => {
  staff = await createStaff();
});

async function courseBatch(slug: string, capacity: number): Promise<string> {
  const startDate = firstMeetingOnOrAfter('Weekday Evening', indiaDate(Date.now() + (40 + seededInt(150)) * 86_400_000));
  const res = await untilAnswered(() =>
    call<{ batchId: string }>('POST', '/api/staff/batches', {
      body: { offering: slug, batchTime: 'Weekday Evening', startDate, capacity },
      headers: bearer(staff),
      client: `staff-${randomUUID().slice(0, 6)}`,
    }),
  );
  expect(res.status, res.text).toBe(201);
  return res.body.batchId;
}

async function buy(learner: TestUser, body: Record<string, unknown>): Promise<CreatedEnrollment> {
  const created = await untilAnswered(
    withKey((key) =>
      call<CreatedEnrollment>('POST', '/api/enroll', {
        body: enrollment({ email: learner.email, ...body }),
        headers: { ...bearer(learner), 'Idempotency-Key': key },
        client,
      }),
    ),
  );
  expect(wasMade(created), created.text).toBe(true);
  const edit = { 'X-Edit-Token': created.body.editToken };
  const order = await untilAnswered(() =>
    call<OrderCheckout>('POST', `/api/enroll/${created.body.id}/checkout`, { body: {}, headers: edit, client }),
  );
  const paid = await sandboxPay(order.body.orderId);
  const confirmed = await untilAnswered(() =>
    call('POST', `/api/enroll/${created.body.id}/payment`, { body: paid.body, headers: edit, client }),
  );
  expect(confirmed.status).toBe(200);
  return created.body;
}

type Answer = EnrollmentRecord & { error?: { code: string; message: string } };
const switchTo = (id: string, batchId: string, headers: Record<string, string>) =>
  untilAnswered(() => call<Answer>('POST', `/api/enroll/${id}/switch`, { body: { batchId }, headers, client }));
const targetsOf = async (learner: TestUser, id: string) => {
  const listed = await call<{ id: string; switchTargets: { slug: string; refund: number; topUp: number }[] }[]>('GET', '/api/enroll', {
    headers: bearer(learner),
    client,
  });
  return listed.body.find((e) => e.id === id)?.switchTargets ?? [];
};
const taxDocs = async (enrollmentId: string) =>
  (await db().collection('taxDocuments').where('enrollmentId', '==', enrollmentId).get()).docs.map((d) => d.data() as TaxDocumentDoc);

describe('switching course before the batch starts', () => {
  it('a course switches to one at the same price: the seat moves, the old one goes to the waitlist, a credit note and a new invoice', async () => {
    const [from, to] = await Promise.all([courseBatch(ML.slug, 1), courseBatch(DEEP.slug, 5)]);
    const learner = await createUser({ emailVerified: true });
    const bought = await buy(learner, { courseId: ML.id, planId: undefined, batchId: from, preferredBatchTime: 'Weekday Evening' });
    const [invoice] = await taxDocs(bought.id);
    expect(invoice).toMatchObject({ kind: 'invoice', total: 358900, description: `Live online coaching: ${ML.name}` });
    // The old batch is full: someone waits for it.
    const waiting = uniqueEmail('switch-waiting');
    expect(
      (await call('POST', `/api/batches/${from}/waitlist`, { body: { name: 'Wait Ing', email: waiting, phone: '9876543210' }, client }))
        .status,
    ).toBe(202);

    // From the wrong side: the same course, someone else, nobody, a malformed body.
    expect((await switchTo(bought.id, from, bearer(learner))).body.error?.message).toBe(
      'Choose a batch of another course: this is the course you have.',
    );
    const stranger = await createUser({ emailVerified: true });
    expect((await switchTo(bought.id, to, bearer(stranger))).status).toBe(403);
    expect((await switchTo(bought.id, to, {})).status).toBe(401);
    expect(
      (await call('POST', `/api/enroll/${bought.id}/switch`, { body: { courseId: 6 }, headers: bearer(learner), client })).status,
    ).toBe(400);

    const switched = await switchTo(bought.id, to, bearer(learner));
    expect(switched.status, switched.text).toBe(200);
    expect(switched.body).toMatchObject({ courseId: DEEP.id, planName: DEEP.name, batchId: to, status: 'paid', price: 3589 });
    expect(switched.body.invoice?.number).not.toBe(invoice.number);
    expect(switched.body.creditNote?.number).toMatch(/^UCN\//);

    // The seat: confirmed in the new batch, given up in the old, whose waitlist is offered it.
    const seatsOf = async (batchId: string) =>
      (await db().collection('seats').where('batchId', '==', batchId).get()).docs.map((d) => d.data());
    expect(await seatsOf(to)).toEqual([expect.objectContaining({ enrollmentId: bought.id, state: 'confirmed' })]);
    expect((await seatsOf(from)).filter((s) => s.enrollmentId === bought.id)).toEqual([]);
    await expectMailsWith(waiting, 'A seat', 1);

    // The tax documents: the old invoice cancelled by a credit note for its whole value, the new course invoiced for the same.
    const documents = await taxDocs(bought.id);
    const creditNote = documents.find((d) => d.kind === 'credit-note');
    const reissued = documents.find((d) => d.kind === 'invoice' && d.number !== invoice.number);
    expect(creditNote).toMatchObject({
      total: 358900,
      taxable: invoice.taxable,
      cgst: invoice.cgst,
      refersTo: { number: invoice.number, date: invoice.date },
      refundId: null,
    });
    expect(creditNote?.note).toContain('switched course before it started, at no cost');
    expect(reissued).toMatchObject({
      total: 358900,
      taxable: invoice.taxable,
      description: `Live online coaching: ${DEEP.name}`,
      paymentId: invoice.paymentId,
    });
    const [mail] = await expectMailsWith(learner.email, `You have switched to ${DEEP.name}`, 1);
    expect(mail.text).toContain(`from ${ML.name} to ${DEEP.name}`);
    expect(mail.text).toContain(`invoice ${reissued?.number} replaces the earlier one`);
    const stored = (await db().collection('enrollments').doc(bought.id).get()).data();
    expect(stored?.switches).toEqual([
      expect.objectContaining({ from: ML.slug, to: DEEP.slug, fromBatchId: from, toBatchId: to, by: 'learner' }),
    ]);
  }, 180_000);

  it('a course switches to a cheaper one: the difference is refunded through Razorpay once, the new invoice is for the new price; a dearer one needs its checkout', async () => {
    // Python Programming Foundations ₹3,399; a course at ₹3,359; Machine Learning with Python ₹3,589.
    const CHEAPER = COURSES.find((c) => c.price === 3359 && OFFERINGS.some((o) => o.kind === 'course' && o.slug === c.slug))!;
    expect([PYTHON.price, CHEAPER.price, ML.price]).toEqual([3399, 3359, 3589]);
    const [from, dearer, to] = await Promise.all([courseBatch(PYTHON.slug, 3), courseBatch(ML.slug, 3), courseBatch(CHEAPER.slug, 3)]);
    const learner = await createUser({ emailVerified: true });
    const bought = await buy(learner, { courseId: PYTHON.id, planId: undefined, batchId: from, preferredBatchTime: 'Weekday Evening' });
    const [invoice] = await taxDocs(bought.id);
    expect(invoice).toMatchObject({ kind: 'invoice', total: 339900 });
    const targets = await targetsOf(learner, bought.id);
    expect(targets).toContainEqual({ slug: CHEAPER.slug, name: CHEAPER.name, kind: 'course', refund: 40, topUp: 0 });
    expect(targets).toContainEqual({ slug: ML.slug, name: ML.name, kind: 'course', refund: 0, topUp: 190 });

    // From the wrong side: a dearer course without paying its difference.
    const pricier = await switchTo(bought.id, dearer, bearer(learner));
    expect(pricier.status).toBe(409);
    expect(pricier.body.error?.message).toBe('That course costs more than yours: pay the difference to switch to it.');

    const switched = await switchTo(bought.id, to, bearer(learner));
    expect(switched.status, switched.text).toBe(200);
    expect(switched.body).toMatchObject({ courseId: CHEAPER.id, planName: CHEAPER.name, batchId: to, price: 3359 });
    // Razorpay has the refund of the difference, to the payment, once, with the switch's notes.
    const stored = (await db().collection('enrollments').doc(bought.id).get()).data();
    expect(stored?.switchRefund).toMatchObject({
      amount: 40,
      switchNumber: 1,
      paymentId: invoice.paymentId,
      refundId: expect.stringMatching(/^rfnd_/),
    });
    const atGateway = (await sandboxClient().payments.fetchMultipleRefund(invoice.paymentId)).items;
    expect(atGateway).toEqual([
      expect.objectContaining({ amount: 4000, notes: { purpose: 'course-switch', enrollmentId: bought.id, switchNumber: '1' } }),
    ]);
    expect(atGateway[0].id).toBe(stored?.switchRefund.refundId);
    // Made: Razorpay's answer (or its refund.processed webhook, whichever comes first) records it; nothing more is issued or flagged.
    await eventually(async () =>
      (await db().collection('enrollments').doc(bought.id).get()).get('switchRefund.processedAt') ? true : undefined,
    );
    await webhooksSettled();
    const documents = await taxDocs(bought.id);
    expect(documents.map((d) => d.kind).sort()).toEqual(['credit-note', 'invoice', 'invoice']);
    const creditNote = documents.find((d) => d.kind === 'credit-note');
    const reissued = documents.find((d) => d.kind === 'invoice' && d.number !== invoice.number);
    expect(creditNote).toMatchObject({ total: 339900, refersTo: { number: invoice.number, date: invoice.date } });
    expect(creditNote?.note).toContain('the difference of ₹40 is refunded to the original payment');
    expect(reissued).toMatchObject({ total: 335900, description: `Live online coaching: ${CHEAPER.name}`, paymentId: invoice.paymentId });
    expect((await db().collection('payments').doc(invoice.paymentId).get()).data()).toMatchObject({ state: 'captured', flagged: false });
    const [mail] = await expectMailsWith(learner.email, `You have switched to ${CHEAPER.name}`, 1);
    expect(mail.text).toContain(`${CHEAPER.name} costs ₹40 less, and we are refunding that difference`);

    // The reconciler finds nothing owed, and asking again makes no second refund.
    const reconcile = await run(process.execPath, ['tools/jobs.mjs', 'reconcile'], { env: process.env });
    expect(reconcile.stdout).toMatch(/"switchRefundsOwed":0,"switchRefundsMade":0\}/);
    expect((await sandboxClient().payments.fetchMultipleRefund(invoice.paymentId)).items).toHaveLength(1);

    // A later full refund by staff returns the rest only: ₹3,359, and the enrollment is refunded.
    const refunded = await untilAnswered(() =>
      call('POST', `/api/staff/enrollments/${bought.id}/refund`, { body: { reason: 'Changed plans' }, headers: bearer(staff), client }),
    );
    expect(refunded.status, refunded.text).toBe(200);
    const after = (await sandboxClient().payments.fetchMultipleRefund(invoice.paymentId)).items.map((r) => r.amount);
    expect(after.sort()).toEqual([335900, 4000].sort());
    await eventually(async () =>
      (await db().collection('enrollments').doc(bought.id).get()).get('status') === 'refunded' ? true : undefined,
    );
  }, 180_000);

  it('a course switches to a dearer one: its difference is paid through Razorpay, once, with the seat held meanwhile; the invoice names both payments; a full refund returns both', async () => {
    // Python Programming Foundations ₹3,399 → Machine Learning with Python ₹3,589: ₹190 to pay.
    const [from, to] = await Promise.all([courseBatch(PYTHON.slug, 3), courseBatch(ML.slug, 1)]);
    const learner = await createUser({ emailVerified: true });
    const bought = await buy(learner, { courseId: PYTHON.id, planId: undefined, batchId: from, preferredBatchTime: 'Weekday Evening' });
    const [invoice] = await taxDocs(bought.id);
    expect(invoice).toMatchObject({ kind: 'invoice', total: 339900 });

    const checkout = () =>
      untilAnswered(() =>
        call<OrderCheckout>('POST', `/api/enroll/${bought.id}/switch/checkout`, {
          body: { batchId: to },
          headers: bearer(learner),
          client,
        }),
      );
    const order = await checkout();
    expect(order.status, order.text).toBe(200);
    expect(order.body).toMatchObject({ kind: 'order', amount: 19000, currency: 'INR', enrollmentId: bought.id });
    // Opened again while the seat is held: the same order, so one payment.
    expect((await checkout()).body.orderId).toBe(order.body.orderId);
    const atGateway = await sandboxClient().orders.fetch(order.body.orderId);
    expect(atGateway).toMatchObject({
      amount: 19000,
      notes: { purpose: 'course-switch-top-up', enrollmentId: bought.id, switchNumber: '1' },
    });
    // The new batch's only seat is held for the learner: another buyer is told it is full.
    const held = (await db().collection('seats').where('batchId', '==', to).get()).docs.map((d) => d.data());
    expect(held).toEqual([expect.objectContaining({ state: 'held', enrollmentId: bought.id })]);
    const other = await createUser({ emailVerified: true });
    const refused = await untilAnswered(
      withKey((key) =>
        call<Answer>('POST', '/api/enroll', {
          body: enrollment({ email: other.email, planId: undefined, courseId: ML.id, batchId: to, preferredBatchTime: 'Weekday Evening' }),
          headers: { ...bearer(other), 'Idempotency-Key': key },
          client,
        }),
      ),
    );
    expect(refused.status).toBe(409);
    // Nothing has moved yet.
    expect((await db().collection('enrollments').doc(bought.id).get()).data()).toMatchObject({
      courseId: PYTHON.id,
      batchId: from,
      price: 3399,
    });

    // Paid: the browser reports it twice at once and the webhook too; the switch is made once.
    const paid = await sandboxPay(order.body.orderId, { webhook: true });
    expect(paid.status).toBe(200);
    const reports = await Promise.all(
      [0, 1].map(() =>
        untilAnswered(() =>
          call<Answer>('POST', `/api/enroll/${bought.id}/switch/payment`, { body: paid.body, headers: bearer(learner), client }),
        ),
      ),
    );
    for (const report of reports) {
      expect(report.status, report.text).toBe(200);
      expect(report.body).toMatchObject({ courseId: ML.id, planName: ML.name, batchId: to, price: 3589 });
    }
    await webhooksSettled();
    const stored = (await db().collection('enrollments').doc(bought.id).get()).data();
    expect(stored?.switches).toEqual([
      expect.objectContaining({ from: PYTHON.slug, to: ML.slug, refund: 0, topUp: 190, topUpPaymentId: paid.body.razorpay_payment_id }),
    ]);
    expect(stored?.switchOrder).toBeNull();
    expect(stored?.payment?.paymentId).toBe(invoice.paymentId);
    const seatsNow = (await db().collection('seats').where('batchId', 'in', [from, to]).get()).docs.map((d) => d.data());
    expect(seatsNow).toEqual([expect.objectContaining({ batchId: to, state: 'confirmed', enrollmentId: bought.id })]);
    expect((await db().collection('payments').doc(paid.body.razorpay_payment_id).get()).data()).toMatchObject({
      enrollmentId: bought.id,
      amount: 19000,
      state: 'captured',
      outcome: 'applied',
      flagged: false,
    });
    // The old invoice cancelled by a credit note, and the new course invoiced for its price, naming both payments.
    const documents = await taxDocs(bought.id);
    expect(documents.map((d) => d.kind).sort()).toEqual(['credit-note', 'invoice', 'invoice']);
    const creditNote = documents.find((d) => d.kind === 'credit-note');
    const reissued = documents.find((d) => d.kind === 'invoice' && d.number !== invoice.number);
    expect(creditNote).toMatchObject({ total: 339900, refersTo: { number: invoice.number, date: invoice.date } });
    expect(creditNote?.note).toContain('to a course at a higher price');
    expect(reissued).toMatchObject({ total: 358900, description: `Live online coaching: ${ML.name}` });
    expect(reissued?.note).toBe(
      `The difference of ₹190 for this switch was paid by ${paid.body.razorpay_payment_id}; the rest of the price by this enrollment's earlier payment (${invoice.paymentId}).`,
    );
    expect(stored?.invoice?.number).toBe(reissued?.number);
    const [mail] = await expectMailsWith(learner.email, `You have switched to ${ML.name}`, 1);
    expect(mail.text).toContain(`${ML.name} costs ₹190 more, and we have received that payment`);

    // A full refund by staff returns both payments: the course fee and the switch's difference, each with its credit note.
    const refunded = await untilAnswered(() =>
      call('POST', `/api/staff/enrollments/${bought.id}/refund`, { body: { reason: 'Moving abroad' }, headers: bearer(staff), client }),
    );
    expect(refunded.status, refunded.text).toBe(200);
    expect((await sandboxClient().payments.fetchMultipleRefund(invoice.paymentId)).items.map((r) => r.amount)).toEqual([339900]);
    expect((await sandboxClient().payments.fetchMultipleRefund(paid.body.razorpay_payment_id)).items.map((r) => r.amount)).toEqual([19000]);
    await eventually(async () =>
      (await db().collection('enrollments').doc(bought.id).get()).get('status') === 'refunded' ? true : undefined,
    );
    await webhooksSettled();
    const notes = (await taxDocs(bought.id)).filter((d) => d.kind === 'credit-note' && d.refersTo?.number === reissued?.number);
    expect(notes.map((d) => d.total).sort((a, b) => a - b)).toEqual([19000, 339900]);
    expect((await db().collection('payments').doc(paid.body.razorpay_payment_id).get()).data()).toMatchObject({ state: 'refunded' });
    // Asking again refunds nothing twice.
    const again = await call('POST', `/api/staff/enrollments/${bought.id}/refund`, {
      body: { reason: 'Again' },
      headers: bearer(staff),
      client,
    });
    expect(again.status).toBe(409);
    expect((await sandboxClient().payments.fetchMultipleRefund(paid.body.razorpay_payment_id)).items).toHaveLength(1);
  }, 240_000);

  it('from the wrong side: someone else’s enrollment, a checkout with nothing to pay, a forged result, and a payment whose switch was replaced (recorded and flagged, never lost); a payment no one reported is found by the reconciler', async () => {
    const CHEAPER = COURSES.find((c) => c.price === 3359 && OFFERINGS.some((o) => o.kind === 'course' && o.slug === c.slug))!;
    const [from, dearer, cheaper] = await Promise.all([courseBatch(PYTHON.slug, 3), courseBatch(ML.slug, 3), courseBatch(CHEAPER.slug, 3)]);
    const learner = await createUser({ emailVerified: true });
    const bought = await buy(learner, { courseId: PYTHON.id, planId: undefined, batchId: from, preferredBatchTime: 'Weekday Evening' });
    const checkout = (batchId: string, headers = bearer(learner)) =>
      untilAnswered(() =>
        call<OrderCheckout & Answer>('POST', `/api/enroll/${bought.id}/switch/checkout`, { body: { batchId }, headers, client }),
      );

    const stranger = await createUser({ emailVerified: true });
    expect([403, 404]).toContain((await checkout(dearer, bearer(stranger))).status);
    const nothingToPay = await checkout(cheaper);
    expect(nothingToPay.status).toBe(409);
    expect(nothingToPay.body.error?.message).toBe('That course costs the same as yours or less: switch to it without paying.');

    const order = await checkout(dearer);
    expect(order.status, order.text).toBe(200);
    const paid = await sandboxPay(order.body.orderId);
    const forged = await call<Answer>('POST', `/api/enroll/${bought.id}/switch/payment`, {
      body: { ...paid.body, razorpay_signature: signCheckout(order.body.orderId, paid.body.razorpay_payment_id, 'not-the-secret') },
      headers: bearer(learner),
      client,
    });
    expect(forged.status).toBe(400);
    // The purchase's own confirmation does not take a switch's payment.
    const wrongDoor = await call<Answer>('POST', `/api/enroll/${bought.id}/payment`, { body: paid.body, headers: bearer(learner), client });
    expect(wrongDoor.status).toBe(400);

    // Before the browser reports it, the learner switches to the cheaper course instead: the held seat is given up,
    // and the payment, when reported, is recorded and flagged for a refund, not applied.
    expect((await switchTo(bought.id, cheaper, bearer(learner))).status).toBe(200);
    expect((await db().collection('seats').where('batchId', '==', dearer).get()).size).toBe(0);
    const late = await untilAnswered(() =>
      call<Answer>('POST', `/api/enroll/${bought.id}/switch/payment`, { body: paid.body, headers: bearer(learner), client }),
    );
    expect(late.status).toBe(409);
    expect(late.body.error?.message).toBe(
      'Your course could not be switched: The switch this payment was for was replaced or made already. We have recorded your payment of ₹190 and our team will refund it.',
    );
    expect((await db().collection('payments').doc(paid.body.razorpay_payment_id).get()).data()).toMatchObject({
      outcome: 'switch-refused',
      flagged: true,
    });
    const stored = (await db().collection('enrollments').doc(bought.id).get()).data();
    expect(stored).toMatchObject({ courseId: CHEAPER.id, batchId: cheaper, price: 3359 });
    expect(stored?.switches).toHaveLength(1);

    // The cheaper course switches on to the dearer one (₹230 more); the payment is never reported by the browser or a
    // webhook, and the reconciler, run ten minutes later, makes the switch from Razorpay's own record.
    await eventually(async () =>
      (await db().collection('enrollments').doc(bought.id).get()).get('switchRefund.refundId') ? true : undefined,
    );
    const second = await checkout(dearer);
    expect(second.status, second.text).toBe(200);
    expect(second.body.amount).toBe(23000);
    await sandboxPay(second.body.orderId);
    const asOf = new Date(Date.now() + 10 * 60_000).toISOString();
    const reconcile = await run(process.execPath, ['tools/jobs.mjs', 'reconcile', '--as-of', asOf], { env: process.env });
    expect(reconcile.stdout).toMatch(/"switchOrdersChecked":[1-9]\d*,"switchPaymentsApplied":[1-9]/);
    expect((await db().collection('enrollments').doc(bought.id).get()).data()).toMatchObject({
      courseId: ML.id,
      batchId: dearer,
      price: 3589,
      switchOrder: null,
    });
    // Run again: nothing more to apply.
    const rerun = await run(process.execPath, ['tools/jobs.mjs', 'reconcile', '--as-of', asOf], { env: process.env });
    expect(rerun.stdout).toMatch(/"switchOrdersChecked":0,"switchPaymentsApplied":0/);
    expect((await db().collection('enrollments').doc(bought.id).get()).get('switches')).toHaveLength(2);
  }, 240_000);

  it("a plan's programme seat switches to another programme with no new invoice (here by staff); a started batch cannot switch", async () => {
    const learner = await createUser({ emailVerified: true });
    const pro = await buy(learner, { planId: 'pro', interestedCourse: 'Cloud Computing', preferredBatchTime: 'Weekend Morning' });
    const [invoice] = await taxDocs(pro.id);
    const dataScience = programme('Data Science & Analytics');
    const listed = await call<{ batches: { id: string; status: string; seatsLeft: number }[] }>(
      'GET',
      `/api/batches?offering=${dataScience.slug}`,
      { client },
    );
    const target = listed.body.batches.find((b) => b.status === 'open' && b.seatsLeft > 0)!;
    const switched = await untilAnswered(() =>
      call<{ ok: boolean; auditId: string }>('POST', `/api/staff/enrollments/${pro.id}/switch`, {
        body: { batchId: target.id },
        headers: bearer(staff),
        client,
      }),
    );
    expect(switched.status, switched.text).toBe(200);
    const stored = (await db().collection('enrollments').doc(pro.id).get()).data();
    expect(stored).toMatchObject({ interestedCourse: 'Data Science & Analytics', courseId: null, batchId: target.id });
    expect(stored?.invoice?.number).toBe(invoice.number);
    expect(stored?.creditNote ?? null).toBeNull();
    expect(await taxDocs(pro.id)).toHaveLength(1);
    const audit = (await db().collection('staffAudit').doc(switched.body.auditId).get()).data();
    expect(audit).toMatchObject({ action: 'course-switched', targetId: pro.id, actorEmail: staff.email });
    // A programme seat may move only to another programme.
    const course = await courseBatch(DEEP.slug, 5);
    expect((await switchTo(pro.id, course, bearer(learner))).body.error?.message).toBe(
      'Your plan’s seat is in a programme: choose a batch of another programme.',
    );

    // Once the first class has been held, the course stays.
    const started = await openBatch(staff, 5);
    const { learner: late, enrollmentId } = await enrollLearner(started);
    await bringBatchToNow(started);
    const tooLate = await switchTo(enrollmentId, course, bearer(late));
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.error?.message).toBe('Your batch has started: a course can be switched only before its first class.');
  }, 180_000);
});
