import { findCourse } from '../catalogue';
import { findStarterProgramme } from '../starter';
import { FIGURE_WEEKS, figureWeeks, indiaDate, indiaWeekStart, roundedMedian } from '../batches';
import { WEEK_MS, type TimestampLike } from '../common';
import type { QaFigures } from './api';

/**
 * The staff console's Q&A figures (first answers against their promise, by week and by course) from one small document
 * per week and subject: qaWeeks/{week}_{subject} holds an entry per question asked in that week about that course or
 * programme. Each question's entry is written with the question, changed with its first answer, removed when staff
 * hide it and put back when they show it again, so the console reads at most FIGURE_WEEKS x subjects documents however
 * many questions there are (issue 59). `npm run jobs -- qa-figures` rebuilds them from the questions.
 */

/** One question's part in its week's figures: minutes to its first answer from the team and whether that kept the promise (null while waiting). */
export interface QaWeekEntry {
  minutes: number | null;
  onTime: boolean | null;
}

/** qaWeeks/{week}_{subject}. */
export interface QaWeekDoc<T extends TimestampLike = TimestampLike> {
  /** Monday 00:00 India time of the week the questions were asked in. */
  weekStart: T;
  /** `course-N` or `programme-slug`. */
  subject: string;
  name: string;
  /** By question id. */
  questions: Record<string, QaWeekEntry>;
  updatedAt: T;
}

/** What the figures read of a question. */
export interface QaFigureFacts {
  courseId: number | null;
  programme: string | null;
  createdAt: TimestampLike;
  firstAnswerAt: TimestampLike | null;
  firstAnswerOnTime: boolean | null;
}

/** The course or programme a question is counted under: its key and its name. */
export function qaSubject(q: Pick<QaFigureFacts, 'courseId' | 'programme'>): { key: string; name: string } {
  if (q.courseId !== null) return { key: `course-${q.courseId}`, name: findCourse(q.courseId)?.name ?? `Course ${q.courseId}` };
  return { key: `programme-${q.programme}`, name: `${findStarterProgramme(q.programme ?? '')?.name ?? q.programme} programme` };
}

/** The id of the week document a question is counted in: its week's India date and its subject. */
export function qaWeekId(q: Pick<QaFigureFacts, 'courseId' | 'programme' | 'createdAt'>): string {
  return `${indiaDate(indiaWeekStart(q.createdAt.toMillis()))}_${qaSubject(q).key}`;
}

/** A question's entry: minutes from asking to the team's first answer, rounded, and whether it kept the promise. */
export function qaWeekEntry(q: QaFigureFacts): QaWeekEntry {
  if (!q.firstAnswerAt) return { minutes: null, onTime: null };
  return { minutes: Math.round((q.firstAnswerAt.toMillis() - q.createdAt.toMillis()) / 60_000), onTime: q.firstAnswerOnTime === true };
}

function figuresOf(entries: readonly QaWeekEntry[]): QaFigures {
  const answered = entries.filter((e) => e.minutes !== null);
  return {
    questions: entries.length,
    answered: answered.length,
    onTime: answered.filter((e) => e.onTime).length,
    medianFirstAnswerMinutes: roundedMedian(answered.map((e) => e.minutes!)),
  };
}

/** The console's weeks (oldest first) and subjects (most asked first) from the week documents of the last FIGURE_WEEKS weeks. */
export function qaFigures(
  docs: readonly Pick<QaWeekDoc, 'weekStart' | 'subject' | 'name' | 'questions'>[],
  nowMs: number,
): { weeks: (QaFigures & { weekStart: string })[]; courses: (QaFigures & { key: string; name: string })[] } {
  const starts = figureWeeks(nowMs);
  const shown = docs.filter((d) => d.weekStart.toMillis() >= starts[0] && d.weekStart.toMillis() < starts[0] + FIGURE_WEEKS * WEEK_MS);
  const weeks = starts.map((startMs) => ({
    weekStart: new Date(startMs).toISOString(),
    ...figuresOf(shown.filter((d) => d.weekStart.toMillis() === startMs).flatMap((d) => Object.values(d.questions))),
  }));
  const names = new Map(shown.map((d) => [d.subject, d.name]));
  const courses = [...names.entries()]
    .map(([key, name]) => ({ key, name, ...figuresOf(shown.filter((d) => d.subject === key).flatMap((d) => Object.values(d.questions))) }))
    .filter((c) => c.questions > 0)
    .sort((a, b) => b.questions - a.questions);
  return { weeks, courses };
}
