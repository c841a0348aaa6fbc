import type { CheckoutAnswer, CheckoutResult, EnrollmentRecord } from '@upskill/domain/enrollment';
import type { GuardianSummary } from '@upskill/domain/account';
import type { BillingDetails } from '@upskill/domain/tax';
import { apiRequest } from '../../lib/api';

/** Who is paying: the browser holding the enrollment's edit token, or a signed-in owner. */
export interface PaymentCredentials {
  editToken?: string;
  getIdToken?: () => Promise<string>;
}

/** The caller's credentials as request headers: the edit token when the browser has it, else the owner's ID token. */
export async function credentialHeaders({ editToken, getIdToken }: PaymentCredentials) {
  const idToken = editToken ? undefined : await getIdToken?.();
  return { 'X-Edit-Token': editToken, Authorization: idToken && `Bearer ${idToken}` };
}

const enrollmentUrl = (id: string, action = '') => `/api/enroll/${encodeURIComponent(id)}${action}`;

export async function startCheckout(id: string, credentials: PaymentCredentials) {
  return apiRequest<CheckoutAnswer>(enrollmentUrl(id, '/checkout'), {
    method: 'POST',
    body: {},
    headers: await credentialHeaders(credentials),
  });
}

export async function confirmPayment(id: string, result: CheckoutResult, credentials: PaymentCredentials) {
  // Only checkout's own fields are sent: the server refuses anything else.
  const body: CheckoutResult =
    'razorpay_subscription_id' in result
      ? {
          razorpay_subscription_id: result.razorpay_subscription_id,
          razorpay_payment_id: result.razorpay_payment_id,
          razorpay_signature: result.razorpay_signature,
        }
      : {
          razorpay_order_id: result.razorpay_order_id,
          razorpay_payment_id: result.razorpay_payment_id,
          razorpay_signature: result.razorpay_signature,
        };
  // The learner has paid by now: a busy server must not turn that into an error on screen. The same
  // payment reported again is recognised by its ids and answered with the record it already made paid.
  // Two retries bound the wait on "Confirming…" to about 25 s when the server is down (8 s budget each).
  // The enrollment form does not retry: its visitor is told at once and presses again, with the same key.
  return apiRequest<EnrollmentRecord>(enrollmentUrl(id, '/payment'), {
    method: 'POST',
    body,
    headers: await credentialHeaders(credentials),
    retries: 2,
  });
}

/**
 * Cancels the enrollment's subscription (at the cycle's end; at once in the free trial, never charged).
 * Sent again after a busy answer: the server answers a repeat with the record the first one made, also
 * when that first one reached Razorpay but its answer was lost.
 */
export async function cancelSubscription(id: string, credentials: PaymentCredentials) {
  return apiRequest<EnrollmentRecord>(enrollmentUrl(id, '/cancel'), {
    method: 'POST',
    body: {},
    headers: await credentialHeaders(credentials),
    retries: 2,
  });
}

export async function fetchEnrollment(id: string, credentials: PaymentCredentials, signal?: AbortSignal) {
  return apiRequest<EnrollmentRecord>(enrollmentUrl(id), { headers: await credentialHeaders(credentials), signal });
}

export async function saveBilling(id: string, billing: BillingDetails, credentials: PaymentCredentials) {
  return apiRequest<EnrollmentRecord>(enrollmentUrl(id, '/billing'), {
    method: 'PUT',
    body: billing,
    headers: await credentialHeaders(credentials),
  });
}

/** Mails a minor's guardian the consent link again (a new link; the old one stops working). */
export async function resendGuardianMail(id: string, credentials: PaymentCredentials) {
  return apiRequest<GuardianSummary>(enrollmentUrl(id, '/guardian'), {
    method: 'POST',
    body: {},
    headers: await credentialHeaders(credentials),
  });
}
