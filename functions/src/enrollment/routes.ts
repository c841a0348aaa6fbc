import { randomBytes } from 'node:crypto';
import { FieldValue, Timestamp, type DocumentReference, type Transaction, type WriteBatch } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import {
  INITIAL_ENROLLMENT_STATUS, isEditable, type CreatedEnrollment, type EnrollmentRecord, type EnrollmentSummary,
} from '@upskill/domain/api';
import { isValidCoupon } from '@upskill/domain/coupon';
import { resolveOffer, type Offer, type OfferRef } from '@upskill/domain/offer';
import { MESSAGES, enrollmentSchema, normaliseEnrollment, normaliseGuardian, type EnrollmentInput } from '@upskill/domain/schemas';
import { GUARDIAN_MESSAGES } from '@upskill/domain/consents';
import { askGuardian, resendGuardianMail } from '../consents/guardian';
import { stopMarketingTo } from '../consents/minors';
import { enrollmentSearchKeys } from '@upskill/domain/staff';
import { enrollmentNotFound, enrollments, publicRecord, summary, type EnrollmentDoc } from './store';
import { enrollmentCreatedMail } from '../mail/enrollmentMail';
import { queueMail } from '../mail/outbox';
import { clientAddress } from '../http/clientAddress';
import { HttpError } from '../http/errors';
import { jsonEndpoint, withDeadline } from '../http/handler';
import { enforceRateLimit } from '../http/rateLimit';
import { allowMethods, bearerToken, pathSegment, readJsonObject, sha256, type HttpRequest } from '../http/request';
import { validateBody } from '../http/validate';
import { checkKeyFormat, freshKey, keyRef, keyReusedError, requestHash } from './idempotency';
import { assertAccess, enrollmentCaller, enrollmentsOwnedBy } from './access';
import { confirmPayment, startCheckout } from '../payments/checkout';
import { cancelSubscription } from '../subscriptions/cancel';
import { spendCredit } from '../credits/spend';
import { recomputedCredit, releasePreRegistrationCredit, reservePreRegistrationCredit } from '../credits/preRegistration';
import { isSubscriptionPlan } from '@upskill/domain/subscriptions';
import { toPaise } from '@upskill/domain/money';
import { readEnrollment } from './read';
import { orders } from '../payments/store';
import { db } from '../platform/database';
import { batchLabel, offeringOf } from '@upskill/domain/batches';
import { batches } from '../batches/store';
import { holdUntil } from '../batches/seats';
import { parseOffer, redeemOffer } from '../batches/waitlist';
import { saveBilling } from '../invoices/billing';
import { taxDocumentDownload } from '../invoices/download';
import { candidateBatches, holdFirstFree, moveHold, seatFields } from './seat';
import { verifyIdToken } from '../platform/identity';

const LIST_LIMIT = 100;

/**
 * /api/enroll: POST creates, GET lists the caller's own enrollments; /{id}: GET reads, PUT edits;
 * /{id}/guardian mails a minor's guardian the consent link again; /{id}/checkout opens a payment (a minor's only once their guardian consents), /{id}/payment confirms one (or a subscription's authorisation);
 * /{id}/cancel cancels a subscription; /{id}/credits spends a course credit (or the membership) on a batch; /{id}/billing (PUT) sets the invoice's
 * billing details; /{id}/invoice.pdf and /{id}/credit-note.pdf are its GST documents.
 */
