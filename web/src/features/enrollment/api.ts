import type { CreatedEnrollment, EnrollmentRecord } from '@upskill/domain/enrollment';
import type { EnrollmentRequest } from '@upskill/domain/forms';
import { apiRequest } from '../../lib/api';

export type { EnrollmentRecord };

interface Credentials {
  idToken?: string;
  editToken?: string;
  idempotencyKey?: string;
}

export function createEnrollment(payload: EnrollmentRequest, { idToken, idempotencyKey }: Credentials) {
  return apiRequest<CreatedEnrollment>('/api/enroll', {
    method: 'POST',
    body: payload,
    headers: { Authorization: idToken && `Bearer ${idToken}`, 'Idempotency-Key': idempotencyKey },
  });
}

export function updateEnrollment(id: string, payload: EnrollmentRequest, { idToken, editToken }: Credentials) {
  return apiRequest<EnrollmentRecord>(`/api/enroll/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: payload,
    headers: { Authorization: idToken && `Bearer ${idToken}`, 'X-Edit-Token': editToken },
  });
}
