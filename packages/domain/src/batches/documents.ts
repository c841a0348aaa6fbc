import { type InstructorKey, type SeatState, type StoredBatchStatus } from './times';
import { type BatchTime } from '../common';
import { type CertificateProject, type CertificateStatus } from '../certificates';
import { type ReminderKind, type StoredSessionStatus } from '../learning';
import type { TimestampLike } from '../common';

// Batches, their seats, sessions, attendance, reminders, certificates, calendar feeds and waitlists.
// Part of the stored documents' shapes (documents.ts names the collections and re-exports every shape).

/** batches/{id}: one cohort of an offering at one batch time. */
export interface BatchDoc<T extends TimestampLike = TimestampLike> {
  /** The offering's slug (a course or a programme, see batches.ts). */
  offering: string;
  batchTime: BatchTime;
  /** India dates, "YYYY-MM-DD", of the first and last session. */
  startDate: string;
  endDate: string;
  /** The first session's start and the last one's end. */
  startsAt: T;
  endsAt: T;
  sessionCount: number;
  capacity: number;
  instructor: InstructorKey;
  status: StoredBatchStatus;
  /**
   * Where its live classes meet. Only the join endpoint reads it, for a confirmed seat inside a session's
   * join window: no page or other answer carries it. Absent on batches made before live classes.
   */
  meetingUrl?: string | null;
  /**
   * A campus batch: opened for one organisation's people, sold to it alone (never listed or sold to the public), and
   * allowed more than a public batch's 40 seats. Absent or null for a public batch.
   */
  campus?: BatchCampus | null;
  /** When staff (or the completion job) completed it: certificates are decided as of then. */
  completedAt?: T | null;
  /**
   * True from the completion's commit until every learner's certificate has been decided. A completion cut
   * short (its request ran out of time, the job's process died) leaves it set, and staff's Complete or the
   * next completion job finishes the issuing.
   */
  certificatesPending?: boolean;
  createdAt: T;
  updatedAt: T;
}

/** Whose campus batch it is: the organisation and its name, as the console and the organisation's page label it. */
export interface BatchCampus {
  organisationId: string;
  name: string;
}

/**
 * seats/{batchId}_{n}: seat n of a batch, n < capacity. The document exists while someone holds, has
 * or is offered the seat; it is taken while activeUntil is ahead of now (a confirmed seat's is year
 * 9999). Creating it is the hold: a create either wins or finds the seat taken, so no count is ever
 * read and then trusted (docs/decisions/0013).
 */
export interface SeatDoc<T extends TimestampLike = TimestampLike> {
  batchId: string;
  index: number;
  state: SeatState;
  /** Who holds or has it; an offer names the waitlist entry instead. */
  enrollmentId: string | null;
  waitlistId: string | null;
  /** A seat an organisation's order bought (issue 56): held from its payment until a member claims it. */
  seatOrderId?: string | null;
  activeUntil: T;
  updatedAt: T;
}

/**
 * seatBoards/{batchId}_{b}: the activeUntil (ms) of each seat 50b…50b+49 that has a seat document, by seat index,
 * written with the seat in one commit (SEATS_PER_BOARD in batches.ts): what the listings count seats left from.
 */
export interface SeatBoardDoc<T extends TimestampLike = TimestampLike> {
  batchId: string;
  seats: Record<string, number>;
  updatedAt: T;
}

/**
 * instructorOfferings/{instructorKey}: the offerings (course or programme slugs) an instructor has batches of, written
 * in the same commit as the batch (staff create, import, or move a batch to them). The Q&A answer queue reads it to
 * find the course and programme spaces an instructor answers in, instead of every batch they have ever taught.
 */
export interface InstructorOfferingsDoc<T extends TimestampLike = TimestampLike> {
  instructor: string;
  offerings: string[];
  updatedAt: T;
}

