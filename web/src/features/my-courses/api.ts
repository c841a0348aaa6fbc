import type { EnrollmentSummary } from '@upskill/domain/api';
import { apiRequest } from '../../lib/api';

export function fetchMyEnrollments(idToken: string, signal?: AbortSignal) {
  return apiRequest<EnrollmentSummary[]>('/api/enroll', { headers: { Authorization: `Bearer ${idToken}` }, signal });
}
