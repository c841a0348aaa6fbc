import type { EnrollmentFields, PaymentDetails, RefundDetails } from './api';
import { SEAT_STATES, STORED_BATCH_STATUSES, type InstructorKey, type SeatState, type StoredBatchStatus } from './batchTimes';
import { BATCH_TIMES, type BatchTime } from './enums';
import { CERTIFICATE_STATUSES, type CertificateStatus } from './certificates';
import { TAX_DOCUMENT_KINDS, type BillingDetails, type PlaceOfSupply, type TaxDocumentKind, type TaxDocumentSummary } from './tax';
import type { SubscriptionSnapshot } from './subscriptionSnapshots';
import type { GatewayPlanKey } from './subscriptions';
import { REMINDER_KINDS, STORED_SESSION_STATUSES, type ReminderKind, type StoredSessionStatus } from './learning';
import {
  AGE_DECLARATIONS,
  CONSENT_KINDS,
  CONSENT_STATES,
  type AgeDeclaration,
  type ConsentKind,
  type ConsentState,
  type GuardianState,
} from './consents';

/**
 * Every stored document that a function writes and anything else reads (the staff console, the tests,
 * another function), declared once. Each shape is generic over the timestamp type, so the admin SDK's
 * Timestamp (functions, tests) and the client SDK's (staff console) share it; each side builds its
 * Firestore converter from `DOCUMENT_FIELDS` below, which the compiler keeps in step with the shapes.
 *
 * Rename a field here and every reader and writer stops compiling; forget a field in DOCUMENT_FIELDS
 * and this file stops compiling.
 */

/** What both SDKs' Timestamp classes have. */
export interface TimestampLike {
  toDate(): Date;
  toMillis(): number;
}

/** The collections, named once. */
export const COLLECTIONS = {
  enrollments: 'enrollments',
  orders: 'orders',
  payments: 'payments',
  paymentClaims: 'paymentClaims',
  webhookEvents: 'webhookEvents',
  contactMessages: 'contactMessages',
  staffAudit: 'staffAudit',
  mail: 'mail',
  newsletterSubscriptions: 'newsletterSubscriptions',
  idempotencyKeys: 'idempotencyKeys',
  rateLimits: 'rateLimits',
  batches: 'batches',
  seats: 'seats',
  sessions: 'sessions',
  waitlist: 'waitlist',
  attendance: 'attendance',
  reminders: 'reminders',
  calendarFeeds: 'calendarFeeds',
  certificates: 'certificates',
  taxDocuments: 'taxDocuments',
  invoiceNumbers: 'invoiceNumbers',
  accountRequests: 'accountRequests',
  consents: 'consents',
} as const;
export type CollectionName = keyof typeof COLLECTIONS;

// ---------------------------------------------------------------------------------------------------
// Enrollments and payments.

/** A payment as it is stored on the enrollment it paid. */
export type StoredPayment<T extends TimestampLike> = Omit<PaymentDetails, 'paidAt'> & { paidAt: T };
export type StoredRefund<T extends TimestampLike> = Omit<RefundDetails, 'refundedAt'> & { refundedAt: T };
export const RESEND_MAILS = ['payment-link', 'receipt'] as const;
export type ResendMail = (typeof RESEND_MAILS)[number];

/** enrollments/{id}: the public record's fields plus what only the server and staff see. */
export interface EnrollmentDoc<T extends TimestampLike = TimestampLike> extends EnrollmentFields {
  /** The open gateway order (paise), reused by the next checkout while the price stays the same. */
  order?: { id: string; amount: number } | null;
  payment?: StoredPayment<T> | null;
  refund?: StoredRefund<T> | null;
  /** The signed-in creator, if any: their My Courses lists it and their ID token may edit it. */
  uid: string | null;
  /** sha256 of each edit token handed out (the first answer and any idempotent replay). */
  editTokenHashes: string[];
  /** Lower-cased prefixes of the name and e-mail, for the staff console's search. */
  searchKeys: string[];
  /** A staff member's refund request, from the click until the gateway's webhook marks it refunded. */
  refundRequest?: { refundId: string | null; requestedAt: T; by: string } | null;
  /** When staff last resent each mail (a second click within a minute is refused). */
  staffResends?: Partial<Record<ResendMail, T>>;
  /** The batch the enrollment holds (then has) a seat in; absent on enrollments made before batches existed. */
  batchId?: string | null;
  /** The seat document (seats/{id}) the enrollment holds or has. */
  seatId?: string | null;
  /** Until when an unpaid enrollment's seat is held (the seat document decides; this is for display). */
  holdUntil?: T | null;
  /**
   * A payment that arrived after its hold lapsed and found the batch full: the learner is paid without a
   * place until staff (or the learner's choice) move them or refund them. Null once resolved.
   */
  seatIssue?: { kind: 'no-seat'; batchId: string; at: T } | null;
  /** The certificate issued for this enrollment (certificates/{code}); set in the transaction that issues it, so it is issued once. */
  certificateCode?: string | null;
  /** Staff's decision against (or for) the attendance rule, with their reason: applied when the batch completes. */
  certificateOverride?: { issue: boolean; reason: string; by: string; at: T } | null;
  /** Where the buyer is and any GSTIN, for the tax invoice: editable until paid, fixed after. */
  billing?: BillingDetails | null;
  /** The tax invoice of the payment that paid it (taxDocuments/{id}), written with the capture. */
  invoice?: TaxDocumentSummary | null;
  /** The credit note of its refund, written with the refund. */
  creditNote?: TaxDocumentSummary | null;
  /** Course credits spent so far (the one chosen at enrollment counts), on a plan that grants credits or a membership. */
  creditsUsed?: number | null;
  /**
   * An enrollment made by spending a credit (or the membership) of another, paid one: no price of its own,
   * its place lasts while the enrollment that paid for it gives access.
   */
  coveredBy?: { enrollmentId: string; kind: 'credit' | 'membership' } | null;
  /** The subscription of a plan with a free trial, written when the learner authorises it. */
  subscription?: StoredSubscription<T> | null;
  /** A Pre Registration whose fee is credited against a later enrollment: that enrollment's id (the credit is used once). */
  feeCreditFor?: string | null;
  /** What a Pre Registration credited against this enrollment's price (rupees; already taken off `price`). */
  preRegistrationCredit?: PreRegistrationCredit | null;
  /** The form's age declaration (absent on enrollments made before it was asked). */
  ageDeclaration?: AgeDeclaration | null;
  /** Under 18: the parent or guardian asked to consent; checkout stays closed until they do. */
  guardian?: StoredGuardian<T> | null;
  createdAt: T;
  updatedAt: T;
}

