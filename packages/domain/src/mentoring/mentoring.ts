import { TZDate } from '@date-fns/tz';
import { addDays, addMonths } from 'date-fns';
import { TIME_ZONE } from '../batches';

// What each plan's mentoring promises, kept here once and enforced by the server; and the slots a mentor's
// weekly hours give, computed in the mentor's own time zone so that a New York mentor's Tuesday 9:00 stays
// 9:00 in New York across the US clock changes (and moves for a learner in India).

export { SESSION_KINDS, SESSION_LABELS, SESSION_MINUTES, type SessionKind } from './terms';
import { SESSION_LABELS, type SessionKind } from './terms';

/** Sessions may be booked no sooner than this before they start, and changed or cancelled up to it. */
export const MIN_NOTICE_HOURS = 12;
/** A booking's meeting link is handed out from this long before its start until its end. */
export const MENTORING_JOIN_OPENS_MINUTES_BEFORE = 10;
/** Reminders go the day before and the hour before a booking. */
export const MENTORING_REMINDERS = { day: 24 * 60, hour: 60 } as const;

/** How far ahead a session may be booked; Platinum's "priority" is the longer horizon. */
export const BOOKING_HORIZON_DAYS = { standard: 14, priority: 28 } as const;

/**
 * The period an allowance renews over:
 * - calendar-month: the calendar month in India (Pro, Platinum, Custom);
 * - membership-month: each month of the membership from its start (Elite);
 * - membership-year: the membership's year (Elite's mock interviews);
 * - purchase: once, for as long as the purchase gives access (Platinum's mock interviews).
 */
export type AllowancePeriod = 'calendar-month' | 'membership-month' | 'membership-year' | 'purchase';

export interface MentoringAllowance {
  kind: SessionKind;
  count: number;
  per: AllowancePeriod;
  horizonDays: number;
}

/**
 * Each plan's mentoring, and the plan card's words that promise it (plans.ts; #42 reworded the cards to say
 * exactly this):
 * - Pro, "A 30-minute 1:1 mentor call every month": one 30-minute mentor call per calendar month (India);
 * - Platinum, "Two 1:1 mentor calls a month, booked up to 4 weeks ahead" and "Three mock interviews with
 *   scorecards": two calls a month, booked up to 28 days ahead instead of 14, and three 60-minute mock interviews;
 * - Elite Learning Membership, "A 30-minute 1:1 mentor call every month" and "Four mock interviews a year and
 *   placement assistance": one call per membership month and four mock interviews per membership year;
 * - Custom, "A named learning advisor, two calls a month": two advisor calls a month with the named advisor.
 * Other plans and single courses include no mentoring.
 */
export function mentoringAllowances(planId: string | null): MentoringAllowance[] {
  const { standard, priority } = BOOKING_HORIZON_DAYS;
  switch (planId) {
    case 'pro':
      return [{ kind: 'mentor-call', count: 1, per: 'calendar-month', horizonDays: standard }];
    case 'platinum':
      return [
        { kind: 'mentor-call', count: 2, per: 'calendar-month', horizonDays: priority },
        { kind: 'mock-interview', count: 3, per: 'purchase', horizonDays: priority },
      ];
    case 'yearly':
      return [
        { kind: 'mentor-call', count: 1, per: 'membership-month', horizonDays: standard },
        { kind: 'mock-interview', count: 4, per: 'membership-year', horizonDays: standard },
      ];
    case 'custom':
      return [{ kind: 'advisor-call', count: 2, per: 'calendar-month', horizonDays: standard }];
    default:
      return [];
  }
}

/** A purchase as far as its mentoring goes: when it started giving access, and whether it is still a free trial. */
export interface MentoringSource {
  planId: string | null;
  /** When access began (the payment, or a membership's start), ms. */
  startedAtMs: number;
  /** A trial gives no mentoring until its first charge. */
  inTrial: boolean;
}

/** The window an allowance is counted in at `nowMs`: [startMs, endMs), endMs null for "as long as the purchase lasts". */
export function allowanceWindow(per: AllowancePeriod, startedAtMs: number, nowMs: number): { startMs: number; endMs: number | null } {
  const now = new TZDate(nowMs, TIME_ZONE);
  switch (per) {
    case 'calendar-month': {
      const start = new TZDate(now.getFullYear(), now.getMonth(), 1, TIME_ZONE);
      return { startMs: start.getTime(), endMs: addMonths(start, 1).getTime() };
    }
    case 'membership-month':
    case 'membership-year': {
      const step = per === 'membership-month' ? 1 : 12;
      const began = new TZDate(startedAtMs, TIME_ZONE);
      // The first boundary after now, counted from the start (so 31 January's months end on 28 February, 31 March...).
      let periods = 0;
      while (addMonths(began, (periods + 1) * step).getTime() <= nowMs) periods++;
      return { startMs: addMonths(began, periods * step).getTime(), endMs: addMonths(began, (periods + 1) * step).getTime() };
    }
    case 'purchase':
      return { startMs: startedAtMs, endMs: null };
  }
}

