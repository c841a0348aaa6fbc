import { markSeatId } from '../batches/board';
import { randomBytes } from 'node:crypto';
import { FieldValue, Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import { INITIAL_ENROLLMENT_STATUS, type CreatedEnrollment, isSubscriptionPlan } from '@upskill/domain/enrollment';
import { MESSAGES, normaliseEnrollment, normaliseGuardian } from '@upskill/domain/forms';
import { askGuardian } from '../consents/guardianRequest';
import { stopMarketingTo } from '../consents/minors';
import { enrollments, publicRecord, type EnrollmentDoc } from './store';
import { enrollmentCreatedMail } from '../mail/enrollmentMail';
import { queueMail } from '../mail/outbox';
import { clientAddress } from '../http/clientAddress';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { enforceRateLimit } from '../http/rateLimit';
import { readJsonObject, sha256, type HttpRequest } from '../http/request';
import { checkKeyFormat, freshKey, keyRef, keyReusedError, requestHash } from './idempotency';
import { releasePreRegistrationCredit, reservePreRegistrationCredit } from './preRegistrationCredit';
import { toPaise } from '@upskill/domain/common';
import { batchLabel, offeringOf } from '@upskill/domain/batches';
import { batches } from '../batches/store';
import { holdUntil } from '../batches/seats';
import { parseOffer, redeemOffer } from '../batches/waitlist';
import { candidateBatches, holdFirstFree, seatFields } from './seat';
import { optionalCaller, storedFields, validEnrollment } from './input';
import { runTransaction } from '../http/transaction';
import { createDoc, updateDoc, type Writer } from '../platform/writer';
import { referralTermsFor } from '../referrals/pricing';

/** 256 random bits; never derived from anything the client sent. Only its hash is stored. */
const newEditToken = () => randomBytes(32).toString('hex');

async function answer(ref: DocumentReference<EnrollmentDoc>, status: 200 | 201, editToken: string) {
  const record: CreatedEnrollment = { ...publicRecord(await withDeadline(ref.get())), editToken };
  return { status, record };
}

export async function createEnrollment(req: HttpRequest): Promise<{ status: 200 | 201; record: CreatedEnrollment }> {
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
    ...normaliseEnrollment(input),
    planId: fields.planId,
    courseId: fields.courseId,
    courseIds: fields.courseIds,
    couponApplied: fields.couponApplied,
    referralCode: input.referralCode?.trim() || null,
    batchId: input.batchId ?? null,
    ageDeclaration,
    guardian,
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

  // A friend's referral discount and a signed-in learner's own referral credits come off a course plan's price.
  const referred = await referralTermsFor(
    input.referralCode?.trim() || undefined,
    { planId: fields.planId, email: fields.email, phone: fields.phone, pricePaise: toPaise(fields.price) },
    caller,
  );
  if (referred.referral || referred.referralCredits) {
    fields.price = referred.pricePaise / 100;
    Object.assign(doc, { price: fields.price, referral: referred.referral, referralCredits: referred.referralCredits });
  }
  // A signed-in learner's charged Pre Registration fee comes off this price, once (credits/preRegistration.ts).
  const credit =
    caller && !isSubscriptionPlan(fields.planId) ? await reservePreRegistrationCredit(caller, ref.id, toPaise(fields.price), nowMs) : null;
  if (credit) {
    fields.price = (toPaise(fields.price) - toPaise(credit.amount)) / 100;
    Object.assign(doc, { price: fields.price, preRegistrationCredit: credit });
  }
  // Under 18: the guardian's consent mail goes out with the enrollment, in the same write.
  const withGuardian = (wb: Writer) => {
    if (guardian)
      doc.guardian = askGuardian(wb, ref.id, { name: fields.name, planName: fields.planName, price: fields.price }, guardian, nowMs);
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
    const writeKey = (wb: Writer) => {
      if (!key) return;
      // An expired key that the TTL sweep has not removed yet starts over, unless another request replaced it first.
      if (known?.exists && known.updateTime) updateDoc(wb, key, { ...freshKey(ref.id, hash) }, { lastUpdateTime: known.updateTime });
      else createDoc(wb, key, freshKey(ref.id, hash));
    };

    if (input.waitlistOffer !== undefined) {
      if (input.batchId === undefined)
        throw new HttpError('invalid-argument', MESSAGES.enrollmentInvalid, { batchId: 'Please choose a batch' });
      const offerParts = parseOffer(input.waitlistOffer);
      const batchId = input.batchId;
      await withDeadline(
        runTransaction(async (tx) => {
          const batch = (await tx.get(batches().doc(batchId))).data();
          if (!batch || batch.offering !== offeringOf(fields).slug)
            throw new HttpError('invalid-argument', 'Please choose a batch of this course.', {
              batchId: 'Please choose a batch of this course.',
            });
          const { entryRef, seat } = await redeemOffer(tx, offerParts, batchId, nowMs);
          const until = holdUntil(nowMs);
          tx.update(seat, { state: 'held', enrollmentId: ref.id, waitlistId: null, activeUntil: until, updatedAt: Timestamp.now() });
          markSeatId(tx, seat.id, until);
          tx.update(entryRef, { status: 'enrolled', offerTokenHash: null, seatId: null });
          withGuardian(tx);
          tx.create(ref, { ...doc, ...seatFields(batchId, seat.id, nowMs, batch) } as unknown as EnrollmentDoc);
          queueMail(tx, fields.email, enrollmentCreatedMail(ref.id, { ...fields, preferredBatchTime: batchLabel(batch) }));
          writeKey(tx);
        }),
      );
      return answer(ref, 201, editToken);
    }

    const candidates = await candidateBatches(fields, input.batchId, nowMs);
    // A lost race is for a seat (try another), or for the key (a concurrent retry of this request).
    const reread = key
      ? async () => {
          known = await withDeadline(key.get());
          return remembered();
        }
      : undefined;
    const claim = await holdFirstFree(
      candidates,
      ref.id,
      nowMs,
      (wb, batchId, seatId, batch) => {
        writeKey(wb);
        withGuardian(wb);
        wb.create(ref, { ...doc, ...seatFields(batchId, seatId, nowMs, batch) } as unknown as EnrollmentDoc);
        queueMail(wb, fields.email, enrollmentCreatedMail(ref.id, { ...fields, preferredBatchTime: batchLabel(batch) }));
      },
      reread,
    ).catch(async (err: unknown) => {
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