/** A minor's guardian, and where their consent stands (docs/decisions/0020). */
export interface StoredGuardian<T extends TimestampLike = TimestampLike> {
  name: string;
  email: string;
  state: GuardianState;
  /** sha256 of the token in the last link mailed; null once used (a link works once). */
  tokenHash: string | null;
  requestedAt: T;
  /** The last link stops working after this. */
  expiresAt: T;
  decidedAt: T | null;
}

/** A Pre Registration's fee credited against an enrollment: what it paid, and how much of it this price took. */
export interface PreRegistrationCredit {
  enrollmentId: string;
  paid: number;
  amount: number;
}

/**
 * An enrollment's subscription: the newest snapshot of Razorpay's entity (webhooks converge on it, see
 * subscriptionSnapshots.ts), when the learner cancelled, and which state mails were queued (each once).
 */
export interface StoredSubscription<T extends TimestampLike = TimestampLike> {
  id: string;
  planKey: GatewayPlanKey;
  snapshot: SubscriptionSnapshot;
  cancelledAt: T | null;
  /** Keys of the state mails already queued: `trial`, `pending-<paid count>`, `halted-<paid count>`, `cancelled`. */
  mailed: string[];
}

/** orders/{id}: a gateway order we created for an enrollment: how a payment (which names only its order) finds it. */
export interface OrderDoc<T extends TimestampLike = TimestampLike> {
  enrollmentId: string;
  /** Paise. */
  amount: number;
  currency: 'INR';
  /** An edit of the enrollment voids its open order, so the next checkout creates one at the new price. */
  voided: boolean;
  createdAt: T;
}

