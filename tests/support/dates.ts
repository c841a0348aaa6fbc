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
