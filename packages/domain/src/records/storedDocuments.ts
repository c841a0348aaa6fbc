import type { TimestampLike } from '../common';
import type { EnrollmentDoc, OrderDoc, PaymentDoc, PaymentClaimDoc, WebhookEventDoc } from '../enrollment';
import type { ContactMessageDoc, StaffAuditDoc } from './staffDocuments';
import type { MailDoc, NewsletterSubscriptionDoc, IdempotencyKeyDoc, AccountRequestDoc, ConsentDoc, RateLimitDoc } from '../mail';
import type {
  BatchDoc,
  SeatDoc,
  SeatBoardDoc,
  InstructorOfferingsDoc,
  SessionDoc,
  AttendanceDoc,
  ReminderDoc,
  CertificateDoc,
  CalendarFeedDoc,
  WaitlistDoc,
  NudgeDoc,
} from '../batches';
import type { TaxDocumentDoc, InvoiceNumberDoc } from '../tax';
import type { FinanceDayDoc } from '../finance';
import type { AssignmentWorkDoc, ReviewWeekDoc, SubmissionDoc } from '../assignments';
import type { ContactWeekDoc, SupportNumberDoc, SupportRequestDoc, SupportWeekDoc } from '../support';
import type { QaAnswerDoc, QaQuestionDoc, QaReportDoc, QaVoteDoc, QaWeekDoc } from '../qa';
import type { StarterProgressDoc } from '../starter';
import type { B2bMonthDoc, BankTransferDoc, OrderSeatDoc, OrganisationDoc, SeatLaneDoc, SeatOrderDoc } from '../organisations';
import type { MentorDoc, MentorBookingDoc, MentoringLedgerDoc, MentorWeekDoc, PlacementRequestDoc } from '../mentoring';
import type { CareerReviewDoc, JobApplicationDoc } from '../career';
import type { ReferralCodeDoc, ReferralCreditDoc } from '../referrals';

/** Each collection's document shape, by collection. */
export interface StoredDocuments<T extends TimestampLike = TimestampLike> {
  enrollments: EnrollmentDoc<T>;
  orders: OrderDoc<T>;
  payments: PaymentDoc<T>;
  paymentClaims: PaymentClaimDoc<T>;
  webhookEvents: WebhookEventDoc<T>;
  contactMessages: ContactMessageDoc<T>;
  contactWeeks: ContactWeekDoc<T>;
  staffAudit: StaffAuditDoc<T>;
  mail: MailDoc<T>;
  newsletterSubscriptions: NewsletterSubscriptionDoc<T>;
  idempotencyKeys: IdempotencyKeyDoc<T>;
  rateLimits: RateLimitDoc<T>;
  batches: BatchDoc<T>;
  seats: SeatDoc<T>;
  seatBoards: SeatBoardDoc<T>;
  instructorOfferings: InstructorOfferingsDoc<T>;
  sessions: SessionDoc<T>;
  waitlist: WaitlistDoc<T>;
  attendance: AttendanceDoc<T>;
  reminders: ReminderDoc<T>;
  calendarFeeds: CalendarFeedDoc<T>;
  certificates: CertificateDoc<T>;
  taxDocuments: TaxDocumentDoc<T>;
  financeDays: FinanceDayDoc<T>;
  invoiceNumbers: InvoiceNumberDoc<T>;
  accountRequests: AccountRequestDoc<T>;
  consents: ConsentDoc<T>;
  mentors: MentorDoc<T>;
  mentorBookings: MentorBookingDoc<T>;
  mentoringLedgers: MentoringLedgerDoc<T>;
  mentorWeeks: MentorWeekDoc<T>;
  placementRequests: PlacementRequestDoc<T>;
  assignmentWork: AssignmentWorkDoc<T>;
  submissions: SubmissionDoc<T>;
  supportRequests: SupportRequestDoc<T>;
  supportNumbers: SupportNumberDoc<T>;
  supportWeeks: SupportWeekDoc<T>;
  reviewWeeks: ReviewWeekDoc<T>;
  qaQuestions: QaQuestionDoc<T>;
  qaAnswers: QaAnswerDoc<T>;
  qaVotes: QaVoteDoc<T>;
  qaReports: QaReportDoc<T>;
  qaWeeks: QaWeekDoc<T>;
  starterProgress: StarterProgressDoc<T>;
  organisations: OrganisationDoc<T>;
  seatOrders: SeatOrderDoc<T>;
  seatLanes: SeatLaneDoc<T>;
  orderSeats: OrderSeatDoc<T>;
  bankTransfers: BankTransferDoc<T>;
  b2bMonths: B2bMonthDoc<T>;
  careerReviews: CareerReviewDoc<T>;
  jobApplications: JobApplicationDoc<T>;
  nudges: NudgeDoc<T>;
  referralCodes: ReferralCodeDoc<T>;
  referralCredits: ReferralCreditDoc<T>;
}
