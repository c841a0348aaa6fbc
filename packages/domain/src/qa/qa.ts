import { addWorkingHours } from '../support';

// The mentor Q&A forum: a space per course (its learners across batches) and per batch, questions and answers
// in Markdown, the first-answer promise, and the words a space is searched by. Shared by the pages and the functions.

export const QA_ROLES = ['learner', 'mentor', 'instructor', 'staff'] as const;
export type QaRole = (typeof QA_ROLES)[number];
export const QA_ROLE_LABELS: Record<QaRole, string> = {
  learner: 'Learner',
  mentor: 'Mentor',
  instructor: 'Instructor',
  staff: 'Upskill team',
};
/** The roles whose answer counts as the first answer the promise is about. */
export const ANSWERING_ROLES: readonly QaRole[] = ['mentor', 'instructor', 'staff'];

export const QA_TITLE_MIN = 10;
export const QA_TITLE_MAX = 150;
/** Characters: even in a 3-byte script this stays within the 16 KB a request may carry. */
export const QA_BODY_MAX = 5_000;
export const QA_PAGE_SIZE = 20;
/** Questions per page of the answer queue (GET /api/qa/queue), soonest due first: it reads what one page shows. */
export const QA_QUEUE_PAGE = 50;

/** What a question may point to: one of its space's classes (sessions) or assignments, as the form's option value. */
export type QaAboutKind = 'session' | 'assignment';
export const QA_ABOUT_VALUE = /^(session|assignment):[A-Za-z0-9_-]{1,80}$/;

/**
 * Every question's first answer from a mentor or instructor: within 24 hours, seven days a week (as /pricing says);
 * for Elite and Platinum within 4 working hours, and never later than those 24 hours (a Saturday evening's question
 * would otherwise wait until Monday).
 */
export const QA_ANSWER_HOURS = 24;
export const QA_PRIORITY_WORKING_HOURS = 4;
export const PRIORITY_QA_PLANS: readonly string[] = ['platinum', 'yearly'];

export const qaDueAt = (priority: boolean, askedAtMs: number): number =>
  Math.min(priority ? addWorkingHours(askedAtMs, QA_PRIORITY_WORKING_HOURS) : Infinity, askedAtMs + QA_ANSWER_HOURS * 3_600_000);
export const qaPromise = (priority: boolean): string =>
  priority ? `${QA_PRIORITY_WORKING_HOURS} working hours (${QA_ANSWER_HOURS} hours at most)` : `${QA_ANSWER_HOURS} hours`;

/**
 * A course's space (shared by its batches), a programme's (its plan learners across batches, Pre Registration's
 * "community access" among them), or one batch's (of a course or of a programme).
 */
export type QaSpace = { kind: 'course'; courseId: number } | { kind: 'programme'; programme: string } | { kind: 'batch'; batchId: string };
export const qaSpaceId = (space: QaSpace): string =>
  space.kind === 'course'
    ? `course-${space.courseId}`
    : space.kind === 'programme'
      ? `programme-${space.programme}`
      : `batch-${space.batchId}`;
export function parseQaSpaceId(id: string): QaSpace | null {
  const course = /^course-([1-9][0-9]{0,3})$/.exec(id);
  if (course) return { kind: 'course', courseId: Number(course[1]) };
  const programme = /^programme-([a-z0-9]+(?:-[a-z0-9]+){0,9})$/.exec(id);
  if (programme) return { kind: 'programme', programme: programme[1] };
  const batch = /^batch-([A-Za-z0-9]{1,64})$/.exec(id);
  return batch ? { kind: 'batch', batchId: batch[1] } : null;
}

const words = (text: string): string[] => text.toLowerCase().match(/[a-z0-9+#]{2,}/g) ?? [];

/** The words a question is found by (its title's and body's), each with its prefixes from 3 letters, so "recur" finds "recursion". */
export function qaSearchTokens(title: string, body: string): string[] {
  const tokens = new Set<string>();
  for (const word of [...words(title), ...words(body)].slice(0, 300)) {
    const capped = word.slice(0, 20);
    tokens.add(capped);
    for (let n = 3; n < capped.length; n++) tokens.add(capped.slice(0, n));
    if (tokens.size >= 400) break;
  }
  return [...tokens];
}

/** A search's words (at most five): the space is queried by the longest and the rest are checked on the page. */
export const qaQueryWords = (query: string): string[] => [...new Set(words(query).map((w) => w.slice(0, 20)))].slice(0, 5);
