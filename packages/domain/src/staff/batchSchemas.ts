import { array, boolean, number, object, string, type InferType } from 'yup';
import type { Equality, QueryShape } from '../common';
import { type BatchListing } from '../enrollment';
import { MAX_CAPACITY, MIN_CAPACITY, OFFERINGS, PUBLIC_CAPACITY_MESSAGE, PUBLIC_MAX_CAPACITY, isCalendarDate } from '../batches';
import { BATCH_TIMES } from '../common';
import { INSTRUCTORS } from '../catalogue';
import { COLLECTIONS } from '../records';

// Batches: what staff create and change. Sessions, end date and status follow from these on the server.

const capacityField = () =>
  number()
    .integer('Capacity is a whole number of seats.')
    .min(MIN_CAPACITY, `At least ${MIN_CAPACITY} seat.`)
    .max(MAX_CAPACITY, `At most ${MAX_CAPACITY} seats.`);
const startDateField = () => string().test('date', 'Choose a start date (YYYY-MM-DD).', (v) => v === undefined || isCalendarDate(v));
const instructorField = () => string().oneOf(Object.keys(INSTRUCTORS), 'Choose an instructor.');

export const batchCreateSchema = object({
  offering: string()
    .required('Choose a course or programme.')
    .oneOf(
      OFFERINGS.map((o) => o.slug),
      'Choose a course or programme.',
    ),
  batchTime: string()
    .required('Choose a batch time.')
    .oneOf([...BATCH_TIMES], 'Choose a batch time.'),
  startDate: startDateField().required('Choose a start date (YYYY-MM-DD).'),
  capacity: capacityField().required('Give the number of seats.'),
  instructor: instructorField().optional(),
  /** An organisation's id: a campus batch, for its people only, which may seat more than a public batch. */
  campus: string()
    .optional()
    .matches(/^[A-Za-z0-9]{1,64}$/, 'Choose an organisation.'),
})
  .noUnknown(true, 'Unknown field.')
  .strict(true)
  .test('public-cap', PUBLIC_CAPACITY_MESSAGE, function (v) {
    if (v.campus !== undefined || v.capacity <= PUBLIC_MAX_CAPACITY) return true;
    return this.createError({ path: 'capacity', message: PUBLIC_CAPACITY_MESSAGE });
  });
export type BatchCreateInput = InferType<typeof batchCreateSchema>;

export const batchEditSchema = object({
  startDate: startDateField().optional(),
  capacity: capacityField().optional(),
  instructor: instructorField().optional(),
})
  .noUnknown(true, 'Unknown field.')
  .strict(true);
export type BatchEditInput = InferType<typeof batchEditSchema>;

/** At most this many offerings per intake request: each writes its batches and their sessions in one transaction. */
export const PLAN_OFFERINGS_PER_REQUEST = 6;
export const batchPlanSchema = object({
  from: startDateField().required('Choose the first date of the intake (YYYY-MM-DD).'),
  // An intake is public batches only: small cohorts.
  capacity: capacityField().max(PUBLIC_MAX_CAPACITY, PUBLIC_CAPACITY_MESSAGE).required('Give the number of seats.'),
  offerings: array(
    string()
      .oneOf(
        OFFERINGS.map((o) => o.slug),
        'Unknown course or programme.',
      )
      .defined(),
  )
    .required('Name the courses and programmes of this part of the intake.')
    .min(1, 'Name at least one course or programme.')
    .max(PLAN_OFFERINGS_PER_REQUEST, `At most ${PLAN_OFFERINGS_PER_REQUEST} per request.`),
})
  .noUnknown(true, 'Unknown field.')
  .strict(true);

export const batchCancelSchema = object({
  reason: string()
    .required('Say why the batch is cancelled.')
    .matches(/\S/, 'Say why the batch is cancelled.')
    .max(500, 'Keep the reason under 500 characters.'),
})
  .noUnknown(true, 'Unknown field.')
  .strict(true);

export const moveSchema = object({
  batchId: string()
    .required('Choose the batch to move to.')
    .matches(/^[A-Za-z0-9]{1,64}$/, 'Choose the batch to move to.'),
})
  .noUnknown(true, 'Unknown field.')
  .strict(true);

/** One seat of a batch's roster, as GET /api/staff/batches/{id}/roster lists it. */
export interface RosterEntry {
  state: 'held' | 'confirmed' | 'offered' | 'waitlisted';
  name: string;
  email: string;
  phone: string;
  enrollmentId: string | null;
  /** ISO: until when a hold or offer stands, else null. */
  until: string | null;
}

/** A batch as the console lists it. */
export interface StaffBatch extends BatchListing {
  instructor: string;
  confirmed: number;
  held: number;
  waiting: number;
}

export const ROSTER_CSV_COLUMNS = ['Seat state', 'Name', 'E-mail', 'Phone', 'Enrollment ID', 'Held until'] as const;

// ---------------------------------------------------------------------------------------------------
// The functions' batch queries, described here so the index test checks each one (the functions
// build them in functions/src/batches, staff/batches.ts and enrollment/seat.ts; keep the two in step).

const eq = (field: string): Equality => ({ field, value: '' });
const upcoming = (collection: 'batches' | 'seats' | 'waitlist', equalities: string[], field: string): QueryShape => ({
  collection: COLLECTIONS[collection] as never,
  equalities: equalities.map(eq),
  arrayContains: null,
  range: { field, from: null, to: null },
  orderBy: { field, direction: 'asc' },
});
export const BATCH_QUERIES: QueryShape[] = [
  upcoming('batches', ['offering', 'batchTime', 'status'], 'startsAt'), // an enrollment's batch by time
  upcoming('batches', ['offering'], 'startsAt'), // the public listing and the console's list
  upcoming('batches', ['status'], 'startsAt'), // the summary
  upcoming('batches', ['offering', 'status'], 'startsAt'), // the next batch for a learner without a seat
  upcoming('batches', ['status'], 'endsAt'), // batches whose last session is over, for the completion job
  upcoming('seats', ['batchId'], 'activeUntil'), // seats taken now (count)
  upcoming('waitlist', ['batchId', 'status'], 'createdAt'), // the first in line
  upcoming('waitlist', ['batchId'], 'createdAt'), // the roster
  // A series' free or lapsed numbers, lowest first, and its highest number (invoices/numbers.ts).
  {
    collection: 'invoiceNumbers',
    equalities: [eq('series'), eq('state')],
    arrayContains: null,
    range: null,
    orderBy: { field: 'sequence', direction: 'asc' },
  },
  {
    collection: 'invoiceNumbers',
    equalities: [eq('series')],
    arrayContains: null,
    range: null,
    orderBy: { field: 'sequence', direction: 'desc' },
  },
];

// ---------------------------------------------------------------------------------------------------
// Certificates: staff overrule the attendance rule, or revoke one (certificates.ts has the rest).

const certificateReasonField = () =>
  string()
    .required('Give a reason (kept in the audit trail).')
    .test('text', 'Give a reason (kept in the audit trail).', (v) => v === undefined || v.trim().length >= 3)
    .max(300, 'At most 300 characters.');

/** POST /api/staff/enrollments/{id}/certificate */
export const certificateOverrideSchema = object({
  issue: boolean().required('Say issue or withhold.'),
  reason: certificateReasonField(),
})
  .noUnknown(true, 'Unknown field.')
  .strict(true);

/** POST /api/staff/certificates/{code}/revoke */
export const certificateRevokeSchema = object({ reason: certificateReasonField() }).noUnknown(true, 'Unknown field.').strict(true);
