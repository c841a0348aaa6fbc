import { boolean, object, string } from 'yup';
import { ENROLLMENT_STATUSES, type EnrollmentStatus } from '../enrollment';
import { COLLECTIONS, RESEND_MAILS, type ResendMail, type StaffAction } from '../records';
import { findPlan, PLAN_IDS } from '../catalogue';
import type { Equality, QueryShape, SortDirection } from '../common';

/**
 * The staff console's contract, shared by the site (which queries Firestore directly, under the rules),
 * the functions (which make every change) and the tests (which check each query has its index).
 */

/** The custom claims: staff may use the console; admins may also make others staff. */
export const STAFF_CLAIM = 'staff';
export const ADMIN_CLAIM = 'admin';
export const isStaffClaims = (claims: Record<string, unknown>): boolean => claims[STAFF_CLAIM] === true;

export const STAFF_PAGE_SIZE = 25;

/** Collections the console reads (and the only ones the rules open, to staff only). */
export const STAFF_COLLECTIONS = {
  enrollments: COLLECTIONS.enrollments,
  payments: COLLECTIONS.payments,
  contactMessages: COLLECTIONS.contactMessages,
  audit: COLLECTIONS.staffAudit,
  consents: COLLECTIONS.consents,
} as const;

// ---------------------------------------------------------------------------------------------------
// Enrollment search. Firestore has no full-text search, so each enrollment stores the lower-cased
// prefixes of its name, each word of its name and its e-mail address; a search is one array-contains.

const MIN_PREFIX = 2;
const MAX_PREFIX = 40;

/** What a search box holds, as the stored keys hold it: lower case, single spaces, trimmed. */
export function normaliseSearch(term: string): string {
  return term.toLowerCase().replace(/\s+/g, ' ').trim().slice(0, MAX_PREFIX);
}

function prefixes(text: string): string[] {
  const out: string[] = [];
  for (let n = MIN_PREFIX; n <= Math.min(text.length, MAX_PREFIX); n += 1) out.push(text.slice(0, n));
  return out;
}

/** The keys an enrollment is found by: "pri", "priya sh", "sharma", "priya@exa" all find Priya Sharma. */
export function enrollmentSearchKeys(name: string, email: string): string[] {
  const fullName = normaliseSearch(name);
  const keys = new Set<string>([...prefixes(fullName), ...fullName.split(' ').flatMap(prefixes), ...prefixes(normaliseSearch(email))]);
  return [...keys];
}

// ---------------------------------------------------------------------------------------------------
// Filters and the Firestore query each one becomes.

