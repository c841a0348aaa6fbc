import { array, mixed, number, object, string, type InferType } from 'yup';
import { MIN_NOTICE_HOURS } from './mentoring';
import { CATEGORIES, type Category } from '../common';
import { PLACEMENT_PLANS } from './placement';
import {
  PLACEMENT_STATES,
  SCORECARD_CRITERIA,
  SESSION_KINDS,
  VERDICTS,
  type PlacementState,
  type ScorecardCriterion,
  type SessionKind,
  type Verdict,
} from './terms';
export {
  PLACEMENT_LABELS,
  PLACEMENT_STATES,
  SCORECARD_CRITERIA,
  VERDICT_LABELS,
  VERDICTS,
  type PlacementState,
  type ScorecardCriterion,
  type Verdict,
} from './terms';

// The rules of a mentoring booking once made: changes and the cut-off, clashes, the mock interview's
// scorecard, and the placement request's states. The server applies them with its own clock, and validates
// strictly (functions/src/http/validate.ts), as the forms do.

/** What a change does to the learner's allowance, and whether it is allowed at all. */
export type ChangeOutcome = { allowed: true; returnsAllowance: boolean; note: string } | { allowed: false; reason: string };

/**
 * A learner may reschedule or cancel up to 12 hours before the start, and the session comes back to them;
 * after that a cancellation is allowed but the session is used (they are told before confirming), and a
 * reschedule is refused. A mentor's cancellation always gives the session back.
 */
export function changeOutcome(change: 'cancel' | 'reschedule', by: 'learner' | 'mentor', startMs: number, nowMs: number): ChangeOutcome {
  if (nowMs >= startMs) return { allowed: false, reason: 'This session has already started.' };
  if (by === 'mentor')
    return { allowed: true, returnsAllowance: true, note: 'The learner gets the session back and a link to book again.' };
  const inTime = startMs - nowMs >= MIN_NOTICE_HOURS * 3_600_000;
  if (inTime) return { allowed: true, returnsAllowance: true, note: 'The session comes back to you to book again.' };
  if (change === 'reschedule')
    return { allowed: false, reason: `Sessions can be moved up to ${MIN_NOTICE_HOURS} hours before they start. You can still cancel it.` };
  return {
    allowed: true,
    returnsAllowance: false,
    note: `It is less than ${MIN_NOTICE_HOURS} hours before the session, so cancelling now uses it up.`,
  };
}

/** The intervals of `others` that overlap [startMs, endMs): a learner's own bookings, or their live classes. */
export function clashes<T extends { startMs: number; endMs: number }>(startMs: number, endMs: number, others: readonly T[]): T[] {
  return others.filter((other) => startMs < other.endMs && other.startMs < endMs);
}

// ---- The mock interview's scorecard ----

const rating = (label: string) =>
  number()
    .typeError(`Rate ${label.toLowerCase()} from 1 to 5.`)
    .required(`Rate ${label.toLowerCase()} from 1 to 5.`)
    .integer(`Rate ${label.toLowerCase()} from 1 to 5.`)
    .min(1, `Rate ${label.toLowerCase()} from 1 to 5.`)
    .max(5, `Rate ${label.toLowerCase()} from 1 to 5.`);

/** What a mentor writes after a mock interview: five ratings, comments, and a verdict. */
export const scorecardSchema = object({
  ratings: object(
    Object.fromEntries(SCORECARD_CRITERIA.map((c) => [c.key, rating(c.label)])) as Record<ScorecardCriterion, ReturnType<typeof rating>>,
  )
    .required()
    .noUnknown('Only the five criteria are rated.'),
  comments: string()
    .required('Say what went well and what to work on.')
    .matches(/\S/, 'Say what went well and what to work on.')
    .max(4000, 'At most 4,000 characters.'),
  verdict: mixed<Verdict>()
    .required('Say whether they are ready.')
    .oneOf([...VERDICTS], 'Say whether they are ready.'),
})
  .noUnknown()
  .strict();
export type Scorecard = InferType<typeof scorecardSchema>;

/** A scorecard's mean rating to one decimal, for the learner's trend. */
export const scorecardMean = (ratings: Record<ScorecardCriterion, number>): number =>
  Math.round((SCORECARD_CRITERIA.reduce((sum, c) => sum + ratings[c.key], 0) / SCORECARD_CRITERIA.length) * 10) / 10;

