import type { EnrollmentFields, PaymentDetails, RefundDetails } from './api';
import { type BillingDetails, type TaxDocumentSummary } from '../tax';
import type { SubscriptionSnapshot } from './subscriptionSnapshots';
import type { GatewayPlanKey } from './subscriptions';
import type { CourseSwitch, SWITCH_TOP_UP_PURPOSE, SwitchOrder, SwitchRefund } from './switching';
import { type AgeDeclaration, type GuardianState } from '../account';
import type { TimestampLike } from '../common';

// Enrollments and their payments: what is stored about a purchase, its order and each gateway payment.
// Part of the stored documents' shapes (documents.ts names the collections and re-exports every shape).

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
  /** Course switches before the batch started (switching.ts), oldest first. */
  switches?: CourseSwitch<T>[] | null;
  /** The last switch's difference owed back, while it is owed and after (switching.ts); null when none was owed. */
  switchRefund?: SwitchRefund<T> | null;
  /** A dearer switch waiting for its difference to be paid (switching.ts); null once it is made or replaced. */
  switchOrder?: SwitchOrder<T> | null;
  /** A friend's first purchase through a referral link: whose link, and the discount taken off `price` (rupees). */
  referral?: EnrollmentReferral | null;
  /** A referrer's learning credits taken off `price` (rupees): referralCredits ids, spent when this is paid. */
  referralCredits?: EnrollmentReferralCredits | null;
  /** The form's age declaration (absent on enrollments made before it was asked). */
  ageDeclaration?: AgeDeclaration | null;
  /** Under 18: the parent or guardian asked to consent; checkout stays closed until they do. */
  guardian?: StoredGuardian<T> | null;
  /** A seat an organisation paid for (issue 56): whose, and until when a plan seat gives access (null: as the plan does). */
  organisationSeat?: OrganisationSeat<T> | null;
  createdAt: T;
  updatedAt: T;
}

/** The seat an enrollment came from: its organisation sees this member's learning (never their mentoring or questions). */
export interface OrganisationSeat<T extends TimestampLike = TimestampLike> {
  organisationId: string;
  organisationName: string;
  orderId: string;
  seatId: string;
  accessUntil: T | null;
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

/** On a friend's enrollment: the link it came through and the discount it took (rupees, already off `price`). */
export interface EnrollmentReferral {
  code: string;
  referrerUid: string;
  referrerName: string;
  discount: number;
}

/** On a referrer's enrollment: the credits that came off its price (rupees, already off `price`). */
export interface EnrollmentReferralCredits {
  ids: string[];
  amount: number;
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
  /** Absent for the purchase's own order; SWITCH_TOP_UP_PURPOSE for a dearer switch's difference (enrollment.switchOrder). */
  purpose?: typeof SWITCH_TOP_UP_PURPOSE;
}

export const PAYMENT_STATES = ['failed', 'captured', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
/**
 * What a payment did to its enrollment: paid it (or, for a switch's top-up, made the switch); nothing, because it
 * failed; or nothing, because it must not (an amount that differs from the price, a second payment of a paid
 * enrollment, a switch's top-up whose switch can no longer be made). The last three are flagged for the staff to refund.
 */
export const PAYMENT_OUTCOMES = ['applied', 'failed', 'amount-mismatch', 'already-paid', 'switch-refused'] as const;
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
