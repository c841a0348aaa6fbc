/** Lengths of time in milliseconds, for the clock arithmetic of records (instants are epoch milliseconds). */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;
