import type { Milestone } from '../learning';
import type { WorkState } from '../assignments';
import type { BatchStatus } from '../batches';
import type { PurchaseLine } from './purchase';
import type { SessionStatus } from '../learning';
import type { LearnerCertificate } from '../certificates';
import type { BatchTime, InterestedCourse } from '../common';
import type { BillingDetails, TaxDocumentSummary } from '../tax';
import type { SubscriptionState } from './subscriptions';
import type { CreditBalance } from './entitlements';
import type { AgeDeclaration, GuardianSummary } from '../account';
import type { StarterSummary } from '../starter';

/**
 * The API's record types, declared once: the functions build them, the site and the tests read them.
 * Adding a field to the enrollment record is one edit here that the compiler carries everywhere.
 */

/**
 * Where an enrollment is in its life. Only a pending enrollment can be edited or paid; a payment moves
 * it to paid, a refund of that payment to refunded. A plan with a free trial (a subscription) moves to
 * `trial` when the learner authorises it, with nothing charged, and to paid at its first charge.
 * A seat an organisation paid for is `paid` from its claim, and `ended` when the organisation removes the member.
 * Nothing moves it back.
 */
export const ENROLLMENT_STATUSES = ['pending_payment', 'trial', 'paid', 'refunded', 'ended'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];
export const INITIAL_ENROLLMENT_STATUS: EnrollmentStatus = 'pending_payment';
/** How each status is shown: My Courses, the staff console and the staff actions' messages. */
export const ENROLLMENT_STATUS_LABELS: Record<EnrollmentStatus, string> = {
  pending_payment: 'Awaiting payment',
  trial: 'Free trial',
  paid: 'Paid',
  refunded: 'Refunded',
  ended: 'Seat ended',
};
/** A learner with a place: paid, or in a free trial (whose subscription then decides until when). */
export const holdsPlace = (status: EnrollmentStatus): boolean => status === 'paid' || status === 'trial';
export const isEditable = (status: EnrollmentStatus): boolean => status === INITIAL_ENROLLMENT_STATUS;

/** The payment that paid an enrollment, as the gateway reported it. */
export interface PaymentDetails {
  /** The gateway's ids (Razorpay `pay_…` and `order_…`). */
  paymentId: string;
  orderId: string;
  /** The gateway's method code: card, upi, netbanking, wallet, emi, paylater. */
  method: string;
  /** In rupees, as charged. */
  amount: number;
  paidAt: string;
}

/** A refund of the enrollment's payment. */
export interface RefundDetails {
  refundId: string;
  amount: number;
  refundedAt: string;
}

/** What an enrollment is, as both the API record and the stored document (documents.ts) hold it. */
export interface EnrollmentFields {
  name: string;
  collegeName: string;
  email: string;
  phone: string;
  interestedCourse: InterestedCourse;
  preferredBatchTime: BatchTime;
  planName: string;
  planId: string | null;
  courseId: number | null;
  /** The courses of a Custom plan enrollment, else null. */
  courseIds: number[] | null;
  price: number;
  listPrice: number;
  couponApplied: boolean;
  features: string[];
  status: EnrollmentStatus;
}

/** An enrollment as the API returns it (POST, PUT, GET /{id}). */
export interface EnrollmentRecord extends EnrollmentFields {
  id: string;
  /** The batch it holds or has a seat in (null for enrollments made before batches existed). */
  batchId: string | null;
  /** ISO instant until which an unpaid enrollment's seat is held, else null. */
  holdUntil: string | null;
  payment: PaymentDetails | null;
  refund: RefundDetails | null;
  /** Where the buyer is and any GSTIN (PUT /api/enroll/{id}/billing), else null. */
  billing: BillingDetails | null;
  /** The tax invoice of its payment and the credit note of its refund, with their tax breakup. */
  invoice: TaxDocumentSummary | null;
  creditNote: TaxDocumentSummary | null;
  /** The subscription of a plan with a free trial, once authorised; else null. */
  subscription: SubscriptionSummary | null;
  /** Course credits to spend (a plan with credits, the membership), else null. */
  credits: CreditBalance | null;
  /** Made with a credit or the membership of that enrollment, else null. */
  coveredBy: { enrollmentId: string; kind: 'credit' | 'membership' } | null;
  /** A Pre Registration's fee taken off `price` (rupees), else null. */
  preRegistrationCredit: { enrollmentId: string; paid: number; amount: number } | null;
  /** A referral link's discount taken off `price` (rupees) and whose link it was (first name), else null. */
  referral: { referrer: string | null; discount: number } | null;
  /** Referral credits taken off `price`: how many and rupees, else null. */
  referralCredits: { count: number; amount: number } | null;
  /** The form's age declaration (null on enrollments made before it was asked). */
  ageDeclaration: AgeDeclaration | null;
  /** Under 18: whom we asked for consent, and their answer; checkout opens once it is given. */
  guardian: GuardianSummary | null;
  createdAt: string | null;
  updatedAt: string | null;
}

