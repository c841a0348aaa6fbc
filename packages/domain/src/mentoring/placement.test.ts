import { describe, expect, it } from 'vitest';
import { lastMonths, placementContactDueAt, placementFigures } from './placement';
import { placementReportSchema, referralSchema } from './placementRules';

const ist = (wall: string) => Date.parse(`${wall}+05:30`);

describe('placement assistance, counted', () => {
  it('promises first contact within two working days, Monday to Saturday, 09:00–18:00 India time', () => {
    // Friday 16:00: 2 h on Friday, 9 h on Saturday, 7 h on Monday.
    expect(placementContactDueAt(ist('2031-03-14T16:00:00'))).toBe(ist('2031-03-17T16:00:00'));
    // Sunday evening: Monday and Tuesday whole.
    expect(placementContactDueAt(ist('2031-03-16T20:00:00'))).toBe(ist('2031-03-18T18:00:00'));
  });

  it('names the last months oldest first, across a year end', () => {
    expect(lastMonths(ist('2031-02-10T12:00:00'), 4)).toEqual(['2030-11', '2030-12', '2031-01', '2031-02']);
    // 23:00 UTC on 31 January is already 1 February in India.
    expect(lastMonths(Date.parse('2031-01-31T23:00:00Z'), 1)).toEqual(['2031-02']);
  });

  it('counts by month, the on-time share and the median days to an offer from what is recorded', () => {
    const now = ist('2031-04-02T18:00:00');
    const figures = placementFigures(
      [
        // Contacted in time, referred twice, offer after 19 days.
        {
          requestedAtMs: ist('2031-03-14T16:00:00'),
          contactDueAtMs: ist('2031-03-17T16:00:00'),
          firstContactAtMs: ist('2031-03-17T10:00:00'),
          referredOn: ['2031-03-17', '2031-04-01'],
          offerAtMs: ist('2031-04-02T16:00:00'),
        },
        // Never contacted, its promise passed: late.
        {
          requestedAtMs: ist('2031-03-17T10:00:00'),
          contactDueAtMs: ist('2031-03-19T10:00:00'),
          firstContactAtMs: null,
          referredOn: [],
          offerAtMs: null,
        },
        // Contacted a day late, offer after 10 days.
        {
          requestedAtMs: ist('2031-02-03T10:00:00'),
          contactDueAtMs: ist('2031-02-05T10:00:00'),
          firstContactAtMs: ist('2031-02-06T10:00:00'),
          referredOn: ['2031-02-07'],
          offerAtMs: ist('2031-02-13T10:00:00'),
        },
        // Not yet due and not contacted: not counted either way.
        {
          requestedAtMs: ist('2031-04-02T17:00:00'),
          contactDueAtMs: ist('2031-04-04T17:00:00'),
          firstContactAtMs: null,
          referredOn: [],
          offerAtMs: null,
        },
        // Before the window: not counted at all.
        {
          requestedAtMs: ist('2030-01-10T10:00:00'),
          contactDueAtMs: ist('2030-01-13T10:00:00'),
          firstContactAtMs: null,
          referredOn: ['2031-03-01'],
          offerAtMs: ist('2031-03-02T10:00:00'),
        },
      ],
      now,
      3,
    );
    expect(figures.months).toEqual([
      { month: '2031-02', requests: 1, referrals: 1, offers: 1 },
      { month: '2031-03', requests: 2, referrals: 1, offers: 0 },
      { month: '2031-04', requests: 1, referrals: 1, offers: 1 },
    ]);
    expect(figures).toMatchObject({ contactCounted: 3, contactOnTime: 1, onTimePercent: 33, medianDaysToOffer: 14.5 });
    expect(placementFigures([], now, 3)).toMatchObject({ onTimePercent: null, medianDaysToOffer: null, contactCounted: 0 });
  });

  it('refuses a referral or a report without its company, role or a real day, on its field', async () => {
    await expect(
      referralSchema.validate({ company: ' ', role: 'Data analyst', referredOn: '2031-02-30' }, { abortEarly: false }),
    ).rejects.toMatchObject({
      errors: ['Name the company.', 'Give the day of the referral (YYYY-MM-DD).'],
    });
    await expect(
      placementReportSchema.validate({ outcome: 'promoted', company: 'Acme', role: 'Analyst', on: '2031-03-01' }),
    ).rejects.toMatchObject({
      errors: ['Choose an offer or a joining.'],
    });
  });
});
