import { describe, expect, it } from 'vitest';
import {
  assignmentDates,
  assignmentsFor,
  endOfIndiaDay,
  formatIndiaMoment,
  marksPass,
  receiptLine,
  reviewDueAtMs,
  rubricTotal,
  submissionWindow,
  turnaroundHours,
  type TopicSession,
} from './assignments';
import { OFFERINGS } from '../batches';
import { reviewSchema, submissionSchema, extensionSchema } from './rules';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('every offering has its assignments', () => {
  it.each(OFFERINGS.map((o) => [o.slug, o] as const))(
    '%s: three to six, each on syllabus topics, passable, ids unique',
    (_slug, offering) => {
      const list = assignmentsFor(offering);
      expect(list.length).toBeGreaterThanOrEqual(3);
      expect(list.length).toBeLessThanOrEqual(6);
      expect(new Set(list.map((a) => a.id)).size).toBe(list.length);
      for (const a of list) {
        expect(a.topics.length).toBeGreaterThan(0);
        for (const topic of a.topics) expect(offering.syllabus).toContain(topic);
        expect(a.passMark).toBeGreaterThan(0);
        expect(a.passMark).toBeLessThanOrEqual(rubricTotal(a.rubric));
        expect(a.parts.length).toBeGreaterThan(0);
      }
      expect(list.filter((a) => a.countsForCertificate).length).toBeGreaterThanOrEqual(1);
      // Every topic of the syllabus is practised by some assignment.
      for (const topic of offering.syllabus) expect(list.some((a) => a.topics.includes(topic))).toBe(true);
    },
  );
});

describe('dates', () => {
  // Python Programming Foundations' first topics, on two evenings in India (19:00-20:30 IST = 13:30-15:00 UTC).
  const evening = (date: string, topic: string, cancelled = false): TopicSession => ({
    topic,
    startsAtMs: Date.parse(`${date}T13:30:00Z`),
    endsAtMs: Date.parse(`${date}T15:00:00Z`),
    cancelled,
  });
  const sessions = [evening('2026-12-01', 'A'), evening('2026-12-03', 'B'), evening('2026-12-08', 'C')];

  it('opens at the first session on its topics; due at 23:59:59.999 IST a week after the last; cut-off a week later', () => {
    const d = assignmentDates({ topics: ['A', 'B'] }, sessions)!;
    expect(d.opensAtMs).toBe(Date.parse('2026-12-01T13:30:00Z'));
    // 10 Dec 23:59:59.999 IST is 18:29:59.999 UTC.
    expect(d.dueAtMs).toBe(Date.parse('2026-12-10T18:29:59.999Z'));
    expect(d.cutoffAtMs).toBe(Date.parse('2026-12-17T18:29:59.999Z'));
  });

  it('a session ending after midnight IST counts on its India day', () => {
    // 18:45 UTC on 3 Dec is 00:15 IST on 4 Dec.
    expect(endOfIndiaDay(Date.parse('2026-12-03T18:45:00Z'), 0)).toBe(Date.parse('2026-12-04T18:29:59.999Z'));
  });

  it('an extension adds days to due and cut-off; cancelled sessions do not count unless all are', () => {
    const plain = assignmentDates({ topics: ['B', 'C'] }, sessions)!;
    const extended = assignmentDates({ topics: ['B', 'C'] }, sessions, 3)!;
    expect(extended.dueAtMs - plain.dueAtMs).toBe(3 * DAY);
    expect(extended.cutoffAtMs - plain.cutoffAtMs).toBe(3 * DAY);
    const cancelledLast = [sessions[0], sessions[1], { ...sessions[2], cancelled: true }];
    expect(assignmentDates({ topics: ['B', 'C'] }, cancelledLast)!.dueAtMs).toBe(Date.parse('2026-12-10T18:29:59.999Z'));
    expect(assignmentDates({ topics: ['C'] }, cancelledLast)!.opensAtMs).toBe(sessions[2].startsAtMs);
    expect(assignmentDates({ topics: ['Z'] }, sessions)).toBeNull();
  });

  it('the window at each boundary, to the millisecond', () => {
    const d = assignmentDates({ topics: ['A'] }, sessions)!;
    expect(submissionWindow(d, d.opensAtMs - 1)).toBe('not-open');
    expect(submissionWindow(d, d.opensAtMs)).toBe('open');
    expect(submissionWindow(d, d.dueAtMs)).toBe('open');
    expect(submissionWindow(d, d.dueAtMs + 1)).toBe('late');
    expect(submissionWindow(d, d.cutoffAtMs)).toBe('late');
    expect(submissionWindow(d, d.cutoffAtMs + 1)).toBe('closed');
  });
});

describe('turnaround and receipt', () => {
  it('72 hours, 24 for Platinum and Elite', () => {
    expect(turnaroundHours('singleCourse')).toBe(72);
    expect(turnaroundHours(null)).toBe(72);
    expect(turnaroundHours('pro')).toBe(72);
    expect(turnaroundHours('platinum')).toBe(24);
    expect(turnaroundHours('yearly')).toBe(24);
    expect(reviewDueAtMs(0, 'platinum')).toBe(24 * HOUR);
  });

  it('reads as the issue promises: "Received Tue 2 Dec, 21:40 IST · reviewed by Fri 5 Dec"', () => {
    const at = Date.parse('2025-12-02T16:10:00Z');
    expect(formatIndiaMoment(at)).toBe('Tue 2 Dec, 21:40 IST');
    expect(receiptLine(at, reviewDueAtMs(at, 'singleCourse'))).toBe('Received Tue 2 Dec, 21:40 IST · reviewed by Fri 5 Dec');
  });
});

describe('rules', () => {
  it('a pass is at or above the pass mark', () => {
    expect(marksPass({ passMark: 6 }, { a: 3, b: 3 })).toBe(true);
    expect(marksPass({ passMark: 6 }, { a: 3, b: 2 })).toBe(false);
  });

  it('submissions: https links only, text capped, nothing unknown', async () => {
    await expect(submissionSchema.validate({ link: 'https://github.com/a/b' })).resolves.toBeTruthy();
    await expect(submissionSchema.validate({ link: 'javascript:alert(1)' })).rejects.toThrow('Give an https:// link');
    await expect(submissionSchema.validate({ text: 'x'.repeat(5001) })).rejects.toThrow('At most 5,000 characters.');
    await expect(submissionSchema.validate({ text: 'x', file: 'y' })).rejects.toThrow();
  });

  it('reviews: needs-work must say what to change; extensions 0 to 28 days with a reason', async () => {
    const base = { scores: { a: 1 }, comments: 'Fine.', release: true };
    await expect(reviewSchema.validate({ ...base, result: 'needs-work', changes: '' })).rejects.toThrow('Say what to change.');
    await expect(reviewSchema.validate({ ...base, result: 'passed' })).resolves.toBeTruthy();
    await expect(reviewSchema.validate({ ...base, scores: { a: -1 }, result: 'passed' })).rejects.toThrow('Give points');
    await expect(extensionSchema.validate({ days: 29, reason: 'x' })).rejects.toThrow('At most 28 days.');
    await expect(extensionSchema.validate({ days: 2, reason: ' ' })).rejects.toThrow('Say why.');
  });
});
