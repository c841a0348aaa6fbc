import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import type { CreatedEnrollment, EnrollmentRecord, OrderCheckout } from '@upskill/domain/enrollment';
import type { ReferralCodeAnswer, ReferralFigures, ReferralsAnswer } from '@upskill/domain/referrals';
import type { TaxDocumentDoc } from '@upskill/domain/tax';
import { call, untilAnswered, wasMade, withKey } from '../support/api';
import { seededInt } from '../support/seededRandom';
import { db } from '../support/admin';
import { bearer, createUser, type TestUser } from '../support/auth';
import { expectMailsWith, mailsTo } from '../support/mail';
import { eventually, sandboxPay } from '../support/razorpay';
import { createStaff } from '../support/staff';

// The referral credit /pricing sells (#58), through Hosting, the functions, Firestore, the Razorpay sandbox and MailDev:
// a friend who enrolls through a learner's link pays ₹500 less; 14 days after their payment, if it stands, the learner
// gets a ₹500 learning credit, which comes off their next course plan. Both are discounts written on the invoices, and
// GST is charged on the price after them. Refused: one's own link, a second purchase, a membership.

const DAY = 24 * 60 * 60_000;
const client = `referrals-${randomUUID().slice(0, 8)}`;
const job = (asOfMs: number) =>
  promisify(execFile)(process.execPath, ['tools/jobs.mjs', 'referrals', '--as-of', new Date(asOfMs).toISOString()]);
/** A phone number of this run's own: the self-referral check compares phone numbers, and the default is shared. */
const phone = () => `9${String(seededInt(1e9)).padStart(9, '0')}`;
const friendCreditId = (email: string) => createHash('sha256').update(`upskill-referred:${email}`).digest('hex').slice(0, 40);
const creditDoc = async (id: string) => (await db().collection('referralCredits').doc(id).get()).data();
const invoiceOf = async (enrollmentId: string) =>
  (await db().collection('taxDocuments').where('enrollmentId', '==', enrollmentId).where('kind', '==', 'invoice').get()).docs.map(
    (d) => d.data() as TaxDocumentDoc,
  );

type Answer<T> = T & { error?: { code: string; message: string; fields?: Record<string, string> } };

/**
 * An enrollment as the site sends it: keyed, and sent again after a busy answer (503), which wrote nothing; a create
 * whose first answer was lost answers 200 with the same record (wasMade).
 */
const enroll = (body: Record<string, unknown>, user?: TestUser) =>
  untilAnswered(
    withKey((key) =>
      call<Answer<CreatedEnrollment>>('POST', '/api/enroll', {
        body: {
          name: 'Meera Pillai',
          collegeName: 'St. Joseph’s College, Bengaluru',
          interestedCourse: 'Cloud Computing',
          preferredBatchTime: 'Weekend Morning',
          ageDeclaration: 'adult',
          phone: phone(),
          ...body,
        },
        headers: { ...(user ? bearer(user) : {}), 'Idempotency-Key': key },
        client,
      }),
    ),
  );

async function pay(e: CreatedEnrollment): Promise<EnrollmentRecord> {
  const edit = { 'X-Edit-Token': e.editToken };
  const order = await call<OrderCheckout>('POST', `/api/enroll/${e.id}/checkout`, { body: {}, headers: edit, client });
  expect(order.status).toBe(200);
  const result = await sandboxPay(order.body.orderId);
  const confirmed = await call<EnrollmentRecord>('POST', `/api/enroll/${e.id}/payment`, { body: result.body, headers: edit, client });
  expect(confirmed.status).toBe(200);
  return confirmed.body;
}

const mine = async (user: TestUser) => {
  const res = await call<ReferralsAnswer>('GET', '/api/me/referrals', { headers: bearer(user), client });
  expect(res.status).toBe(200);
  return res.body;
};

