import { HOUR_MS, DAY_MS } from '../common';
// Support requests: what a signed-in learner asks the team, the answer time promised, and India's working
// hours that promise is counted in. Shared by My Courses, the console and the functions.

export const SUPPORT_TOPICS = ['payment', 'schedule', 'access', 'certificate', 'other'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];
export const SUPPORT_TOPIC_LABELS: Record<SupportTopic, string> = {
  payment: 'Payment or invoice',
  schedule: 'Schedule',
  access: 'Access',
  certificate: 'Certificate',
  other: 'Other',
};

/** open: waiting for the team; answered: the team wrote last; closed: done (either side can write again). */
export const SUPPORT_STATES = ['open', 'answered', 'closed'] as const;
export type SupportState = (typeof SUPPORT_STATES)[number];
export const SUPPORT_STATE_LABELS: Record<SupportState, string> = {
  open: 'Waiting for our answer',
  answered: 'Answered',
  closed: 'Closed',
};

/** priority: an active Elite Learning Membership ("Priority support" on its card); standard: everyone else. */
export const SUPPORT_TIERS = ['priority', 'standard'] as const;
export type SupportTier = (typeof SUPPORT_TIERS)[number];

/** The plan whose card promises priority support. */
export const PRIORITY_SUPPORT_PLAN = 'yearly';

/** India's working hours: 09:00 to 18:00, Monday to Saturday (a working day is 9 hours). */
export const WORKING_HOURS = { startHour: 9, endHour: 18 } as const;
const WORKING_DAY_HOURS = WORKING_HOURS.endHour - WORKING_HOURS.startHour;

/** The answer time promised: Elite 4 working hours, everyone else 1 working day. */
export const SUPPORT_PROMISE: Record<SupportTier, { workingHours: number; label: string }> = {
  priority: { workingHours: 4, label: '4 working hours' },
  standard: { workingHours: WORKING_DAY_HOURS, label: '1 working day' },
};

export const MAX_SUPPORT_MESSAGE_CHARS = 4000;
export const MIN_SUPPORT_MESSAGE_CHARS = 10;
/** A thread stops taking messages here: a longer conversation is a new request. */
export const MAX_SUPPORT_THREAD = 40;

/** India has one offset all year (no daylight saving): +05:30. */
const IST_OFFSET_MS = 330 * 60_000;

/** Milliseconds since midnight, and the weekday (0 Sunday), of an instant in India. */
function indiaClock(ms: number): { dayStartMs: number; sinceMidnightMs: number; weekday: number } {
  const local = ms + IST_OFFSET_MS;
  const sinceMidnightMs = ((local % DAY_MS) + DAY_MS) % DAY_MS;
  return { dayStartMs: ms - sinceMidnightMs, sinceMidnightMs, weekday: new Date(local - sinceMidnightMs).getUTCDay() };
}

/** The next working instant at or after `ms`: itself within working hours, else 09:00 of the next working day. */
export function nextWorkingInstant(ms: number): number {
  const clock = indiaClock(ms);
  const { sinceMidnightMs } = clock;
  let { dayStartMs, weekday } = clock;
  const opens = WORKING_HOURS.startHour * HOUR_MS;
  const closes = WORKING_HOURS.endHour * HOUR_MS;
  if (weekday !== 0 && sinceMidnightMs >= opens && sinceMidnightMs < closes) return ms;
  if (weekday !== 0 && sinceMidnightMs < opens) return dayStartMs + opens;
  // After hours or on a Sunday: the next day that is not a Sunday.
  do {
    dayStartMs += DAY_MS;
    weekday = (weekday + 1) % 7;
  } while (weekday === 0);
  return dayStartMs + opens;
}

/** `hours` working hours after `fromMs`, counted only within India's working hours. */
export function addWorkingHours(fromMs: number, hours: number): number {
  let at = nextWorkingInstant(fromMs);
  let left = hours * HOUR_MS;
  for (;;) {
    const { dayStartMs } = indiaClock(at);
    const closesAt = dayStartMs + WORKING_HOURS.endHour * HOUR_MS;
    if (at + left <= closesAt) return at + left;
    left -= closesAt - at;
    at = nextWorkingInstant(closesAt);
  }
}

/** When a request made at `createdAtMs` is promised its answer. */
export const supportDueAt = (tier: SupportTier, createdAtMs: number): number =>
  addWorkingHours(createdAtMs, SUPPORT_PROMISE[tier].workingHours);

/** A request's reference, from its number: SR-000042. */
export const supportReference = (n: number): string => `SR-${String(n).padStart(6, '0')}`;
export const SUPPORT_REFERENCE_PATTERN = /^SR-\d{6,}$/;
