import type { EnrollmentRecord } from '@upskill/domain/enrollment';
import { enforceRateLimit } from '../http/rateLimit';
import type { HttpRequest } from '../http/request';
import { assertAccess, enrollmentCaller } from './access';
import { loadEnrollment, publicRecord } from './store';

/** GET /api/enroll/{id}: the record (the receipt page), for whoever may pay it. */
export async function readEnrollment(req: HttpRequest, id: string): Promise<EnrollmentRecord> {
  const caller = await enrollmentCaller(req, 'Viewing');
  await enforceRateLimit('enroll-read', req, caller.account?.uid);
  const { snap, doc } = await loadEnrollment(id);
  assertAccess(caller, doc, 'view');
  return publicRecord(snap);
}
