/**
 * Dates as a reader in India sees them, worked out here by arithmetic rather than by the domain's formatters
 * (which use Intl): a test that compared the domain's output with the domain's output would pass whatever
 * the domain did. India has no daylight saving: IST is UTC+05:30 all year.
 */
const IST_OFFSET_MS = 330 * 60_000;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "9 December 2026": the India calendar date of an instant, day month year. */
export function indiaLongDate(at: number | string): string {
  const ist = new Date(new Date(at).getTime() + IST_OFFSET_MS);
  return `${ist.getUTCDate()} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
}

/** "2026-12-09": the India calendar date of an instant. */
export function indiaIsoDate(at: number | string): string {
  return new Date(new Date(at).getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The same India wall-clock time `months` calendar months on (or back), the day clamped to the target
 * month's length (31 August + 6 months = 28 February): the access-window rule, worked out independently.
 */
export function addIndiaMonths(at: number, months: number): number {
  const ist = new Date(at + IST_OFFSET_MS);
  const target = ist.getUTCMonth() + months;
  const year = ist.getUTCFullYear() + Math.floor(target / 12);
  const month = ((target % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const shifted = Date.UTC(
    year,
    month,
    Math.min(ist.getUTCDate(), lastDay),
    ist.getUTCHours(),
    ist.getUTCMinutes(),
    ist.getUTCSeconds(),
    ist.getUTCMilliseconds(),
  );
  return shifted - IST_OFFSET_MS;
}

/** "December": the India calendar month of an instant. */
export function indiaMonthName(at: number): string {
  return MONTHS[new Date(at + IST_OFFSET_MS).getUTCMonth()];
}

/** "January": the India calendar month after the one an instant falls in. */
export function nextIndiaMonthName(at: number): string {
  return MONTHS[(new Date(at + IST_OFFSET_MS).getUTCMonth() + 1) % 12];
}

/** The last millisecond (23:59:59.999 IST) of the India day `days` after the one `at` falls in. */
export function indiaDayEnd(at: number, days: number): number {
  const ist = new Date(at + IST_OFFSET_MS);
  return Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate() + days, 23, 59, 59, 999) - IST_OFFSET_MS;
}

/**
 * An assignment's dates as the spec states them, worked out here: it opens when the first held session on its
 * topics starts, is due at the end of the India day a week after the last one ends, and takes late work a week
 * more (all its sessions count when every one was cancelled).
 */
export function expectedAssignmentDates(
  topics: readonly string[],
  sessions: readonly { topic: string; startsAtMs: number; endsAtMs: number; cancelled?: boolean }[],
): { opensAtMs: number; dueAtMs: number; cutoffAtMs: number } {
  const onTopics = sessions.filter((s) => topics.includes(s.topic));
  const held = onTopics.filter((s) => !s.cancelled);
  const use = held.length ? held : onTopics;
  if (!use.length) throw new Error(`no session on ${topics.join(', ')}`);
  const dueAtMs = indiaDayEnd(Math.max(...use.map((s) => s.endsAtMs)), 7);
  return { opensAtMs: Math.min(...use.map((s) => s.startsAtMs)), dueAtMs, cutoffAtMs: indiaDayEnd(dueAtMs, 7) };
}
