import { describe, expect, it } from 'vitest';
import { bookedHoursOf, mentorWeekEntry, mentorWeekId, utilisationWeeks } from './figures';
import {
  allowanceStanding,
  allowanceSummary,
  allowanceWindow,
  bookableSlots,
  mentoringAllowances,
  offeredMinutes,
  trialMentoringNote,
  type Availability,
  type MentoringSource,
} from './mentoring';

const at = (iso: string) => Date.parse(iso);
/** A moment as a clock on the wall in `timeZone` shows it: "Tue 9 Mar, 19:30". */
const wallClock = (timeZone: string) => (ms: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(ms));
const india = wallClock('Asia/Kolkata');
const newYork = wallClock('America/New_York');

describe('what each plan’s mentoring gives', () => {
  it('is the plan cards’ promise, in numbers', () => {
    expect(mentoringAllowances('pro')).toEqual([{ kind: 'mentor-call', count: 1, per: 'calendar-month', horizonDays: 14 }]);
    expect(mentoringAllowances('platinum')).toEqual([
      { kind: 'mentor-call', count: 2, per: 'calendar-month', horizonDays: 28 },
      { kind: 'mock-interview', count: 3, per: 'purchase', horizonDays: 28 },
    ]);
    expect(mentoringAllowances('yearly')).toEqual([
      { kind: 'mentor-call', count: 1, per: 'membership-month', horizonDays: 14 },
      { kind: 'mock-interview', count: 4, per: 'membership-year', horizonDays: 14 },
    ]);
    expect(mentoringAllowances('custom')).toEqual([{ kind: 'advisor-call', count: 2, per: 'calendar-month', horizonDays: 14 }]);
    for (const none of ['standard', 'singleCourse', 'preRegistration', null]) expect(mentoringAllowances(none)).toEqual([]);
  });

  it('a calendar month is India’s: 30 November 23:59 IST is still November, 00:00 is December', () => {
    expect(allowanceWindow('calendar-month', 0, at('2026-11-30T23:59:00+05:30'))).toEqual({
      startMs: at('2026-11-01T00:00:00+05:30'),
      endMs: at('2026-12-01T00:00:00+05:30'),
    });
    expect(allowanceWindow('calendar-month', 0, at('2026-12-01T00:00:00+05:30')).startMs).toBe(at('2026-12-01T00:00:00+05:30'));
  });

  it('a membership month runs from its start: joined 31 January, the months end 28 February, 31 March', () => {
    const joined = at('2027-01-31T10:00:00+05:30');
    expect(allowanceWindow('membership-month', joined, at('2027-02-10T00:00:00+05:30'))).toEqual({
      startMs: joined,
      endMs: at('2027-02-28T10:00:00+05:30'),
    });
    expect(allowanceWindow('membership-month', joined, at('2027-03-01T00:00:00+05:30'))).toEqual({
      startMs: at('2027-02-28T10:00:00+05:30'),
      endMs: at('2027-03-31T10:00:00+05:30'),
    });
    expect(allowanceWindow('membership-year', joined, at('2027-12-01T00:00:00+05:30')).endMs).toBe(at('2028-01-31T10:00:00+05:30'));
  });

  it('My Courses’ words: what is left and when it renews; a trial has none until its first charge', () => {
    const pro: MentoringSource = { planId: 'pro', startedAtMs: at('2026-10-02T12:00:00+05:30'), inTrial: false };
    const [call] = mentoringAllowances('pro');
    const now = at('2026-11-25T12:00:00+05:30');
    expect(allowanceSummary(allowanceStanding(call, pro, 0, now))).toBe('1 mentor call left in November; renews 1 December');
    expect(allowanceSummary(allowanceStanding(call, pro, 1, now))).toBe('0 mentor calls left in November; renews 1 December');
    const [, mocks] = mentoringAllowances('platinum');
    expect(allowanceSummary(allowanceStanding(mocks, { ...pro, planId: 'platinum' }, 1, now))).toBe('2 of 3 mock interviews left');
    // Never negative, however the count was reached.
    expect(allowanceStanding(call, pro, 5, now).left).toBe(0);
    const trial = allowanceStanding(mentoringAllowances('yearly')[0], { planId: 'yearly', startedAtMs: now, inTrial: true }, 0, now);
    expect(trial.left).toBe(0);
    expect(allowanceSummary(trial)).toBe('Your mentor calls start with your first payment, when the free trial ends.');
    // And the payment step says so before the trial starts.
    expect(trialMentoringNote('yearly')).toBe(
      'Mentoring (1 mentor call a month, 4 mock interviews a year) starts with your first payment, when the trial ends.',
    );
    expect(trialMentoringNote('preRegistration')).toBeNull();
  });
});

