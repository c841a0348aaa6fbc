// The collections, named once, and the timestamp both Firebase SDKs share: what every stored shape builds on.

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
  contactWeeks: 'contactWeeks',
  staffAudit: 'staffAudit',
  mail: 'mail',
  newsletterSubscriptions: 'newsletterSubscriptions',
  idempotencyKeys: 'idempotencyKeys',
  rateLimits: 'rateLimits',
  batches: 'batches',
  seats: 'seats',
  seatBoards: 'seatBoards',
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
  mentors: 'mentors',
  mentorBookings: 'mentorBookings',
  mentoringLedgers: 'mentoringLedgers',
  mentorWeeks: 'mentorWeeks',
  placementRequests: 'placementRequests',
  assignmentWork: 'assignmentWork',
  submissions: 'submissions',
  supportRequests: 'supportRequests',
  supportNumbers: 'supportNumbers',
  supportWeeks: 'supportWeeks',
  reviewWeeks: 'reviewWeeks',
  qaQuestions: 'qaQuestions',
  qaAnswers: 'qaAnswers',
  qaVotes: 'qaVotes',
  qaReports: 'qaReports',
  qaWeeks: 'qaWeeks',
  instructorOfferings: 'instructorOfferings',
  starterProgress: 'starterProgress',
  organisations: 'organisations',
  seatOrders: 'seatOrders',
  orderSeats: 'orderSeats',
  bankTransfers: 'bankTransfers',
  careerReviews: 'careerReviews',
  jobApplications: 'jobApplications',
  nudges: 'nudges',
  referralCodes: 'referralCodes',
  referralCredits: 'referralCredits',
} as const;
export type CollectionName = keyof typeof COLLECTIONS;
