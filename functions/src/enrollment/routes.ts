import { randomBytes } from 'node:crypto';
import { FieldValue, type DocumentReference, type WriteBatch } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import {
  INITIAL_ENROLLMENT_STATUS, isEditable, type CreatedEnrollment, type EnrollmentRecord, type EnrollmentSummary,
} from '@upskill/domain/api';
import { isValidCoupon } from '@upskill/domain/coupon';
import { resolveOffer, type Offer, type OfferRef } from '@upskill/domain/offer';
import { MESSAGES, enrollmentSchema, normaliseEnrollment, type EnrollmentInput } from '@upskill/domain/schemas';
import { enrollmentSearchKeys } from '@upskill/domain/staff';
import { enrollmentNotFound, enrollments, publicRecord, summary, type EnrollmentDoc } from './store';
import { enrollmentCreatedMail } from '../mail/enrollmentMail';
import { queueMail } from '../mail/outbox';
import { clientAddress } from '../http/clientAddress';
import { GRPC, HttpError, errorCode } from '../http/errors';
import { jsonEndpoint, withDeadline } from '../http/handler';
import { enforceRateLimit } from '../http/rateLimit';
import { DOCUMENT_ID_PATTERN, allowMethods, bearerToken, readJsonObject, sha256, type HttpRequest } from '../http/request';
import { validateBody } from '../http/validate';
import { checkKeyFormat, freshKey, keyRef, keyReusedError, requestHash } from './idempotency';
import { assertAccess, enrollmentCaller } from './access';
import { confirmPayment, startCheckout } from '../payments/checkout';
import { readEnrollment } from './read';
import { orders } from '../payments/store';
import { db } from '../platform/database';
import { trustedEmail, verifyIdToken } from '../platform/identity';

const LIST_LIMIT = 100;