export const handleEnroll = jsonEndpoint('enroll', async (req, res) => {
  const target = targetFromPath(req.path);
  if (target === undefined) {
    allowMethods(req, ['GET', 'POST']);
    if (req.method === 'GET') {
      res.status(200).json(await listOwn(req));
      return;
    }
    const { status, record } = await create(req);
    res.status(status).json(record);
    return;
  }
  const { id, action } = target;
  if (action === 'billing') {
    allowMethods(req, ['PUT']);
    res.status(200).json(await saveBilling(req, id));
    return;
  }
  if (action === 'invoice.pdf' || action === 'credit-note.pdf') {
    allowMethods(req, ['GET']);
    const { pdf, filename } = await taxDocumentDownload(req, id, action === 'invoice.pdf' ? 'invoice' : 'credit-note');
    res.set('Content-Type', 'application/pdf');
    res.set('Content-Disposition', `attachment; filename="${filename}"`);
    res.set('Cache-Control', 'private, no-store');
    res.status(200).send(pdf);
    return;
  }
  if (action === 'guardian') {
    allowMethods(req, ['POST']);
    res.status(200).json(await resendGuardianMail(req, id));
    return;
  }
  if (action === 'credits') {
    allowMethods(req, ['POST']);
    res.status(201).json(await spendCredit(req, id));
    return;
  }
  if (action === 'cancel') {
    allowMethods(req, ['POST']);
    res.status(200).json(await cancelSubscription(req, id));
    return;
  }
  if (action === 'checkout' || action === 'payment') {
    allowMethods(req, ['POST']);
    res.status(200).json(action === 'checkout' ? await startCheckout(req, id) : await confirmPayment(req, id));
    return;
  }
  allowMethods(req, ['GET', 'PUT']);
  res.status(200).json(req.method === 'GET' ? await readEnrollment(req, id) : await update(req, id));
});

const ACTIONS = ['checkout', 'payment', 'cancel', 'credits', 'guardian', 'billing', 'invoice.pdf', 'credit-note.pdf'] as const;

function targetFromPath(path: string): { id: string; action?: (typeof ACTIONS)[number] } | undefined {
  const match = /\/enroll(?:\/(.*))?$/.exec(path);
  const rest = match?.[1]?.replace(/\/$/, '');
  if (!match || rest === undefined || rest === '') return undefined;
  const [rawId, action, ...extra] = rest.split('/');
  if (extra.length > 0 || (action !== undefined && !ACTIONS.includes(action as (typeof ACTIONS)[number]))) throw enrollmentNotFound();
  const id = pathSegment(rawId);
  if (id === undefined) throw enrollmentNotFound();
  return { id, action: action as (typeof ACTIONS)[number] | undefined };
}

async function optionalCaller(req: HttpRequest): Promise<DecodedIdToken | undefined> {
  const token = bearerToken(req);
  return token ? verifyIdToken(token) : undefined;
}

async function validEnrollment(body: unknown): Promise<{ input: EnrollmentInput; offer: Offer }> {
  const input = await validateBody(enrollmentSchema, body, MESSAGES.enrollmentInvalid);
  const coupon = input.coupon?.trim();
  if (coupon && !isValidCoupon(coupon)) {
    throw new HttpError('invalid-argument', MESSAGES.enrollmentInvalid, { coupon: MESSAGES.couponInvalid });
  }
  const ref: OfferRef = input.courseId !== undefined ? { courseId: input.courseId } : { planId: input.planId ?? '', courseIds: input.courseIds };
  const offer = resolveOffer(ref, coupon);
  if (!offer) throw new HttpError('invalid-argument', MESSAGES.planNotFound, { planId: MESSAGES.planNotFound });
  return { input, offer };
}

/** The stored fields; price and features come from the catalogue, whatever the client sent. */
function storedFields(input: EnrollmentInput, offer: Offer) {
  const person = normaliseEnrollment(input);
  return {
    ...person,
    // What the staff console's search box matches (see domain/staff.ts).
    searchKeys: enrollmentSearchKeys(person.name, person.email),
    planName: offer.planName,
    planId: offer.planId ?? null,
    courseId: offer.courseId ?? null,
    courseIds: offer.courseIds ?? null,
    price: offer.price,
    listPrice: offer.listPrice,
    couponApplied: offer.couponApplied,
    features: offer.features,
  };
}

/** 256 random bits; never derived from anything the client sent. Only its hash is stored. */
const newEditToken = () => randomBytes(32).toString('hex');

async function answer(ref: DocumentReference<EnrollmentDoc>, status: 200 | 201, editToken: string) {
  const record: CreatedEnrollment = { ...publicRecord(await withDeadline(ref.get())), editToken };
  return { status, record };
}

