import { onInit } from 'firebase-functions/v2/core';
import { onRequest } from 'firebase-functions/v2/https';
import { handleContact } from './contact';
import { handleEnroll } from './enroll';
import { handleRazorpayWebhook } from './payments/webhook';
import { warmUpFirestore } from './platform/database';
import { RAZORPAY_SECRETS } from './platform/razorpay';

// Before an instance's first request, not during deploy analysis (where no database is reachable).
onInit(warmUpFirestore);

// Same-origin behind Hosting rewrites, so no CORS; maxInstances caps what abuse can cost.
const options = { region: 'us-central1', cors: false, maxInstances: 10, timeoutSeconds: 30, memory: '256MiB' } as const;

export const contact = onRequest(options, handleContact);
export const enroll = onRequest({ ...options, secrets: RAZORPAY_SECRETS }, handleEnroll);
/** Razorpay's webhook: /api/payments/razorpay. */
export const payments = onRequest({ ...options, secrets: RAZORPAY_SECRETS }, handleRazorpayWebhook);
