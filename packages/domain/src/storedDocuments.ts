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
import type { AssignmentWorkDoc, SubmissionDoc } from './assignmentDocuments';
import type { SupportNumberDoc, SupportRequestDoc } from './supportDocuments';
import type { QaAnswerDoc, QaQuestionDoc, QaReportDoc, QaVoteDoc } from './qaDocuments';
import type { StarterProgressDoc } from './starterDocuments';
import type { MentorDoc, MentorBookingDoc, MentoringLedgerDoc, PlacementRequestDoc } from './mentoringDocuments';

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
  mentors: MentorDoc<T>;
  mentorBookings: MentorBookingDoc<T>;
  mentoringLedgers: MentoringLedgerDoc<T>;
  placementRequests: PlacementRequestDoc<T>;
  assignmentWork: AssignmentWorkDoc<T>;
  submissions: SubmissionDoc<T>;
  supportRequests: SupportRequestDoc<T>;
  supportNumbers: SupportNumberDoc<T>;
  qaQuestions: QaQuestionDoc<T>;
  qaAnswers: QaAnswerDoc<T>;
  qaVotes: QaVoteDoc<T>;
  qaReports: QaReportDoc<T>;
  starterProgress: StarterProgressDoc<T>;
}
