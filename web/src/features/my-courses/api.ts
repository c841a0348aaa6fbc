import type {
  CalendarFeedAnswer,
  EnrollmentRecord,
  EnrollmentSummary,
  JoinAnswer,
  LearningAnswer,
  OrderCheckout,
  OrderCheckoutResult,
} from '@upskill/domain/enrollment';
import type { ReferralsAnswer } from '@upskill/domain/referrals';
import { ApiError, apiRequest } from '../../lib/api';

const auth = (idToken: string) => ({ Authorization: `Bearer ${idToken}` });

export function fetchMyEnrollments(idToken: string, signal?: AbortSignal) {
  // Reads, safe to send again: a busy answer (a moment's load) is retried before the page says it failed.
  return apiRequest<EnrollmentSummary[]>('/api/enroll', { headers: auth(idToken), signal, retries: 2 });
}

/** Takes a seat in a batch with a course credit (or the membership) of a paid plan: the new enrollment. */
export function spendCredit(idToken: string, enrollmentId: string, batchId: string) {
  // Safe to resend: a spend that did commit makes the same batch answer "already have a seat", never a second credit.
  return apiRequest<EnrollmentRecord>(`/api/enroll/${encodeURIComponent(enrollmentId)}/credits`, {
    method: 'POST',
    body: { batchId },
    headers: auth(idToken),
    retries: 2,
  });
}

/** The signed-in learner's batches, timetables and attendance, with the server's clock. */
export function fetchLearning(idToken: string, signal?: AbortSignal) {
  return apiRequest<LearningAnswer>('/api/learning', { headers: auth(idToken), signal, retries: 2 });
}

/** Records attendance and returns the meeting URL (only inside the join window, only for a confirmed seat). */
export function joinSession(idToken: string, sessionId: string) {
  return apiRequest<JoinAnswer>(`/api/sessions/${encodeURIComponent(sessionId)}/join`, { headers: auth(idToken) });
}

export function createCalendarFeed(idToken: string) {
  return apiRequest<CalendarFeedAnswer>('/api/calendar/feed', { method: 'POST', body: {}, headers: auth(idToken) });
}

export function revokeCalendarFeed(idToken: string) {
  return apiRequest<{ revoked: number }>('/api/calendar/feed', { method: 'DELETE', headers: auth(idToken) });
}

/** The batch's .ics file, as a download (the request needs the learner's token, so a plain link cannot fetch it). */
export async function downloadBatchCalendar(idToken: string, batchId: string): Promise<void> {
  const res = await fetch(`/api/calendar/batches/${encodeURIComponent(batchId)}.ics`, {
    headers: auth(idToken),
    signal: AbortSignal.timeout(15_000),
  }).catch(() => {
    throw new ApiError(0, 'Network error');
  });
  if (!res.ok) throw new ApiError(res.status, 'The calendar could not be downloaded. Please try again.');
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `upskill-${batchId}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The learner's referral link, their credit and the friends who used it (the link is made on first ask). */
export function fetchReferrals(idToken: string, signal?: AbortSignal) {
  return apiRequest<ReferralsAnswer>('/api/me/referrals', { headers: auth(idToken), signal, retries: 2 });
}

/** Switches a paid enrollment to a batch of another course (a plan: another programme) before its batch starts. */
/** A dearer course: the order for the difference (the new batch's seat is held meanwhile). Reopening it answers the same order. */
export function startSwitchCheckout(idToken: string, enrollmentId: string, batchId: string) {
  return apiRequest<OrderCheckout>(`/api/enroll/${encodeURIComponent(enrollmentId)}/switch/checkout`, {
    method: 'POST',
    body: { batchId },
    headers: auth(idToken),
  });
}

/** The difference paid in checkout: the server checks it with Razorpay and makes the switch (once, however often this is sent). */
export function confirmSwitchPayment(idToken: string, enrollmentId: string, result: OrderCheckoutResult) {
  // Only checkout's own fields are sent: the server refuses anything else.
  const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = result;
  return apiRequest<EnrollmentRecord>(`/api/enroll/${encodeURIComponent(enrollmentId)}/switch/payment`, {
    method: 'POST',
    body: { razorpay_order_id, razorpay_payment_id, razorpay_signature },
    headers: auth(idToken),
    retries: 2,
  });
}

export function switchCourse(idToken: string, enrollmentId: string, batchId: string) {
  // Safe to resend: a switch that did commit makes the same batch answer "this is the course you have", never a second move.
  return apiRequest<EnrollmentRecord>(`/api/enroll/${encodeURIComponent(enrollmentId)}/switch`, {
    method: 'POST',
    body: { batchId },
    headers: auth(idToken),
    retries: 2,
  });
}
