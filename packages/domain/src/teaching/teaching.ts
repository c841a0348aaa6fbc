import { boolean, object, string, type InferType } from 'yup';
import { isCalendarDate } from '../batches';
import { INSTRUCTORS } from '../catalogue';
import type { InstructorKey, BatchStatus } from '../batches';
import type { BatchTime } from '../common';
import { isHttpsUrl } from '../learning';
import type { SessionSummary } from '../enrollment';

/**
 * Instructors: the custom claim that makes an account an instructor, what "My teaching" shows and what an
 * instructor (or staff) may change about a session. See docs/decisions/0014.
 */

export { INSTRUCTOR_CLAIM, instructorKeyOf } from '../catalogue';
const INSTRUCTOR_KEYS = Object.keys(INSTRUCTORS) as InstructorKey[];

// Validated strictly (no transforms) on the server, like the staff schemas: the function trims after.
const reasonField = () =>
  string()
    .required('Give a reason: learners see it in their mail.')
    .test('text', 'Give a reason: learners see it in their mail.', (v) => v === undefined || v.trim().length >= 3)
    .max(300, 'At most 300 characters.');

/** Admins make an account an instructor (naming their profile) or take it away: POST /api/staff/team/instructor. */
export const instructorChangeSchema = object({
  email: string()
    .required('Enter the e-mail address of their account.')
    .max(254, 'Enter a valid e-mail address.')
    .matches(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter a valid e-mail address.'),
  instructor: string()
    .oneOf([...INSTRUCTOR_KEYS, 'none'], 'Choose an instructor profile, or none.')
    .required('Choose an instructor profile, or none.'),
})
  .noUnknown(true, 'Unknown field.')
  .strict(true);
export type InstructorChangeInput = InferType<typeof instructorChangeSchema>;

/** POST /api/teaching/sessions/{id}/attendance */
export const attendanceSchema = object({
  enrollmentId: string()
    .required('Name the learner.')
    .matches(/^[A-Za-z0-9]{1,64}$/, 'Name the learner.'),
  present: boolean().required('Say present or absent.'),
})
  .noUnknown(true, 'Unknown field.')
  .strict(true);

/** POST /api/teaching/sessions/{id}/recording */
export const recordingSchema = object({
  recordingUrl: string()
    .required('Paste the recording link.')
    .test('https', 'Paste an https link.', (v) => v === undefined || isHttpsUrl(v.trim())),
  notes: string().max(500, 'At most 500 characters.').optional(),
})
  .noUnknown(true, 'Unknown field.')
  .strict(true);

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** POST /api/teaching/sessions/{id}/reschedule: a date and times in India (IST), as the timetable reads. */
export const rescheduleSchema = object({
  date: string()
    .required('Choose the new date.')
    .test('date', 'Choose the new date (YYYY-MM-DD).', (v) => v === undefined || isCalendarDate(v)),
  startTime: string().required('Choose the start time.').matches(TIME, 'Use HH:MM, 24-hour, India time.'),
  endTime: string()
    .required('Choose the end time.')
    .matches(TIME, 'Use HH:MM, 24-hour, India time.')
    .test('after', 'The class ends after it starts.', function check(v) {
      const start = (this.parent as { startTime?: string }).startTime;
      return v === undefined || start === undefined || !TIME.test(start) || v > start;
    }),
  reason: reasonField(),
})
  .noUnknown(true, 'Unknown field.')
  .strict(true);
export type RescheduleInput = InferType<typeof rescheduleSchema>;

/** POST /api/teaching/sessions/{id}/cancel */
export const sessionCancelSchema = object({ reason: reasonField() }).noUnknown(true, 'Unknown field.').strict(true);

// ---------------------------------------------------------------------------------------------------
// GET /api/teaching: what "My teaching" shows.

export interface TeachingSession extends SessionSummary {
  sequence: number;
  recordingUrl: string | null;
  /** Held and without a recording: when it is (or was) due; past it, My teaching flags it missing. Else null. */
  recordingDueAt: string | null;
  notes: string | null;
  /** Enrollment ids marked present. */
  present: string[];
}

export interface TeachingLearner {
  enrollmentId: string;
  name: string;
  email: string;
  attended: number;
}

/** A learner of the batch who fell behind (learning/progress.ts) and was nudged: the instructor's at-risk list. */
export interface AtRiskLearner {
  enrollmentId: string;
  name: string;
  email: string;
  /** Each nudge: what it was about, and when it went. */
  causes: { key: string; label: string; at: string }[];
  /** Whether they attended a class that ended after the latest nudge. */
  attendedSince: boolean;
  note: string | null;
  noteBy: string | null;
  noteAt: string | null;
}

/** POST /api/teaching/learners/{enrollmentId}/note: the instructor's note on an at-risk learner ("" clears it). */
export const AT_RISK_NOTE_MAX = 1000;
export const atRiskNoteSchema = object({
  note: string().defined('Write a note, or clear it.').max(AT_RISK_NOTE_MAX, `Keep the note under ${AT_RISK_NOTE_MAX} characters.`),
})
  .noUnknown(true, 'Unknown field.')
  .strict(true);

export interface TeachingBatch {
  batchId: string;
  offering: string;
  batchTime: BatchTime;
  label: string;
  status: BatchStatus;
  held: number;
  sessions: TeachingSession[];
  roster: TeachingLearner[];
  /** Learners nudged for falling behind, the latest first. */
  atRisk: AtRiskLearner[];
  /** The offering's assignments, for extending a learner's deadline. */
  assignments: { id: string; title: string }[];
}

export interface TeachingAnswer {
  now: string;
  instructor: string;
  batches: TeachingBatch[];
  /** How many batches the instructor has on the list before it is cut to the soonest `batches.length`. */
  total: number;
}
