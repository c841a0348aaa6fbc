import { FieldValue } from 'firebase-admin/firestore';
import type { EnrollmentRecord } from '@upskill/domain/enrollment';
import { billingSchema } from '@upskill/domain/forms';
import { OUTSIDE_INDIA, billingProblems, normalizeGstin, type BillingDetails } from '@upskill/domain/tax';
import { assertAccess, enrollmentCaller } from '../enrollment/access';
import { enrollmentNotFound, enrollments, publicRecord } from '../enrollment/store';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { enforceRateLimit } from '../http/rateLimit';
import { readJsonObject, type HttpRequest } from '../http/request';
import { validateBody } from '../http/validate';
import { runTransaction } from '../http/transaction';

const INVALID = 'Please check your billing details.';

/**
 * PUT /api/enroll/{id}/billing: where the buyer is, and a business's GSTIN, for the tax invoice. The
 * GSTIN's format, checksum and state are checked here (its state decides the tax), and the details can
 * change only until the enrollment is paid: after that they are what its invoice says.
 */
export async function saveBilling(req: HttpRequest, id: string): Promise<EnrollmentRecord> {
  const body = readJsonObject(req);
  const caller = await enrollmentCaller(req, 'Editing');
  const input = await validateBody(billingSchema, body, INVALID);
  const abroad = input.state === OUTSIDE_INDIA;
  const gstin = input.gstin?.trim() ? normalizeGstin(input.gstin) : null;
  const billing: BillingDetails = {
    state: input.state,
    country: abroad ? (input.country?.trim() ?? null) : null,
    gstin,
    businessName: gstin ? (input.businessName?.trim() ?? null) : null,
  };
  const problems = billingProblems(billing);
  if (Object.keys(problems).length > 0) throw new HttpError('invalid-argument', INVALID, problems);
  await enforceRateLimit('enroll-edit', req, caller.account?.uid);

  const ref = enrollments().doc(id);
  await withDeadline(
    runTransaction(async (tx) => {
      const doc = (await tx.get(ref)).data();
      if (!doc) throw enrollmentNotFound();
      assertAccess(caller, doc, 'edit');
      if (doc.status !== 'pending_payment') {
        throw new HttpError(
          'failed-precondition',
          'The billing details of a paid enrollment are fixed: they are printed on its tax invoice.',
        );
      }
      tx.update(ref, { billing, updatedAt: FieldValue.serverTimestamp() });
    }),
  );
  return publicRecord(await withDeadline(ref.get()));
}
