import { DAY_MS, type BatchTime } from '../common';
import type { INSTRUCTORS } from '../catalogue';

/**
 * What each batch time means, and how a batch is written in one line. Kept apart from batches.ts (which
 * plans sessions with date-fns) so that public pages can show a batch without loading any date library.
 */

export const TIME_ZONE = 'Asia/Kolkata';
/**
 * India's offset from UTC, +05:30: one offset all year (India has had no daylight saving since 1945), so India's
 * calendar day of an instant is plain arithmetic. Public pages use it instead of a time-zone formatter: on a slow
 * phone, the first Intl formatter with a time zone cost /pricing a 140 ms task (issue 60).
 */
export const INDIA_OFFSET_MS = 5.5 * 3_600_000;

/** ISO weekday numbers, Monday = 1. */
export const WEEKDAY_NAMES = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

export interface Timetable {
  /** ISO weekdays the sessions fall on. */
  days: readonly number[];
  /** 24-hour "HH:MM" in India time. */
  startTime: string;
  endTime: string;
}

/**
 * What each batch time means. Weekday batches meet three times a week for 90 minutes, weekend batches
 * twice for two hours: about the same four to four and a half hours a week, so a course of N weeks
 * covers the same ground at any time of day.
 */
export const TIMETABLES: Record<BatchTime, Timetable> = {
  'Weekday Morning': { days: [1, 3, 5], startTime: '07:00', endTime: '08:30' },
  'Weekday Evening': { days: [1, 3, 5], startTime: '19:00', endTime: '20:30' },
  'Weekend Morning': { days: [6, 7], startTime: '09:00', endTime: '11:00' },
  'Weekend Evening': { days: [6, 7], startTime: '17:00', endTime: '19:00' },
};

/** "Mon, Wed, Fri" */
/** The Monday 00:00 India time that begins the week of `ms`: the console's weeks (India has no daylight saving). */
export function indiaWeekStart(ms: number): number {
  const ist = ms + INDIA_OFFSET_MS;
  const day = new Date(ist).getUTCDay();
  const midnight = Math.floor(ist / DAY_MS) * DAY_MS;
  return midnight - ((day + 6) % 7) * DAY_MS - INDIA_OFFSET_MS;
}

export const dayNames = (days: readonly number[]): string => days.map((d) => WEEKDAY_NAMES[d]).join(', ');

/** A date "YYYY-MM-DD" as its parts, or undefined. */
function dateParts(date: string): { y: number; m: number; d: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return match ? { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) } : undefined;
}

let isoIndiaDate: Intl.DateTimeFormat | undefined;

/**
 * The calendar date in India at `nowMs`, as YYYY-MM-DD. Intl alone (en-CA writes ISO dates), so the tax
 * documents' dates do not pull the catalogue and the time-zone library into pages that only show them.
 */
export function indiaDate(nowMs: number): string {
  isoIndiaDate ??= new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: TIME_ZONE });
  return isoIndiaDate.format(new Date(nowMs));
}

/** en-IN's short month names, as Intl writes them (batches/times.test.ts holds them to Intl, month by month). */
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/**
 * "7 Dec 2026" for an India date, written from its parts: the date is already a calendar date. A course page formats
 * each batch's start when the batch list arrives, and building the first `Intl.DateTimeFormat` there (ICU's pattern
 * generator) was that task's hottest function: 16 ms at 1x CPU in Chromium, about 130 ms of blocking on Lighthouse's
 * 8x phone (issue 60). A cached formatter still paid it once per page.
 */
export function formatIndiaDate(date: string): string {
  const parsed = dateParts(date);
  if (!parsed) return date;
  // Through Date, as Intl was given it: an out-of-range day or month rolls over the same way.
  const day = new Date(Date.UTC(parsed.y, parsed.m - 1, parsed.d));
  return `${day.getUTCDate()} ${SHORT_MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** "Weekday Evening, from 7 Dec 2026 (Mon, Wed, Fri 19:00–20:30 IST)": a batch in one line, for mail and lists. */
export function batchLabel(batch: { batchTime: BatchTime; startDate: string }): string {
  const t = TIMETABLES[batch.batchTime];
  return `${batch.batchTime}, from ${formatIndiaDate(batch.startDate)} (${dayNames(t.days)} ${t.startTime}–${t.endTime} IST)`;
}

// ---------------------------------------------------------------------------------------------------
// The stored vocabulary (documents.ts declares the shapes with these).

export const SEAT_STATES = ['held', 'confirmed', 'offered'] as const;
export type SeatState = (typeof SEAT_STATES)[number];

/** The stored status staff set; full, running and completed follow from seats and dates. */
/** Completed is stored when staff complete a batch (or the completion job does, after its last session). */
export const STORED_BATCH_STATUSES = ['open', 'cancelled', 'completed'] as const;
export type StoredBatchStatus = (typeof STORED_BATCH_STATUSES)[number];
export const BATCH_STATUSES = ['open', 'full', 'running', 'completed', 'cancelled'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export type InstructorKey = keyof typeof INSTRUCTORS;
