import { array, mixed, number, object, string, type InferType } from 'yup';
import { MIN_NOTICE_HOURS, SESSION_KINDS, type SessionKind } from './mentoring';

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

export const SCORECARD_CRITERIA = [
  { key: 'problemSolving', label: 'Problem solving' },
  { key: 'technicalDepth', label: 'Technical depth' },
  { key: 'communication', label: 'Communication' },
  { key: 'codeQuality', label: 'Code quality' },
  { key: 'roleFit', label: 'Role fit' },
] as const;
export type ScorecardCriterion = (typeof SCORECARD_CRITERIA)[number]['key'];
export const VERDICTS = ['ready', 'not-yet'] as const;
export type Verdict = (typeof VERDICTS)[number];
export const VERDICT_LABELS: Record<Verdict, string> = { ready: 'Ready', 'not-yet': 'Not yet' };

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

/** POST a booking: the kind, the mentor and the slot's start; the server checks the slot and the allowance. */
export const bookingSchema = object({
  kind: mixed<SessionKind>()
    .required('Choose a kind of session.')
    .oneOf([...SESSION_KINDS], 'Choose a kind of session.'),
  mentorId: string()
    .trim()
    .required('Choose a mentor.')
    .matches(/^[A-Za-z0-9]{1,128}$/, 'Choose a mentor.'),
  startsAt: string()
    .required('Choose a time.')
    .test(
      'instant',
      'Choose a time.',
      (v) =>
        v !== undefined &&
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) &&
        !Number.isNaN(Date.parse(v)),
    ),
})
  .noUnknown()
  .strict();

// ---- Placement assistance ----

export const PLACEMENT_STATES = ['requested', 'profile-reviewed', 'referred', 'closed'] as const;
export type PlacementState = (typeof PLACEMENT_STATES)[number];
export const PLACEMENT_LABELS: Record<PlacementState, string> = {
  requested: 'Requested',
  'profile-reviewed': 'Profile reviewed',
  referred: 'Referred',
  closed: 'Closed',
};
/** Placement assistance is Platinum's and Elite's, after a mock interview rated "ready". */
export const PLACEMENT_PLANS = ['platinum', 'yearly'] as const;

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
