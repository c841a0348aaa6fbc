import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils';
import {
  purchaseTitle,
  isSubscriptionPlan,
  promiseText,
  subscriptionTerms,
  trialEndsAt,
  type SubscriptionTerms,
} from '@upskill/domain/enrollment';
import { logger } from 'firebase-functions';
import type { SubscriptionSnapshot, EnrollmentRecord, SubscriptionCheckout } from '@upskill/domain/enrollment';
import { COMPANY } from '@upskill/domain/common';
import { subscriptionResultSchema } from '@upskill/domain/forms';
import { assertAccess, type EnrollmentCaller } from '../enrollment/access';
import { loadEnrollment, publicRecord, type EnrollmentDoc } from '../enrollment/store';
import { enforceRateLimit } from '../http/rateLimit';
import type { HttpRequest } from '../http/request';
import { validateBody } from '../http/validate';
import { RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, gatewayError, razorpay } from '../platform/razorpay';
import { applySubscription } from './apply';
import { HttpError } from '../http/errors';
import { gatewayUnavailable } from '../payments/gatewayCalls';
import { withDeadline } from '../http/handler';
import { readSubscription } from './gatewaySubscription';
import { PLAN_PARAMS } from './plans';

// The subscription behind an Elite or Pre Registration enrollment: made at checkout, verified when the
// browser reports the authorisation. Everything after goes through apply.ts. See decision 0017.

export interface StartedSubscription {
  subscriptionId: string;
  terms: SubscriptionTerms;
  /** "₹0 today · ₹15,999 on 8 December 2026, then every year · cancel any time before" */
  promise: string;
  firstChargeAtMs: number;
}

/**
 * Creates the Razorpay subscription for an enrollment of a recurring plan: the configured plan for its price
 * (DISCOUNT20 or not), `start_at` at the trial's end so nothing is charged before, and the enrollment's id in
 * the notes (how a webhook finds it). Terms come from the domain and the stored enrollment, never the client.
 */
export async function createSubscription(enrollmentId: string, doc: EnrollmentDoc, nowMs: number): Promise<StartedSubscription> {
  if (!isSubscriptionPlan(doc.planId)) throw new HttpError('failed-precondition', 'This plan is paid once, not by subscription.');
  const terms = subscriptionTerms(doc.planId, doc.couponApplied ? 'DISCOUNT20' : null);
  const planId = PLAN_PARAMS[terms.gatewayPlan].value();
  if (!planId) {
    logger.error('subscription: no Razorpay plan configured', { key: terms.gatewayPlan });
    throw gatewayUnavailable();
  }
  // Razorpay counts in whole seconds: the promise names the very instant it was given.
  const firstChargeAtMs = Math.floor(trialEndsAt(nowMs, terms.trialDays) / 1000) * 1000;
  try {
    const created = await withDeadline(
      razorpay().subscriptions.create({
        plan_id: planId,
        total_count: terms.totalCount,
        start_at: Math.floor(firstChargeAtMs / 1000),
        customer_notify: 0,
        notes: { enrollmentId, plan: terms.planName },
      }),
    );
    return { subscriptionId: created.id, terms, promise: promiseText(terms, firstChargeAtMs), firstChargeAtMs };
  } catch (err) {
    if (err instanceof HttpError) throw err;
    logger.error('subscription: the gateway refused to create it', { enrollmentId, ...gatewayError(err) });
    throw gatewayUnavailable();
  }
}

/**
 * The browser's report of an authorised subscription, trusted only when its signature is
 * HMAC(`payment_id|subscription_id`) with the key secret and the gateway's own subscription, fetched now,
 * belongs to this enrollment and is authorised (or already charged).
 */
export async function verifyAuthorisation(
  enrollmentId: string,
  report: { paymentId: string; subscriptionId: string; signature: string },
): Promise<SubscriptionSnapshot> {
  const signed = validatePaymentVerification(
    { subscription_id: report.subscriptionId, payment_id: report.paymentId },
    report.signature,
    RAZORPAY_KEY_SECRET.value(),
  );
  if (!signed) throw new HttpError('invalid-argument', 'We could not verify this authorisation.');
  let entity: unknown;
  try {
    entity = await withDeadline(razorpay().subscriptions.fetch(report.subscriptionId));
  } catch (err) {
    if (err instanceof HttpError) throw err;
    logger.error('subscription: the gateway did not return it', { enrollmentId, ...gatewayError(err) });
    throw gatewayUnavailable();
  }
  const snapshot = readSubscription(entity);
  const notes = (entity as { notes?: Record<string, unknown> } | null)?.notes;
  if (!snapshot || notes?.enrollmentId !== enrollmentId) throw new HttpError('invalid-argument', 'We could not verify this authorisation.');
  if (snapshot.status === 'created')
    throw new HttpError('failed-precondition', 'The authorisation did not go through. Nothing was charged; please try again.');
  return snapshot;
}

/** POST /api/enroll/{id}/checkout for a plan with a free trial: a subscription to authorise, and its promise. */
export async function subscriptionCheckout(id: string, doc: EnrollmentDoc, nowMs: number): Promise<SubscriptionCheckout> {
  const started = await createSubscription(id, doc, nowMs);
  return {
    kind: 'subscription',
    subscriptionId: started.subscriptionId,
    keyId: RAZORPAY_KEY_ID.value(),
    enrollmentId: id,
    description: `${purchaseTitle(doc)} · ${COMPANY.name}`,
    prefill: { name: doc.name, email: doc.email, contact: doc.phone },
    promise: started.promise,
    firstChargeAt: new Date(started.firstChargeAtMs).toISOString(),
    firstChargeAmount: started.terms.amountPaise / 100,
  };
}

/**
 * POST /api/enroll/{id}/payment with `razorpay_subscription_id`: the browser's report that the learner
 * authorised the subscription. Starts the free trial (nothing charged) once; a repeat answers the record.
 */
export async function confirmAuthorisation(
  req: HttpRequest,
  id: string,
  caller: EnrollmentCaller,
  body: Record<string, unknown>,
): Promise<EnrollmentRecord> {
  const result = await validateBody(subscriptionResultSchema, body, 'The authorisation result is not valid.');
  const report = {
    paymentId: result.razorpay_payment_id,
    subscriptionId: result.razorpay_subscription_id,
    signature: result.razorpay_signature,
  };
  // The signature first: a forged report costs one HMAC and never reaches the database.
  if (
    !validatePaymentVerification(
      { subscription_id: report.subscriptionId, payment_id: report.paymentId },
      report.signature,
      RAZORPAY_KEY_SECRET.value(),
    )
  ) {
    throw new HttpError('invalid-argument', 'We could not verify this authorisation.');
  }
  await enforceRateLimit('payment-confirm', req, caller.account?.uid);
  const { ref, doc } = await loadEnrollment(id);
  assertAccess(caller, doc, 'pay');
  if (doc.subscription?.id !== report.subscriptionId) {
    if (doc.status !== 'pending_payment') throw new HttpError('failed-precondition', 'This enrollment can no longer be paid.');
    const snapshot = await verifyAuthorisation(id, report);
    const applied = await withDeadline(applySubscription({ enrollmentId: id, snapshot, reporter: { by: 'checkout' }, atMs: Date.now() }));
    if (applied.result !== 'applied')
      throw new HttpError('failed-precondition', 'This enrollment already has a subscription. Contact us with your enrollment id.');
  }
  return publicRecord(await withDeadline(ref.get()));
}
