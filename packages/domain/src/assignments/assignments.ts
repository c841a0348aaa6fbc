import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';
import { TIME_ZONE } from '../batches';

/**
 * Graded assignments: what each offering asks learners to hand in, when (dates per batch, in India time,
 * following the batch's sessions), how work is marked and how soon it is reviewed. The server enforces
 * every date against its own clock; pages only show them. See docs/decisions/0023.
 */

/**
 * What a submission is made of: a link (a repository or a deployed site, https only) and text, shown as
 * text. Files (PDF or ZIP in Cloud Storage) wait for the Storage emulator, which cannot run on this
 * project's machines (decision 0023).
 */
export const SUBMISSION_PARTS = ['link', 'text'] as const;
export type SubmissionPart = (typeof SUBMISSION_PARTS)[number];
export const PART_LABELS: Record<SubmissionPart, string> = { link: 'A link (https)', text: 'Text' };

export const MAX_TEXT_CHARS = 5000;
export const MAX_COMMENT_CHARS = 4000;

/** Work is due this many days after the last session on its topics, at the end of that India day; accepted late for this many more. */
export const DUE_DAYS_AFTER_LAST_TOPIC_SESSION = 7;
export const CUTOFF_DAYS_AFTER_DUE = 7;
export const MAX_EXTENSION_DAYS = 28;

/** The promised review turnaround: 72 hours, 24 for Platinum and Elite. Shown to the learner when they submit. */
export const TURNAROUND_HOURS = 72;
export const FAST_TURNAROUND_HOURS = 24;
const FAST_TURNAROUND_PLANS: readonly string[] = ['platinum', 'yearly'];
export const turnaroundHours = (planId: string | null | undefined): number =>
  planId && FAST_TURNAROUND_PLANS.includes(planId) ? FAST_TURNAROUND_HOURS : TURNAROUND_HOURS;
export const reviewDueAtMs = (submittedAtMs: number, planId: string | null | undefined): number =>
  submittedAtMs + turnaroundHours(planId) * 3_600_000;

export interface RubricCriterion {
  id: string;
  label: string;
  points: number;
}

export interface Assignment {
  /** Unique within its offering: a1, a2, ... */
  id: string;
  title: string;
  brief: string;
  /** Syllabus topics it covers: its dates follow the sessions on them. */
  topics: readonly string[];
  /** What it accepts; a submission gives at least one of them. */
  parts: readonly SubmissionPart[];
  rubric: readonly RubricCriterion[];
  /** Points needed to pass, out of the rubric's total. */
  passMark: number;
  /** Passing it is needed for the certificate. */
  countsForCertificate: boolean;
}

const PRACTICE_RUBRIC: readonly RubricCriterion[] = [
  { id: 'works', label: 'It works as the brief asks', points: 4 },
  { id: 'quality', label: 'Clear, well-organised work', points: 3 },
  { id: 'explained', label: 'Choices explained', points: 3 },
];
const CAPSTONE_RUBRIC: readonly RubricCriterion[] = [
  { id: 'works', label: 'A complete, working solution', points: 8 },
  { id: 'design', label: 'Design and structure', points: 6 },
  { id: 'tested', label: 'Tested and checked', points: 3 },
  { id: 'presented', label: 'Presented for a reader', points: 3 },
];
const REFLECTION_RUBRIC: readonly RubricCriterion[] = [
  { id: 'insight', label: 'Honest, specific insight', points: 3 },
  { id: 'next', label: 'A concrete next step', points: 2 },
];

export const rubricTotal = (rubric: readonly RubricCriterion[]): number => rubric.reduce((sum, c) => sum + c.points, 0);

const listed = (topics: readonly string[]) =>
  topics.length < 2 ? (topics[0] ?? '') : `${topics.slice(0, -1).join(', ')} and ${topics[topics.length - 1]}`;

/**
 * An offering's assignments, from its syllabus: two practice pieces over the first topics, a capstone
 * project on the last (all three count for the certificate), and a short reflection that does not.
 */