/** sessions/{batchId}_{n}: one live session of a batch. */
export interface SessionDoc<T extends TimestampLike = TimestampLike> {
  batchId: string;
  index: number;
  startsAt: T;
  endsAt: T;
  topic: string;
  /** Absent means scheduled (sessions planned before live classes). */
  status?: StoredSessionStatus | null;
  /** RFC 5545 SEQUENCE: raised by each reschedule or cancellation, so calendars take the change. */
  sequence?: number | null;
  /** Added by staff or the instructor once the session is held. */
  recordingUrl?: string | null;
  notes?: string | null;
  updatedAt?: T | null;
}

/** attendance/{sessionId}_{enrollmentId}: a learner at a session, recorded by their join or by the instructor. */
export interface AttendanceDoc<T extends TimestampLike = TimestampLike> {
  batchId: string;
  sessionId: string;
  enrollmentId: string;
  present: boolean;
  source: 'join' | 'instructor' | 'staff';
  /** The uid of whoever recorded it (the learner for a join). */
  markedBy: string;
  at: T;
}

/**
 * nudges/{enrollmentId}: a learner who fell behind in their batch (learning/progress.ts). Each cause is added with
 * its mail in one transaction, once; the batch's instructor sees the learner on their at-risk list and may keep a
 * note. Written only by the functions; in the learner's export, erased with their account.
 */
export interface NudgeDoc<T extends TimestampLike = TimestampLike> {
  batchId: string;
  enrollmentId: string;
  /** Each cause nudged about, by its key: what it was, and when the nudge went. */
  causes: Record<string, { label: string; at: T; mailId: string }>;
  /** The instructor's note on the at-risk list, with who wrote it and when. */
  note: string | null;
  noteBy: string | null;
  noteAt: T | null;
  updatedAt: T;
}

/** reminders/{kind}_{subjectId}_{enrollmentId}: a reminder sent; its creation and its mail are one write, so it goes once. */
export interface ReminderDoc<T extends TimestampLike = TimestampLike> {
  kind: ReminderKind;
  /** The batch (batch-start) or session (session) it reminds of. */
  subjectId: string;
  /** The session's SEQUENCE when reminded: a rescheduled session is reminded of again, at its new time. */
  version: number;
  enrollmentId: string;
  mailId: string;
  createdAt: T;
}

export const CERTIFICATE_BASES = ['attendance', 'staff'] as const;

/** certificates/{code}: a certificate of completion; the code is its public id (Crockford base32, certificates.ts). */
export interface CertificateDoc<T extends TimestampLike = TimestampLike> {
  enrollmentId: string;
  batchId: string;
  /** The learner's account when the enrollment had one: who may change the page's visibility. */
  uid: string | null;
  email: string;
  name: string;
  course: string;
  startDate: string;
  endDate: string;
  instructor: string;
  /** Earned by attendance (attended of held) or issued by staff against the rule. */
  basis: (typeof CERTIFICATE_BASES)[number];
  attended: number;
  held: number;
  status: CertificateStatus;
  revokedAt: T | null;
  revokedReason: string | null;
  /** The learner lets search engines index its page. */
  public: boolean;
  /** The certificate assignments passed, as of issue (absent on certificates issued before assignments). */
  projects?: CertificateProject[] | null;
  /** The learner shows the links to their work on its page and PDF. */
  showLinks?: boolean | null;
  issuedAt: T;
}

/** calendarFeeds/{sha256 of the token}: a learner's private calendar subscription; deleting it revokes the URL. */
export interface CalendarFeedDoc<T extends TimestampLike = TimestampLike> {
  uid: string;
  createdAt: T;
}

export const WAITLIST_STATUSES = ['waiting', 'offered', 'enrolled', 'lapsed'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** waitlist/{id}: one person waiting for a seat in a full batch, first come first offered. */
export interface WaitlistDoc<T extends TimestampLike = TimestampLike> {
  batchId: string;
  name: string;
  email: string;
  phone: string;
  status: WaitlistStatus;
  /** sha256 of the offer link's token; the token itself is only in the mail. */
  offerTokenHash: string | null;
  offeredUntil: T | null;
  /** The offered seat (seats/{id}) while an offer is open. */
  seatId: string | null;
  /** What the offer link's form enrolls in: `course-{id}` or a plan key. */
  target: string;
  createdAt: T;
}
