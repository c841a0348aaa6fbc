import { describe, expect, it } from 'vitest';
import {
  CONFIRMED_UNTIL_MS,
  HOLD_MINUTES,
  boardOfSeat,
  confirmedOnBoard,
  seatBoardIds,
  takenOnBoard,
  OFFERINGS,
  PROGRAMMES,
  TIMETABLES,
  batchLabel,
  batchStatus,
  firstMeetingOnOrAfter,
  findOffering,
  indiaDate,
  indiaDateTime,
  planSessions,
  seatTaken,
  sessionCount,
  weekdayOf,
} from './batches';
import { COURSES } from '../catalogue';
import { INTERESTED_COURSES } from '../common';

describe('batches: pure rules, each with its clock passed in', () => {
  it('every course and all seven programmes are offerings, each with weeks and a syllabus', () => {
    expect(OFFERINGS).toHaveLength(COURSES.length + INTERESTED_COURSES.length);
    for (const name of INTERESTED_COURSES) expect(PROGRAMMES[name].weeks).toBeGreaterThan(0);
    for (const o of OFFERINGS) expect([o.weeks > 0, o.syllabus.length > 0]).toEqual([true, true]);
  });

  it("Weekday Evening meets Mon/Wed/Fri 19:00–20:30 IST, one session per meeting for the course's weeks", () => {
    const python = findOffering('python-programming-foundations');
    if (!python) throw new Error('no python');
    const start = firstMeetingOnOrAfter('Weekday Evening', '2026-12-01'); // a Tuesday
    expect(start).toBe('2026-12-02');
    const sessions = planSessions(python, 'Weekday Evening', start);
    expect(sessions).toHaveLength(8 * 3);
    expect(sessionCount(python, 'Weekday Evening')).toBe(24);
    expect(sessions[0]).toMatchObject({
      startsAt: '2026-12-02T13:30:00.000Z',
      endsAt: '2026-12-02T15:00:00.000Z',
      topic: python.syllabus[0],
    });
    expect(sessions[1].startsAt).toBe('2026-12-04T13:30:00.000Z');
    expect(sessions[2].startsAt).toBe('2026-12-07T13:30:00.000Z');
    expect(sessions[23].topic).toBe(python.syllabus[python.syllabus.length - 1]);
    expect(sessions.every((s) => TIMETABLES['Weekday Evening'].days.includes(weekdayOf(indiaDate(Date.parse(s.startsAt)))))).toBe(true);
    expect(() => planSessions(python, 'Weekend Morning', '2026-12-02')).toThrow(/not a Weekend Morning day/);
  });

  it('a batch is open, full, running, completed or cancelled according to the clock and its seats', () => {
    const batch = { status: 'open' as const, startsAtMs: 1_000, endsAtMs: 2_000, capacity: 2 };
    expect(batchStatus(batch, 1, 500)).toBe('open');
    expect(batchStatus(batch, 2, 500)).toBe('full');
    expect(batchStatus(batch, 0, 1_000)).toBe('running');
    expect(batchStatus(batch, 0, 2_000)).toBe('completed');
    expect(batchStatus({ ...batch, status: 'cancelled' }, 0, 500)).toBe('cancelled');
  });

  it("a hold is taken until its instant passes, at least Razorpay Checkout's 15-minute timeout", () => {
    expect(HOLD_MINUTES).toBeGreaterThanOrEqual(15);
    expect(seatTaken(1_000, 999)).toBe(true);
    expect(seatTaken(1_000, 1_000)).toBe(false);
  });

  it('India dates across midnight UTC, and a batch in one line', () => {
    expect(indiaDate(Date.parse('2026-12-01T19:00:00Z'))).toBe('2026-12-02');
    expect(batchLabel({ batchTime: 'Weekend Morning', startDate: '2026-12-05' })).toBe(
      'Weekend Morning, from 5 Dec 2026 (Sat, Sun 09:00–11:00 IST)',
    );
  });
});

describe('indiaDateTime', () => {
  it('reads a date and a time in India as the UTC instant', () => {
    expect(indiaDateTime('2026-12-07', '19:00')).toBe('2026-12-07T13:30:00.000Z');
    expect(indiaDateTime('2026-12-08', '05:00')).toBe('2026-12-07T23:30:00.000Z');
    expect(() => indiaDateTime('2026-02-30', '19:00')).toThrow();
    expect(() => indiaDateTime('2026-12-07', '24:00')).toThrow();
  });
});

describe('seat boards', () => {
  const now = Date.UTC(2031, 4, 6, 10);
  it('a public batch has one board, a campus batch one per 50 seats, and each seat its board', () => {
    expect(seatBoardIds('b1', 40)).toEqual(['b1_0']);
    expect(seatBoardIds('b1', 50)).toEqual(['b1_0']);
    expect(seatBoardIds('b1', 51)).toEqual(['b1_0', 'b1_1']);
    expect(seatBoardIds('b1', 200)).toEqual(['b1_0', 'b1_1', 'b1_2', 'b1_3']);
    expect([0, 49, 50, 199].map(boardOfSeat)).toEqual([0, 0, 1, 3]);
  });
  it('counts confirmed seats and live holds below the capacity, not lapsed holds', () => {
    const board = { '0': CONFIRMED_UNTIL_MS, '1': now + 60_000, '2': now - 1, '3': now, '7': CONFIRMED_UNTIL_MS, '30': CONFIRMED_UNTIL_MS };
    expect(takenOnBoard(board, 30, now)).toBe(3); // 0, 1 and 7; 2 and 3 lapsed; 30 is above a capacity of 30
    expect(takenOnBoard(board, 31, now)).toBe(4);
    expect(takenOnBoard({}, 30, now)).toBe(0);
    expect(confirmedOnBoard(board)).toEqual([0, 7, 30]);
  });
});
