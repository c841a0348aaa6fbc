import { onRequest } from 'firebase-functions/v2/https';
import { handleAccount } from '../endpoints/account';
import { handleBatches } from '../endpoints/batches';
import { handleMe } from '../endpoints/me';
import { handleContact } from '../endpoints/contact';
import { handleEnroll } from '../endpoints/enroll';
import { NEWSLETTER_LINK_SECRET } from '../mail/newsletterLinks';
import { handleNewsletter } from '../endpoints/newsletter';
import { handleRazorpayWebhook } from '../endpoints/payments';
import { handleStaff } from '../endpoints/staff';
import { handleLearning } from '../endpoints/learning';
import { handleCertificates } from '../endpoints/certificates';
import { handleMentoring } from '../endpoints/mentoring';
import { handleAssignments } from '../endpoints/assignments';
import { handleSupport } from '../endpoints/support';
import { handleQa } from '../endpoints/qa';
import { handleTeam } from '../endpoints/team';
import { RAZORPAY_SECRETS } from '../platform/razorpay';
import { CONSENT_ADDRESS_SECRET } from '../consents/addressHash';
import { BADGE_SIGNING_KEY } from '../certificates/badge';
import { REGION } from './region';

// The HTTP functions Hosting rewrites /api/** to (firebase.json); each one's routes are a table in endpoints/.

// Same-origin behind Hosting rewrites, so no CORS; maxInstances caps what abuse can cost.
const options = { region: REGION, cors: false, maxInstances: 10, timeoutSeconds: 30, memory: '256MiB' } as const;

export const contact = onRequest(options, handleContact);
export const enroll = onRequest({ ...options, secrets: RAZORPAY_SECRETS }, handleEnroll);
/** Razorpay's webhook: /api/payments/razorpay. */
export const payments = onRequest({ ...options, secrets: RAZORPAY_SECRETS }, handleRazorpayWebhook);
/** /api/newsletter: sign-up, confirm and unsubscribe links. */
export const newsletter = onRequest({ ...options, secrets: [NEWSLETTER_LINK_SECRET, CONSENT_ADDRESS_SECRET] }, handleNewsletter);
/** The staff console's changes: /api/staff/** (staff claim checked on every call). */
export const staff = onRequest({ ...options, secrets: RAZORPAY_SECRETS }, handleStaff);
/** Batches: the public listing and summary (CDN-cached a minute) and waitlist sign-ups. */
export const batches = onRequest(options, handleBatches);
/** The learner's side of live classes: /api/learning, /api/sessions/{id}/join, /api/calendar/**. */
export const learning = onRequest(options, handleLearning);
/** Certificates, checkable by anyone: /certificates/{code} (a page with no script), /api/certificates/{code}[.pdf]. */
export const certificates = onRequest({ ...options, secrets: [BADGE_SIGNING_KEY] }, handleCertificates);
/** Account mail: "Forgot password?", verification mail, and the links' exchange: /api/account/**. */
export const account = onRequest({ ...options, secrets: [CONSENT_ADDRESS_SECRET] }, handleAccount);
/** The learner's own data: /api/me and /api/me/** (export, consents, sign out everywhere, delete the account). */
export const me = onRequest({ ...options, secrets: [CONSENT_ADDRESS_SECRET] }, handleMe);
/** Mentoring: /api/mentoring and /api/mentoring/** (bookings, the mentor's desk, placement requests). */
export const mentoring = onRequest(options, handleMentoring);
/** Graded assignments: /api/assignments and /api/assignments/** (submissions, the review queue, extensions). */
export const assignments = onRequest(options, handleAssignments);
/** Support requests, the learner's side: /api/support and /api/support/** (the team's is /api/staff/support). */
export const support = onRequest(options, handleSupport);
/** The mentor Q&A forum: /api/qa and /api/qa/** (the mail's unfollow link is signed with the mail links' secret). */
export const qa = onRequest({ ...options, secrets: [NEWSLETTER_LINK_SECRET] }, handleQa);
/** Teams and campuses: /api/organisations, /api/team and /api/team/** (an admin's organisation), /api/seats/** (claiming a seat). */
export const team = onRequest({ ...options, secrets: RAZORPAY_SECRETS }, handleTeam);
