import type {
  AssignmentsAnswer,
  ReviewDetailAnswer,
  ReviewQueueAnswer,
  SubmitAnswer,
  ReviewInput,
  SubmissionInput,
} from '@upskill/domain/assignments';
import { apiRequest, bearerHeader } from '../../lib/api';

export type Signed = { getIdToken(): Promise<string> };
const id = (value: string) => encodeURIComponent(value);

export const fetchAssignments = async (user: Signed, signal?: AbortSignal) =>
  apiRequest<AssignmentsAnswer>('/api/assignments', { headers: await bearerHeader(user), signal, retries: 2 });

// Not retried: a second attempt while the first awaits review is refused, so a resend could only confuse.
export const submitWork = async (user: Signed, enrollmentId: string, assignmentId: string, body: SubmissionInput) =>
  apiRequest<SubmitAnswer>(`/api/assignments/${id(enrollmentId)}/${id(assignmentId)}/submissions`, {
    method: 'POST',
    body,
    headers: await bearerHeader(user),
  });

export const fetchQueue = async (user: Signed, signal?: AbortSignal) =>
  apiRequest<ReviewQueueAnswer>('/api/assignments/reviews', { headers: await bearerHeader(user), signal, retries: 2 });

export const fetchReview = async (user: Signed, submissionId: string, signal?: AbortSignal) =>
  apiRequest<ReviewDetailAnswer>(`/api/assignments/reviews/${id(submissionId)}`, { headers: await bearerHeader(user), signal, retries: 2 });

export const saveReview = async (user: Signed, submissionId: string, body: ReviewInput) =>
  apiRequest<ReviewDetailAnswer>(`/api/assignments/reviews/${id(submissionId)}`, {
    method: 'POST',
    body,
    headers: await bearerHeader(user),
  });