/** What a mentor writes after any session: notes and action items, which the learner sees. */
export const sessionNotesSchema = object({
  notes: string().required('Write what you covered.').matches(/\S/, 'Write what you covered.').max(4000, 'At most 4,000 characters.'),
  actionItems: array(
    string()
      .required('An action item cannot be empty.')
      .matches(/\S/, 'An action item cannot be empty.')
      .max(200, 'At most 200 characters each.'),
  )
    .max(10, 'At most 10 action items.')
    .default([]),
})
  .noUnknown()
  .strict();

// ---- Booking ----

/** A session's start: an ISO instant with its offset, as the page sends the slot it showed. */
const startsAtField = () =>
  string()
    .required('Choose a time.')
    .test(
      'instant',
      'Choose a time.',
      (v) =>
        v !== undefined &&
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) &&
        !Number.isNaN(Date.parse(v)),
    );

/** POST a booking: the kind, the mentor and the slot's start; the server checks the slot and the allowance. */
export const bookingSchema = object({
  kind: mixed<SessionKind>()
    .required('Choose a kind of session.')
    .oneOf([...SESSION_KINDS], 'Choose a kind of session.'),
  mentorId: string()
    .trim()
    .required('Choose a mentor.')
    .matches(/^[A-Za-z0-9]{1,128}$/, 'Choose a mentor.'),
  startsAt: startsAtField(),
})
  .noUnknown()
  .strict();

// ---- Placement assistance ----

/** The placement team moves a request forward one step at a time, or closes it from any open state. */
export function canMovePlacement(from: PlacementState, to: PlacementState): boolean {
  if (from === 'closed') return false;
  if (to === 'closed') return true;
  return PLACEMENT_STATES.indexOf(to) === PLACEMENT_STATES.indexOf(from) + 1;
}

/** Whether a learner may open a placement request: the plan includes it and a mock interview said "ready". */
export function mayRequestPlacement(planId: string | null, verdicts: readonly Verdict[]): boolean {
  return (PLACEMENT_PLANS as readonly string[]).includes(planId ?? '') && verdicts.includes('ready');
}

// ---- A mentor's profile and hours ----

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether a name is an IANA time zone this runtime knows ("Asia/Kolkata", "America/New_York"). */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || !/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const hoursRange = object({
  start: string().required('Give a start time.').matches(TIME, 'Times are HH:MM, 24-hour.'),
  end: string().required('Give an end time.').matches(TIME, 'Times are HH:MM, 24-hour.'),
})
  .noUnknown()
  .test(
    'order',
    'Each range ends after it starts.',
    (r) => !r.start || !r.end || !TIME.test(r.start) || !TIME.test(r.end) || minutes(r.end) > minutes(r.start),
  );

/** One day's ranges: each ends after it starts, and none overlaps another. */
const dayHours = array(hoursRange)
  .max(6, 'At most 6 ranges a day.')
  .default([])
  .test('no-overlap', 'A day’s ranges must not overlap.', (ranges) => {
    const valid = (ranges ?? []).filter((r) => TIME.test(r.start) && TIME.test(r.end)).map((r) => [minutes(r.start), minutes(r.end)]);
    valid.sort((a, b) => a[0] - b[0]);
    return valid.every((r, i) => i === 0 || r[0] >= valid[i - 1][1]);
  });

export const availabilitySchema = object({
  timeZone: string().required('Choose your time zone.').test('zone', 'Choose your time zone.', isTimeZone),
  weekly: object(Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, dayHours])))
    .noUnknown('Days are 0 (Sunday) to 6 (Saturday).')
    .required(),
  overrides: array(
    object({
      date: string()
        .required('Give the date.')
        .matches(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD.')
        .test('date', 'Dates are YYYY-MM-DD.', (v) => v !== undefined && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))),
      hours: dayHours,
    }).noUnknown(),
  )
    .max(60, 'At most 60 date overrides.')
    .default([])
    .test('unique', 'Each date may be overridden once.', (list) => new Set((list ?? []).map((o) => o.date)).size === (list ?? []).length),
  bufferMinutes: number()
    .typeError('The buffer is 0 to 60 minutes.')
    .required('The buffer is 0 to 60 minutes.')
    .integer('The buffer is 0 to 60 minutes.')
    .min(0, 'The buffer is 0 to 60 minutes.')
    .max(60, 'The buffer is 0 to 60 minutes.'),
  dailyMax: number()
    .typeError('The daily maximum is 1 to 12 sessions.')
    .required('The daily maximum is 1 to 12 sessions.')
    .integer('The daily maximum is 1 to 12 sessions.')
    .min(1, 'The daily maximum is 1 to 12 sessions.')
    .max(12, 'The daily maximum is 1 to 12 sessions.'),
})
  .noUnknown()
  .strict();