describe('bookable slots', () => {
  const newYorkMentor: Availability = {
    timeZone: 'America/New_York',
    weekly: { 2: [{ start: '09:00', end: '10:00' }] },
    overrides: [],
    bufferMinutes: 0,
    dailyMax: 4,
  };

  it('a New York mentor’s Tuesday 9:00 stays 9:00 in New York across the US spring change; in India it moves an hour', () => {
    // US clocks go forward on Sunday 14 March 2027.
    const slots = bookableSlots({
      availability: newYorkMentor,
      sessionMinutes: 30,
      horizonDays: 14,
      nowMs: at('2027-03-05T12:00:00Z'),
      booked: [],
    });
    expect(slots.map((s) => newYork(s.startMs))).toEqual([
      'Tue 9 Mar, 09:00',
      'Tue 9 Mar, 09:30',
      'Tue 16 Mar, 09:00',
      'Tue 16 Mar, 09:30',
    ]);
    expect(slots.map((s) => india(s.startMs))).toEqual(['Tue 9 Mar, 19:30', 'Tue 9 Mar, 20:00', 'Tue 16 Mar, 18:30', 'Tue 16 Mar, 19:00']);
  });

  it('and across the autumn change (7 November 2027) it moves back', () => {
    const slots = bookableSlots({
      availability: newYorkMentor,
      sessionMinutes: 60,
      horizonDays: 14,
      nowMs: at('2027-11-01T12:00:00Z'),
      booked: [],
    });
    expect(slots.map((s) => newYork(s.startMs))).toEqual(['Tue 2 Nov, 09:00', 'Tue 9 Nov, 09:00']);
    expect(slots.map((s) => india(s.startMs))).toEqual(['Tue 2 Nov, 18:30', 'Tue 9 Nov, 19:30']);
  });

  const bengaluru: Availability = {
    timeZone: 'Asia/Kolkata',
    weekly: { 1: [{ start: '10:00', end: '12:00' }], 3: [{ start: '10:00', end: '12:00' }] },
    overrides: [],
    bufferMinutes: 10,
    dailyMax: 2,
  };
  // Monday 7 December 2026, 09:00 IST.
  const monday = at('2026-12-07T09:00:00+05:30');

  it('cuts the hours into sessions with the buffer after each, none within 12 hours, none past the horizon', () => {
    const slots = bookableSlots({ availability: bengaluru, sessionMinutes: 30, horizonDays: 3, nowMs: monday, booked: [] });
    // Monday's are within 12 hours; Wednesday's are 10:00, 10:40, 11:20.
    expect(slots.map((s) => india(s.startMs))).toEqual(['Wed 9 Dec, 10:00', 'Wed 9 Dec, 10:40', 'Wed 9 Dec, 11:20']);
    expect(slots.every((s) => s.endMs - s.startMs === 30 * 60_000)).toBe(true);
  });

  it('leaves out what overlaps a booking or its buffer, a day off, and a day at its maximum; adds extra hours', () => {
    const booked = [{ startMs: at('2026-12-09T10:40:00+05:30'), endMs: at('2026-12-09T11:10:00+05:30') }];
    const slots = bookableSlots({ availability: bengaluru, sessionMinutes: 30, horizonDays: 3, nowMs: monday, booked });
    expect(slots.map((s) => india(s.startMs))).toEqual(['Wed 9 Dec, 10:00', 'Wed 9 Dec, 11:20']);
    const full = [...booked, { startMs: at('2026-12-09T10:00:00+05:30'), endMs: at('2026-12-09T10:30:00+05:30') }];
    expect(bookableSlots({ availability: bengaluru, sessionMinutes: 30, horizonDays: 3, nowMs: monday, booked: full })).toEqual([]);
    const dayOff = { ...bengaluru, overrides: [{ date: '2026-12-09', hours: [] }] };
    expect(bookableSlots({ availability: dayOff, sessionMinutes: 30, horizonDays: 3, nowMs: monday, booked: [] })).toEqual([]);
    const extra = { ...bengaluru, overrides: [{ date: '2026-12-08', hours: [{ start: '18:00', end: '18:30' }] }] };
    expect(
      bookableSlots({ availability: extra, sessionMinutes: 30, horizonDays: 3, nowMs: monday, booked: [] }).map((s) => india(s.startMs))[0],
    ).toBe('Tue 8 Dec, 18:00');
  });
});

