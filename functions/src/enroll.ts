import { timingSafeEqual } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import { FieldValue, Timestamp, type DocumentData, type DocumentSnapshot } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { isValidCoupon } from './domain/coupon';
import { resolveOffer, type Offer, type OfferRef } from './domain/offer';
import { MESSAGES, enrollmentSchema, normaliseEnrollment, type EnrollmentInput } from './domain/schemas';
import { HttpError, errorCode } from './http/errors';
import { db, trustedEmail, verifyIdToken } from './http/firebase';
import { jsonEndpoint, withDeadline } from './http/handler';
import { enforceRateLimit } from './http/rateLimit';
import { allowMethods, bearerToken, clientKey, readJsonObject, sha256, type HttpRequest } from './http/request';
import { validateBody } from './http/validate';

const COLLECTION = 'enrollments';
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;
const LIST_LIMIT = 100;

/** /api/enroll: POST creates, PUT /{id} edits, GET lists the caller's own enrollments. */
export const handleEnroll = jsonEndpoint('enroll', async (req, res) => {
  const id = idFromPath(req.path);
  if (id === undefined) {
    allowMethods(req, ['GET', 'POST']);
    if (req.method === 'GET') {
      res.status(200).json(await listOwn(req));
      return;
    }
    const { status, record } = await create(req);
    res.status(status).json(record);
    return;
  }
  allowMethods(req, ['PUT']);
  res.status(200).json(await update(req, id));
});

function idFromPath(path: string): string | undefined {
  const match = /\/enroll(?:\/([^/]*))?\/?$/.exec(path);
  if (!match || match[1] === undefined || match[1] === '') return undefined;
  const id = decodeURIComponent(match[1]);
  if (!ID_PATTERN.test(id)) throw new HttpError('not-found', 'No enrollment with that id.');
  return id;
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
  const ref: OfferRef = input.courseId !== undefined ? { courseId: input.courseId } : { planId: input.planId ?? '' };
  const offer = resolveOffer(ref, coupon);
  if (!offer) throw new HttpError('invalid-argument', MESSAGES.planNotFound, { planId: MESSAGES.planNotFound });
  return { input, offer };
}

/** The stored fields; price and features come from the catalogue, whatever the client sent. */
function storedFields(input: EnrollmentInput, offer: Offer) {
  return {
    ...normaliseEnrollment(input),
    planName: offer.planName,
    planId: offer.planId ?? null,
    courseId: offer.courseId ?? null,
    price: offer.price,
    listPrice: offer.listPrice,
    couponApplied: offer.couponApplied,
    features: offer.features,
  };
}

function iso(value: unknown): string | null {
  return value instanceof Timestamp ? value.toDate().toISOString() : null;
}

function publicRecord(snap: DocumentSnapshot) {
  const data = snap.data() as DocumentData;
  return {
    id: snap.id,
    name: data.name, collegeName: data.collegeName, email: data.email, phone: data.phone,
    interestedCourse: data.interestedCourse, preferredBatchTime: data.preferredBatchTime,
    planName: data.planName, planId: data.planId, courseId: data.courseId,
    price: data.price, listPrice: data.listPrice, couponApplied: data.couponApplied, features: data.features,
    status: data.status, createdAt: iso(data.createdAt), updatedAt: iso(data.updatedAt),
  };
}