export function assignmentsFor(offering: { name: string; syllabus: readonly string[] }): Assignment[] {
  const topics = offering.syllabus;
  const last = topics[topics.length - 1];
  const split = Math.max(1, Math.ceil((topics.length - 1) / 2));
  const first = topics.slice(0, split);
  const second = topics.slice(split, Math.max(split + 1, topics.length - 1));
  return [
    {
      id: 'a1',
      title: `Practice 1: ${listed(first)}`,
      brief: `Build a small, working piece of ${offering.name} that uses ${listed(first)}. Link to its repository or a deployed copy, and explain in a few lines why you built it the way you did.`,
      topics: first,
      parts: ['link', 'text'],
      rubric: PRACTICE_RUBRIC,
      passMark: 6,
      countsForCertificate: true,
    },
    {
      id: 'a2',
      title: `Practice 2: ${listed(second)}`,
      brief: `Take what the sessions on ${listed(second)} covered and apply it to a problem of your own choosing. Link to the result and say what you would improve with another week.`,
      topics: second,
      parts: ['link', 'text'],
      rubric: PRACTICE_RUBRIC,
      passMark: 6,
      countsForCertificate: true,
    },
    {
      id: 'a3',
      title: `Capstone project: ${last}`,
      brief: `Your capstone: one complete project that brings the course together and finishes with ${last}. Link to the repository or deployed site, and describe how you checked it works.`,
      topics: [last],
      parts: ['link', 'text'],
      rubric: CAPSTONE_RUBRIC,
      passMark: 12,
      countsForCertificate: true,
    },
    {
      id: 'a4',
      title: 'Reflection: what you will build next',
      brief: `In a few paragraphs: what in ${offering.name} was hardest for you, how you got past it, and the next thing you will build with it.`,
      topics: [last],
      parts: ['text'],
      rubric: REFLECTION_RUBRIC,
      passMark: 3,
      countsForCertificate: false,
    },
  ];
}

export const findAssignment = (offering: { name: string; syllabus: readonly string[] }, id: string): Assignment | undefined =>
  assignmentsFor(offering).find((a) => a.id === id);

/** A session as the dates need it (stored sessions, reschedules included). */
export interface TopicSession {
  topic: string;
  startsAtMs: number;
  endsAtMs: number;
  cancelled: boolean;
}

export interface AssignmentDates {
  opensAtMs: number;
  dueAtMs: number;
  cutoffAtMs: number;
}

/** The last millisecond of the India day `days` after the one `ms` falls on. */
export function endOfIndiaDay(ms: number, days: number): number {
  const local = new TZDate(ms, TIME_ZONE);
  const end = addDays(new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), 23, 59, 59, TIME_ZONE), days);
  return end.getTime() + 999;
}

/**
 * An assignment's dates in a batch: it opens when the first session on its topics starts and is due at the
 * end of the India day a week after the last one ends; late work is taken for a week more. A reschedule
 * moves them, since they are read from the sessions as they stand. An extension adds days to both.
 * Cancelled sessions do not count unless every session on the topics is cancelled.
 */
export function assignmentDates(
  assignment: Pick<Assignment, 'topics'>,
  sessions: readonly TopicSession[],
  extensionDays = 0,
): AssignmentDates | null {
  const onTopics = sessions.filter((s) => assignment.topics.includes(s.topic));
  const held = onTopics.filter((s) => !s.cancelled);
  const use = held.length > 0 ? held : onTopics;
  if (use.length === 0) return null;
  const opensAtMs = Math.min(...use.map((s) => s.startsAtMs));
  const lastEnd = Math.max(...use.map((s) => s.endsAtMs));
  const dueAtMs = endOfIndiaDay(lastEnd, DUE_DAYS_AFTER_LAST_TOPIC_SESSION + extensionDays);
  return { opensAtMs, dueAtMs, cutoffAtMs: endOfIndiaDay(dueAtMs, CUTOFF_DAYS_AFTER_DUE) };
}

export type SubmissionWindow = 'not-open' | 'open' | 'late' | 'closed';
export function submissionWindow(dates: AssignmentDates, nowMs: number): SubmissionWindow {
  if (nowMs < dates.opensAtMs) return 'not-open';
  if (nowMs <= dates.dueAtMs) return 'open';
  if (nowMs <= dates.cutoffAtMs) return 'late';
  return 'closed';
}

export { REVIEW_RESULTS, WORK_STATES, WORK_STATE_LABELS, type ReviewResult, type WorkState } from './terms';

/** Whether marks pass: at or above the pass mark, each within its criterion. */
export const marksPass = (assignment: Pick<Assignment, 'passMark'>, scores: Record<string, number>): boolean =>
  Object.values(scores).reduce((sum, n) => sum + n, 0) >= assignment.passMark;

export { formatIndiaDay, formatIndiaMoment, receiptLine } from './terms';