/** PUT /api/mentoring/profile: what a mentor says about themselves, and their hours. */
export const mentorProfileSchema = object({
  name: string().required('Give your name.').matches(/\S/, 'Give your name.').max(80, 'At most 80 characters.'),
  headline: string()
    .required('Say what you do, in a line.')
    .matches(/\S/, 'Say what you do, in a line.')
    .max(120, 'At most 120 characters.'),
  photo: string()
    .nullable()
    .default(null)
    .matches(/^(https:\/\/\S+|\/images\/[A-Za-z0-9/_.-]+)$/, {
      message: 'A photo is an https link or a site image.',
      excludeEmptyString: true,
    })
    .max(500, 'At most 500 characters.'),
  courseIds: array(number().integer().min(1).required())
    .min(1, 'Choose at least one course.')
    .max(40, 'Choose at most 40 courses.')
    .required('Choose at least one course.'),
  categories: array(
    mixed<Category>()
      .oneOf([...CATEGORIES], 'Choose categories from the catalogue.')
      .required(),
  )
    .max(12)
    .default([]),
  languages: array(
    string().required('A language cannot be empty.').matches(/\S/, 'A language cannot be empty.').max(30, 'At most 30 characters.'),
  )
    .min(1, 'Give at least one language.')
    .max(8, 'At most 8 languages.')
    .required('Give at least one language.'),
  kinds: array(
    mixed<SessionKind>()
      .oneOf([...SESSION_KINDS], 'Choose the kinds of session you offer.')
      .required(),
  )
    .min(1, 'Choose the kinds of session you offer.')
    .required('Choose the kinds of session you offer.'),
  availability: availabilitySchema.required(),
})
  .noUnknown()
  .strict();
export type MentorProfileInput = InferType<typeof mentorProfileSchema>;

/** A learner's or a mentor's change of a booking: cancel (any time before it starts) or move to another start. */
export const bookingChangeSchema = object({
  startsAt: startsAtField(),
})
  .noUnknown()
  .strict();

/** A mentor's report that the learner did not come, or the learner's that the mentor did not; staff see it. */
export const noShowSchema = object({
  note: string().default('').max(1000, 'At most 1,000 characters.'),
})
  .noUnknown()
  .strict();

/** A learner's placement request: what they are looking for. */
export const placementRequestSchema = object({
  bookingId: string()
    .required('Choose the mock interview rated ready.')
    .matches(/^[A-Za-z0-9]{1,128}$/, 'Choose the mock interview rated ready.'),
  note: string()
    .required('Say what roles and places you are looking for.')
    .matches(/\S/, 'Say what roles and places you are looking for.')
    .max(2000, 'At most 2,000 characters.'),
})
  .noUnknown()
  .strict();

/** The placement team's step: the next state, with a note. */
export const placementMoveSchema = object({
  state: mixed<PlacementState>()
    .required('Choose the next state.')
    .oneOf([...PLACEMENT_STATES], 'Choose the next state.'),
  note: string().default('').max(2000, 'At most 2,000 characters.'),
})
  .noUnknown()
  .strict();

/** Staff name a Custom learner's learning advisor: a mentor who offers advisor calls. */
export const advisorSchema = object({
  mentorId: string()
    .required('Choose a mentor.')
    .matches(/^[A-Za-z0-9]{1,128}$/, 'Choose a mentor.'),
})
  .noUnknown()
  .strict();

/** Staff give a used session back (a mentor's no-show the learner reported, after looking into it), with why. */
export const sessionReturnSchema = object({
  reason: string()
    .required('Say why the session is given back.')
    .matches(/\S/, 'Say why the session is given back.')
    .max(500, 'At most 500 characters.'),
})
  .noUnknown()
  .strict();