async function create(req: HttpRequest) {
  const body = readJsonObject(req);
  const idempotencyKey = req.get('idempotency-key');
  if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
    throw new HttpError('invalid-argument', 'The Idempotency-Key header must be 8 to 128 letters, digits or - _ . :');
  }
  const caller = await optionalCaller(req);
  const { input, offer } = await validEnrollment(body);
  await enforceRateLimit('enroll', clientKey(req));

  const collection = db().collection(COLLECTION);
  // With a key, the document id and edit token derive from it, so a retry finds the first write
  // (create() is atomic) and can be handed the same token again; only the token's hash is stored.
  const ref = idempotencyKey ? collection.doc(sha256(`idem:${idempotencyKey}`).slice(0, 24)) : collection.doc();
  const editToken = idempotencyKey ? sha256(`edit:${idempotencyKey}:${ref.id}`) : randomBytes(32).toString('hex');
  try {
    await withDeadline(
      ref.create({
        ...storedFields(input, offer),
        status: 'pending_payment',
        uid: caller?.uid ?? null,
        editTokenHash: sha256(editToken),
        createdAt: FieldValue.serverTimestamp(),
        updatedAt: FieldValue.serverTimestamp(),
      }),
    );
  } catch (err) {
    if (!(idempotencyKey && isAlreadyExists(err))) throw err;
    const existing = await withDeadline(ref.get());
    return { status: 200, record: { ...publicRecord(existing), editToken } };
  }
  const saved = await withDeadline(ref.get());
  return { status: 201, record: { ...publicRecord(saved), editToken } };
}

// gRPC ALREADY_EXISTS: create() found the document an earlier request with the same key wrote.
const isAlreadyExists = (err: unknown) => errorCode(err) === 6;

function tokenMatches(token: string, hash: unknown): boolean {
  if (typeof hash !== 'string') return false;
  const a = Buffer.from(sha256(token), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

async function update(req: HttpRequest, id: string) {
  const body = readJsonObject(req);
  const editToken = req.get('x-edit-token');
  const bearer = bearerToken(req);
  if (!editToken && !bearer) {
    throw new HttpError('unauthenticated', 'Editing an enrollment needs its edit token or the owner\'s sign-in.');
  }
  const caller = bearer ? await verifyIdToken(bearer) : undefined;
  const { input, offer } = await validEnrollment(body);

  const ref = db().collection(COLLECTION).doc(id);
  await withDeadline(
    db().runTransaction(async (tx) => {
      const snap = await tx.get(ref);
      if (!snap.exists) throw new HttpError('not-found', 'No enrollment with that id.');
      const byToken = editToken !== undefined && tokenMatches(editToken, snap.get('editTokenHash'));
      const byOwner = caller !== undefined && snap.get('uid') === caller.uid;
      if (!byToken && !byOwner) throw new HttpError('permission-denied', 'You cannot edit this enrollment.');
      if (snap.get('status') !== 'pending_payment') {
        throw new HttpError('failed-precondition', 'This enrollment can no longer be edited.');
      }
      tx.update(ref, { ...storedFields(input, offer), updatedAt: FieldValue.serverTimestamp() });
    }),
  );
  return publicRecord(await withDeadline(ref.get()));
}

async function listOwn(req: HttpRequest) {
  const token = bearerToken(req);
  if (!token) throw new HttpError('unauthenticated', 'Please sign in to see your courses.');
  const caller = await verifyIdToken(token);
  const email = trustedEmail(caller);

  const asked = req.query.email;
  if (asked !== undefined) {
    const same = typeof asked === 'string' && caller.email !== undefined && asked.trim().toLowerCase() === caller.email.toLowerCase();
    if (!same) throw new HttpError('permission-denied', 'You can only list your own enrollments.');
  }

  const collection = db().collection(COLLECTION);
  const queries = [collection.where('uid', '==', caller.uid).orderBy('createdAt', 'desc').limit(LIST_LIMIT).get()];
  if (email) queries.push(collection.where('email', '==', email).orderBy('createdAt', 'desc').limit(LIST_LIMIT).get());
  const snapshots = await withDeadline(Promise.all(queries));

  const byId = new Map<string, DocumentSnapshot>();
  for (const snap of snapshots) for (const doc of snap.docs) byId.set(doc.id, doc);
  return [...byId.values()]
    .map((doc) => {
      const data = doc.data() as DocumentData;
      return {
        id: doc.id, planName: data.planName, interestedCourse: data.interestedCourse,
        preferredBatchTime: data.preferredBatchTime, price: data.price, createdAt: iso(data.createdAt), status: data.status,
      };
    })
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
}
