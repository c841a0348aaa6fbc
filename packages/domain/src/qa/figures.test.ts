import { describe, expect, it } from 'vitest';
import { qaFigures, qaSubject, qaWeekEntry, qaWeekId } from './figures';

const at = (iso: string) => ({ toMillis: () => Date.parse(iso), toDate: () => new Date(iso) });

describe('the console’s Q&A week figures', () => {
  it('a question counts in its India week (Monday 00:00 IST) under its course or programme', () => {
    // Sunday 29 November 2026, 22:59 IST is still the week of Monday 23 November; two minutes later is the next week.
    expect(qaWeekId({ courseId: 7, programme: null, createdAt: at('2026-11-29T17:29:00Z') })).toBe('2026-11-23_course-7');
    expect(qaWeekId({ courseId: 7, programme: null, createdAt: at('2026-11-29T18:31:00Z') })).toBe('2026-11-30_course-7');
    expect(qaSubject({ courseId: null, programme: 'cloud-computing' })).toEqual({
      key: 'programme-cloud-computing',
      name: 'Cloud Computing programme',
    });
    expect(qaSubject({ courseId: 7, programme: null }).name).toBe('AWS Cloud Practitioner to Architect');
  });

  it('an entry is the minutes to the first answer and whether it kept the promise; none while waiting', () => {
    const asked = at('2026-11-25T04:00:00Z');
    expect(qaWeekEntry({ courseId: 7, programme: null, createdAt: asked, firstAnswerAt: null, firstAnswerOnTime: null })).toEqual({
      minutes: null,
      onTime: null,
    });
    expect(
      qaWeekEntry({ courseId: 7, programme: null, createdAt: asked, firstAnswerAt: at('2026-11-25T05:30:29Z'), firstAnswerOnTime: true }),
    ).toEqual({ minutes: 90, onTime: true });
  });

  it('weeks and courses are summed from the week documents of the shown weeks only', () => {
    const now = Date.parse('2026-11-26T06:00:00Z');
    const doc = (weekStart: string, subject: string, questions: Record<string, { minutes: number | null; onTime: boolean | null }>) => ({
      weekStart: at(weekStart),
      subject,
      name: subject,
      questions,
    });
    const { weeks, courses } = qaFigures(
      [
        doc('2026-11-22T18:30:00Z', 'course-7', {
          a: { minutes: 30, onTime: true },
          b: { minutes: 3000, onTime: false },
          c: { minutes: null, onTime: null },
        }),
        doc('2026-11-22T18:30:00Z', 'course-1', { d: { minutes: 10, onTime: true } }),
        doc('2026-11-15T18:30:00Z', 'course-7', { e: { minutes: 60, onTime: true } }),
        // Nine weeks back, and an empty one: neither shown.
        doc('2026-09-20T18:30:00Z', 'course-7', { f: { minutes: 1, onTime: true } }),
        doc('2026-11-15T18:30:00Z', 'course-2', {}),
      ],
      now,
    );
    expect(weeks).toHaveLength(8);
    expect(weeks[7]).toEqual({ weekStart: '2026-11-22T18:30:00.000Z', questions: 4, answered: 3, onTime: 2, medianFirstAnswerMinutes: 30 });
    expect(weeks[6]).toEqual({ weekStart: '2026-11-15T18:30:00.000Z', questions: 1, answered: 1, onTime: 1, medianFirstAnswerMinutes: 60 });
    expect(weeks[0]).toEqual({
      weekStart: '2026-10-04T18:30:00.000Z',
      questions: 0,
      answered: 0,
      onTime: 0,
      medianFirstAnswerMinutes: null,
    });
    expect(courses).toEqual([
      { key: 'course-7', name: 'course-7', questions: 4, answered: 3, onTime: 2, medianFirstAnswerMinutes: 60 },
      { key: 'course-1', name: 'course-1', questions: 1, answered: 1, onTime: 1, medianFirstAnswerMinutes: 10 },
    ]);
  });
});
