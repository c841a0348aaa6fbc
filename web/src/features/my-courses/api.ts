import { apiRequest } from '../../lib/api';

export interface PurchasedEnrollment {
  id: string;
  planName: string;
  interestedCourse: string;
  preferredBatchTime: string;
  price: number;
  createdAt: string | null;
  status: string;
}

export function fetchMyEnrollments(idToken: string, signal?: AbortSignal) {
  return apiRequest<PurchasedEnrollment[]>('/api/enroll', { headers: { Authorization: `Bearer ${idToken}` }, signal });
}
