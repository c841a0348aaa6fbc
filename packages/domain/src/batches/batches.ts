import { TZDate } from '@date-fns/tz';
import { addDays, addMinutes, differenceInCalendarDays, getISODay } from 'date-fns';
import { COURSES, slugify, type Course, INSTRUCTORS } from '../catalogue';
import { BATCH_TIMES, INTERESTED_COURSES, type BatchTime, type InterestedCourse } from '../common';
import { TIMETABLES, TIME_ZONE, indiaDate, type BatchStatus, type InstructorKey, type StoredBatchStatus } from './times';

/**
 * Batches: one cohort of an offering at one of the four batch times, with its timetable, sessions and
 * seats. Everything here is pure (no clock of its own: callers pass `now`), so the functions, the site
 * and the tests decide the same way. See docs/decisions/0013-batches-and-seats.md.
 */

export {
  BATCH_STATUSES,
  SEAT_STATES,
  STORED_BATCH_STATUSES,
  TIMETABLES,
  TIME_ZONE,
  WEEKDAY_NAMES,
  batchLabel,
  dayNames,
  formatIndiaDate,
  type BatchStatus,
  type InstructorKey,
  type SeatState,
  type StoredBatchStatus,
  type Timetable,
} from './times';
export { formatLongIndiaDate } from './longDate';

// ---------------------------------------------------------------------------------------------------
// Offerings: what a batch is a cohort of.

export interface Offering {
  /** A course's slug, or a programme's slug (slugify of its name). */
  slug: string;
  kind: 'course' | 'programme';
  name: string;
  weeks: number;
  /** Session topics are taken from this list in order, spread over the sessions. */
  syllabus: readonly string[];
  instructor: InstructorKey;
}

/**
 * The seven programmes of the form's "Interested course" (what plan enrollments join). The catalogue
 * gives them no length: these are ours, long enough for a career switch and short enough to finish
 * while working (docs/decisions/0013).
 */
export const PROGRAMMES: Record<InterestedCourse, { weeks: number; syllabus: readonly string[]; instructor: InstructorKey }> = {
  'Full Stack Web Development': {
    weeks: 24,
    instructor: 'ananya',
    syllabus: [
      'HTML, CSS and accessibility',
      'JavaScript and TypeScript',
      'React and state',
      'Node.js APIs',
      'Databases and SQL',
      'Testing and deployment',
    ],
  },
  'Data Science & Analytics': {
    weeks: 20,
    instructor: 'meera',
    syllabus: ['Python for data', 'SQL and data cleaning', 'Statistics', 'Visualisation and dashboards', 'Machine learning basics'],
  },
  'Artificial Intelligence & Machine Learning': {
    weeks: 24,
    instructor: 'priya',
    syllabus: ['Python and maths refresher', 'Supervised learning', 'Deep learning', 'NLP and transformers', 'MLOps and deployment'],
  },
  'Cloud Computing': {
    weeks: 16,
    instructor: 'marcus',
    syllabus: ['Linux and networking', 'AWS core services', 'Infrastructure as code', 'Containers and Kubernetes', 'Cost and reliability'],
  },
  Cybersecurity: {
    weeks: 16,
    instructor: 'vikram',
    syllabus: [
      'Networks and protocols',
      'Web application security',
      'Threat detection',
      'Incident response',
      'Security certifications prep',
    ],
  },
  'Mobile App Development': {
    weeks: 20,
    instructor: 'rahul',
    syllabus: ['Kotlin and Swift basics', 'React Native', 'State and storage', 'APIs and offline sync', 'Publishing to the stores'],
  },
  'Digital Marketing': {
    weeks: 12,
    instructor: 'sofia',
    syllabus: ['Marketing foundations', 'SEO and content', 'Paid search and social', 'Analytics', 'Campaign capstone'],
  },
};

const instructorKey = (course: Course): InstructorKey =>
  (Object.keys(INSTRUCTORS) as InstructorKey[]).find((key) => INSTRUCTORS[key] === course.instructor) ?? 'ananya';

/** "8 weeks" -> 8. Every catalogue duration is in weeks (the catalogue test pins it). */
export const courseWeeks = (course: Course): number => Number.parseInt(course.duration, 10);

export const OFFERINGS: readonly Offering[] = [
  ...COURSES.map((course): Offering => ({
    slug: course.slug,
    kind: 'course',
    name: course.name,
    weeks: courseWeeks(course),
    syllabus: course.topics,
    instructor: instructorKey(course),
  })),
  ...INTERESTED_COURSES.map((name): Offering => ({ slug: slugify(name), kind: 'programme', name, ...PROGRAMMES[name] })),
];

