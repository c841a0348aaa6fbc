import type {
  CareerAnswer,
  CareerDeskAnswer,
  CareerDeskDetail,
  CareerReviewItem,
  CareerReviewKind,
  CareerVerdict,
  CheckMark,
  JobApplicationView,
  JobTrackerAnswer,
} from '@upskill/domain/career';
import { apiRequest, bearerHeader } from '../../lib/api';

type Signed = { getIdToken(): Promise<string> };
const id = (value: string) => encodeURIComponent(value);

export interface CareerSubmission {
  enrollmentId: string;
  kind: CareerReviewKind;
  link: string;
  targetRole: string;
  postingLink: string | null;
}

export const fetchCareer = async (user: Signed, signal?: AbortSignal) =>
  apiRequest<CareerAnswer>('/api/mentoring/career', { headers: await bearerHeader(user), signal, retries: 2 });

export const submitReview = async (user: Signed, body: CareerSubmission) =>
  apiRequest<CareerReviewItem>('/api/mentoring/career/reviews', { method: 'POST', body, headers: await bearerHeader(user), retries: 2 });

export const sendVersion = async (user: Signed, reviewId: string, body: Omit<CareerSubmission, 'enrollmentId' | 'kind'>) =>
  apiRequest<CareerReviewItem>(`/api/mentoring/career/reviews/${id(reviewId)}/versions`, {
    method: 'POST',
    body,
    headers: await bearerHeader(user),
    // A busy answer (503) wrote nothing (decision 0028): sent again.
    retries: 2,
  });

// The reviewer's side.
export const fetchCareerDesk = async (user: Signed, signal?: AbortSignal) =>
  apiRequest<CareerDeskAnswer>('/api/mentoring/career/desk', { headers: await bearerHeader(user), signal, retries: 2 });

export const fetchCareerDetail = async (user: Signed, reviewId: string, signal?: AbortSignal) =>
  apiRequest<CareerDeskDetail>(`/api/mentoring/career/desk/${id(reviewId)}`, { headers: await bearerHeader(user), signal, retries: 2 });

export interface CareerReviewBody {
  checks: { id: string; mark: CheckMark; comment: string }[];
  summary: string;
  firstChanges: string[];
  verdict: CareerVerdict;
  release: boolean;
}

export const saveCareerReview = async (user: Signed, reviewId: string, body: CareerReviewBody) =>
  // Safe to resend: it sets the review to these words; a released one refuses any change.
  apiRequest<CareerDeskDetail>(`/api/mentoring/career/desk/${id(reviewId)}/review`, {
    method: 'PUT',
    body,
    headers: await bearerHeader(user),
  });

// The job-search tracker (Platinum, Elite).
export type ApplicationBody = Omit<JobApplicationView, 'id' | 'updatedAt'>;

export const fetchTracker = async (user: Signed, signal?: AbortSignal) =>
  apiRequest<JobTrackerAnswer>('/api/mentoring/career/applications', { headers: await bearerHeader(user), signal, retries: 2 });

export const addApplication = async (user: Signed, body: ApplicationBody, idempotencyKey: string) =>
  // Keyed: a resend after a busy answer finds the application the first one made.
  apiRequest<JobApplicationView>('/api/mentoring/career/applications', {
    method: 'POST',
    body,
    headers: { ...(await bearerHeader(user)), 'Idempotency-Key': idempotencyKey },
    retries: 2,
  });

export const updateApplication = async (user: Signed, applicationId: string, body: ApplicationBody) =>
  apiRequest<JobApplicationView>(`/api/mentoring/career/applications/${id(applicationId)}`, {
    method: 'PUT',
    body,
    headers: await bearerHeader(user),
    retries: 2,
  });

export const deleteApplication = async (user: Signed, applicationId: string) =>
  apiRequest<{ deleted: string }>(`/api/mentoring/career/applications/${id(applicationId)}`, {
    method: 'DELETE',
    headers: await bearerHeader(user),
    retries: 2,
  });