describe('the referral credit', () => {
  it('a friend pays ₹500 less through the link; 14 days on the referrer has ₹500, spent on their next plan; both invoices show it', async () => {
    const staff = await createStaff();
    const referrer = await createUser({ emailVerified: true });
    const referrerPhone = phone();
    // The referrer has enrolled before (their name is what the friend sees), and has not paid yet.
    expect((await enroll({ name: 'Asha Rao', email: referrer.email, phone: referrerPhone, planId: 'standard' }, referrer)).status).toBe(
      201,
    );

    // Their link: made on first ask, the same on every ask, and only for a signed-in learner.
    const first = await mine(referrer);
    expect(first).toMatchObject({ available: 0, pending: 0, discount: 500, credit: 500, settleDays: 14, monthlyCap: 5, entries: [] });
    expect(first.code).toMatch(/^[A-Z2-7]{8}$/);
    expect(first.path).toBe(`/pricing?ref=${first.code}`);
    expect((await mine(referrer)).code).toBe(first.code);
    expect((await call('GET', '/api/me/referrals', { client })).status).toBe(401);
    const { code } = first;

    // The friend's page looks the code up: whose link, and what it takes off. Anything else is 404.
    const looked = await call<ReferralCodeAnswer>('GET', `/api/enroll/referrals/${code}`, { client });
    expect(looked.status).toBe(200);
    expect(looked.body).toEqual({ code, referrer: 'Asha', discount: 500 });
    for (const wrong of ['ZZZZZZZZ', 'abc', code.toLowerCase()])
      expect((await call('GET', `/api/enroll/referrals/${wrong}`, { client })).status).toBe(404);

    // From the wrong side: one's own link (signed in, or by the same phone), a membership, an unknown code.
    const own = await enroll({ email: referrer.email, planId: 'pro', referralCode: code }, referrer);
    expect(own.status).toBe(400);
    expect(own.body.error?.fields?.referralCode).toBe('This is your own referral link: share it with a friend instead.');
    const samePhone = await enroll({
      email: `other.${randomUUID().slice(0, 8)}@example.com`,
      phone: referrerPhone,
      planId: 'pro',
      referralCode: code,
    });
    expect(samePhone.body.error?.fields?.referralCode).toBe('This is your own referral link: share it with a friend instead.');
    const membership = await enroll({ email: `member.${randomUUID().slice(0, 8)}@example.com`, planId: 'yearly', referralCode: code });
    expect(membership.status).toBe(400);
    expect(membership.body.error?.fields?.referralCode).toBe(
      'The referral discount applies to course plans, not to memberships or Pre Registration.',
    );
    const unknown = await enroll({ email: `unknown.${randomUUID().slice(0, 8)}@example.com`, planId: 'pro', referralCode: 'ZZZZZZZZ' });
    expect(unknown.body.error?.fields?.referralCode).toBe(
      'This referral link is not valid. Check it with your friend, or enroll without it.',
    );

    // The friend (signed out) enrolls in Standard through the link: ₹3,794 less ₹500.
    const friendEmail = `ravi.${randomUUID().slice(0, 8)}@example.com`;
    const friend = await enroll({ name: 'Ravi Kumar', email: friendEmail, planId: 'standard', referralCode: code });
    expect(wasMade(friend)).toBe(true);
    expect(friend.body).toMatchObject({
      price: 3294,
      listPrice: 3794,
      referral: { referrer: 'Asha', discount: 500 },
      referralCredits: null,
    });
    const friendPaid = await pay(friend.body);
    expect(friendPaid.status).toBe('paid');

    // Their invoice: the discount written on it, and the tax on ₹3,294 (Karnataka: CGST + SGST).
    const [friendInvoice] = await invoiceOf(friend.body.id);
    expect(friendInvoice).toMatchObject({
      total: 329400,
      taxable: 279152,
      cgst: 25124,
      sgst: 25124,
      igst: 0,
      discounts: [{ label: 'Referral discount (invited by Asha)', amount: 50000 }],
    });

    // A second purchase by the same friend is not a first one.
    const again = await enroll({ name: 'Ravi Kumar', email: friendEmail, planId: 'pro', referralCode: code });
    expect(again.status).toBe(400);
    expect(again.body.error?.fields?.referralCode).toBe(
      'The referral discount is for a first purchase, and this e-mail address has bought from us before.',
    );

    // The referrer's credit waits for the payment to be final.
    const creditId = friendCreditId(friendEmail);
    const pending = await creditDoc(creditId);
    expect(pending).toMatchObject({
      state: 'pending',
      referrerUid: referrer.uid,
      friendName: 'Ravi',
      amount: 500,
      friendEnrollmentId: friend.body.id,
    });
    const paidAtMs = (pending!.paidAt as Timestamp).toMillis();
    expect((pending!.settlesAt as Timestamp).toMillis()).toBe(paidAtMs + 14 * DAY);
    expect(await mine(referrer)).toMatchObject({
      available: 0,
      pending: 500,
      entries: [expect.objectContaining({ friend: 'Ravi', state: 'pending' })],
    });

    // 13 days on: still waiting. 15 days on: granted, announced once however often the job runs.
    await job(paidAtMs + 13 * DAY);
    expect((await creditDoc(creditId))?.state).toBe('pending');
    await job(paidAtMs + 15 * DAY);
    await job(paidAtMs + 15 * DAY + 60_000);
    expect(await creditDoc(creditId)).toMatchObject({ state: 'available', grantedAt: expect.any(Timestamp) });
    // Exactly one, once the outbox has settled.
    const [announced] = await expectMailsWith(referrer.email, '₹500 learning credit', 1);
    expect(announced.subject).toBe('₹500 learning credit: Ravi joined through your link');
    expect(announced.text).toContain('You have ₹500 of learning credit.');
    expect(await mine(referrer)).toMatchObject({ available: 500, pending: 0 });
    const before = await call<ReferralFigures>('GET', '/api/staff/referrals/figures', { headers: bearer(staff), client });
    expect(before.status).toBe(200);

    // The referrer's next course plan, signed in: Pro at ₹7,799 less the ₹500 credit. A second one made at the same time
    // shows it too; whichever is paid first spends it, and the other's checkout asks the full price.
    const next = await enroll({ name: 'Asha Rao', email: referrer.email, phone: referrerPhone, planId: 'pro' }, referrer);
    expect(wasMade(next)).toBe(true);
    expect(next.body).toMatchObject({ price: 7299, referral: null, referralCredits: { count: 1, amount: 500 } });
    const other = await enroll({ name: 'Asha Rao', email: referrer.email, phone: referrerPhone, planId: 'singleCourse' }, referrer);
    expect(other.body).toMatchObject({ price: 4099, referralCredits: { count: 1, amount: 500 } });
    await pay(next.body);
    expect(await creditDoc(creditId)).toMatchObject({ state: 'spent', spentOn: next.body.id, spentAt: expect.any(Timestamp) });
    const [referrerInvoice] = await invoiceOf(next.body.id);
    expect(referrerInvoice).toMatchObject({
      total: 729900,
      taxable: 618560,
      cgst: 55670,
      sgst: 55670,
      discounts: [{ label: 'Referral learning credit', amount: 50000 }],
    });
    const otherOrder = await call<OrderCheckout>('POST', `/api/enroll/${other.body.id}/checkout`, {
      body: {},
      headers: { 'X-Edit-Token': other.body.editToken },
      client,
    });
    expect(otherOrder.body.amount).toBe(459900);
    const otherNow = await call<EnrollmentRecord>('GET', `/api/enroll/${other.body.id}`, {
      headers: { 'X-Edit-Token': other.body.editToken },
      client,
    });
    expect(otherNow.body).toMatchObject({ price: 4599, referralCredits: null });
    expect(await mine(referrer)).toMatchObject({ available: 0, entries: [expect.objectContaining({ state: 'spent' })] });

    // Finance: the credit left the liability and was used this month.
    const after = await call<ReferralFigures>('GET', '/api/staff/referrals/figures', { headers: bearer(staff), client });
    expect(after.body.spent.count).toBe(before.body.spent.count + 1);
    expect(after.body.spent.amount).toBe(before.body.spent.amount + 500);
    expect(after.body.available.amount).toBe(before.body.available.amount - 500);
    expect((await call('GET', '/api/staff/referrals/figures?month=2026-13', { headers: bearer(staff), client })).status).toBe(400);
    expect((await call('GET', '/api/staff/referrals/figures', { headers: bearer(referrer), client })).status).toBe(403);
  }, 180_000);

  it('a refunded friend earns nothing; past five credits in a month a friend is recorded, not credited', async () => {
    const staff = await createStaff();
    const referrer = await createUser({ emailVerified: true });
    expect(wasMade(await enroll({ name: 'Kiran Shah', email: referrer.email, planId: 'standard' }, referrer))).toBe(true);
    const { code } = await mine(referrer);

    // Refunded before the settle date: the credit is void.
    const refundedEmail = `refunded.${randomUUID().slice(0, 8)}@example.com`;
    const refunded = await enroll({ name: 'Dev Patel', email: refundedEmail, planId: 'singleCourse', referralCode: code });
    expect(refunded.body.price).toBe(4099);
    await pay(refunded.body);
    expect(
      (
        await call('POST', `/api/staff/enrollments/${refunded.body.id}/refund`, {
          body: { reason: 'Duplicate purchase.' },
          headers: bearer(staff),
          client,
        })
      ).status,
    ).toBe(200);
    await eventually(async () =>
      (await db().collection('enrollments').doc(refunded.body.id).get()).get('status') === 'refunded' ? true : undefined,
    );

    // Five credits granted this month already (as five friends' settled purchases would have left them).
    const paidAtMs = Date.now();
    const settleAt = paidAtMs + 15 * DAY;
    const month = new Date(settleAt + 5.5 * 60 * 60_000).toISOString().slice(0, 7);
    for (let i = 0; i < 5; i++) {
      await db()
        .collection('referralCredits')
        .doc(`cap-${referrer.uid}-${i}`)
        .set({
          referrerUid: referrer.uid,
          code,
          friendEnrollmentId: `seeded-${i}`,
          friendName: `Friend${i}`,
          amount: 500,
          state: 'available',
          paidAt: Timestamp.fromMillis(paidAtMs - 20 * DAY),
          settlesAt: Timestamp.fromMillis(paidAtMs - 6 * DAY),
          grantedAt: Timestamp.fromMillis(settleAt - 1000),
          grantedMonth: month,
          spentOn: null,
          spentAt: null,
          spentMonth: null,
          updatedAt: Timestamp.fromMillis(settleAt - 1000),
        });
    }
    const sixthEmail = `sixth.${randomUUID().slice(0, 8)}@example.com`;
    const sixth = await enroll({ name: 'Sara Iyer', email: sixthEmail, planId: 'standard', referralCode: code });
    await pay(sixth.body);

    await job(settleAt);
    expect(await creditDoc(friendCreditId(refundedEmail))).toMatchObject({ state: 'void', grantedAt: null });
    expect(await creditDoc(friendCreditId(sixthEmail))).toMatchObject({ state: 'capped', grantedAt: null });
    expect((await mailsTo(referrer.email)).filter((m) => m.subject.includes('learning credit'))).toHaveLength(0);
    const listed = await mine(referrer);
    expect(listed.available).toBe(2500);
    expect(
      listed.entries
        .filter((e) => e.state === 'void' || e.state === 'capped')
        .map((e) => e.friend)
        .sort(),
    ).toEqual(['Dev', 'Sara']);
  }, 180_000);
});
