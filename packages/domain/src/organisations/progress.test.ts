import { describe, expect, it } from 'vitest';
import { memberProgress, weeklyAttendance } from './progress';

// India time, written as such.
const ist = (text: string) => Date.parse(`${text}+05:30`);

describe('the team page: a member’s learning and the weekly chart', () => {
  it('counts classes attended per week, Monday to Sunday in India, the current week last', () => {
    const now = ist('2026-11-28T12:00:00'); // a Saturday
    const weeks = weeklyAttendance(
      [
        ist('2026-11-23T00:00:00'), // Monday 00:00 IST: this week
        ist('2026-11-22T23:59:59'), // Sunday night: last week
        ist('2026-11-27T19:00:00'),
        ist('2026-10-05T19:00:00'), // the first of the eight weeks
        ist('2026-10-04T19:00:00'), // before it: not shown
      ],
      now,
    );
    expect(weeks).toEqual([
      { week: '2026-10-05', attended: 1 },
      { week: '2026-10-12', attended: 0 },
      { week: '2026-10-19', attended: 0 },
      { week: '2026-10-26', attended: 0 },
      { week: '2026-11-02', attended: 0 },
      { week: '2026-11-09', attended: 0 },
      { week: '2026-11-16', attended: 1 },
      { week: '2026-11-23', attended: 2 },
    ]);
  });

  it('a member: classes attended of held, the last one, assignments passed of reviewed, valid certificates only', () => {
    expect(
      memberProgress({
        attendance: [
          { present: true, atMs: ist('2026-11-02T19:05:00'), sessionStartMs: ist('2026-11-02T19:00:00') },
          { present: false, atMs: ist('2026-11-04T19:05:00'), sessionStartMs: ist('2026-11-04T19:00:00') },
          { present: true, atMs: ist('2026-11-09T19:03:00'), sessionStartMs: ist('2026-11-09T19:00:00') },
        ],
        held: 6,
        work: [{ state: 'passed' }, { state: 'needs-work' }, { state: 'awaiting-review' }, { state: 'not-started' }],
        certificates: [
          { code: 'ABCDE12345', course: 'Python Programming Foundations', status: 'valid' },
          { code: 'REVOKED123', course: 'SQL', status: 'revoked' },
        ],
      }),
    ).toEqual({
      attended: 2,
      held: 6,
      lastAttendedAt: '2026-11-09T13:30:00.000Z',
      assignmentsPassed: 1,
      assignmentsReviewed: 2,
      certificates: [{ code: 'ABCDE12345', course: 'Python Programming Foundations' }],
    });
  });
});
