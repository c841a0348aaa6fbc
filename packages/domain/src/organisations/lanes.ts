import type { TimestampLike } from '../common';
import { ORDER_SEAT_STATES, type OrderSeatState } from './seats';

// An order's seats are kept in lanes (issue 59, decision 0039): a campus class claiming through its join link at
// once would otherwise queue on the one order document that every claim rewrote (production Firestore sustains about
// one write a second to a document). Each lane holds a share of the order's seats: their counts by state and the seat
// numbers it hands out (lane k of L numbers its seats k+1, k+1+L, k+1+2L, …, so no two lanes give the same number).
// A seat stays in its lane for life: its claim, revocation, removal and lapse move the counts of that lane only, and
// the order's counts are the sum of its lanes'. A claim writes one lane, chosen at random among those with a seat left.

/** Lanes per order: 500 claims in ten minutes are 0.1 writes a second to each, and a burst of 100 is 13 on each. */
export const SEAT_LANES = 8;

/** The counts of seats by state (a lane's, or their sum: the order's). */
export type StoredSeatCounts = Record<OrderSeatState, number>;

/** seatLanes/{orderId}_{k}: lane k of a paid order. Written only by the functions. */
export interface SeatLaneDoc<T extends TimestampLike = TimestampLike> {
  orderId: string;
  organisationId: string;
  lane: number;
  /** How many seat numbers the lane has handed out (a revoked seat's number is not handed out again). */
  handedOut: number;
  counts: StoredSeatCounts;
  updatedAt: T;
}

export const emptySeatCounts = (): StoredSeatCounts => Object.fromEntries(ORDER_SEAT_STATES.map((s) => [s, 0])) as StoredSeatCounts;

/** How many lanes an order of `seats` has: one per seat for a small order, never an empty lane. */
export const laneCount = (seats: number): number => Math.max(1, Math.min(SEAT_LANES, seats));

export const laneId = (orderId: string, lane: number) => `${orderId}_${lane}`;

/** How many of the order's seats each lane starts with: as even as can be, the first lanes one more. */
export function laneAllotments(seats: number): number[] {
  const lanes = laneCount(seats);
  return Array.from({ length: lanes }, (_, k) => Math.floor(seats / lanes) + (k < seats % lanes ? 1 : 0));
}

/** The lane a seat number belongs to. */
export const laneOfSeat = (seatNumber: number, lanes: number): number => (seatNumber - 1) % lanes;

/** The number of the `nth` seat (from 0) lane `lane` hands out. */
export const laneSeatNumber = (lane: number, nth: number, lanes: number): number => lane + 1 + lanes * nth;

/** The order's counts: the sum of its lanes' (all zero before it is paid, when it has none). */
export function laneTotals(lanes: readonly { counts: StoredSeatCounts }[]): StoredSeatCounts {
  const total = emptySeatCounts();
  for (const { counts } of lanes) for (const state of ORDER_SEAT_STATES) total[state] += counts[state];
  return total;
}

/** The counts after `n` seats move from one state to another. */
export function movedCounts(counts: StoredSeatCounts, from: OrderSeatState, to: OrderSeatState, n = 1): StoredSeatCounts {
  return { ...counts, [from]: counts[from] - n, [to]: counts[to] + n };
}

/** A lane's counts on its seats' lapse: what was neither claimed nor ended (unassigned, invited) has lapsed. */
export const lapsedCounts = (counts: StoredSeatCounts): StoredSeatCounts =>
  movedCounts(movedCounts(counts, 'unassigned', 'lapsed', counts.unassigned), 'invited', 'lapsed', counts.invited);

/**
 * How many unassigned seats to take from each lane to hand out (or cancel) `n`: from the fullest lanes first, so the
 * lanes a class claims from stay even. Null when the lanes hold fewer than `n`.
 */
export function takeFromLanes(unassigned: readonly number[], n: number): number[] | null {
  if (n < 0 || unassigned.reduce((sum, u) => sum + u, 0) < n) return null;
  const taken = unassigned.map(() => 0);
  for (let left = n; left > 0; left--) {
    let fullest = 0;
    for (let k = 1; k < unassigned.length; k++) if (unassigned[k] - taken[k] > unassigned[fullest] - taken[fullest]) fullest = k;
    taken[fullest]++;
  }
  return taken;
}

/**
 * The lane a claim tries: one with a seat left, chosen at random in proportion to what each holds (`random` in [0, 1)),
 * so claims arriving at once spread over the lanes. Null when no lane has a seat.
 */
export function pickLane(unassigned: readonly number[], random: number): number | null {
  const total = unassigned.reduce((sum, u) => sum + Math.max(0, u), 0);
  if (total === 0) return null;
  let target = Math.min(total - 1, Math.floor(random * total));
  for (let k = 0; k < unassigned.length; k++) {
    const here = Math.max(0, unassigned[k]);
    if (target < here) return k;
    target -= here;
  }
  return null;
}

/** A lane as handing out reads it. */
export type LaneState = Pick<SeatLaneDoc, 'handedOut' | 'counts'>;

/**
 * `n` unassigned seats handed out as `to` (invited), or cancelled (`to` null: they leave the counts), from the fullest
 * lanes first: the numbers of the seats handed out, lowest first, and every lane after (an unchanged lane is the same
 * object). Null when the lanes hold fewer than `n` unassigned seats.
 */
export function takeSeats<L extends LaneState>(
  lanes: readonly L[],
  n: number,
  to: OrderSeatState | null,
): { numbers: number[]; lanes: L[] } | null {
  const taken = takeFromLanes(
    lanes.map((lane) => lane.counts.unassigned),
    n,
  );
  if (!taken) return null;
  const numbers: number[] = [];
  const after = lanes.map((lane, k) => {
    if (taken[k] === 0) return lane;
    if (to === null) return { ...lane, counts: { ...lane.counts, unassigned: lane.counts.unassigned - taken[k] } };
    for (let i = 0; i < taken[k]; i++) numbers.push(laneSeatNumber(k, lane.handedOut + i, lanes.length));
    return { ...lane, handedOut: lane.handedOut + taken[k], counts: movedCounts(lane.counts, 'unassigned', to, taken[k]) };
  });
  return { numbers: numbers.sort((a, b) => a - b), lanes: after };
}