/** What a learner has of one allowance now, given the sessions of that kind already counted in its window. */
export interface AllowanceStanding {
  allowance: MentoringAllowance;
  window: { startMs: number; endMs: number | null };
  used: number;
  left: number;
  /** A free trial: nothing is left until its first charge. */
  inTrial: boolean;
}

export function allowanceStanding(
  allowance: MentoringAllowance,
  source: MentoringSource,
  usedInWindow: number,
  nowMs: number,
): AllowanceStanding {
  const window = allowanceWindow(allowance.per, source.startedAtMs, nowMs);
  const left = source.inTrial ? 0 : Math.max(0, allowance.count - usedInWindow);
  return { allowance, window, used: usedInWindow, left, inTrial: source.inTrial };
}

/**
 * What the payment step says of a plan's mentoring during a free trial (null when the plan has none):
 * "Mentoring (1 mentor call a month, 4 mock interviews a year) starts with your first payment, when the trial ends."
 */
export function trialMentoringNote(planId: string | null): string | null {
  const allowances = mentoringAllowances(planId);
  if (allowances.length === 0) return null;
  const per: Record<AllowancePeriod, string> = {
    'calendar-month': ' a month',
    'membership-month': ' a month',
    'membership-year': ' a year',
    purchase: '',
  };
  const list = allowances.map((a) => `${a.count} ${a.count === 1 ? SESSION_LABELS[a.kind].one : SESSION_LABELS[a.kind].many}${per[a.per]}`);
  return `Mentoring (${list.join(', ')}) starts with your first payment, when the trial ends.`;
}

const month = (ms: number) => new Intl.DateTimeFormat('en-IN', { month: 'long', timeZone: TIME_ZONE }).format(new Date(ms));
const dayMonth = (ms: number) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', timeZone: TIME_ZONE }).format(new Date(ms));

/** What My Courses says: "1 mentor call left in November; renews 1 December", "2 of 3 mock interviews left". */
export function allowanceSummary(standing: AllowanceStanding): string {
  const { allowance, window, left, inTrial } = standing;
  const label = SESSION_LABELS[allowance.kind];
  if (inTrial) return `Your ${label.many} start with your first payment, when the free trial ends.`;
  const noun = left === 1 ? label.one : label.many;
  switch (allowance.per) {
    case 'calendar-month':
      return `${left} ${noun} left in ${month(window.startMs)}; renews ${dayMonth(window.endMs ?? 0)}`;
    case 'membership-month':
    case 'membership-year':
      return `${left} of ${allowance.count} ${label.many} left; renews ${dayMonth(window.endMs ?? 0)}`;
    case 'purchase':
      return `${left} of ${allowance.count} ${label.many} left`;
  }
}

// ---- Slots ----

/** A span of a day's hours, "HH:MM" on a 24-hour clock in the mentor's time zone. */
export interface HoursRange {
  start: string;
  end: string;
}
/** 0 = Sunday … 6 = Saturday, as Date.getDay. */
export type WeeklyHours = Partial<Record<0 | 1 | 2 | 3 | 4 | 5 | 6, HoursRange[]>>;
/** A date (YYYY-MM-DD, the mentor's) whose hours replace the week's: [] is a day off. */
export interface DateOverride {
  date: string;
  hours: HoursRange[];
}

export interface Availability {
  timeZone: string;
  weekly: WeeklyHours;
  overrides: DateOverride[];
  /** Minutes kept free after each session. */
  bufferMinutes: number;
  /** At most this many sessions on one of the mentor's days. */
  dailyMax: number;
}

export interface SlotQuery {
  availability: Availability;
  sessionMinutes: number;
  horizonDays: number;
  nowMs: number;
  /** The mentor's sessions already booked (and not cancelled). */
  booked: { startMs: number; endMs: number }[];
  minNoticeHours?: number;
}

