import { describe, expect, it } from 'vitest';
import { behindLabel, behindNow, missedInARow, overdueAssignments, progressMilestones } from './progress';

describe('the progress tracker', () => {
  const facts = {
    classes: 24,
    attended: 0,
    assignments: [
      { id: 'a1', title: 'Practice 1', passed: true },
      { id: 'a2', title: 'Practice 2', passed: false },
    ],
    certificate: false,
  };

  it('reaches attendance milestones at a share of the classes, rounded up', () => {
    const reached = (attended: number) =>
      progressMilestones({ ...facts, attended })
        .filter((m) => m.reached)
        .map((m) => m.key);
    expect(reached(0)).toEqual(['passed-a1']);
    expect(reached(1)).toEqual(['first-class', 'passed-a1']);
    expect(reached(5)).toEqual(['first-class', 'passed-a1']);
    expect(reached(6)).toEqual(['first-class', 'attended-25', 'passed-a1']);
    expect(reached(12)).toEqual(['first-class', 'attended-25', 'attended-50', 'passed-a1']);
    expect(reached(18)).toEqual(['first-class', 'attended-25', 'attended-50', 'attended-75', 'passed-a1']);
    expect(
      progressMilestones({ ...facts, classes: 0 })
        .filter((m) => m.key.startsWith('attended'))
        .every((m) => !m.reached),
    ).toBe(true);
    expect(progressMilestones({ ...facts, certificate: true }).at(-1)).toEqual({
      key: 'certificate',
      label: 'Certificate earned',
      reached: true,
    });
  });

  it('is behind after the last two held classes were both missed, keyed by the second', () => {
    const held = (...attended: boolean[]) => attended.map((a, i) => ({ id: `s${i}`, number: i + 1, attended: a }));
    expect(missedInARow(held(false))).toBeNull();
    expect(missedInARow(held(true, false, true))).toBeNull();
    expect(missedInARow(held(true, false, false))).toEqual({ kind: 'missed-classes', key: 'missed-s2', classes: [2, 3] });
    // Missing a third is the same run continued: a new key, since the last missed class is a new one.
    expect(missedInARow(held(true, false, false, false))?.key).toBe('missed-s3');
    expect(behindLabel(missedInARow(held(false, false))!)).toBe('Missed classes 1 and 2 in a row');
  });

  it('is behind on work past its due moment with nothing submitted', () => {
    const now = Date.parse('2031-03-10T00:00:00Z');
    const due = [
      { assignmentId: 'a1', title: 'Practice 1', dueAtMs: now - 1, submitted: false },
      { assignmentId: 'a2', title: 'Practice 2', dueAtMs: now - 1, submitted: true },
      { assignmentId: 'a3', title: 'Project', dueAtMs: now + 1, submitted: false },
    ];
    const causes = overdueAssignments(due, now);
    expect(causes).toEqual([
      { kind: 'assignment-overdue', key: 'overdue-a1', assignmentId: 'a1', title: 'Practice 1', dueAt: '2031-03-09T23:59:59.999Z' },
    ]);
    expect(behindLabel(causes[0])).toBe('“Practice 1” is past its due date with nothing submitted');
    // Both kinds at once: the classes first, then the work.
    const held = [
      { id: 's0', number: 1, attended: false },
      { id: 's1', number: 2, attended: false },
    ];
    expect(behindNow(held, due, now).map((c) => c.key)).toEqual(['missed-s1', 'overdue-a1']);
    expect(behindNow(held.slice(1), [], now)).toEqual([]);
  });
});