export const PAYMENT_STATES = ['failed', 'captured', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
/**
 * What a payment did to its enrollment: paid it; nothing, because it failed; or nothing, because it
 * must not (an amount that differs from the price, a second payment of a paid enrollment). The last
 * two are flagged for the staff to resolve.
 */
export const PAYMENT_OUTCOMES = ['applied', 'failed', 'amount-mismatch', 'already-paid'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];
export const PAYMENT_REPORTERS = ['checkout', 'webhook', 'reconciler', 'staff'] as const;
export type PaymentReporter = (typeof PAYMENT_REPORTERS)[number];

/** payments/{gateway payment id}: the record that makes fulfilment happen once. */
export interface PaymentDoc<T extends TimestampLike = TimestampLike> {
  enrollmentId: string;
  orderId: string;
  /** Paise, as the gateway reported. */
  amount: number;
  currency: string;
  method: string;
  state: PaymentState;
  outcome: PaymentOutcome;
  flagged: boolean;
  flagReason: string | null;
  errorDescription: string | null;
  refundId: string | null;
  /** Who told us first: the browser's checkout result or the gateway's webhook. */
  reportedBy: PaymentReporter;
  createdAt: T;
  updatedAt: T;
}

/** paymentClaims/{payment id}: who applies a captured payment first; one create wins. */
export interface PaymentClaimDoc<T extends TimestampLike = TimestampLike> {
  claimedAt: T;
}

/** webhookEvents/{event id}: an event we applied; its id makes a redelivery a no-op. */
export interface WebhookEventDoc<T extends TimestampLike = TimestampLike> {
  event: string;
  paymentId: string | null;
  result: string;
  receivedAt: T;
}

// ---------------------------------------------------------------------------------------------------
// Contact messages and the staff's trail.

/** contactMessages/{id}: a message from the contact form, with how staff handled it. */
export interface ContactMessageDoc<T extends TimestampLike = TimestampLike> {
  fullName: string;
  email: string;
  mobile: string;
  courseInterest: string;
  message: string;
  handled: boolean;
  handledAt: T | null;
  handledBy: string | null;
  handledNote: string | null;
  createdAt: T;
}

export const STAFF_ACTIONS = [
  'message-handled',
  'resend-payment-link',
  'resend-receipt',
  'refund-requested',
  'refund-failed',
  'staff-granted',
  'staff-revoked',
  'batch-created',
  'batch-updated',
  'batch-cancelled',
  'learner-moved',
  'instructor-granted',
  'instructor-revoked',
  'attendance-marked',
  'recording-added',
  'session-rescheduled',
  'session-cancelled',
  'batch-completed',
  'certificate-issued',
  'certificate-withheld',
  'certificate-revoked',
  'account-deleted',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];
export const AUDIT_TARGET_KINDS = ['enrollment', 'contactMessage', 'user', 'batch', 'session', 'certificate', 'account'] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

/** staffAudit/{id}: who did what to which record, written in the same transaction as the change. */
export interface StaffAuditDoc<T extends TimestampLike = TimestampLike> {
  action: StaffAction;
  targetKind: AuditTargetKind;
  targetId: string;
  actorUid: string;
  actorEmail: string;
  /** A note, a reason, a gateway id or error: what someone reading the trail later needs. */
  detail: string;
  at: T;
}

// ---------------------------------------------------------------------------------------------------
// The outbox, the newsletter and the request bookkeeping.

/** Every message the product sends, with the facts its template needs (rendered when it is sent). */
export type MailMessage =
  | {
      template: 'enrollment-created';
      data: { enrollmentId: string; name: string; planName: string; course: string; batch: string; price: number; features: string[] };
    }
  | {
      template: 'payment-received';
      data: {
        enrollmentId: string;
        name: string;
        planName: string;
        course: string;
        batch: string;
        amount: number;
        paymentId: string;
        method: string;
        paidAt: string;
        invoiceNumber?: string;
      };
    }
  | {
      template: 'trial-started';
      data: { enrollmentId: string; name: string; planName: string; course: string; promise: string; trialEndsAt: string; amount: number };
    }
  | {
      template: 'subscription-payment-failed';
      data: { enrollmentId: string; name: string; planName: string; amount: number; halted: boolean; payUrl: string | null };
    }
  | {
      template: 'subscription-cancelled';
      data: { enrollmentId: string; name: string; planName: string; accessUntil: string | null; inTrial: boolean };
    }
  | {
      template: 'credit-spent';
      data: { enrollmentId: string; name: string; planName: string; offering: string; batch: string; left: number | null };
    }
  | {
      template: 'credit-note-issued';
      data: { enrollmentId: string; name: string; planName: string; course: string; amount: number; number: string; invoiceNumber: string };
    }
  | { template: 'contact-ack'; data: { fullName: string; message: string; courseInterest?: string } }
  | {
      template: 'contact-staff';
      data: { contactId: string; fullName: string; email: string; mobile: string; courseInterest: string; message: string };
    }
  | { template: 'newsletter-confirm'; data: { subscriptionId: string; nonce: string } }
  | { template: 'password-reset'; data: { ticket: string } }
  | { template: 'email-verification'; data: { ticket: string } }
  | { template: 'email-change'; data: { ticket: string; newEmail: string } }
  | { template: 'email-change-notice'; data: { newEmail: string } }
  | { template: 'account-deleted'; data: { kept: number; erased: number } }
  | {
      template: 'guardian-consent';
      data: {
        enrollmentId: string;
        learnerName: string;
        guardianName: string;
        offerName: string;
        price: number;
        token: string;
        expiresAt: string;
      };
    }
  | {
      template: 'guardian-consent-given';
      data: { enrollmentId: string; learnerName: string; guardianName: string; offerName: string; token: string };
    }
  | {
      template: 'guardian-answered';
      data: { enrollmentId: string; name: string; guardianName: string; offerName: string; state: 'given' | 'refused' | 'withdrawn' };
    }
  | { template: 'seat-lost'; data: { enrollmentId: string; name: string; offering: string; batch: string; nextBatch: string | null } }
  | { template: 'waitlist-offer'; data: { name: string; offering: string; batch: string; link: string; until: string } }
  | { template: 'batch-moved'; data: { enrollmentId: string; name: string; offering: string; from: string; to: string } }
  | {
      template: 'batch-starting';
      data: { enrollmentId: string; name: string; offering: string; batch: string; startsAt: string; topic: string };
    }
  | {
      template: 'session-reminder';
      data: { enrollmentId: string; name: string; offering: string; topic: string; startsAt: string; endsAt: string };
    }
  | { template: 'certificate-issued'; data: { enrollmentId: string; name: string; course: string; code: string } }
  | {
      template: 'session-changed';
      data: {
        enrollmentId: string;
        name: string;
        offering: string;
        topic: string;
        change: 'rescheduled' | 'cancelled';
        was: string;
        startsAt: string | null;
        endsAt: string | null;
        reason: string;
      };
    };
export type MailTemplate = MailMessage['template'];
export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** mail/{id}: one message in the outbox and the record of its delivery. */
export type MailDoc<T extends TimestampLike = TimestampLike> = MailMessage & {
  to: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  /** While a sender holds it; another sender waits this out before trying (a crashed send is retried). */
  leaseUntil: T | null;
  createdAt: T;
  sentAt: T | null;
};

export const SUBSCRIPTION_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** newsletterSubscriptions/{sha256 of the address}: one document per address, whatever happens to it. */
export interface NewsletterSubscriptionDoc<T extends TimestampLike = TimestampLike> {
  email: string;
  status: SubscriptionStatus;
  /** Part of the confirm link; a new sign-up after unsubscribing gets a new one. */
  nonce: string;
  requestedAt: T;
  confirmedAt: T | null;
  unsubscribedAt: T | null;
}

/** idempotencyKeys/{hash of caller and key}: the enrollment a key created and a hash of the request. */
export interface IdempotencyKeyDoc<T extends TimestampLike = TimestampLike> {
  enrollmentId: string;
  requestHash: string;
  /** TTL field (firestore.indexes.json): Firestore deletes the key after it. */
  expiresAt: T;
}

export const ACCOUNT_REQUEST_KINDS = ['password-reset', 'email-verification', 'email-change'] as const;
export type AccountRequestKind = (typeof ACCOUNT_REQUEST_KINDS)[number];
/** queued: waiting for the trigger; sent: its mail is queued; no-account / already-verified: nothing to send. */
export const ACCOUNT_REQUEST_STATES = ['queued', 'sent', 'no-account', 'already-verified', 'address-taken'] as const;
export type AccountRequestState = (typeof ACCOUNT_REQUEST_STATES)[number];

/**
 * accountRequests/{sha256 of the ticket in the mailed link}: one password-reset or verification mail
 * asked for. The request answers at once, the same for any address; the trigger looks the account up,
 * asks Auth for the action code and queues the mail. The link carries only the ticket: the page
 * exchanges it here for the code while it is fresh (docs/decisions/0018).
 */
export interface AccountRequestDoc<T extends TimestampLike = TimestampLike> {
  kind: AccountRequestKind;
  state: AccountRequestState;
  /** The address asked about, until the trigger has handled it; then null (only its hash stays). */
  email: string | null;
  emailHash: string;
  /** For an e-mail change: the address to change to, until handled; then null. */
  newEmail: string | null;
  /** The link's secret, until the trigger has put it in the mail; then null (the id is its hash). */
  ticket: string | null;
  /** Auth's action code, for the page that opens the link; null unless a mail was sent. */
  oobCode: string | null;
  mailId: string | null;
  createdAt: T;
  /** The link stops working after this. Also the TTL field: Firestore deletes the request later. */
  expiresAt: T;
  handledAt: T | null;
}

/**
 * consents/{kind-subject}: one consent, given once and perhaps withdrawn. `givenFrom` and
 * `withdrawnFrom` are keyed hashes (HMAC-SHA256) of the network address, never the address.
 */
export interface ConsentDoc<T extends TimestampLike = TimestampLike> {
  kind: ConsentKind;
  purpose: string;
  /** The account it belongs to (null for a newsletter address without one). */
  uid: string | null;
  /** sha256 of the learner's (or subscriber's) e-mail: how export and deletion find it. */
  subjectHash: string;
  state: ConsentState;
  givenAt: T;
  givenFrom: string;
  withdrawnAt: T | null;
  withdrawnFrom: string | null;
  /** A guardian's name, when the consent is theirs. */
  givenBy: string | null;
  enrollmentId: string | null;
  /** What it is about, for a guardian: the plan or course. */
  about: string | null;
}

/** rateLimits/{action_caller_window}: one caller's count in one clock minute. */
export interface RateLimitDoc<T extends TimestampLike = TimestampLike> {
  count: number;
  /** TTL field (firestore.indexes.json): Firestore deletes the window after it. */
  expiresAt: T;
}

// ---------------------------------------------------------------------------------------------------
// Batches, their seats, sessions and waitlists.

/** batches/{id}: one cohort of an offering at one batch time. */
export interface BatchDoc<T extends TimestampLike = TimestampLike> {
  /** The offering's slug (a course or a programme, see batches.ts). */
  offering: string;
  batchTime: BatchTime;
  /** India dates, "YYYY-MM-DD", of the first and last session. */
  startDate: string;
  endDate: string;
  /** The first session's start and the last one's end. */
  startsAt: T;
  endsAt: T;
  sessionCount: number;
  capacity: number;
  instructor: InstructorKey;
  status: StoredBatchStatus;
  /**
   * Where its live classes meet. Only the join endpoint reads it, for a confirmed seat inside a session's
   * join window: no page or other answer carries it. Absent on batches made before live classes.
   */
  meetingUrl?: string | null;
  /** When staff (or the completion job) completed it: certificates are decided as of then. */
  completedAt?: T | null;
  createdAt: T;
  updatedAt: T;
}

/**
 * seats/{batchId}_{n}: seat n of a batch, n < capacity. The document exists while someone holds, has
 * or is offered the seat; it is taken while activeUntil is ahead of now (a confirmed seat's is year
 * 9999). Creating it is the hold: a create either wins or finds the seat taken, so no count is ever
 * read and then trusted (docs/decisions/0013).
 */
export interface SeatDoc<T extends TimestampLike = TimestampLike> {
  batchId: string;
  index: number;
  state: SeatState;
  /** Who holds or has it; an offer names the waitlist entry instead. */
  enrollmentId: string | null;
  waitlistId: string | null;
  activeUntil: T;
  updatedAt: T;
}

/** sessions/{batchId}_{n}: one live session of a batch. */
export interface SessionDoc<T extends TimestampLike = TimestampLike> {
  batchId: string;
  index: number;
  startsAt: T;
  endsAt: T;
  topic: string;
  /** Absent means scheduled (sessions planned before live classes). */
  status?: StoredSessionStatus | null;
  /** RFC 5545 SEQUENCE: raised by each reschedule or cancellation, so calendars take the change. */
  sequence?: number | null;
  /** Added by staff or the instructor once the session is held. */
  recordingUrl?: string | null;
  notes?: string | null;
  updatedAt?: T | null;
}

/** attendance/{sessionId}_{enrollmentId}: a learner at a session, recorded by their join or by the instructor. */
export interface AttendanceDoc<T extends TimestampLike = TimestampLike> {
  batchId: string;
  sessionId: string;
  enrollmentId: string;
  present: boolean;
  source: 'join' | 'instructor' | 'staff';
  /** The uid of whoever recorded it (the learner for a join). */
  markedBy: string;
  at: T;
}

/** reminders/{kind}_{subjectId}_{enrollmentId}: a reminder sent; its creation and its mail are one write, so it goes once. */
export interface ReminderDoc<T extends TimestampLike = TimestampLike> {
  kind: ReminderKind;
  /** The batch (batch-start) or session (session) it reminds of. */
  subjectId: string;
  /** The session's SEQUENCE when reminded: a rescheduled session is reminded of again, at its new time. */
  version: number;
  enrollmentId: string;
  mailId: string;
  createdAt: T;
}

export const CERTIFICATE_BASES = ['attendance', 'staff'] as const;

/** certificates/{code}: a certificate of completion; the code is its public id (Crockford base32, certificates.ts). */
export interface CertificateDoc<T extends TimestampLike = TimestampLike> {
  enrollmentId: string;
  batchId: string;
  /** The learner's account when the enrollment had one: who may change the page's visibility. */
  uid: string | null;
  email: string;
  name: string;
  course: string;
  startDate: string;
  endDate: string;
  instructor: string;
  /** Earned by attendance (attended of held) or issued by staff against the rule. */
  basis: (typeof CERTIFICATE_BASES)[number];
  attended: number;
  held: number;
  status: CertificateStatus;
  revokedAt: T | null;
  revokedReason: string | null;
  /** The learner lets search engines index its page. */
  public: boolean;
  issuedAt: T;
}

/** calendarFeeds/{sha256 of the token}: a learner's private calendar subscription; deleting it revokes the URL. */
export interface CalendarFeedDoc<T extends TimestampLike = TimestampLike> {
  uid: string;
  createdAt: T;
}

export const WAITLIST_STATUSES = ['waiting', 'offered', 'enrolled', 'lapsed'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** waitlist/{id}: one person waiting for a seat in a full batch, first come first offered. */
export interface WaitlistDoc<T extends TimestampLike = TimestampLike> {
  batchId: string;
  name: string;
  email: string;
  phone: string;
  status: WaitlistStatus;
  /** sha256 of the offer link's token; the token itself is only in the mail. */
  offerTokenHash: string | null;
  offeredUntil: T | null;
  /** The offered seat (seats/{id}) while an offer is open. */
  seatId: string | null;
  /** What the offer link's form enrolls in: `course-{id}` or a plan key. */
  target: string;
  createdAt: T;
}

// ---------------------------------------------------------------------------------------------------
// GST invoices and credit notes (docs/decisions/0016-gst-invoices.md).

/** The supplier as configured when the document was issued (a later change of address leaves it as it was). */
export interface Supplier {
  legalName: string;
  address: string;
  gstin: string;
  stateCode: string;
  /** The Letter of Undertaking's reference, printed on exports. */
  lut: string;
}

/** The buyer as the document names them. */
export interface Buyer {
  name: string;
  email: string;
  businessName: string | null;
  gstin: string | null;
  /** A state code, or OUTSIDE_INDIA. */
  state: string;
  stateName: string;
  country: string;
}

/**
 * taxDocuments/{invoice_<payment id> | credit_<refund id>}: a tax invoice or a credit note. Its id is
 * the payment or refund it documents, so the transaction that creates it fails for a second reporter;
 * its number is one reserved in invoiceNumbers and marked used in the same transaction.
 */
export interface TaxDocumentDoc<T extends TimestampLike = TimestampLike> {
  kind: TaxDocumentKind;
  number: string;
  /** The financial year ("26-27") and the position in its series (1, 2, …). */
  year: string;
  sequence: number;
  date: string;
  /** YYYY-MM, the month it is reported in. */
  month: string;
  enrollmentId: string;
  paymentId: string;
  refundId: string | null;
  /** A credit note's invoice: its number and date. */
  refersTo: { number: string; date: string } | null;
  supplier: Supplier;
  buyer: Buyer;
  placeOfSupply: PlaceOfSupply;
  sac: string;
  description: string;
  /** Paise. */
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  cgstRate: number;
  sgstRate: number;
  igstRate: number;
  issuedAt: T;
}

export const NUMBER_STATES = ['reserved', 'used', 'free'] as const;
export type NumberState = (typeof NUMBER_STATES)[number];

/**
 * invoiceNumbers/{prefix}_{year}_{sequence}: one per number of a series, created when a request reserves
 * it (a create: two requests cannot both get it), marked used in the transaction that issues its
 * document, or freed for the next document if that transaction did not issue one. So every number up to
 * the highest is used or about to be: no gap, no repeat (docs/decisions/0016).
 */
export interface InvoiceNumberDoc<T extends TimestampLike = TimestampLike> {
  kind: TaxDocumentKind;
  /** "UPS_26-27": the series and its financial year. */
  series: string;
  sequence: number;
  state: NumberState;
  /** The payment or refund it is reserved for. */
  holder: string;
  /** The document that used it. */
  documentId: string | null;
  updatedAt: T;
}

/** Each collection's document shape, by collection. */
export interface StoredDocuments<T extends TimestampLike = TimestampLike> {
  enrollments: EnrollmentDoc<T>;
  orders: OrderDoc<T>;
  payments: PaymentDoc<T>;
  paymentClaims: PaymentClaimDoc<T>;
  webhookEvents: WebhookEventDoc<T>;
  contactMessages: ContactMessageDoc<T>;
  staffAudit: StaffAuditDoc<T>;
  mail: MailDoc<T>;
  newsletterSubscriptions: NewsletterSubscriptionDoc<T>;
  idempotencyKeys: IdempotencyKeyDoc<T>;
  rateLimits: RateLimitDoc<T>;
  batches: BatchDoc<T>;
  seats: SeatDoc<T>;
  sessions: SessionDoc<T>;
  waitlist: WaitlistDoc<T>;
  attendance: AttendanceDoc<T>;
  reminders: ReminderDoc<T>;
  calendarFeeds: CalendarFeedDoc<T>;
  certificates: CertificateDoc<T>;
  taxDocuments: TaxDocumentDoc<T>;
  invoiceNumbers: InvoiceNumberDoc<T>;
  accountRequests: AccountRequestDoc<T>;
  consents: ConsentDoc<T>;
}

// ---------------------------------------------------------------------------------------------------
// The same shapes at run time, for the converters: each field's kind. `?` means it may be null or absent.

type Kind = 'string' | 'number' | 'boolean' | 'timestamp' | 'strings' | 'numbers' | 'map';
export type FieldKind = Kind | `${Kind}?`;
/** One entry per field of D: the compiler refuses a missing or an unknown field. */
type FieldsOf<D> = { [K in keyof Required<D>]-?: FieldKind };
type MailFields = FieldsOf<Omit<MailDoc, 'template' | 'data'> & { template: string; data: object }>;

export const DOCUMENT_FIELDS: { [C in CollectionName]: C extends 'mail' ? MailFields : FieldsOf<StoredDocuments[C]> } = {
  enrollments: {
    name: 'string',
    collegeName: 'string',
    email: 'string',
    phone: 'string',
    interestedCourse: 'string',
    preferredBatchTime: 'string',
    planName: 'string',
    planId: 'string?',
    courseId: 'number?',
    courseIds: 'numbers?',
    price: 'number',
    listPrice: 'number',
    couponApplied: 'boolean',
    features: 'strings',
    status: 'string',
    order: 'map?',
    payment: 'map?',
    refund: 'map?',
    uid: 'string?',
    editTokenHashes: 'strings',
    searchKeys: 'strings',
    refundRequest: 'map?',
    staffResends: 'map?',
    batchId: 'string?',
    seatId: 'string?',
    holdUntil: 'timestamp?',
    seatIssue: 'map?',
    certificateCode: 'string?',
    certificateOverride: 'map?',
    billing: 'map?',
    invoice: 'map?',
    creditNote: 'map?',
    subscription: 'map?',
    creditsUsed: 'number?',
    coveredBy: 'map?',
    feeCreditFor: 'string?',
    preRegistrationCredit: 'map?',
    ageDeclaration: 'string?',
    guardian: 'map?',
    createdAt: 'timestamp',
    updatedAt: 'timestamp',
  },
  orders: { enrollmentId: 'string', amount: 'number', currency: 'string', voided: 'boolean', createdAt: 'timestamp' },
  payments: {
    enrollmentId: 'string',
    orderId: 'string',
    amount: 'number',
    currency: 'string',
    method: 'string',
    state: 'string',
    outcome: 'string',
    flagged: 'boolean',
    flagReason: 'string?',
    errorDescription: 'string?',
    refundId: 'string?',
    reportedBy: 'string',
    createdAt: 'timestamp',
    updatedAt: 'timestamp',
  },
  paymentClaims: { claimedAt: 'timestamp' },
  webhookEvents: { event: 'string', paymentId: 'string?', result: 'string', receivedAt: 'timestamp' },
  contactMessages: {
    fullName: 'string',
    email: 'string',
    mobile: 'string',
    courseInterest: 'string',
    message: 'string',
    handled: 'boolean',
    handledAt: 'timestamp?',
    handledBy: 'string?',
    handledNote: 'string?',
    createdAt: 'timestamp',
  },
  staffAudit: {
    action: 'string',
    targetKind: 'string',
    targetId: 'string',
    actorUid: 'string',
    actorEmail: 'string',
    detail: 'string',
    at: 'timestamp',
  },
  mail: {
    template: 'string',
    data: 'map',
    to: 'string',
    status: 'string',
    attempts: 'number',
    lastError: 'string?',
    leaseUntil: 'timestamp?',
    createdAt: 'timestamp',
    sentAt: 'timestamp?',
  },
  newsletterSubscriptions: {
    email: 'string',
    status: 'string',
    nonce: 'string',
    requestedAt: 'timestamp',
    confirmedAt: 'timestamp?',
    unsubscribedAt: 'timestamp?',
  },
  idempotencyKeys: { enrollmentId: 'string', requestHash: 'string', expiresAt: 'timestamp' },
  rateLimits: { count: 'number', expiresAt: 'timestamp' },
  batches: {
    offering: 'string',
    batchTime: 'string',
    startDate: 'string',
    endDate: 'string',
    startsAt: 'timestamp',
    endsAt: 'timestamp',
    sessionCount: 'number',
    capacity: 'number',
    instructor: 'string',
    status: 'string',
    meetingUrl: 'string?',
    completedAt: 'timestamp?',
    createdAt: 'timestamp',
    updatedAt: 'timestamp',
  },
  seats: {
    batchId: 'string',
    index: 'number',
    state: 'string',
    enrollmentId: 'string?',
    waitlistId: 'string?',
    activeUntil: 'timestamp',
    updatedAt: 'timestamp',
  },
  sessions: {
    batchId: 'string',
    index: 'number',
    startsAt: 'timestamp',
    endsAt: 'timestamp',
    topic: 'string',
    status: 'string?',
    sequence: 'number?',
    recordingUrl: 'string?',
    notes: 'string?',
    updatedAt: 'timestamp?',
  },
  waitlist: {
    batchId: 'string',
    name: 'string',
    email: 'string',
    phone: 'string',
    status: 'string',
    offerTokenHash: 'string?',
    offeredUntil: 'timestamp?',
    seatId: 'string?',
    target: 'string',
    createdAt: 'timestamp',
  },
  attendance: {
    batchId: 'string',
    sessionId: 'string',
    enrollmentId: 'string',
    present: 'boolean',
    source: 'string',
    markedBy: 'string',
    at: 'timestamp',
  },
  reminders: { kind: 'string', subjectId: 'string', version: 'number', enrollmentId: 'string', mailId: 'string', createdAt: 'timestamp' },
  calendarFeeds: { uid: 'string', createdAt: 'timestamp' },
  certificates: {
    enrollmentId: 'string',
    batchId: 'string',
    uid: 'string?',
    email: 'string',
    name: 'string',
    course: 'string',
    startDate: 'string',
    endDate: 'string',
    instructor: 'string',
    basis: 'string',
    attended: 'number',
    held: 'number',
    status: 'string',
    revokedAt: 'timestamp?',
    revokedReason: 'string?',
    public: 'boolean',
    issuedAt: 'timestamp',
  },
  taxDocuments: {
    kind: 'string',
    number: 'string',
    year: 'string',
    sequence: 'number',
    date: 'string',
    month: 'string',
    enrollmentId: 'string',
    paymentId: 'string',
    refundId: 'string?',
    refersTo: 'map?',
    supplier: 'map',
    buyer: 'map',
    placeOfSupply: 'map',
    sac: 'string',
    description: 'string',
    taxable: 'number',
    cgst: 'number',
    sgst: 'number',
    igst: 'number',
    total: 'number',
    cgstRate: 'number',
    sgstRate: 'number',
    igstRate: 'number',
    issuedAt: 'timestamp',
  },
  invoiceNumbers: {
    kind: 'string',
    series: 'string',
    sequence: 'number',
    state: 'string',
    holder: 'string',
    documentId: 'string?',
    updatedAt: 'timestamp',
  },
  accountRequests: {
    kind: 'string',
    state: 'string',
    email: 'string?',
    emailHash: 'string',
    newEmail: 'string?',
    ticket: 'string?',
    oobCode: 'string?',
    mailId: 'string?',
    createdAt: 'timestamp',
    expiresAt: 'timestamp',
    handledAt: 'timestamp?',
  },
  consents: {
    kind: 'string',
    purpose: 'string',
    uid: 'string?',
    subjectHash: 'string',
    state: 'string',
    givenAt: 'timestamp',
    givenFrom: 'string',
    withdrawnAt: 'timestamp?',
    withdrawnFrom: 'string?',
    givenBy: 'string?',
    enrollmentId: 'string?',
    about: 'string?',
  },
};

/** The string fields that hold one of a fixed set of values, checked too. */
const ENUM_FIELDS: Partial<Record<CollectionName, Record<string, readonly string[]>>> = {
  payments: { state: PAYMENT_STATES, outcome: PAYMENT_OUTCOMES, reportedBy: PAYMENT_REPORTERS },
  staffAudit: { action: STAFF_ACTIONS, targetKind: AUDIT_TARGET_KINDS },
  mail: { status: MAIL_STATUSES },
  newsletterSubscriptions: { status: SUBSCRIPTION_STATUSES },
  batches: { status: STORED_BATCH_STATUSES, batchTime: BATCH_TIMES },
  seats: { state: SEAT_STATES },
  waitlist: { status: WAITLIST_STATUSES },
  sessions: { status: STORED_SESSION_STATUSES },
  attendance: { source: ['join', 'instructor', 'staff'] },
  reminders: { kind: REMINDER_KINDS },
  certificates: { status: CERTIFICATE_STATUSES, basis: CERTIFICATE_BASES },
  taxDocuments: { kind: TAX_DOCUMENT_KINDS },
  invoiceNumbers: { kind: TAX_DOCUMENT_KINDS, state: NUMBER_STATES },
  accountRequests: { kind: ACCOUNT_REQUEST_KINDS, state: ACCOUNT_REQUEST_STATES },
  consents: { kind: CONSENT_KINDS, state: CONSENT_STATES },
  enrollments: { ageDeclaration: AGE_DECLARATIONS },
};

function hasKind(value: unknown, kind: Kind, isTimestamp: (value: unknown) => boolean): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'timestamp':
      return isTimestamp(value);
    case 'strings':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    case 'numbers':
      return Array.isArray(value) && value.every((item) => typeof item === 'number');
    case 'map':
      return typeof value === 'object' && value !== null && !Array.isArray(value) && !isTimestamp(value);
  }
}

