import { indiaDate, indiaWeekStart } from '../batches';
import { WEEK_MS, type TimestampLike } from '../common';
import type { BookingStatus } from './documents';

/**
 * The console's mentor utilisation (hours booked a week) kept as bookings are made, moved and cancelled:
 * mentorWeeks/{mentorId}_{YYYY-MM-DD of the week's Monday} holds the minutes of each booking that holds the mentor's
 * time that week, written in the booking's own transaction. The console reads a document per shown mentor and week
 * however many sessions they have (issue 59); `npm run jobs -- mentor-figures` rebuilds them from the bookings.
 */

/** mentorWeeks/{mentorId}_{week}. */
export interface MentorWeekDoc<T extends TimestampLike = TimestampLike> {
  mentorId: string;
  /** Monday 00:00 India time: the week the sessions start in. */
  weekStart: T;
  /** Minutes by booking id. */
  bookings: Record<string, number>;
  updatedAt: T;
}

/** What the figures read of a booking. */
export interface MentorFigureFacts {
  mentorId: string;
  startsAt: TimestampLike;
  endsAt: TimestampLike;
  status: BookingStatus;
}

/** A cancelled session gives its time back; every other state (booked, held, a no-show) keeps it. */
export const holdsMentorTime = (status: BookingStatus): boolean => status !== 'cancelled';

/** The week document of a mentor's session: the India week it starts in. */
export const mentorWeekId = (mentorId: string, startsAtMs: number): string => `${mentorId}_${indiaDate(indiaWeekStart(startsAtMs))}`;

/** A booking's minutes in its week, or null when it holds no time (cancelled). */
export function mentorWeekEntry(b: MentorFigureFacts): number | null {
  if (!holdsMentorTime(b.status)) return null;
  return Math.round((b.endsAt.toMillis() - b.startsAt.toMillis()) / 60_000);
}

/** Hours booked in a week's document (none: 0). */
export const bookedHoursOf = (doc: Pick<MentorWeekDoc, 'bookings'> | undefined): number =>
  Object.values(doc?.bookings ?? {}).reduce((sum, minutes) => sum + minutes, 0) / 60;

/** The weeks the console shows a mentor's utilisation for: the four before this one, this one and the three after. */
export const utilisationWeeks = (nowMs: number): number[] => Array.from({ length: 8 }, (_, i) => indiaWeekStart(nowMs) + (i - 4) * WEEK_MS);