/**
 * /api/enroll: POST creates, GET lists the caller's own enrollments; /{id}: GET reads, PUT edits;
 * /{id}/checkout opens a payment, /{id}/payment confirms one.
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
  if (action === 'checkout' || action === 'payment') {
    allowMethods(req, ['POST']);
    res.status(200).json(action === 'checkout' ? await startCheckout(req, id) : await confirmPayment(req, id));
    return;
  }
  allowMethods(req, ['GET', 'PUT']);
  res.status(200).json(req.method === 'GET' ? await readEnrollment(req, id) : await update(req, id));
});

const ACTIONS = ['checkout', 'payment'] as const;

function targetFromPath(path: string): { id: string; action?: (typeof ACTIONS)[number] } | undefined {
  const match = /\/enroll(?:\/(.*))?$/.exec(path);
  const rest = match?.[1]?.replace(/\/$/, '');
  if (!match || rest === undefined || rest === '') return undefined;
  const [rawId, action, ...extra] = rest.split('/');
  if (extra.length > 0 || (action !== undefined && !ACTIONS.includes(action as (typeof ACTIONS)[number]))) throw enrollmentNotFound();
  let id: string;
  try {
    id = decodeURIComponent(rawId);
  } catch {
    throw enrollmentNotFound();
  }
  if (!DOCUMENT_ID_PATTERN.test(id)) throw enrollmentNotFound();
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

  const fields = storedFields(input, offer);
  const editToken = newEditToken();
  const ref = enrollments().doc();
  const doc = {
    ...fields,
    status: INITIAL_ENROLLMENT_STATUS,
    order: null,
    payment: null,
    refund: null,
    uid: caller?.uid ?? null,
    editTokenHashes: [sha256(editToken)],
    createdAt: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
  };
  const welcome = (batch: WriteBatch) => queueMail(batch, fields.email, enrollmentCreatedMail(ref.id, fields));
  if (!idempotencyKey) {
    const batch = db().batch();
    batch.create(ref, doc as unknown as EnrollmentDoc);
    welcome(batch);
    await withDeadline(batch.commit());
    return answer(ref, 201, editToken);
  }

  // The key and the enrollment are written in one atomic batch, so a key never points at nothing; a
  // batch whose key already exists writes neither, and the request is then a retry or a misuse.
  const scope = caller ? `account:${caller.uid}` : `address:${clientAddress(req)}`;
  const key = keyRef(scope, idempotencyKey);
  const hash = requestHash({
    ...normaliseEnrollment(input), planId: fields.planId, courseId: fields.courseId, courseIds: fields.courseIds, couponApplied: fields.couponApplied,
  });
  for (let attempt = 0; attempt < 3; attempt++) {
    const known = attempt === 0 ? undefined : await withDeadline(key.get());
    const expired = known?.exists && (known.data()?.expiresAt.toMillis() ?? 0) <= Date.now();
    if (known?.exists && !expired) {
      const remembered = known.data();
      if (remembered?.requestHash !== hash) throw keyReusedError();
      return replay(enrollments().doc(remembered.enrollmentId));
    }
    const batch = db().batch();
    // An expired key that the TTL sweep has not removed yet starts over, unless another request
    // replaced it first (the update's precondition).
    if (known?.exists) batch.update(key, { ...freshKey(ref.id, hash) }, { lastUpdateTime: known.updateTime });
    else batch.create(key, freshKey(ref.id, hash));
    batch.create(ref, doc as unknown as EnrollmentDoc);
    welcome(batch);
    try {
      await withDeadline(batch.commit());
      return answer(ref, 201, editToken);
    } catch (err) {
      if (!isConflict(err)) throw err;
    }
  }
  throw new HttpError('unavailable', 'The service is busy. Please try again.');
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

// A create found the document, or an update's lastUpdateTime precondition failed.
const isConflict = (err: unknown) => errorCode(err) === GRPC.ALREADY_EXISTS || errorCode(err) === GRPC.FAILED_PRECONDITION;

async function update(req: HttpRequest, id: string): Promise<EnrollmentRecord> {
  const body = readJsonObject(req);
  const caller = await enrollmentCaller(req, 'Editing');
  const { input, offer } = await validEnrollment(body);
  await enforceRateLimit('enroll-edit', req, caller.account?.uid);
  const fields = storedFields(input, offer);

  const ref = enrollments().doc(id);
  await withDeadline(
    db().runTransaction(async (tx) => {
      const snap = await tx.get(ref);
      const current = snap.data();
      if (!current) throw enrollmentNotFound();
      assertAccess(caller, current, 'edit');
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
      // An open gateway order was for what the enrollment was; the next checkout makes a new one.
      if (current.order) tx.update(orders().doc(current.order.id), { voided: true });
      tx.update(ref, { ...fields, order: null, updatedAt: FieldValue.serverTimestamp() });
    }),
  );
  return publicRecord(await withDeadline(ref.get()));
}

async function listOwn(req: HttpRequest): Promise<EnrollmentSummary[]> {
  const token = bearerToken(req);
  if (!token) throw new HttpError('unauthenticated', 'Please sign in to see your courses.');
  const caller = await verifyIdToken(token);
  const email = trustedEmail(caller);

  const asked = req.query.email;
  if (asked !== undefined) {
    const same = typeof asked === 'string' && caller.email !== undefined && asked.trim().toLowerCase() === caller.email.toLowerCase();
    if (!same) throw new HttpError('permission-denied', 'You can only list your own enrollments.');
  }
  await enforceRateLimit('enroll-list', req, caller.uid);

  const collection = enrollments();
  const queries = [collection.where('uid', '==', caller.uid).orderBy('createdAt', 'desc').limit(LIST_LIMIT).get()];
  if (email) queries.push(collection.where('email', '==', email).orderBy('createdAt', 'desc').limit(LIST_LIMIT).get());
  const snapshots = await withDeadline(Promise.all(queries));

  const byId = new Map<string, EnrollmentSummary>();
  for (const snap of snapshots) for (const doc of snap.docs) byId.set(doc.id, summary(doc));
  return [...byId.values()].sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
}
