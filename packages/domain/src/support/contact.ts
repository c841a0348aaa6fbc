import { HOUR_MS, DAY_MS, GRIEVANCE_ANSWER_DAYS, PRIVACY_REQUEST_TOPIC, type TimestampLike } from '../common';
import { figureWeeks, inWeek, indiaDate, indiaWeekStart } from '../batches';

// The contact form's reply clock. The thank-you, the contact and help pages and the pricing chat all promise a
// reply within 24 hours, any day of the week; a privacy request is answered by the grievance officer within the
// days the privacy policy gives. Each message carries its due moment from the minute it arrives, so the console
// can put the oldest promise first and count what was kept.

export const CONTACT_REPLY_HOURS = 24;

/** When a message received at `receivedMs` must have its reply (epoch ms). */
export function contactReplyDueAt(receivedMs: number, courseInterest: string): number {
  return courseInterest === PRIVACY_REQUEST_TOPIC
    ? receivedMs + GRIEVANCE_ANSWER_DAYS * DAY_MS
    : receivedMs + CONTACT_REPLY_HOURS * HOUR_MS;
}

/** One message as the figures need it (epoch ms). */
export interface ContactClock {
  receivedMs: number;
  dueMs: number;
  /** When staff marked it handled (they reply by mail, then mark it), or null while it waits. */
  handledMs: number | null;
}

/**
 * contactWeeks/{Monday's India date}: the reply clock of every message that arrived that week, by message id, written
 * with the message and changed when staff mark it handled, so the console's figures read one small document a week
 * instead of every message of eight weeks (issue 59). `npm run jobs -- contact-figures` rebuilds them from the messages.
 */
export interface ContactWeekDoc<T extends TimestampLike = TimestampLike> {
  weekStart: T;
  messages: Record<string, ContactClock>;
  updatedAt: T;
}

/** The week document a message is counted in: its arrival week's Monday, India date. */
export const contactWeekId = (receivedMs: number): string => indiaDate(indiaWeekStart(receivedMs));

/** One week (Monday, India time) of messages, by when they arrived. */
export interface ContactWeek {
  weekStart: string;
  received: number;
  /** Handled by their due moment. */
  onTime: number;
  /** Handled after it. */
  late: number;
  /** Still waiting, and already past their due moment. */
  overdue: number;
}

/** The last FIGURE_WEEKS weeks of messages: received, answered within the promise or late, and still overdue. */
export function contactWeeks(messages: readonly ContactClock[], nowMs: number): ContactWeek[] {
  return figureWeeks(nowMs).map((startMs) => {
    const week = messages.filter((m) => inWeek(m.receivedMs, startMs));
    return {
      weekStart: new Date(startMs).toISOString(),
      received: week.length,
      onTime: week.filter((m) => m.handledMs !== null && m.handledMs <= m.dueMs).length,
      late: week.filter((m) => m.handledMs !== null && m.handledMs > m.dueMs).length,
      overdue: week.filter((m) => m.handledMs === null && m.dueMs < nowMs).length,
    };
  });
}

/**
 * The share of messages whose promise has come to an end (handled, or past due) that were handled in time: a
 * message still within its 24 hours counts neither way yet. Null when there is none.
 */
export function contactOnTimeShare(weeks: readonly ContactWeek[]): number | null {
  const settled = weeks.reduce((n, w) => n + w.onTime + w.late + w.overdue, 0);
  return settled ? weeks.reduce((n, w) => n + w.onTime, 0) / settled : null;
}

/** GET /api/staff/messages/figures: the reply clock's figures for the console's Messages view. */
export interface StaffContactFigures {
  weeks: ContactWeek[];
  /** Over the weeks shown (see contactOnTimeShare). */
  onTimeShare: number | null;
  /** Every message still waiting for its reply, and those of them past their due moment. */
  waiting: number;
  overdue: number;
  now: string;
}
