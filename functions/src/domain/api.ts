import type { BatchTime, InterestedCourse } from './enums';

/**
 * The API's record types, declared once: the functions build them, the site and the tests read them.
 * Adding a field to the enrollment record is one edit here that the compiler carries everywhere.
 */

/** Where an enrollment is in its life. Only a pending enrollment can be edited or paid. */
export const ENROLLMENT_STATUSES = ['pending_payment', 'paid', 'cancelled'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];
export const INITIAL_ENROLLMENT_STATUS: EnrollmentStatus = 'pending_payment';
export const isEditable = (status: EnrollmentStatus): boolean => status === INITIAL_ENROLLMENT_STATUS;

/** An enrollment as the API returns it (POST, PUT). */
export interface EnrollmentRecord {
  id: string;
  name: string;
  collegeName: string;
  email: string;
  phone: string;
  interestedCourse: InterestedCourse;
  preferredBatchTime: BatchTime;
  planName: string;
  planId: string | null;
  courseId: number | null;
  /** The courses of a Custom plan enrollment, else null. */
  courseIds: number[] | null;
  price: number;
  listPrice: number;
  couponApplied: boolean;
  features: string[];
  status: EnrollmentStatus;
  createdAt: string | null;
  updatedAt: string | null;
}

/**
 * The answer to POST /api/enroll: the record and a fresh edit token (256 random bits) that lets this
 * browser edit the record without signing in. Only its hash is stored.
 */
export interface CreatedEnrollment extends EnrollmentRecord {
  editToken: string;
}

/** One entry of GET /api/enroll (My Courses). */
export type EnrollmentSummary = Pick<
  EnrollmentRecord,
  'id' | 'planName' | 'interestedCourse' | 'preferredBatchTime' | 'price' | 'createdAt' | 'status'
>;

/** The answer to POST /api/contact. */
export interface ContactAnswer {
  id: string;
}

/** Every error answer: a stable code, a message to show, and per-field messages for forms. */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}