/** POST /api/enroll/{id}/credits: spend a credit (or the membership) on a batch of any course. */
export interface SpendCreditRequest {
  batchId: string;
}

/** A subscription as My Courses and the console show it; computed on the server with its clock. */
export interface SubscriptionSummary {
  id: string;
  state: SubscriptionState;
  /** "Trial ends on 8 December 2026", "Active: renews on …", "Cancelled: access until …". */
  label: string;
  trialEndsAt: string | null;
  renewsAt: string | null;
  /** Until when it gives access, null when it gives none (halted, never started). */
  accessUntil: string | null;
  hasAccess: boolean;
  /** Whether the learner may still cancel (not cancelled yet, not ended). */
  cancellable: boolean;
  /** Razorpay's page to pay a pending charge with another method, while one is pending or halted. */
  payUrl: string | null;
}

/**
 * The answer to POST /api/enroll: the record and a fresh edit token (256 random bits) that lets this
 * browser edit the record without signing in. Only its hash is stored.
 */
export interface CreatedEnrollment extends EnrollmentRecord {
  editToken: string;
}

/** One entry of GET /api/enroll (My Courses). */
export type EnrollmentSummary = Pick<
  EnrollmentRecord,
  | 'id'
  | 'planName'
  | 'interestedCourse'
  | 'preferredBatchTime'
  | 'price'
  | 'createdAt'
  | 'status'
  | 'subscription'
  | 'credits'
  | 'coveredBy'
  | 'batchId'
  | 'guardian'
> & {
  invoiceNumber: string | null;
  creditNoteNumber: string | null;
  /** What was bought (domain purchase.ts), worked out on the server so My Courses carries no catalogue. */
  purchase: PurchaseLine[];
  /** Whether the plan includes mentoring (domain mentoring.ts): My Courses then loads its mentoring section. */
  includesMentoring: boolean;
  /** The organisation that paid for it (a team or campus seat), else null: no receipt of the learner's own. */
  organisation: string | null;
  /**
   * The courses or programmes it may switch to before its batch starts (switching.ts); else empty. Named here, so My
   * Courses carries no catalogue. `refund` comes back to the payment (a cheaper course); `topUp` is paid first (a dearer one).
   */
  switchTargets: { slug: string; name: string; kind: 'course' | 'programme'; refund: number; topUp: number }[];
  /** The last switch's difference refunded (rupees) and whether Razorpay has processed it; null when none was owed. */
  switchRefund: { amount: number; processed: boolean } | null;
};

/**
 * The answer to POST /api/enroll/{id}/checkout: what the gateway's checkout needs to take the payment.
 * `amount` is in paise and always the stored price; the client never sends one.
 */
export type CheckoutAnswer = OrderCheckout | SubscriptionCheckout;

/** A one-off payment: checkout takes `amount` for the order. */
export interface OrderCheckout {
  kind: 'order';
  orderId: string;
  amount: number;
  currency: 'INR';
  keyId: string;
  enrollmentId: string;
  /** Shown as the purchase in checkout. */
  description: string;
  prefill: { name: string; email: string; contact: string };
}

/**
 * A plan with a free trial: checkout authorises the subscription (Razorpay's refunded ₹5 check), nothing
 * is charged until `firstChargeAt`. The terms are the server's, from the domain.
 */
export interface SubscriptionCheckout {
  kind: 'subscription';
  subscriptionId: string;
  keyId: string;
  enrollmentId: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  /** "₹0 today · ₹15,999 on 8 December 2026, then every year · cancel any time before" */
  promise: string;
  firstChargeAt: string;
  /** Rupees, each cycle. */
  firstChargeAmount: number;
}

/** What checkout hands back on success; the site passes it to POST /api/enroll/{id}/payment as is. */
export type CheckoutResult = OrderCheckoutResult | SubscriptionCheckoutResult;
export interface OrderCheckoutResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}
/** An authorised subscription: the signature is HMAC(`payment_id|subscription_id`). */
export interface SubscriptionCheckoutResult {
  razorpay_subscription_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** Human names of the gateway's method codes, for receipts. */
export const PAYMENT_METHOD_NAMES: Record<string, string> = {
  card: 'Card',
  upi: 'UPI',
  netbanking: 'Net Banking',
  wallet: 'Wallet',
  emi: 'EMI',
  paylater: 'Pay Later',
};
export const paymentMethodName = (code: string): string => PAYMENT_METHOD_NAMES[code] ?? code;

/**
 * The answer to POST /api/newsletter: always the same, whether the address was new, pending or already
 * subscribed, so the form cannot be used to learn who subscribes.
 */
export interface NewsletterAnswer {
  status: 'check-inbox';
}

/** The answer to POST /api/contact. */
export interface ContactAnswer {
  id: string;
}

/** The stable codes of error answers (each with its one HTTP status, set by the functions). */
export const API_ERROR_CODES = [
  'invalid-argument',
  'unauthenticated',
  'permission-denied',
  'not-found',
  'method-not-allowed',
  'unsupported-media-type',
  'payload-too-large',
  'failed-precondition',
  'batch-full',
  'unprocessable',
  'gone',
  'resource-exhausted',
  'unavailable',
  'internal',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** Every error answer, the one envelope: a stable code, a message to show, and per-field messages for forms. */
export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string; fields?: Record<string, string> };
}

