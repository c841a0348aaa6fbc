import { SEAT_STATES, STORED_BATCH_STATUSES, CERTIFICATE_BASES, WAITLIST_STATUSES } from '../batches';
import { BATCH_TIMES, COLLECTIONS, type CollectionName, type TimestampLike } from '../common';
import { CERTIFICATE_STATUSES } from '../certificates';
import { TAX_DOCUMENT_KINDS, NUMBER_STATES } from '../tax';
import { REMINDER_KINDS, STORED_SESSION_STATUSES } from '../learning';
import { AGE_DECLARATIONS, CONSENT_KINDS, CONSENT_STATES } from '../account';
import { PAYMENT_STATES, PAYMENT_OUTCOMES, PAYMENT_REPORTERS, SWITCH_TOP_UP_PURPOSE } from '../enrollment';
import { STAFF_ACTIONS, AUDIT_TARGET_KINDS } from './staffDocuments';
import { MAIL_STATUSES, SUBSCRIPTION_STATUSES, ACCOUNT_REQUEST_KINDS, ACCOUNT_REQUEST_STATES } from '../mail';
import { BOOKING_STATUSES, PLACEMENT_STATES, SESSION_KINDS } from '../mentoring';
import { WORK_STATES } from '../assignments';
import { SUPPORT_STATES, SUPPORT_TIERS, SUPPORT_TOPICS } from '../support';
import { QA_ROLES } from '../qa';
import type { BaseKind, DocumentFieldsMap, FieldKind } from './documentFieldKinds';
import type { StoredDocuments } from './storedDocuments';
import { SALES_DOCUMENT_FIELDS } from './salesDocumentFields';
import { LEARNING_DOCUMENT_FIELDS } from './learningDocumentFields';
import { ORGANISATION_DOCUMENT_FIELDS } from './organisationDocumentFields';
import { CAREER_REVIEW_KINDS, CAREER_VERDICTS, JOB_STAGES } from '../career';
import { REFERRAL_CREDIT_STATES } from '../referrals';
import { ORDER_SEAT_STATES, ORGANISATION_KINDS, ORGANISATION_STATUSES, SEAT_ORDER_STATES } from '../organisations';

export type { FieldKind };
type Kind = BaseKind;

/** Every collection's fields and their kinds (salesDocumentFields.ts, learningDocumentFields.ts, organisationDocumentFields.ts). */
export const DOCUMENT_FIELDS: DocumentFieldsMap = {
  ...SALES_DOCUMENT_FIELDS,
  ...LEARNING_DOCUMENT_FIELDS,
  ...ORGANISATION_DOCUMENT_FIELDS,
};

/** The string fields that hold one of a fixed set of values, checked too. */
const ENUM_FIELDS: Partial<Record<CollectionName, Record<string, readonly string[]>>> = {
  orders: { purpose: [SWITCH_TOP_UP_PURPOSE] },
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
  organisations: { kind: ORGANISATION_KINDS, status: ORGANISATION_STATUSES },
  seatOrders: { state: SEAT_ORDER_STATES, supply: ['intra-state', 'inter-state'] },
  orderSeats: { state: ORDER_SEAT_STATES },
  careerReviews: { kind: CAREER_REVIEW_KINDS, state: ['waiting', ...CAREER_VERDICTS] },
  jobApplications: { stage: JOB_STAGES },
  referralCredits: { state: REFERRAL_CREDIT_STATES },
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
