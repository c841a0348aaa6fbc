import { SEAT_STATES, STORED_BATCH_STATUSES } from './batchTimes';
import { BATCH_TIMES } from './enums';
import { CERTIFICATE_STATUSES } from './certificates';
import { TAX_DOCUMENT_KINDS } from './tax';
import { REMINDER_KINDS, STORED_SESSION_STATUSES } from './learning';
import { AGE_DECLARATIONS, CONSENT_KINDS, CONSENT_STATES } from './consents';
import { COLLECTIONS, type CollectionName, type TimestampLike } from './collections';
import { PAYMENT_STATES, PAYMENT_OUTCOMES, PAYMENT_REPORTERS } from './enrollmentDocuments';
import { STAFF_ACTIONS, AUDIT_TARGET_KINDS } from './staffDocuments';
import { MAIL_STATUSES, MailDoc, SUBSCRIPTION_STATUSES, ACCOUNT_REQUEST_KINDS, ACCOUNT_REQUEST_STATES } from './mailDocuments';
import { CERTIFICATE_BASES, WAITLIST_STATUSES } from './batchDocuments';
import { NUMBER_STATES } from './invoiceDocuments';
import { BOOKING_STATUSES } from './mentoringDocuments';
import { PLACEMENT_STATES, SESSION_KINDS } from './mentoringTerms';
import { WORK_STATES } from './assignments';
import { SUPPORT_STATES, SUPPORT_TIERS, SUPPORT_TOPICS } from './support';
import { QA_ROLES } from './qa';
import type { StoredDocuments } from './storedDocuments';

// ---------------------------------------------------------------------------------------------------
// The same shapes at run time, for the converters: each field's kind. `?` means it may be null or absent.

type Kind = 'string' | 'number' | 'boolean' | 'timestamp' | 'strings' | 'numbers' | 'map' | 'maps';
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
    certificatesPending: 'boolean?',
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
    projects: 'maps?',
    showLinks: 'boolean?',
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
  mentors: {
    name: 'string',
    photo: 'string?',
    headline: 'string',
    courseIds: 'numbers',
    categories: 'strings',
    languages: 'strings',
    kinds: 'strings',
    availability: 'map',
    active: 'boolean',
    version: 'number',
    updatedAt: 'timestamp',
  },
  mentorBookings: {
    kind: 'string',
    mentorId: 'string',
    mentorName: 'string',
    learnerUid: 'string',
    learnerEmail: 'string',
    learnerName: 'string',
    enrollmentId: 'string',
    planId: 'string',
    windowStartMs: 'number',
    startsAt: 'timestamp',
    endsAt: 'timestamp',
    status: 'string',
    counts: 'boolean',
    meetingUrl: 'string',
    sequence: 'number',
    outsideHours: 'boolean',
    notes: 'map?',
    scorecard: 'map?',
    cancelledBy: 'string?',
    cancelledAt: 'timestamp?',
    noShowReport: 'map?',
    createdAt: 'timestamp',
    updatedAt: 'timestamp',
  },
  mentoringLedgers: { uid: 'string', bookings: 'number', advisorId: 'string?', updatedAt: 'timestamp' },
  placementRequests: {
    uid: 'string',
    email: 'string',
    name: 'string',
    enrollmentId: 'string',
    bookingId: 'string',
    note: 'string',
    state: 'string',
    history: 'maps',
    createdAt: 'timestamp',
    updatedAt: 'timestamp',
  },
  assignmentWork: {
    uid: 'string',
    enrollmentId: 'string',
    offering: 'string',
    assignmentId: 'string',
    state: 'string',
    attempts: 'number',
    latestSubmissionId: 'string?',
    extension: 'map?',
    updatedAt: 'timestamp',
  },
  submissions: {
    uid: 'string',
    learnerName: 'string',
    learnerEmail: 'string',
    enrollmentId: 'string',
    planId: 'string?',
    batchId: 'string',
    offering: 'string',
    courseId: 'number?',
    instructor: 'string',
    assignmentId: 'string',
    attempt: 'number',
    text: 'string?',
    link: 'string?',
    submittedAt: 'timestamp',
    late: 'boolean',
    reviewDueAt: 'timestamp',
    state: 'string',
    review: 'map?',
    updatedAt: 'timestamp',
  },
  supportRequests: {
    reference: 'string',
    uid: 'string',
    email: 'string',
    name: 'string',
    topic: 'string',
    enrollmentId: 'string?',
    enrollmentLabel: 'string?',
    tier: 'string',
    state: 'string',
    dueAt: 'timestamp',
    firstReplyAt: 'timestamp?',
    firstReplyOnTime: 'boolean?',
    assignee: 'map?',
    thread: 'maps',
    createdAt: 'timestamp',
    updatedAt: 'timestamp',
    closedAt: 'timestamp?',
  },
  supportNumbers: { last: 'number', updatedAt: 'timestamp' },
  qaQuestions: {
    spaceId: 'string',
    courseId: 'number?',
    programme: 'string?',
    batchId: 'string?',
    about: 'map?',
    title: 'string',
    body: 'string',
    html: 'string',
    authorUid: 'string',
    authorName: 'string',
    authorRole: 'string',
    priority: 'boolean',
    dueAt: 'timestamp',
    firstAnswerAt: 'timestamp?',
    firstAnswerOnTime: 'boolean?',
    answerCount: 'number',
    acceptedAnswerId: 'string?',
    votes: 'number',
    followers: 'strings',
    tokens: 'strings',
    hidden: 'map?',
    deleted: 'boolean',
    reports: 'number',
    history: 'maps',
    editedAt: 'timestamp?',
    createdAt: 'timestamp',
    updatedAt: 'timestamp',
  },
  qaAnswers: {
    questionId: 'string',
    spaceId: 'string',
    body: 'string',
    html: 'string',
    authorUid: 'string',
    authorName: 'string',
    authorRole: 'string',
    votes: 'number',
    hidden: 'map?',
    deleted: 'boolean',
    reports: 'number',
    history: 'maps',
    editedAt: 'timestamp?',
    createdAt: 'timestamp',
    updatedAt: 'timestamp',
  },
  qaVotes: { uid: 'string', targetId: 'string', at: 'timestamp' },
  qaReports: { uid: 'string', postId: 'string', reason: 'string', at: 'timestamp' },
  starterProgress: { uid: 'string', programme: 'string', done: 'strings', updatedAt: 'timestamp' },
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
  mentorBookings: { kind: SESSION_KINDS, status: BOOKING_STATUSES, cancelledBy: ['learner', 'mentor', 'staff'] },
  placementRequests: { state: PLACEMENT_STATES },
  assignmentWork: { state: WORK_STATES },
  submissions: { state: WORK_STATES },
  supportRequests: { topic: SUPPORT_TOPICS, tier: SUPPORT_TIERS, state: SUPPORT_STATES },
  qaQuestions: { authorRole: QA_ROLES },
  qaAnswers: { authorRole: QA_ROLES },
};

const isMap = (value: unknown, isTimestamp: (value: unknown) => boolean): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !isTimestamp(value);

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
      return isMap(value, isTimestamp);
    case 'maps':
      return Array.isArray(value) && value.every((item) => isMap(item, isTimestamp));
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