// ---------------------------------------------------------------------------------------------------
// Batches.

/** One upcoming batch, as GET /api/batches lists it. Dates are India dates, times India wall-clock. */
export interface BatchListing {
  id: string;
  offering: string;
  batchTime: BatchTime;
  startDate: string;
  endDate: string;
  /** ISO weekdays, Monday = 1. */
  days: number[];
  startTime: string;
  endTime: string;
  timeZone: 'Asia/Kolkata';
  sessions: number;
  capacity: number;
  seatsLeft: number;
  status: BatchStatus;
  /** A campus batch's organisation (its own people only, and it may seat more than 40); null for a public batch. */
  campus: string | null;
}

/** GET /api/batches?offering={slug}[&from=YYYY-MM-DD]: 20 batches at most, soonest first. */
export interface BatchesAnswer {
  offering: string;
  batches: BatchListing[];
  /** Later batches exist: ask again with `from` after the last one listed. */
  more: boolean;
}

/** GET /api/batches/summary: each offering's next open batch and how full it is (null when none is open). */
export interface BatchSummaryAnswer {
  offerings: Record<
    string,
    { batchId: string; startDate: string; batchTime: BatchTime; capacity: number; seatsLeft: number; filledPercent: number } | null
  >;
}

/** The answer to POST /api/batches/{id}/waitlist: the same whoever else is waiting. */
export interface WaitlistAnswer {
  status: 'waitlisted';
}

// ---------------------------------------------------------------------------------------------------
// The learner's home: their batches, sessions, joining and calendars (docs/decisions/0014).

/** A session as every page lists it. */
export interface SessionSummary {
  id: string;
  index: number;
  topic: string;
  /** ISO instants (UTC). */
  startsAt: string;
  endsAt: string;
  status: SessionStatus;
}

/** One session as its learner sees it. The meeting link is never here: only the join endpoint gives it, in the window. */
export interface LearnerSession extends SessionSummary {
  /** When the join button opens (JOIN_OPENS_MINUTES_BEFORE before the start). */
  joinOpensAt: string;
  /** Once held and added by staff or the instructor. */
  recordingUrl: string | null;
  /** Held, its recording owed and not yet there: when it is due (RECORDING_DUE_HOURS after the end); else null. */
  recordingDueAt: string | null;
  notes: string | null;
  attended: boolean;
}

/** A paid enrollment's batch, for My Courses. */
/** An assignment's due date on the learner's timetable (their extension included) and where their work stands. */
export interface LearnerDeadline {
  assignmentId: string;
  title: string;
  dueAt: string;
  state: WorkState;
}

export interface LearnerBatch {
  enrollmentId: string;
  batchId: string;
  offering: string;
  batchTime: BatchTime;
  /** "Weekday Evening · from 7 Dec 2026" and the like. */
  label: string;
  startDate: string;
  endDate: string;
  instructor: string;
  status: BatchStatus;
  sessions: LearnerSession[];
  /** Sessions held so far (not cancelled, begun) and how many of them the learner attended. */
  held: number;
  attended: number;
  /** Issued when the batch completes, for attending at least three quarters of the sessions held. */
  certificate: LearnerCertificate | null;
  /** A plan whose recordings stay open for a while (Single Course Access: 6 months from purchase): until when; else null. */
  recordingsUntil: string | null;
  /** The offering's assignments' due dates, soonest first. */
  deadlines: LearnerDeadline[];
  /** The progress tracker: each milestone and whether it is reached (learning/progress.ts). */
  milestones: Milestone[];
  /** Why the learner is behind now (two classes missed in a row, work past due); empty when on track. */
  behind: { key: string; label: string }[];
}

export interface LearningAnswer {
  /** The server's clock, so the page can count down and open the join button on time whatever the device's clock says. */
  now: string;
  batches: LearnerBatch[];
  /** The starter lessons the learner may read in full (Pre Registration's, a paying learner's programme), with their progress. */
  starter: StarterSummary[];
}

/** GET /api/sessions/{id}/join with Accept: application/json (otherwise a 302 to the same URL). */
export interface JoinAnswer {
  meetingUrl: string;
}

/** POST /api/calendar/feed: the learner's private subscription URL (a new one revokes the old). */
export interface CalendarFeedAnswer {
  url: string;
  webcalUrl: string;
}