describe('offeredMinutes: what utilisation is measured against', () => {
  const availability = {
    timeZone: 'America/New_York',
    weekly: { 2: [{ start: '09:00', end: '12:00' }], 4: [{ start: '14:00', end: '15:30' }] },
    overrides: [{ date: '2026-11-05', hours: [] }],
  };
  it('sums each day of the span in the mentor’s zone, with overrides, across the US clock change', () => {
    // Monday 26 October to Monday 9 November 2026 (New York leaves daylight time on 1 November).
    const from = Date.parse('2026-10-26T04:00:00Z');
    const to = Date.parse('2026-11-09T05:00:00Z');
    // Tuesdays 27 Oct and 3 Nov: 3 h each; Thursday 29 Oct: 1.5 h; Thursday 5 Nov is a day off.
    expect(offeredMinutes(availability, from, to)).toBe(3 * 60 + 3 * 60 + 90);
  });
  it('clips the span: half a range counts half', () => {
    expect(offeredMinutes(availability, Date.parse('2026-10-27T14:30:00Z'), Date.parse('2026-10-27T23:00:00Z'))).toBe(90);
  });
});

describe("the console's mentor weeks", () => {
  const at = (iso: string) => ({ toMillis: () => Date.parse(iso), toDate: () => new Date(iso) });
  it('files a session under its mentor and the India week it starts in; a cancelled one holds no time', () => {
    expect(mentorWeekId('m1', Date.parse('2027-03-07T23:59:00+05:30'))).toBe('m1_2027-03-01');
    expect(mentorWeekId('m1', Date.parse('2027-03-08T00:00:00+05:30'))).toBe('m1_2027-03-08');
    const session = { mentorId: 'm1', startsAt: at('2027-03-08T10:00:00+05:30'), endsAt: at('2027-03-08T11:00:00+05:30') };
    expect(mentorWeekEntry({ ...session, status: 'booked' })).toBe(60);
    expect(mentorWeekEntry({ ...session, status: 'no-show-learner' })).toBe(60);
    expect(mentorWeekEntry({ ...session, status: 'completed' })).toBe(60);
    expect(mentorWeekEntry({ ...session, status: 'cancelled' })).toBeNull();
    expect(bookedHoursOf({ bookings: { a: 60, b: 30 } })).toBe(1.5);
    expect(bookedHoursOf(undefined)).toBe(0);
  });

  it('shows the four weeks before this one, this one and the three after, Monday to Monday in India', () => {
    const weeks = utilisationWeeks(Date.parse('2027-03-10T12:00:00+05:30'));
    expect(weeks.map((w) => new Date(w).toISOString())).toEqual([
      '2027-02-07T18:30:00.000Z',
      '2027-02-14T18:30:00.000Z',
      '2027-02-21T18:30:00.000Z',
      '2027-02-28T18:30:00.000Z',
      '2027-03-07T18:30:00.000Z',
      '2027-03-14T18:30:00.000Z',
      '2027-03-21T18:30:00.000Z',
      '2027-03-28T18:30:00.000Z',
    ]);
  });
});
