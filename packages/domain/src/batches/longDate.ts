import { INDIA_OFFSET_MS } from './times';

/**
 * India's long date, in a module of its own: the plan cards, receipts and certificates write it, and the course page's
 * batch times (times.ts) do not, so a phone loading a course page does not download it.
 */

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * "8 December 2026": India's calendar day of an instant (ms, or an ISO string), as the receipt, the certificate and
 * the subscription terms write it (the words Intl's en-IN long date gives, which the unit tests check it against).
 * Written out rather than formatted by Intl: the plan cards on public pages show it, and no formatter need load.
 */
export function formatLongIndiaDate(at: number | string): string {
  const ms = new Date(at).getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Not a date: ${String(at)}`);
  const india = new Date(ms + INDIA_OFFSET_MS);
  return `${india.getUTCDate()} ${MONTH_NAMES[india.getUTCMonth()]} ${india.getUTCFullYear()}`;
}
