import type { DecodedIdToken } from 'firebase-admin/auth';
import type { EnrollmentSummary } from '@upskill/domain/enrollment';
import { HttpError } from '../http/errors';
import { enforceRateLimit } from '../http/rateLimit';
import type { HttpRequest } from '../http/request';
import { enrollmentsOwnedBy } from './access';
import { summary } from './store';

/** The most a learner's list returns: far more than anyone buys. */
const LIST_LIMIT = 100;

/** GET /api/enroll[?email=]: the signed-in caller's own enrollments, newest first (never anyone else's). */
export async function listOwnEnrollments(req: HttpRequest, caller: DecodedIdToken): Promise<EnrollmentSummary[]> {
  const asked = req.query.email;
  if (asked !== undefined) {
    const same = typeof asked === 'string' && caller.email !== undefined && asked.trim().toLowerCase() === caller.email.toLowerCase();
    if (!same) throw new HttpError('permission-denied', 'You can only list your own enrollments.');
  }
  await enforceRateLimit('enroll-list', req, caller.uid);

  const own = await enrollmentsOwnedBy(caller, LIST_LIMIT);
  return own.map((snap) => summary(snap)).sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
}