async function create(req: HttpRequest): Promise<{ status: 200 | 201; record: CreatedEnrollment }> {
  const body = readJsonObject(req);
  const idempotencyKey = req.get('idempotency-key');
  checkKeyFormat(idempotencyKey);
  const caller = await optionalCaller(req);
  const { input, offer } = await validEnrollment(body);
  await enforceRateLimit('enroll', req, caller?.uid);
  const nowMs = Date.now();

  const fields = storedFields(input, offer);
  const { ageDeclaration, guardian } = normaliseGuardian(input);
  const editToken = newEditToken();
  const ref = enrollments().doc();
  const doc = {
    ...fields,
    ageDeclaration,
    guardian: null as unknown,
    status: INITIAL_ENROLLMENT_STATUS,
    order: null,
    payment: null,
    refund: null,
    seatIssue: null,
    uid: caller?.uid ?? null,
    editTokenHashes: [sha256(editToken)],
    createdAt: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
  };

  // The key, the seat and the enrollment are written in one atomic batch, so a key never points at
  // nothing and a seat is never held by nothing; a batch whose key already exists writes none of them,
  // and the request is then a retry or a misuse.
  const scope = caller ? `account:${caller.uid}` : `address:${clientAddress(req)}`;
  const key = idempotencyKey ? keyRef(scope, idempotencyKey) : undefined;
  const hash = requestHash({
    ...normaliseEnrollment(input), planId: fields.planId, courseId: fields.courseId, courseIds: fields.courseIds, couponApplied: fields.couponApplied,
    batchId: input.batchId ?? null, ageDeclaration, guardian,
  });
  let known = key ? await withDeadline(key.get()) : undefined;
  const remembered = async (): Promise<{ status: 200 | 201; record: CreatedEnrollment } | undefined> => {
    if (!known?.exists || (known.data()?.expiresAt.toMillis() ?? 0) <= Date.now()) return undefined;
    const data = known.data();
    if (data?.requestHash !== hash) throw keyReusedError();
    return replay(enrollments().doc(data.enrollmentId));
  };
  const earlier = await remembered();
  if (earlier) return earlier;

  // A signed-in learner's charged Pre Registration fee comes off this price, once (credits/preRegistration.ts).
  const credit = caller && !isSubscriptionPlan(fields.planId) ? await reservePreRegistrationCredit(caller, ref.id, toPaise(fields.price), nowMs) : null;
  if (credit) {
    fields.price = (toPaise(fields.price) - toPaise(credit.amount)) / 100;
    Object.assign(doc, { price: fields.price, preRegistrationCredit: credit });
  }
  // Under 18: the guardian's consent mail goes out with the enrollment, in the same write.
  const withGuardian = (wb: WriteBatch | Transaction) => {
    if (guardian) doc.guardian = askGuardian(wb, ref.id, { name: fields.name, planName: fields.planName, price: fields.price }, guardian, nowMs);
  };
  try {
    const created = await createWithSeat();
    if (guardian) await stopMarketingTo(fields.email, nowMs);
    return created;
  } catch (err) {
    if (credit) await releasePreRegistrationCredit(credit, ref.id).catch(() => undefined);
    throw err;
  }

  async function createWithSeat(): Promise<{ status: 200 | 201; record: CreatedEnrollment }> {
  const writeKey = (wb: WriteBatch | Transaction) => {
    if (!key) return;
    // An expired key that the TTL sweep has not removed yet starts over, unless another request replaced it first.
    if (known?.exists && known.updateTime) (wb as WriteBatch).update(key, { ...freshKey(ref.id, hash) }, { lastUpdateTime: known.updateTime });
    else (wb as WriteBatch).create(key, freshKey(ref.id, hash));
  };

  if (input.waitlistOffer !== undefined) {
    if (input.batchId === undefined) throw new HttpError('invalid-argument', MESSAGES.enrollmentInvalid, { batchId: 'Please choose a batch' });
    const offerParts = parseOffer(input.waitlistOffer);
    const batchId = input.batchId;
    await withDeadline(db().runTransaction(async (tx) => {
      const batch = (await tx.get(batches().doc(batchId))).data();
      if (!batch || batch.offering !== offeringOf(fields).slug) throw new HttpError('invalid-argument', 'Please choose a batch of this course.', { batchId: 'Please choose a batch of this course.' });
      const { entryRef, seat } = await redeemOffer(tx, offerParts, batchId, nowMs);
      const until = holdUntil(nowMs);
      tx.update(seat, { state: 'held', enrollmentId: ref.id, waitlistId: null, activeUntil: until, updatedAt: Timestamp.now() });
      tx.update(entryRef, { status: 'enrolled', offerTokenHash: null, seatId: null });
      withGuardian(tx);
      tx.create(ref, { ...doc, ...seatFields(batchId, seat.id, nowMs, batch) } as unknown as EnrollmentDoc);
      queueMail(tx, fields.email, enrollmentCreatedMail(ref.id, { ...fields, preferredBatchTime: batchLabel(batch) }));
      writeKey(tx);
    }));
    return answer(ref, 201, editToken);
  }

  const candidates = await candidateBatches(fields, input.batchId, nowMs);
  // A lost race is for a seat (try another), or for the key (a concurrent retry of this request).
  const reread = key ? async () => {
    known = await withDeadline(key.get());
    return remembered();
  } : undefined;
  const claim = await holdFirstFree(candidates, ref.id, nowMs, (wb, batchId, seatId, batch) => {
    writeKey(wb);
    withGuardian(wb);
    wb.create(ref, { ...doc, ...seatFields(batchId, seatId, nowMs, batch) } as unknown as EnrollmentDoc);
    queueMail(wb, fields.email, enrollmentCreatedMail(ref.id, { ...fields, preferredBatchTime: batchLabel(batch) }));
  }, reread).catch(async (err: unknown) => {
    // A retry after a 503 may find the batch full because its own first attempt took the last seat after
    // all (the commit outlived the answer): it gets that enrollment, never "full".
    const own = err instanceof HttpError && err.code === 'batch-full' ? await reread?.() : undefined;
    if (own) return { stopped: own };
    throw err;
  });
  if ('stopped' in claim) return claim.stopped;
  return answer(ref, 201, editToken);
  }
}

