import { describe, expect, it } from 'vitest';
import {
  SEAT_LANES,
  emptySeatCounts,
  laneAllotments,
  laneCount,
  laneOfSeat,
  laneSeatNumber,
  laneTotals,
  lapsedCounts,
  movedCounts,
  pickLane,
  takeFromLanes,
  takeSeats,
} from './lanes';

describe('seat lanes', () => {
  it('share an order’s seats as evenly as can be, never with an empty lane', () => {
    expect(SEAT_LANES).toBe(8);
    expect(laneAllotments(100)).toEqual([13, 13, 13, 13, 12, 12, 12, 12]);
    expect(laneAllotments(500)).toEqual([63, 63, 63, 63, 62, 62, 62, 62]);
    expect(laneAllotments(5)).toEqual([1, 1, 1, 1, 1]);
    expect(laneAllotments(1)).toEqual([1]);
    expect(laneCount(0)).toBe(1);
  });

  it('number their seats apart: lane k of 8 gives k+1, k+9, k+17, …, and a number names its lane', () => {
    expect([0, 1, 2].map((nth) => laneSeatNumber(0, nth, 8))).toEqual([1, 9, 17]);
    expect([0, 1, 2].map((nth) => laneSeatNumber(7, nth, 8))).toEqual([8, 16, 24]);
    const numbers = new Set<number>();
    for (let lane = 0; lane < 8; lane++)
      for (let nth = 0; nth < 70; nth++) {
        const n = laneSeatNumber(lane, nth, 8);
        expect(laneOfSeat(n, 8)).toBe(lane);
        numbers.add(n);
      }
    // 560 numbers, every one of 1..560 once.
    expect(numbers.size).toBe(560);
    expect(Math.min(...numbers)).toBe(1);
    expect(Math.max(...numbers)).toBe(560);
  });

  it('sum to the order’s counts, and move seats between states', () => {
    const a = { ...emptySeatCounts(), unassigned: 3, claimed: 2 };
    const b = { ...emptySeatCounts(), invited: 1, ended: 1, lapsed: 4 };
    expect(laneTotals([{ counts: a }, { counts: b }])).toEqual({ unassigned: 3, invited: 1, claimed: 2, ended: 1, lapsed: 4 });
    expect(laneTotals([])).toEqual({ unassigned: 0, invited: 0, claimed: 0, ended: 0, lapsed: 0 });
    expect(movedCounts(a, 'unassigned', 'invited', 2)).toEqual({ unassigned: 1, invited: 2, claimed: 2, ended: 0, lapsed: 0 });
    // A lapse: whatever was neither claimed nor ended lapses, on top of what had lapsed before.
    expect(lapsedCounts({ unassigned: 2, invited: 3, claimed: 4, ended: 1, lapsed: 5 })).toEqual({
      unassigned: 0,
      invited: 0,
      claimed: 4,
      ended: 1,
      lapsed: 10,
    });
  });

  it('hand out from the fullest lanes first, or not at all when they hold too few', () => {
    expect(takeFromLanes([5, 1, 3], 4)).toEqual([3, 0, 1]);
    expect(takeFromLanes([2, 2, 2], 6)).toEqual([2, 2, 2]);
    expect(takeFromLanes([2, 2, 2], 7)).toBeNull();
    expect(takeFromLanes([2, 0], 0)).toEqual([0, 0]);
    expect(takeFromLanes([2], -1)).toBeNull();
  });

  it('pick a lane with a seat left, in proportion to what each holds', () => {
    expect(pickLane([0, 0, 0], 0.5)).toBeNull();
    expect(pickLane([0, 3, 0], 0)).toBe(1);
    expect(pickLane([0, 3, 0], 0.999)).toBe(1);
    // 1 + 3 = 4 seats: [0, 0.25) the first lane, [0.25, 1) the last.
    expect(pickLane([1, 0, 3], 0.2)).toBe(0);
    expect(pickLane([1, 0, 3], 0.25)).toBe(2);
    expect(pickLane([1, 0, 3], 0.9999)).toBe(2);
    // Over many claims, each lane is chosen about as often as its share.
    const chosen = [0, 0, 0, 0];
    for (let i = 0; i < 1000; i++) chosen[pickLane([10, 10, 10, 10], i / 1000)!]++;
    expect(chosen).toEqual([250, 250, 250, 250]);
  });
});

describe('handing out from lanes', () => {
  const lane = (unassigned: number, handedOut = 0) => ({ handedOut, counts: { ...emptySeatCounts(), unassigned } });

  it('numbers each seat by its lane and moves it there; cancelled seats leave the counts', () => {
    const lanes = [lane(3), lane(1, 2), lane(2)];
    const given = takeSeats(lanes, 3, 'invited')!;
    // The fullest lane (0, three left) gives two, lane 2 one: lane 0's first two numbers and lane 2's first.
    expect(given.numbers).toEqual([1, 3, 4]);
    expect(given.lanes.map((l) => [l.handedOut, l.counts.unassigned, l.counts.invited])).toEqual([
      [2, 1, 2],
      [2, 1, 0],
      [1, 1, 1],
    ]);
    expect(given.lanes[1]).toBe(lanes[1]);
    const cancelled = takeSeats(given.lanes, 2, null)!;
    expect(cancelled.numbers).toEqual([]);
    expect(laneTotals(cancelled.lanes)).toEqual({ unassigned: 1, invited: 3, claimed: 0, ended: 0, lapsed: 0 });
    expect(cancelled.lanes.map((l) => l.handedOut)).toEqual([2, 2, 1]);
    expect(takeSeats(cancelled.lanes, 2, 'invited')).toBeNull();
  });

  it('never gives a number twice, however the seats are handed out', () => {
    let lanes = laneAllotments(37).map((u) => lane(u));
    const seen = new Set<number>();
    for (const n of [5, 1, 12, 3, 16]) {
      const given = takeSeats(lanes, n, 'invited')!;
      for (const number of given.numbers) seen.add(number);
      lanes = given.lanes;
    }
    expect(seen.size).toBe(37);
    expect([...seen].every((n) => n >= 1 && n <= 37)).toBe(true);
    expect(takeSeats(lanes, 1, 'invited')).toBeNull();
  });
});
