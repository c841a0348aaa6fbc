import type { StaffActionAnswer } from '@upskill/domain/staff';
import type { TeachingAnswer } from '@upskill/domain/teaching';
import { apiRequest } from '../../lib/api';

const auth = (idToken: string) => ({ Authorization: `Bearer ${idToken}` });

/** The instructor's batches; with a batch id (staff, from the console), that batch. */
export const fetchTeaching = (idToken: string, batchId: string | null, signal?: AbortSignal) =>
  apiRequest<TeachingAnswer>(`/api/teaching${batchId ? `?batch=${encodeURIComponent(batchId)}` : ''}`, {
    headers: auth(idToken),
    signal,
    retries: 2,
  });

/** More days for one learner on one assignment (0 takes the extension back), with the reason. */
export const extendDeadline = (idToken: string, enrollmentId: string, assignmentId: string, body: { days: number; reason: string }) =>
  apiRequest<StaffActionAnswer>(`/api/assignments/extensions/${encodeURIComponent(enrollmentId)}/${encodeURIComponent(assignmentId)}`, {
    method: 'POST',
    body,
    headers: auth(idToken),
  });

export type SessionAction = 'attendance' | 'recording' | 'reschedule' | 'cancel';
export const sessionAction = (idToken: string, sessionId: string, action: SessionAction, body: Record<string, unknown>) =>
  apiRequest<StaffActionAnswer>(`/api/teaching/sessions/${encodeURIComponent(sessionId)}/${action}`, {
    method: 'POST',
    body,
    headers: auth(idToken),
  });

/** The instructor's note on a learner of the at-risk list ("" clears it). */
export const noteAtRisk = (idToken: string, enrollmentId: string, note: string) =>
  apiRequest<StaffActionAnswer>(`/api/teaching/learners/${encodeURIComponent(enrollmentId)}/note`, {
    method: 'POST',
    body: { note },
    headers: auth(idToken),
  });