/**
 * What is wrong with a stored document, as readable lines ([] when it has the declared shape): a
 * missing or mistyped field, a value outside its set, a field the shape does not declare.
 * `isTimestamp` is the reading SDK's (admin or client) `instanceof Timestamp`.
 */
export function documentProblems(
  collection: CollectionName,
  data: Record<string, unknown>,
  isTimestamp: (value: unknown) => boolean,
): string[] {
  const fields: Record<string, FieldKind> = DOCUMENT_FIELDS[collection];
  const problems: string[] = [];
  for (const [field, spec] of Object.entries(fields)) {
    const optional = spec.endsWith('?');
    const kind = (optional ? spec.slice(0, -1) : spec) as Kind;
    const value = data[field];
    if (value === undefined || value === null) {
      if (!optional) problems.push(`${field} is missing`);
      continue;
    }
    if (!hasKind(value, kind, isTimestamp)) problems.push(`${field} is not a ${kind}`);
    const allowed = ENUM_FIELDS[collection]?.[field];
    if (allowed && typeof value === 'string' && !allowed.includes(value))
      problems.push(`${field} "${value}" is not one of ${allowed.join(', ')}`);
  }
  for (const field of Object.keys(data)) if (!(field in fields)) problems.push(`${field} is not a field of ${collection}`);
  return problems;
}