export const findOffering = (slug: string): Offering | undefined => OFFERINGS.find((o) => o.slug === slug);

/** The offering an enrollment joins: its course, or for a plan the programme chosen in "Interested course". */
export function offeringOf(enrollment: { courseId: number | null; interestedCourse: InterestedCourse }): Offering {
  const course = enrollment.courseId === null ? undefined : COURSES.find((c) => c.id === enrollment.courseId);
  const found = findOffering(course ? course.slug : slugify(enrollment.interestedCourse));
  if (!found) throw new Error(`no offering for ${course?.slug ?? enrollment.interestedCourse}`);
  return found;
}

// ---------------------------------------------------------------------------------------------------
// Holds and seats.

/** A new enrollment holds its seat this long; at least Razorpay Checkout's own 15-minute timeout, with room to spare. */
export const HOLD_MINUTES = 30;
/** A waitlist offer holds the freed seat for the person invited this long. */
export const WAITLIST_OFFER_HOURS = 24;
/** Capacity limits staff may set. */
export const MIN_CAPACITY = 1;
/** A public batch seats at most this many: the home page's "Small cohorts: Max 40". */
export const PUBLIC_MAX_CAPACITY = 40;
/** A campus batch, opened for one organisation's people (a college's whole year), up to this many. */
export const MAX_CAPACITY = 200;
export const DEFAULT_CAPACITY = 30;
/** The most seats a batch may have: a public one is a small cohort, a campus one may be larger. */
export const capacityLimit = (campus: boolean): number => (campus ? MAX_CAPACITY : PUBLIC_MAX_CAPACITY);
export const PUBLIC_CAPACITY_MESSAGE = `A public batch seats at most ${PUBLIC_MAX_CAPACITY}: cohorts are small. Open a campus batch for an organisation to seat more.`;

/** A confirmed seat stays taken: its activeUntil is this far-future instant. */
export const CONFIRMED_UNTIL_MS = Date.UTC(9999, 11, 31);

/** A seat is taken while its activeUntil is ahead of now: a confirmed seat always, a hold or offer until it lapses. */
export const seatTaken = (activeUntilMs: number, nowMs: number): boolean => activeUntilMs > nowMs;

/**
 * A batch's seat boards: seatBoards/{batchId}_{b} holds, for seats 50b to 50b+49, each held, offered or confirmed
 * seat's activeUntil (ms), written in the same transaction or atomic batch as the seat itself. Listing a batch's
 * seats left reads its boards (one for a public batch of at most 40) instead of a document per seat; the seats
 * stay the truth a claim is decided by (decision 0040). Fifty seats a board keeps each board's writes to a seat's
 * own few (a hold, its confirmation), so a campus of 200 claiming at once writes four boards, not one.
 */
export const SEATS_PER_BOARD = 50;

/** Which board seat `index` is on. */
export const boardOfSeat = (index: number): number => Math.floor(index / SEATS_PER_BOARD);

/** The board ids of a batch of this capacity, first seat's first. */
export const seatBoardIds = (batchId: string, capacity: number): string[] =>
  Array.from({ length: Math.max(1, Math.ceil(capacity / SEATS_PER_BOARD)) }, (_, board) => `${batchId}_${board}`);

/** A batch's boards' entries, merged: seat index → activeUntil ms. */
export type SeatBoard = Readonly<Record<string, number>>;

/** How many seats below `capacity` a batch's boards show taken at `nowMs` (seatTaken's rule). */
export function takenOnBoard(board: SeatBoard, capacity: number, nowMs: number): number {
  return Object.entries(board).filter(([index, until]) => Number(index) < capacity && seatTaken(until, nowMs)).length;
}

/** The seat indexes a batch's boards show confirmed (a confirmed seat's activeUntil is CONFIRMED_UNTIL_MS). */
export const confirmedOnBoard = (board: SeatBoard): number[] =>
  Object.entries(board)
    .filter(([, until]) => until >= CONFIRMED_UNTIL_MS)
    .map(([index]) => Number(index))
    .sort((a, b) => a - b);

/** India's date of an instant, "YYYY-MM-DD" (kept in times.ts, which needs no catalogue). */
export { indiaDate };

/**
 * Where a batch is in its life, at `nowMs`: cancelled as staff set it; completed after its last session;
 * running once its first has begun; full when no seat is left; else open. Only an open batch sells.
 */