/**
 * The same caller sent the same request again (a lost answer, a double submit): it gets the record it
 * created and a new edit token of its own; tokens handed out earlier keep working.
 */
async function replay(ref: DocumentReference<EnrollmentDoc>) {
  const editToken = newEditToken();
  await withDeadline(ref.update({ editTokenHashes: FieldValue.arrayUnion(sha256(editToken)) }));
  return answer(ref, 200, editToken);
}

/**
 * The declaration and the guardian are fixed at creation, like the e-mail: the guardian consented to
 * this enrollment as it was made. An enrollment from before the question may record "18 or older".
 */
function checkGuardianUnchanged(current: EnrollmentDoc, input: EnrollmentInput) {
  const { ageDeclaration, guardian } = normaliseGuardian(input);
  const same = current.ageDeclaration
    ? current.ageDeclaration === ageDeclaration && (current.guardian?.name ?? null) === (guardian?.name ?? null) && (current.guardian?.email ?? null) === (guardian?.email ?? null)
    : ageDeclaration === 'adult';
  if (!same) throw new HttpError('failed-precondition', GUARDIAN_MESSAGES.fixed, { ageDeclaration: GUARDIAN_MESSAGES.fixed });
}

function checkEditable(current: EnrollmentDoc, fields: { email: string }) {
  if (!isEditable(current.status)) {
    throw new HttpError('failed-precondition', current.status === 'paid' ? 'This enrollment has been paid and can no longer be edited.' : 'This enrollment can no longer be edited.');
  }
  // The e-mail decides whose My Courses lists the enrollment, so it is fixed at creation.
  if (fields.email !== current.email) {
    throw new HttpError(
      'failed-precondition',
      'The e-mail address of an enrollment cannot be changed. Start a new enrollment to use another address.',
      { email: 'The e-mail address cannot be changed.' },
    );
  }
}

/**
 * Whether an edit must move the enrollment's seat: it names another batch, or (without a batch, as older
 * clients send) it changes the course or the batch time so that the held batch no longer fits.
 */
