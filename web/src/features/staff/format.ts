import type { TimestampLike } from '@upskill/domain/records';

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});
const isoDate = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Asia/Kolkata' });
const isoTime = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
  timeZone: 'Asia/Kolkata',
});

/** Shown in the console: India time, where the business is. A server timestamp not yet written is null for a moment. */
export const formatWhen = (value: TimestampLike | null | undefined): string => (value ? dateTime.format(value.toDate()) : 'just now');

/** For the CSV: sortable `YYYY-MM-DD HH:MM:SS` in India time. */
export const csvWhen = (value: TimestampLike | null | undefined): string =>
  value ? `${isoDate.format(value.toDate())} ${isoTime.format(value.toDate())}` : '';

/** Midnight in India on the first of a `YYYY-MM` month, epoch ms: where a chart puts that month's point. */
export const monthStart = (month: string) => Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1) - 330 * 60_000;
const monthNames = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });
/** "November 2026" for "2026-11". */
export const monthName = (month: string) => monthNames.format(monthStart(month));
