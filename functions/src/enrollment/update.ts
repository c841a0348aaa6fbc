import { FieldValue } from 'firebase-admin/firestore';
import { isEditable, type EnrollmentRecord, isSubscriptionPlan } from '@upskill/domain/enrollment';
import { normaliseGuardian, type EnrollmentInput } from '@upskill/domain/forms';
import { GUARDIAN_MESSAGES } from '@upskill/domain/account';
import { enrollmentNotFound, enrollments, publicRecord, type EnrollmentDoc } from './store';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { enforceRateLimit } from '../http/rateLimit';
import { readJsonObject, type HttpRequest } from '../http/request';
import { assertAccess, enrollmentCaller } from './access';
import { recomputedCredit, releasePreRegistrationCredit } from './preRegistrationCredit';
import { toPaise } from '@upskill/domain/common';
import { collection } from '../platform/collections';

/** The gateway orders of an enrollment: an edit voids the open one, which was for what the enrollment was. */
const orders = () => collection('orders');
import { offeringOf } from '@upskill/domain/batches';
import { batches } from '../batches/store';
import { candidateBatches, moveHold } from './seat';
import { storedFields, validEnrollment } from './input';
import { runTransaction } from '../http/transaction';
import { referralTermsOnEdit } from '../referrals/pricing';

/**
 * The declaration and the guardian are fixed at creation, like the e-mail: the guardian consented to
 * this enrollment as it was made. An enrollment from before the question may record "18 or older".
 */
function checkGuardianUnchanged(current: EnrollmentDoc, input: EnrollmentInput) {
  const { ageDeclaration, guardian } = normaliseGuardian(input);
  const same = current.ageDeclaration
    ? current.ageDeclaration === ageDeclaration &&
      (current.guardian?.name ?? null) === (guardian?.name ?? null) &&
      (current.guardian?.email ?? null) === (guardian?.email ?? null)
    : ageDeclaration === 'adult';
  if (!same) throw new HttpError('failed-precondition', GUARDIAN_MESSAGES.fixed, { ageDeclaration: GUARDIAN_MESSAGES.fixed });
}

function checkEditable(current: EnrollmentDoc, fields: { email: string }) {
  if (!isEditable(current.status)) {
    throw new HttpError(
      'failed-precondition',
      current.status === 'paid' ? 'This enrollment has been paid and can no longer be edited.' : 'This enrollment can no longer be edited.',
    );
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
async function needsMove(
  current: EnrollmentDoc,
  fields: EnrollmentDoc | ReturnType<typeof storedFields>,
  batchId: string | undefined,
): Promise<boolean> {
  if (batchId !== undefined) return batchId !== current.batchId;
  if (!current.batchId) return false;
  const held = (await withDeadline(batches().doc(current.batchId).get())).data();
  return !held || held.offering !== offeringOf(fields).slug || held.batchTime !== fields.preferredBatchTime;
}

export async function updateEnrollment(req: HttpRequest, id: string): Promise<EnrollmentRecord> {
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
  // The referral discount the enrollment was made with, and the owner's credits, on the edited price.
  const referred = await referralTermsOnEdit(current.referral ?? null, current.uid, {
    planId: fields.planId,
    email: fields.email,
    phone: fields.phone,
    pricePaise: toPaise(fields.price),
  });
  Object.assign(fields, { price: referred.pricePaise / 100, referral: referred.referral, referralCredits: referred.referralCredits });
  const credited = creditOnEdit(id, current, fields);

  if (await needsMove(current, fields, input.batchId)) {
    // The hold moves with the edit, atomically; an open gateway order was for what the enrollment was.
    const candidates = await candidateBatches(fields, input.batchId, nowMs);
    let lastError: unknown;
    for (const target of candidates) {
      try {
        await moveHold(ref, snap.updateTime, current, target, nowMs, { ...fields, order: null }, 'held', (wb) => {
          if (current.order) wb.update(orders().doc(current.order.id), { voided: true });
        });
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
    runTransaction(async (tx) => {
      const latest = (await tx.get(ref)).data();
      if (!latest) throw enrollmentNotFound();
      assertAccess(caller, latest, 'edit');
      checkEditable(latest, fields);
      if (latest.order) tx.update(orders().doc(latest.order.id), { voided: true });
      // The seat stays held as it is: its batch (and so its time) is unchanged.
      const keep = latest.batchId ? { preferredBatchTime: latest.preferredBatchTime } : {};
      tx.update(ref, {
        ...fields,
        ...keep,
        ageDeclaration: latest.ageDeclaration ?? 'adult',
        order: null,
        updatedAt: FieldValue.serverTimestamp(),
      });
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