async function needsMove(current: EnrollmentDoc, fields: EnrollmentDoc | ReturnType<typeof storedFields>, batchId: string | undefined): Promise<boolean> {
  if (batchId !== undefined) return batchId !== current.batchId;
  if (!current.batchId) return false;
  const held = (await withDeadline(batches().doc(current.batchId).get())).data();
  return !held || held.offering !== offeringOf(fields).slug || held.batchTime !== fields.preferredBatchTime;
}

async function update(req: HttpRequest, id: string): Promise<EnrollmentRecord> {
  const body = readJsonObject(req);
  const caller = await enrollmentCaller(req, 'Editing');
  const { input, offer } = await validEnrollment(body);
  await enforceRateLimit('enroll-edit', req, caller.account?.uid);
  const fields = storedFields(input, offer);
  const nowMs = Date.now();

  const ref = enrollments().doc(id);
  const snap = await withDeadline(ref.get());
  const current = snap.data();
  if (!current || !snap.updateTime) throw enrollmentNotFound();
  assertAccess(caller, current, 'edit');
  checkEditable(current, fields);
  checkGuardianUnchanged(current, input);
  const credited = creditOnEdit(id, current, fields);

  if (await needsMove(current, fields, input.batchId)) {
    // The hold moves with the edit, atomically; an open gateway order was for what the enrollment was.
    const candidates = await candidateBatches(fields, input.batchId, nowMs);
    let lastError: unknown;
    for (const target of candidates) {
      try {
        await moveHold(ref, snap.updateTime, current, target, nowMs, { ...fields, order: null }, 'held',
          (wb) => { if (current.order) wb.update(orders().doc(current.order.id), { voided: true }); });
        await credited.afterwards();
        return publicRecord(await withDeadline(ref.get()));
      } catch (err) {
        if (!(err instanceof HttpError) || err.code !== 'batch-full') throw err;
        lastError = err;
      }
    }
    throw lastError;
  }

  await withDeadline(
    db().runTransaction(async (tx) => {
      const latest = (await tx.get(ref)).data();
      if (!latest) throw enrollmentNotFound();
      assertAccess(caller, latest, 'edit');
      checkEditable(latest, fields);
      if (latest.order) tx.update(orders().doc(latest.order.id), { voided: true });
      // The seat stays held as it is: its batch (and so its time) is unchanged.
      const keep = latest.batchId ? { preferredBatchTime: latest.preferredBatchTime } : {};
      tx.update(ref, { ...fields, ...keep, ageDeclaration: latest.ageDeclaration ?? 'adult', order: null, updatedAt: FieldValue.serverTimestamp() });
    }),
  );
  await credited.afterwards();
  return publicRecord(await withDeadline(ref.get()));
}

/**
 * An edit recomputes the price from the catalogue; a Pre Registration credit already on the enrollment
 * comes off the new price (what was paid, up to that price less ₹1). Switching to a plan paid by
 * subscription gives the credit back to the Pre Registration, for a later enrollment.
 */
function creditOnEdit(id: string, current: EnrollmentDoc, fields: ReturnType<typeof storedFields>) {
  const credit = current.preRegistrationCredit;
  if (!credit) return { afterwards: async () => undefined };
  if (isSubscriptionPlan(fields.planId)) {
    Object.assign(fields, { preRegistrationCredit: null });
    return { afterwards: () => releasePreRegistrationCredit(credit, id) };
  }
  const next = recomputedCredit(credit, fields.price);
  Object.assign(fields, { price: (toPaise(fields.price) - toPaise(next.amount)) / 100, preRegistrationCredit: next });
  return { afterwards: async () => undefined };
}

async function listOwn(req: HttpRequest): Promise<EnrollmentSummary[]> {
  const token = bearerToken(req);
  if (!token) throw new HttpError('unauthenticated', 'Please sign in to see your courses.');
  const caller = await verifyIdToken(token);

  const asked = req.query.email;
  if (asked !== undefined) {
    const same = typeof asked === 'string' && caller.email !== undefined && asked.trim().toLowerCase() === caller.email.toLowerCase();
    if (!same) throw new HttpError('permission-denied', 'You can only list your own enrollments.');
  }
  await enforceRateLimit('enroll-list', req, caller.uid);

  const own = await enrollmentsOwnedBy(caller, LIST_LIMIT);
  return own.map((snap) => summary(snap)).sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
}