export function batchStatus(
  batch: { status: StoredBatchStatus; startsAtMs: number; endsAtMs: number; capacity: number },
  taken: number,
  nowMs: number,
): BatchStatus {
  if (batch.status === 'cancelled') return 'cancelled';
  if (batch.status === 'completed' || nowMs >= batch.endsAtMs) return 'completed';
  if (nowMs >= batch.startsAtMs) return 'running';
  if (taken >= batch.capacity) return 'full';
  return 'open';
}

// ---------------------------------------------------------------------------------------------------
// Sessions: a batch's timetable laid over its weeks.

export interface PlannedSession {
  index: number;
  /** ISO instants (UTC). */
  startsAt: string;
  endsAt: string;
  topic: string;
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function parseDate(date: string): { y: number; m: number; d: number } | undefined {
  if (!DATE_PATTERN.test(date)) return undefined;
  const [y, m, d] = date.split('-').map(Number);
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) return undefined;
  return { y, m, d };
}

export const isCalendarDate = (date: string): boolean => parseDate(date) !== undefined;

/** The instant of a wall-clock time on a date in India. */
function indiaInstant(date: { y: number; m: number; d: number }, dayOffset: number, time: string): Date {
  const [h, min] = time.split(':').map(Number);
  const day = addDays(new TZDate(date.y, date.m - 1, date.d, 0, 0, 0, TIME_ZONE), dayOffset);
  return addMinutes(day, h * 60 + min);
}

/** The instant of a wall-clock time ("HH:MM") on a calendar date ("YYYY-MM-DD") in India, as an ISO string. */
export function indiaDateTime(date: string, time: string): string {
  const parsed = parseDate(date);
  if (!parsed || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) throw new Error(`not a date and time: ${date} ${time}`);
  return new Date(indiaInstant(parsed, 0, time).getTime()).toISOString();
}

/** Sessions in a batch: one per timetable day for each week of the offering. */
export const sessionCount = (offering: Offering, batchTime: BatchTime): number => offering.weeks * TIMETABLES[batchTime].days.length;

/** The ISO weekday of a calendar date. */
export function weekdayOf(date: string): number {
  const parsed = parseDate(date);
  if (!parsed) throw new Error(`not a date: ${date}`);
  return getISODay(new TZDate(parsed.y, parsed.m - 1, parsed.d, 12, 0, 0, TIME_ZONE));
}

/**
 * Every session of a batch starting on `startDate` (which must fall on one of the timetable's days):
 * the timetable's days in order, week after week, topics spread over the syllabus in order.
 */
export function planSessions(offering: Offering, batchTime: BatchTime, startDate: string): PlannedSession[] {
  const start = parseDate(startDate);
  if (!start) throw new Error(`not a date: ${startDate}`);
  const { days, startTime, endTime } = TIMETABLES[batchTime];
  if (!days.includes(weekdayOf(startDate))) throw new Error(`${startDate} is not a ${batchTime} day`);
  const total = sessionCount(offering, batchTime);
  const sessions: PlannedSession[] = [];
  for (let offset = 0; sessions.length < total; offset++) {
    const weekday = ((weekdayOf(startDate) - 1 + offset) % 7) + 1;
    if (!days.includes(weekday)) continue;
    const index = sessions.length;
    const topic = offering.syllabus[Math.floor((index * offering.syllabus.length) / total)];
    sessions.push({
      index,
      topic,
      // TZDate prints its own offset; the API speaks UTC instants.
      startsAt: new Date(indiaInstant(start, offset, startTime).getTime()).toISOString(),
      endsAt: new Date(indiaInstant(start, offset, endTime).getTime()).toISOString(),
    });
  }
  return sessions;
}

/** The first date on or after `fromDate` that the batch time meets on. */
export function firstMeetingOnOrAfter(batchTime: BatchTime, fromDate: string): string {
  const from = parseDate(fromDate);
  if (!from) throw new Error(`not a date: ${fromDate}`);
  const base = new TZDate(from.y, from.m - 1, from.d, 12, 0, 0, TIME_ZONE);
  for (let offset = 0; offset < 7; offset++) {
    const day = addDays(base, offset);
    if (TIMETABLES[batchTime].days.includes(getISODay(day))) return indiaDate(day.getTime());
  }
  throw new Error('unreachable: every timetable meets weekly');
}

/** Days from one calendar date to another. */
export function daysBetween(fromDate: string, toDate: string): number {
  const a = parseDate(fromDate);
  const b = parseDate(toDate);
  if (!a || !b) throw new Error('not a date');
  return differenceInCalendarDays(new Date(Date.UTC(b.y, b.m - 1, b.d)), new Date(Date.UTC(a.y, a.m - 1, a.d)));
}

export { BATCH_TIMES };
