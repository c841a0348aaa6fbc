// Moments and days in India time, where the business is: one set of formats for the pages that show promises and
// records (career reviews, placement, the console's lists), rather than one per page.

const withWeekday = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});
const short = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/** "Mon, 30 Nov, 5:00 pm IST": a moment a learner is promised or shown. */
export const indiaMoment = (at: number | string): string => `${withWeekday.format(new Date(at))} IST`;

/** "30 Nov, 5:00 pm IST": a moment in the console's lists. */
export const indiaMomentShort = (at: number | string): string => `${short.format(new Date(at))} IST`;

/** India's date (YYYY-MM-DD) at `nowMs`: India is UTC+05:30 all year. */
export const indiaToday = (nowMs = Date.now()): string => new Date(nowMs + 330 * 60_000).toISOString().slice(0, 10);