const minutesOf = (time: string): number => {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) throw new Error(`not a HH:MM time: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
};

const ymd = (date: TZDate) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * The slots a learner may book: each of the mentor's days from now to the horizon, its hours (the week's, or
 * that date's override) cut into sessions with the buffer after each, none sooner than the minimum notice,
 * none overlapping a booked session or its buffer, and no more on a day than the daily maximum allows.
 */
export function bookableSlots(query: SlotQuery): { startMs: number; endMs: number }[] {
  const { availability, sessionMinutes, horizonDays, nowMs, booked } = query;
  const { timeZone, weekly, overrides, bufferMinutes, dailyMax } = availability;
  const earliest = nowMs + (query.minNoticeHours ?? MIN_NOTICE_HOURS) * 3_600_000;
  const latest = nowMs + horizonDays * 86_400_000;
  const busy = booked.map((b) => ({ startMs: b.startMs, endMs: b.endMs + bufferMinutes * 60_000 }));
  const slots: { startMs: number; endMs: number }[] = [];
  const today = new TZDate(nowMs, timeZone);
  for (let offset = 0; offset <= horizonDays + 1; offset++) {
    const day = addDays(new TZDate(today.getFullYear(), today.getMonth(), today.getDate(), timeZone), offset);
    const date = ymd(day);
    const override = overrides.find((o) => o.date === date);
    const hours = override ? override.hours : (weekly[day.getDay() as 0] ?? []);
    const dayStart = day.getTime();
    const dayEnd = addDays(day, 1).getTime();
    // A day already at its maximum offers nothing more; below it, any free slot may be the next booking.
    if (booked.filter((b) => b.startMs >= dayStart && b.startMs < dayEnd).length >= dailyMax) continue;
    for (const range of hours) {
      const from = minutesOf(range.start);
      const to = minutesOf(range.end);
      for (let minute = from; minute + sessionMinutes <= to; minute += sessionMinutes + bufferMinutes) {
        // The wall-clock time in the mentor's zone, whatever the offset is that day.
        const start = new TZDate(
          day.getFullYear(),
          day.getMonth(),
          day.getDate(),
          Math.floor(minute / 60),
          minute % 60,
          timeZone,
        ).getTime();
        const end = start + sessionMinutes * 60_000;
        if (start < earliest || start > latest) continue;
        const blocked = busy.some((b) => start < b.endMs && end + bufferMinutes * 60_000 > b.startMs);
        if (blocked) continue;
        slots.push({ startMs: start, endMs: end });
      }
    }
  }
  return slots;
}

/**
 * Whether [startMs, endMs) lies inside the mentor's hours for its day (the week's, or that date's override),
 * read in the mentor's time zone. A booking made before the mentor changed their hours may not: it stands, and
 * the mentor is told.
 */
export function withinHours(
  availability: Pick<Availability, 'timeZone' | 'weekly' | 'overrides'>,
  startMs: number,
  endMs: number,
): boolean {
  const start = new TZDate(startMs, availability.timeZone);
  const date = ymd(start);
  const override = availability.overrides.find((o) => o.date === date);
  const hours = override ? override.hours : (availability.weekly[start.getDay() as 0] ?? []);
  const from = start.getHours() * 60 + start.getMinutes();
  const to = from + Math.round((endMs - startMs) / 60_000);
  return hours.some((range) => minutesOf(range.start) <= from && to <= minutesOf(range.end));
}

/**
 * The minutes a mentor offers between fromMs and toMs: each of their days (in their zone) in the span, its
 * hours (the week's, or that date's override), clipped to the span. What utilisation is measured against.
 */
export function offeredMinutes(
  availability: Pick<Availability, 'timeZone' | 'weekly' | 'overrides'>,
  fromMs: number,
  toMs: number,
): number {
  const { timeZone, weekly, overrides } = availability;
  const first = new TZDate(fromMs, timeZone);
  let total = 0;
  for (
    let day = new TZDate(first.getFullYear(), first.getMonth(), first.getDate(), timeZone);
    day.getTime() < toMs;
    day = addDays(day, 1)
  ) {
    const override = overrides.find((o) => o.date === ymd(day));
    for (const range of override ? override.hours : (weekly[day.getDay() as 0] ?? [])) {
      const at = (minute: number) =>
        new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), Math.floor(minute / 60), minute % 60, timeZone).getTime();
      const start = Math.max(fromMs, at(minutesOf(range.start)));
      const end = Math.min(toMs, at(minutesOf(range.end)));
      if (end > start) total += (end - start) / 60_000;
    }
  }
  return Math.round(total);
}
