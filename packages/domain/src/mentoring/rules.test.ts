import { describe, expect, it } from 'vitest';
import {
  bookingSchema,
  canMovePlacement,
  changeOutcome,
  clashes,
  mayRequestPlacement,
  scorecardMean,
  scorecardSchema,
  sessionNotesSchema,
} from './rules';

const HOUR = 3_600_000;
const start = Date.parse('2026-12-09T10:00:00+05:30');
// As the server validates (strictly: no casting, no trimming).
const errorsOf = async (schema: { validate: (v: unknown, o: object) => Promise<unknown> }, value: unknown) =>
  schema.validate(value, { abortEarly: false, strict: true }).then(
    () => [],
    (err: { errors: string[] }) => [...new Set(err.errors)],
  );

describe('changing a booking', () => {
  it('12 hours or more before: cancel or move, and the session comes back', () => {
    expect(changeOutcome('cancel', 'learner', start, start - 12 * HOUR)).toEqual({
      allowed: true,
      returnsAllowance: true,
      note: 'The session comes back to you to book again.',
    });
    expect(changeOutcome('reschedule', 'learner', start, start - 13 * HOUR)).toMatchObject({ allowed: true, returnsAllowance: true });
  });

  it('later: a cancellation uses the session up (said before confirming), a move is refused', () => {
    expect(changeOutcome('cancel', 'learner', start, start - 12 * HOUR + 1)).toEqual({
      allowed: true,
      returnsAllowance: false,
      note: 'It is less than 12 hours before the session, so cancelling now uses it up.',
    });
    expect(changeOutcome('reschedule', 'learner', start, start - HOUR)).toEqual({
      allowed: false,
      reason: 'Sessions can be moved up to 12 hours before they start. You can still cancel it.',
    });
  });

  it('a mentor’s cancellation always gives it back; nothing changes once it has started', () => {
    expect(changeOutcome('cancel', 'mentor', start, start - HOUR)).toMatchObject({ allowed: true, returnsAllowance: true });
    expect(changeOutcome('cancel', 'learner', start, start)).toEqual({ allowed: false, reason: 'This session has already started.' });
    expect(changeOutcome('cancel', 'mentor', start, start + 1)).toMatchObject({ allowed: false });
  });

  it('clashes: overlapping intervals only (touching ends do not clash)', () => {
    const live = [
      { id: 'a', startMs: start - HOUR, endMs: start },
      { id: 'b', startMs: start + 15 * 60_000, endMs: start + HOUR },
    ];
    expect(clashes(start, start + 30 * 60_000, live).map((c) => c.id)).toEqual(['b']);
    expect(clashes(start, start + 15 * 60_000, live)).toEqual([]);
  });
});

describe('scorecards, notes and bookings: every field checked', () => {
  const good = {
    ratings: { problemSolving: 4, technicalDepth: 3, communication: 5, codeQuality: 4, roleFit: 3 },
    comments: 'Clear thinking; practise complexity analysis.',
    verdict: 'ready',
  };

  it('accepts a whole scorecard and computes its mean', async () => {
    expect(await errorsOf(scorecardSchema, good)).toEqual([]);
    expect(scorecardMean(good.ratings)).toBe(3.8);
  });

  it('refuses ratings outside 1–5, a missing criterion, an unknown one, no comments and no verdict', async () => {
    expect(
      await errorsOf(scorecardSchema, {
        ratings: { problemSolving: 0, technicalDepth: 6, communication: 2.5, codeQuality: 4 },
        comments: '  ',
        verdict: 'maybe',
      }),
    ).toEqual([
      'Rate problem solving from 1 to 5.',
      'Rate technical depth from 1 to 5.',
      'Rate communication from 1 to 5.',
      'Rate role fit from 1 to 5.',
      'Say what went well and what to work on.',
      'Say whether they are ready.',
    ]);
    expect(await errorsOf(scorecardSchema, { ...good, ratings: { ...good.ratings, charm: 5 } })).toEqual([
      'Only the five criteria are rated.',
    ]);
  });

  it('notes need text; action items are at most 10 of 200 characters', async () => {
    expect(await errorsOf(sessionNotesSchema, { notes: 'Covered system design.', actionItems: ['Read chapter 3'] })).toEqual([]);
    expect(await errorsOf(sessionNotesSchema, { notes: '', actionItems: Array(11).fill('x') })).toEqual([
      'Write what you covered.',
      'At most 10 action items.',
    ]);
  });

  it('a booking names a kind, a mentor and an instant', async () => {
    expect(await errorsOf(bookingSchema, { kind: 'mentor-call', mentorId: 'abc123', startsAt: '2026-12-09T04:30:00Z' })).toEqual([]);
    expect(await errorsOf(bookingSchema, { kind: 'coffee', mentorId: '../x', startsAt: 'tomorrow' })).toEqual([
      'Choose a kind of session.',
      'Choose a mentor.',
      'Choose a time.',
    ]);
  });
});

describe('placement requests', () => {
  it('move one step at a time, or close; a closed one stays closed', () => {
    expect(canMovePlacement('requested', 'profile-reviewed')).toBe(true);
    expect(canMovePlacement('requested', 'referred')).toBe(false);
    expect(canMovePlacement('profile-reviewed', 'referred')).toBe(true);
    expect(canMovePlacement('referred', 'closed')).toBe(true);
    expect(canMovePlacement('requested', 'closed')).toBe(true);
    expect(canMovePlacement('closed', 'requested')).toBe(false);
    expect(canMovePlacement('referred', 'requested')).toBe(false);
  });

  it('are open to Platinum and Elite after a "ready" mock interview only', () => {
    expect(mayRequestPlacement('platinum', ['not-yet', 'ready'])).toBe(true);
    expect(mayRequestPlacement('yearly', ['ready'])).toBe(true);
    expect(mayRequestPlacement('platinum', ['not-yet'])).toBe(false);
    expect(mayRequestPlacement('pro', ['ready'])).toBe(false);
    expect(mayRequestPlacement(null, ['ready'])).toBe(false);
  });
});
