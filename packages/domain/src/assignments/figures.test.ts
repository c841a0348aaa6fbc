import { describe, expect, it } from 'vitest';
import { reviewFigures, reviewWeekEntry, reviewWeekId } from './figures';

const at = (iso: string) => ({ toMillis: () => Date.parse(iso), toDate: () => new Date(iso) });
const review = (releasedAt: string | null) => ({
  reviewerUid: 'r1',
  reviewerName: 'Asha Kulkarni',
  releasedAt: releasedAt ? at(releasedAt) : null,
});

describe('the review week figures', () => {
  it('files an attempt under the India week it was submitted in: Sunday 23:59 IST in the week before, Monday 00:00 IST in its own', () => {
    expect(reviewWeekId(at('2027-03-07T23:59:00+05:30'))).toBe('2027-03-01');
    expect(reviewWeekId(at('2027-03-08T00:00:00+05:30'))).toBe('2027-03-08');
  });

  it('an entry is the hours to release and whether it passed the promised time; nothing for a draft or no review', () => {
    const submittedAt = at('2027-03-08T10:00:00+05:30');
    const reviewDueAt = at('2027-03-11T10:00:00+05:30');
    expect(reviewWeekEntry({ submittedAt, reviewDueAt, review: null })).toBeNull();
    expect(reviewWeekEntry({ submittedAt, reviewDueAt, review: review(null) })).toBeNull();
    expect(reviewWeekEntry({ submittedAt, reviewDueAt, review: review('2027-03-09T15:30:00+05:30') })).toEqual({
      reviewerUid: 'r1',
      reviewerName: 'Asha Kulkarni',
      hours: 29.5,
      late: false,
    });
    // At the promised minute it is on time; a minute after, late.
    expect(reviewWeekEntry({ submittedAt, reviewDueAt, review: review('2027-03-11T10:00:00+05:30') })?.late).toBe(false);
    expect(reviewWeekEntry({ submittedAt, reviewDueAt, review: review('2027-03-11T10:01:00+05:30') })?.late).toBe(true);
  });

  it("gives each reviewer's eight weeks from the documents (median, overdue), the totals, and ignores weeks outside", () => {
    const now = Date.parse('2027-03-10T12:00:00+05:30');
    const answer = reviewFigures(
      [
        {
          weekStart: at('2027-03-08T00:00:00+05:30'),
          reviews: {
            a: { reviewerUid: 'r2', reviewerName: 'Ben Carter', hours: 10, late: false },
            b: { reviewerUid: 'r2', reviewerName: 'Ben Carter', hours: 80, late: true },
            c: { reviewerUid: 'r2', reviewerName: 'Ben Carter', hours: 20.25, late: false },
            d: { reviewerUid: 'r1', reviewerName: 'Asha Kulkarni', hours: 5, late: false },
          },
        },
        {
          weekStart: at('2027-03-01T00:00:00+05:30'),
          reviews: { e: { reviewerUid: 'r1', reviewerName: 'Asha Kulkarni', hours: 100, late: true } },
        },
        {
          weekStart: at('2026-12-28T00:00:00+05:30'),
          reviews: { old: { reviewerUid: 'r3', reviewerName: 'Old Reviewer', hours: 1, late: false } },
        },
      ],
      { count: 3, overdue: 1 },
      now,
    );
    expect(answer.weeks).toHaveLength(8);
    expect(answer.weeks[7]).toBe(Date.parse('2027-03-08T00:00:00+05:30'));
    expect(answer.reviewers.map((r) => r.name)).toEqual(['Asha Kulkarni', 'Ben Carter']);
    const [asha, ben] = answer.reviewers;
    expect(ben.weeks[7]).toEqual({ weekStartMs: answer.weeks[7], reviewed: 3, medianHours: 20.3, overdue: 1 });
    expect(ben.weeks.slice(0, 7).every((w) => w.reviewed === 0 && w.medianHours === null)).toBe(true);
    expect(asha.weeks[6]).toMatchObject({ reviewed: 1, medianHours: 100, overdue: 1 });
    expect(asha.weeks[7]).toMatchObject({ reviewed: 1, medianHours: 5, overdue: 0 });
    expect([answer.released, answer.withinPromise]).toEqual([5, 3]);
    expect(answer.waiting).toEqual({ count: 3, overdue: 1 });
  });
});