/** The plan filter: a plan key, or `course` for a single course bought from the catalogue. */
export const PLAN_FILTERS = ['all', ...PLAN_IDS, 'course'] as const;
export type PlanFilter = (typeof PLAN_FILTERS)[number];
export const STATUS_FILTERS = ['all', ...ENROLLMENT_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export type { SortDirection } from '../common';
/**
 * The membership filter: Razorpay's status of an enrollment's subscription, as stored with it. It is a
 * filter of its own (status and plan do not apply with it): a subscription's status says both.
 */
export const MEMBERSHIP_FILTERS = ['all', 'authenticated', 'active', 'pending', 'halted', 'cancelled', 'completed'] as const;
export type MembershipFilter = (typeof MEMBERSHIP_FILTERS)[number];
export const MEMBERSHIP_FILTER_LABELS: Record<MembershipFilter, string> = {
  all: 'All (and no membership)',
  authenticated: 'Free trial',
  active: 'Active',
  pending: 'Payment pending',
  halted: 'Halted',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

export interface EnrollmentFilter {
  status: StatusFilter;
  plan: PlanFilter;
  /** Inclusive calendar dates (YYYY-MM-DD) in India time, or '' for open. */
  from: string;
  to: string;
  search: string;
  direction: SortDirection;
  membership: MembershipFilter;
}

export const DEFAULT_ENROLLMENT_FILTER: EnrollmentFilter = {
  status: 'all',
  plan: 'all',
  from: '',
  to: '',
  search: '',
  direction: 'desc',
  membership: 'all',
};

export function planFilterLabel(plan: PlanFilter): string {
  if (plan === 'all') return 'All plans';
  if (plan === 'course') return 'Single course (catalogue)';
  return findPlan(plan)?.name ?? plan;
}

export type { Equality, QueryShape } from '../common';

/** India time, where the business is: a date range means whole days there. */
const IST_OFFSET = '+05:30';
export function dayStart(date: string): Date | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00${IST_OFFSET}`) : null;
}
export function dayEnd(date: string): Date | null {
  const start = dayStart(date);
  return start ? new Date(start.getTime() + 24 * 60 * 60 * 1000) : null;
}

export function enrollmentQuery(filter: EnrollmentFilter, overrides: { status?: EnrollmentStatus } = {}): QueryShape<'enrollments'> {
  const equalities: Equality[] = [];
  if (filter.membership !== 'all') {
    equalities.push({ field: 'subscription.snapshot.status', value: filter.membership });
  } else {
    const status = overrides.status ?? (filter.status === 'all' ? null : filter.status);
    if (status) equalities.push({ field: 'status', value: status });
    if (filter.plan !== 'all') equalities.push({ field: 'planId', value: filter.plan === 'course' ? null : filter.plan });
  }
  const search = normaliseSearch(filter.search);
  const from = dayStart(filter.from);
  const to = dayEnd(filter.to);
  return {
    collection: STAFF_COLLECTIONS.enrollments,
    equalities,
    arrayContains: search.length >= MIN_PREFIX ? { field: 'searchKeys', value: search } : null,
    range: from || to ? { field: 'createdAt', from, to } : null,
    orderBy: { field: 'createdAt', direction: filter.direction },
  };
}

export type HandledFilter = 'unhandled' | 'handled' | 'all';
export const HANDLED_FILTERS: readonly HandledFilter[] = ['unhandled', 'handled', 'all'];

export function contactMessagesQuery(handled: HandledFilter): QueryShape<'contactMessages'> {
  return {
    collection: STAFF_COLLECTIONS.contactMessages,
    equalities: handled === 'all' ? [] : [{ field: 'handled', value: handled === 'handled' }],
    arrayContains: null,
    range: null,
    orderBy: { field: 'createdAt', direction: 'desc' },
  };
}

/** Messages still waiting whose reply was due before `now`, the longest overdue first: the top of the Messages view. */
export function overdueMessagesQuery(now: Date): QueryShape<'contactMessages'> {
  return {
    collection: STAFF_COLLECTIONS.contactMessages,
    equalities: [{ field: 'handled', value: false }],
    arrayContains: null,
    range: { field: 'dueAt', from: null, to: now },
    orderBy: { field: 'dueAt', direction: 'asc' },
  };
}

/** Every distinct query the console can run, for the index test. */
export function allStaffQueries(): QueryShape[] {
  const shapes: QueryShape[] = [];
  for (const status of ['all', 'paid'] as const)
    for (const plan of ['all', 'pro'] as const)
      for (const search of ['', 'priya'])
        for (const direction of ['desc', 'asc'] as const)
          shapes.push(
            enrollmentQuery({ ...DEFAULT_ENROLLMENT_FILTER, status, plan, search, direction, from: '2026-01-01', to: '2026-12-31' }),
          );
  for (const search of ['', 'priya'])
    for (const direction of ['desc', 'asc'] as const)
      shapes.push(enrollmentQuery({ ...DEFAULT_ENROLLMENT_FILTER, membership: 'active', search, direction }));
  for (const handled of HANDLED_FILTERS) shapes.push(contactMessagesQuery(handled));
  shapes.push(overdueMessagesQuery(new Date('2026-01-01T00:00:00Z')));
  shapes.push(paymentsOfEnrollmentQuery('any'), auditOfTargetQuery('any'), consentsOfPersonQuery('any'));
  return shapes;
}

export function paymentsOfEnrollmentQuery(enrollmentId: string): QueryShape<'payments'> {
  return {
    collection: STAFF_COLLECTIONS.payments,
    equalities: [{ field: 'enrollmentId', value: enrollmentId }],
    arrayContains: null,
    range: null,
    orderBy: { field: 'createdAt', direction: 'asc' },
  };
}

export function auditOfTargetQuery(targetId: string): QueryShape<'staffAudit'> {
  return {
    collection: STAFF_COLLECTIONS.audit,
    equalities: [{ field: 'targetId', value: targetId }],
    arrayContains: null,
    range: null,
    orderBy: { field: 'at', direction: 'desc' },
  };
}

/** The consents about one learner (by the sha256 of their e-mail): newsletter, account terms, guardians. */
export function consentsOfPersonQuery(subjectHash: string): QueryShape<'consents'> {
  return {
    collection: STAFF_COLLECTIONS.consents,
    equalities: [{ field: 'subjectHash', value: subjectHash }],
    arrayContains: null,
    range: null,
    orderBy: { field: 'givenAt', direction: 'desc' },
  };
}

// ---------------------------------------------------------------------------------------------------
// The audit trail's words (its documents are declared in documents.ts).

export const STAFF_ACTION_LABELS: Record<StaffAction, string> = {
  'message-handled': 'Marked handled',
  'resend-payment-link': 'Resent the payment link',
  'resend-receipt': 'Resent the receipt',
  'refund-requested': 'Refund requested from Razorpay',
  'refund-failed': 'Refund refused by Razorpay',
  'staff-granted': 'Granted staff access',
  'staff-revoked': 'Revoked staff access',
  'batch-created': 'Created the batch',
  'batch-updated': 'Changed the batch',
  'batch-cancelled': 'Cancelled the batch',
  'learner-moved': 'Moved the learner to another batch',
  'course-switched': 'Switched the learner to another course',
  'instructor-granted': 'Made an instructor',
  'instructor-revoked': 'Removed instructor access',
  'attendance-marked': 'Marked attendance',
  'recording-added': 'Added the recording',
  'at-risk-noted': 'Noted on the at-risk list',
  'session-rescheduled': 'Rescheduled the session',
  'session-cancelled': 'Cancelled the session',
  'batch-completed': 'Completed the batch',
  'batch-completion-finished': "Finished issuing an interrupted completion's certificates",
  'certificate-issued': 'Issued a certificate',
  'certificate-withheld': 'Withheld the certificate',
  'certificate-revoked': 'Revoked the certificate',
  'account-deleted': 'Deleted their account (by the learner)',
  'mentor-granted': 'Made a mentor',
  'mentor-revoked': 'Removed mentor access',
  'mentoring-cancelled': 'Cancelled a mentoring session (the learner gets it back)',
  'mentoring-no-show': 'Reported a mentoring no-show',
  'placement-moved': 'Moved a placement request',
  'advisor-assigned': 'Named the learning advisor',
  'mentoring-returned': 'Gave a mentoring session back',
  'extension-granted': 'Granted an assignment extension',
  'support-assigned': 'Assigned a support request',
  'support-replied': 'Replied to a support request',
  'support-closed': 'Closed a support request',
  'support-reopened': 'Reopened a support request',
  'qa-hidden': 'Hid a Q&A post',
  'qa-restored': 'Showed a hidden Q&A post again',
  'organisation-created': 'Created an organisation',
  'organisation-confirmed': 'Confirmed an organisation',
  'seat-order-priced': 'Priced a quote of 100 seats or more',
  'transfer-recorded': 'Recorded a bank transfer',
  'tds-recorded': 'Recorded TDS deducted or its certificate',
  'seats-cancelled': 'Cancelled unclaimed seats (credit note)',
};

// ---------------------------------------------------------------------------------------------------
// Staff actions: one schema each for the console's form and the function.

export const NOTE_MAX = 1000;

// Validated strictly (no transforms) by the function, so nothing here trims: the function trims after.
export const handledSchema = object({
  note: string().max(NOTE_MAX, `Keep the note under ${NOTE_MAX} characters.`),
}).noUnknown(true, 'Unknown field.');

export type ResendKind = ResendMail;
export const resendSchema = object({
  mail: string().oneOf(RESEND_MAILS, 'Choose the payment link or the receipt.').required('Choose the payment link or the receipt.'),
}).noUnknown(true, 'Unknown field.');

export const refundSchema = object({
  reason: string()
    .required('Say why the money is being returned.')
    .matches(/\S/, 'Say why the money is being returned.')
    .max(500, 'Keep the reason under 500 characters.'),
}).noUnknown(true, 'Unknown field.');

/** A staff action's answer. */
export interface StaffActionAnswer {
  ok: true;
  /** The audit entry the change wrote. */
  auditId: string;
  /** For a refund: the gateway's refund id (the webhook then marks the enrollment refunded). */
  refundId?: string;
}

/** Admins change who is staff from the console's Team page (admins themselves only with the CLI). */
export const TEAM_ACCESS = ['staff', 'none'] as const;
export type TeamAccess = (typeof TEAM_ACCESS)[number];
export const teamChangeSchema = object({
  email: string()
    .required('Enter the e-mail address of their account.')
    .max(254, 'Enter a valid e-mail address.')
    .matches(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter a valid e-mail address.'),
  access: string().oneOf(TEAM_ACCESS, 'Choose staff or none.').required('Choose staff or none.'),
}).noUnknown(true, 'Unknown field.');

/** One person with console access, as GET /api/staff/team lists them. */
export interface TeamMember {
  uid: string;
  email: string;
  admin: boolean;
}

/** One instructor account (the `instructor` claim), as GET /api/staff/team lists them: the profile they teach as. */
export interface TeamInstructor {
  uid: string;
  email: string;
  instructor: string;
  /** The profile's display name. */
  name: string;
}

/** One mentor account (the `mentor` claim), as GET /api/staff/team lists them. */
export interface TeamMentor {
  uid: string;
  email: string;
}

export interface TeamAnswer {
  members: TeamMember[];
  instructors: TeamInstructor[];
  mentors: TeamMentor[];
}

/** Admins make an account a mentor or take it away: POST /api/staff/team/mentor. */
export const mentorChangeSchema = object({
  email: string()
    .required('Enter the e-mail address of their account.')
    .max(254, 'Enter a valid e-mail address.')
    .matches(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter a valid e-mail address.'),
  mentor: boolean().required('Choose whether they mentor.').strict(),
}).noUnknown(true, 'Unknown field.');

/** A resend of the same mail for the same enrollment within this window is refused (a double click). */
export const RESEND_COOLDOWN_MS = 60_000;

// ---------------------------------------------------------------------------------------------------
// The CSV export: columns named once, for the console and the test that reads the file.

export const ENROLLMENT_CSV_COLUMNS = [
  'Date',
  'Name',
  'E-mail',
  'Phone',
  'Plan',
  'Course',
  'Price (INR)',
  'Status',
  'Payment ID',
  'Enrollment ID',
] as const;

// Batch changes' schemas live with the batches topic.
export * from './batchSchemas';
