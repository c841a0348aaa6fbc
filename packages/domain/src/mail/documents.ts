import { type ConsentKind, type ConsentState } from '../account';
import type { TimestampLike } from '../common';
import type { PurchaseLine } from '../enrollment';

// The outbox, the newsletter and the request bookkeeping (idempotency keys, account mail, consents, rate limits).
// Part of the stored documents' shapes (documents.ts names the collections and re-exports every shape).

/** What every mail about an enrollment carries: whose it is, and what was bought (purchase.ts). */
interface PurchaseMail {
  enrollmentId: string;
  name: string;
  planName: string;
  purchase: PurchaseLine[];
}

/** Every message the product sends, with the facts its template needs (rendered when it is sent). */
export type MailMessage =
  | {
      template: 'enrollment-created';
      data: PurchaseMail & { batch: string; price: number; features: string[] };
    }
  | {
      template: 'payment-received';
      data: PurchaseMail & {
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
      data: PurchaseMail & { promise: string; trialEndsAt: string; amount: number };
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
      data: PurchaseMail & { amount: number; number: string; invoiceNumber: string };
    }
  /** replyBy: when the reply is due (ISO); absent on a message queued before the reply clock. */
  | { template: 'contact-ack'; data: { fullName: string; message: string; courseInterest?: string; replyBy?: string } }
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
  | {
      template: 'nudge';
      data: {
        enrollmentId: string;
        name: string;
        offering: string;
        batch: string;
        instructor: string;
        kind: 'missed-classes' | 'assignment-overdue';
        cause: string;
      };
    }
  | {
      template: 'course-switched';
      data: {
        enrollmentId: string;
        name: string;
        from: string;
        to: string;
        batch: string;
        invoiceNumber: string | null;
        /** Rupees refunded because the new course costs less (absent or 0: nothing). */
        refund?: number;
        /** Rupees paid on top because the new course costs more (absent or 0: nothing). */
        topUp?: number;
      };
    }
  | {
      template: 'referral-credit';
      data: { name: string; friend: string; amount: number; available: number };
    }
  | {
      template: 'recording-missing';
      data: { name: string; offering: string; batch: string; number: number; topic: string; endedAt: string; dueAt: string };
    }
  | {
      template: 'mentoring-booked';
      data: { bookingId: string; name: string; kind: string; mentor: string; startsAt: string; endsAt: string; timeZone: string };
    }
  | {
      template: 'mentoring-reminder';
      data: {
        bookingId: string;
        name: string;
        kind: string;
        mentor: string;
        startsAt: string;
        endsAt: string;
        timeZone: string;
        when: 'day' | 'hour';
      };
    }
  | {
      template: 'mentoring-cancelled';
      data: {
        bookingId: string;
        name: string;
        kind: string;
        mentor: string;
        startsAt: string;
        by: 'learner' | 'mentor' | 'staff';
        returned: boolean;
      };
    }
  | {
      template: 'assignment-received';
      data: { submissionId: string; name: string; offering: string; assignment: string; attempt: number; receipt: string; late: boolean };
    }
  | {
      template: 'assignment-reviewed';
      data: {
        submissionId: string;
        name: string;
        offering: string;
        assignment: string;
        attempt: number;
        result: 'passed' | 'needs-work';
        total: number;
        outOf: number;
        reviewer: string;
        canResubmit: boolean;
      };
    }
  | {
      template: 'support-received';
      data: { requestId: string; reference: string; name: string; topic: string; promise: string; dueAt: string; message: string };
    }
  | {
      template: 'support-reply';
      data: { requestId: string; reference: string; name: string; topic: string; from: string; reply: string; closed: boolean };
    }
  | {
      template: 'qa-answer';
      data: {
        questionId: string;
        title: string;
        name: string;
        answerer: string;
        role: string;
        excerpt: string;
        /** Who is mailed, and the signed token of their one-click "stop these mails" link. */
        uid: string;
        unfollowToken: string;
      };
    }
  | {
      /** An admin of a team or a campus: asked for (to the requester, and to staff to review), confirmed, or added by another admin. */
      template: 'team-admin';
      data: { organisationId: string; organisation: string; event: 'requested' | 'review' | 'confirmed' | 'added'; by: string | null };
    }
  | {
      /** A seat offered by e-mail: the link carries the seat and its token. */
      template: 'seat-invitation';
      data: { organisationId: string; seatId: string; token: string; organisation: string; name: string | null; offer: string };
    }
  | {
      /** To an organisation's admins: 75% or 100% of an order's seats claimed, or unclaimed seats lapsing in 14 days. */
      template: 'team-seats';
      data: {
        organisationId: string;
        orderId: string;
        organisation: string;
        offer: string;
        event: 'claimed-75' | 'claimed-100' | 'lapsing';
        claimed: number;
        bought: number;
        unclaimed: number;
        lapsesOn: string | null;
      };
    }
  | {
      /** A resume or LinkedIn link received for review (a first version or a re-review), with the day it is promised by. */
      template: 'career-received';
      data: { reviewId: string; name: string; kind: 'resume' | 'linkedin'; version: number; promise: string; dueAt: string };
    }
  | {
      /** A resume or LinkedIn review released: its verdict, and whether a new version may be sent. */
      template: 'career-reviewed';
      data: {
        reviewId: string;
        name: string;
        kind: 'resume' | 'linkedin';
        version: number;
        verdict: 'approved' | 'changes-suggested';
        reviewer: string;
        mayResubmit: boolean;
      };
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
