/**
 * The suite's one source of chance (a batch's start date, a day within a range): seeded, so that a run that
 * failed on one draw can be repeated on the same draws. Each test process prints its seed once;
 * `TEST_SEED=<n> npm test -- <file>` runs it again with that seed.
 */
const fromEnv = Number(process.env.TEST_SEED);
export const TEST_SEED = Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 1 + Math.floor(Math.random() * 2 ** 31);
console.log(`test seed: ${TEST_SEED} (TEST_SEED=${TEST_SEED} repeats this file's draws)`);

// mulberry32: a small, well-known 32-bit generator; good enough to spread dates, and the same for the same seed.
let state = TEST_SEED >>> 0;
export function seededRandom(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}

/** A whole number from 0 up to, not including, `n`. */
export const seededInt = (n: number): number => Math.floor(seededRandom() * n);
