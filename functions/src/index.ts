import { onInit } from 'firebase-functions/v2/core';
import { onRequest } from 'firebase-functions/v2/https';
import { onDocumentCreated, onDocumentDeleted } from 'firebase-functions/v2/firestore';
import { handleAccount } from './endpoints/account';
import { processAccountRequest } from './account/trigger';
import { handleBatches } from './endpoints/batches';
import { handleMe } from './endpoints/me';
import { offerLapsedSeats, offerReleasedSeat } from './batches/trigger';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { handleContact } from './endpoints/contact';
import { handleEnroll } from './endpoints/enroll';
import { sendQueuedMail } from './mail/sender';
import { NEWSLETTER_LINK_SECRET } from './mail/newsletterLinks';
import { handleNewsletter } from './endpoints/newsletter';
import { handleRazorpayWebhook } from './endpoints/payments';
import { handleStaff } from './endpoints/staff';
import { handleLearning } from './endpoints/learning';
import { runReminders } from './learning/reminders';
import { handleCertificates } from './endpoints/certificates';
import { reconcilePayments } from './payments/reconcile';
import { runCompletions } from './certificates/issue';
import { SMTP_PASSWORD } from './platform/mailer';
import { warmUpFirestore } from './platform/database';
import { recordQueriesInTheEmulator } from './platform/queryRecorder';
import { RAZORPAY_SECRETS } from './platform/razorpay';
import { CONSENT_ADDRESS_SECRET } from './consents/addressHash';

// The test suite's record of every query, checked against firestore.indexes.json (emulator only).
recordQueriesInTheEmulator();

// Before an instance's first request, not during deploy analysis (where no database is reachable).
onInit(warmUpFirestore);

// Same-origin behind Hosting rewrites, so no CORS; maxInstances caps what abuse can cost.
const options = { region: 'us-central1', cors: false, maxInstances: 10, timeoutSeconds: 30, memory: '256MiB' } as const;

export const contact = onRequest(options, handleContact);
export const enroll = onRequest({ ...options, secrets: RAZORPAY_SECRETS }, handleEnroll);
/** Razorpay's webhook: /api/payments/razorpay. */
export const payments = onRequest({ ...options, secrets: RAZORPAY_SECRETS }, handleRazorpayWebhook);
/** /api/newsletter: sign-up, confirm and unsubscribe links. */
export const newsletter = onRequest({ ...options, secrets: [NEWSLETTER_LINK_SECRET, CONSENT_ADDRESS_SECRET] }, handleNewsletter);
/** The staff console's changes: /api/staff/** (staff claim checked on every call). */
export const staff = onRequest({ ...options, secrets: RAZORPAY_SECRETS }, handleStaff);
/** The outbox's sender: renders and sends each queued mail/{id} over SMTP; retried by the platform while it fails. */
export const sendMail = onDocumentCreated(
  {
    document: 'mail/{id}',
    region: 'us-central1',
    maxInstances: 10,
    timeoutSeconds: 120,
    memory: '256MiB',
    retry: true,
    secrets: [SMTP_PASSWORD, NEWSLETTER_LINK_SECRET],
  },
  sendQueuedMail,
);
/** Batches: the public listing and summary (CDN-cached a minute) and waitlist sign-ups. */
export const batches = onRequest(options, handleBatches);
/** A freed seat goes to the first person on its batch's waitlist. */
export const seatReleased = onDocumentDeleted(
  { document: 'seats/{id}', region: 'us-central1', maxInstances: 10, timeoutSeconds: 60, memory: '256MiB', retry: true },
  offerReleasedSeat,
);
/** Holds lapse without a write: every 10 minutes, batches with people waiting offer any seat that has come free. */
export const waitlistSweep = onSchedule(
  { schedule: 'every 10 minutes', region: 'us-central1', maxInstances: 1, timeoutSeconds: 300, memory: '256MiB' },
  offerLapsedSeats,
);
/** The learner's side of live classes: /api/learning, /api/sessions/{id}/join, /api/calendar/**. */
export const learning = onRequest(options, handleLearning);
/**
 * Reminders: the day before a batch starts and up to an hour before each session, one mail per learner
 * each however often this runs (reminders/{id} is created with its mail). The job itself is a plain
 * function: `npm run jobs -- reminders` runs it now.
 */
export const reminderSweep = onSchedule(
  { schedule: 'every 15 minutes', region: 'us-central1', maxInstances: 1, timeoutSeconds: 300, memory: '256MiB' },
  async (event) => {
    await runReminders(Date.parse(event.scheduleTime) || Date.now());
  },
);
/** Certificates, checkable by anyone: /certificates/{code} (a page with no script), /api/certificates/{code}[.pdf]. */
export const certificates = onRequest(options, handleCertificates);
/** Batches whose last session has ended are completed and their certificates issued (once, however often this runs). */
export const completionSweep = onSchedule(
  { schedule: 'every 1 hours', region: 'us-central1', maxInstances: 1, timeoutSeconds: 540, memory: '512MiB' },
  async (event) => {
    await runCompletions(Date.parse(event.scheduleTime) || Date.now());
  },
);
/**
 * Payments no one reported (a missed or disabled webhook, a closed tab) are found at the gateway and
 * applied once, invoice and all: `npm run jobs -- reconcile` runs it now.
 */
export const paymentReconciler = onSchedule(
  {
    schedule: 'every 10 minutes',
    region: 'us-central1',
    maxInstances: 1,
    timeoutSeconds: 300,
    memory: '256MiB',
    secrets: RAZORPAY_SECRETS,
  },
  async (event) => {
    await reconcilePayments(Date.parse(event.scheduleTime) || Date.now());
  },
);
/** Account mail: "Forgot password?", verification mail, and the links' exchange: /api/account/**. */
export const account = onRequest({ ...options, secrets: [CONSENT_ADDRESS_SECRET] }, handleAccount);
/** A reset or verification mail asked for: the account is looked up and its mail queued, once. */
export const accountRequest = onDocumentCreated(
  { document: 'accountRequests/{id}', region: 'us-central1', maxInstances: 10, timeoutSeconds: 60, memory: '256MiB', retry: true },
  processAccountRequest,
);
/** The learner's own data: /api/me and /api/me/** (export, consents, sign out everywhere, delete the account). */
export const me = onRequest({ ...options, secrets: [CONSENT_ADDRESS_SECRET] }, handleMe);