/** A stored document that does not have its declared shape: the data and the code have drifted apart. */
export class DocumentShapeError extends Error {
  constructor(
    readonly path: string,
    readonly problems: string[],
  ) {
    super(`${path} does not have its declared shape: ${problems.join('; ')}`);
    this.name = 'DocumentShapeError';
  }
}

/**
 * The one read every converter does: the document as its declared shape, or a DocumentShapeError. The
 * type assertion lives here, behind the field check, and nowhere in the readers.
 */
export function readDocument<C extends CollectionName, T extends TimestampLike>(
  collection: C,
  id: string,
  data: Record<string, unknown>,
  isTimestamp: (value: unknown) => value is T,
): StoredDocuments<T>[C] {
  const problems = documentProblems(collection, data, isTimestamp);
  if (problems.length > 0) throw new DocumentShapeError(`${COLLECTIONS[collection]}/${id}`, problems);
  return data as unknown as StoredDocuments<T>[C];
}

/** The part of either SDK's document snapshot a converter reads. */
interface SnapshotLike {
  id: string;
  data(): Record<string, unknown>;
}

/**
 * A Firestore converter for one collection, for either SDK: reads go through readDocument with that SDK's
 * `instanceof Timestamp`; writes pass through unchanged, because they carry server timestamps and field
 * transforms (increment, arrayUnion) that are not the stored types. Each side caches one per collection:
 * the SDKs compare queries and references with their converter by identity.
 */
export function documentConverter<C extends CollectionName, T extends TimestampLike>(name: C, isTimestamp: (value: unknown) => value is T) {
  return {
    toFirestore: (data: object): Record<string, unknown> => ({ ...data }),
    fromFirestore: (snap: SnapshotLike): StoredDocuments<T>[C] => readDocument(name, snap.id, snap.data(), isTimestamp),
  };
}
