/**
 * Every stored document that a function writes and anything else reads (the staff console, the tests,
 * another function), declared once. Each shape is generic over the timestamp type, so the admin SDK's
 * Timestamp (functions, tests) and the client SDK's (staff console) share it; each side builds its
 * Firestore converter from `DOCUMENT_FIELDS` below, which the compiler keeps in step with the shapes.
 *
 * Rename a field here and every reader and writer stops compiling; forget a field in DOCUMENT_FIELDS
 * and this file stops compiling.
 */

import type { TimestampLike } from './collections';
import type { EnrollmentDoc, OrderDoc, PaymentDoc, PaymentClaimDoc, WebhookEventDoc } from './enrollmentDocuments';
import type { ContactMessageDoc, StaffAuditDoc } from './staffDocuments';
import type { MailDoc, NewsletterSubscriptionDoc, IdempotencyKeyDoc, AccountRequestDoc, ConsentDoc, RateLimitDoc } from './mailDocuments';
import type {
  BatchDoc,
  SeatDoc,
  SessionDoc,
  AttendanceDoc,
  ReminderDoc,
  CertificateDoc,
  CalendarFeedDoc,
  WaitlistDoc,
} from './batchDocuments';
import type { TaxDocumentDoc, InvoiceNumberDoc } from './invoiceDocuments';

export * from './collections';
export * from './enrollmentDocuments';
export * from './staffDocuments';
export * from './mailDocuments';
export * from './batchDocuments';
export * from './invoiceDocuments';

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

export * from './documentFields';
