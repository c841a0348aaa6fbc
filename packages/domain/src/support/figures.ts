import { figureWeeks, indiaDate, indiaWeekStart, roundedMedian } from '../batches';
import type { TimestampLike } from '../common';
import type { SupportWeek } from './api';

/**
 * The console's support figures (requests a week, first answers against their promise) from one small document per
 * India week: supportWeeks/{YYYY-MM-DD of its Monday} holds an entry per request made that week, written in the
 * request's own transaction and changed in its first answer's, so the console reads at most FIGURE_WEEKS documents
 * however many requests there are (issue 59). `npm run jobs -- support-figures` rebuilds them from the requests.
 */

/** One request's part in its week: minutes to the team's first answer and whether it kept the promise (null while waiting). */
export interface SupportWeekEntry {
  minutes: number | null;
  onTime: boolean | null;
}

/** supportWeeks/{week}. */
export interface SupportWeekDoc<T extends TimestampLike = TimestampLike> {
  /** Monday 00:00 India time. */
  weekStart: T;
  /** By request id. */
  requests: Record<string, SupportWeekEntry>;
  updatedAt: T;
}

/** What the figures read of a request. */
export interface SupportFigureFacts {
  createdAt: TimestampLike;
  firstReplyAt: TimestampLike | null;
  firstReplyOnTime: boolean | null;
}

/** The week document a request is counted in: its week's Monday, India date. */
export const supportWeekId = (createdAt: TimestampLike): string => indiaDate(indiaWeekStart(createdAt.toMillis()));

export function supportWeekEntry(r: SupportFigureFacts): SupportWeekEntry {
  if (!r.firstReplyAt) return { minutes: null, onTime: null };
  return { minutes: Math.round((r.firstReplyAt.toMillis() - r.createdAt.toMillis()) / 60_000), onTime: r.firstReplyOnTime === true };
}

/** The console's weeks, oldest first, from the week documents (any others are ignored). */
export function supportFigures(docs: readonly Pick<SupportWeekDoc, 'weekStart' | 'requests'>[], nowMs: number): SupportWeek[] {
  return figureWeeks(nowMs).map((startMs) => {
    const entries = docs.filter((d) => d.weekStart.toMillis() === startMs).flatMap((d) => Object.values(d.requests));
    const answered = entries.filter((e) => e.minutes !== null);
    return {
      weekStart: new Date(startMs).toISOString(),
      requests: entries.length,
      answered: answered.length,
      onTime: answered.filter((e) => e.onTime).length,
      medianFirstReplyMinutes: roundedMedian(answered.map((e) => e.minutes!)),
    };
  });
}
