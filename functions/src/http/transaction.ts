import type { Transaction } from 'firebase-admin/firestore';
import { db } from '../platform/database';
import { budgetLeftMs, unavailable } from './handler';

/**
 * The time a commit is given before the request's budget runs out. A transaction that reaches its commit with
 * less than this left gives up (503, nothing written) instead of committing after, or just as, the client was
 * told 503: a client that is told "try again" and retries must never find its first attempt done after all.
 */
export const COMMIT_MARGIN_MS = 1000;

/** Throws the request's 503 when too little of its budget is left to commit within it. */
export function assertTimeToCommit(nowMs = Date.now()): void {
  const left = budgetLeftMs(nowMs);
  if (left !== null && left < COMMIT_MARGIN_MS) throw unavailable();
}

/**
 * Firestore's runTransaction, committing only with time left in the request's budget. withDeadline answers
 * 503 at the deadline but cannot stop the transaction it gave up on: its body (run again by Firestore on each
 * contention) checks before every commit, so an abandoned attempt rolls back. Outside a request, the same as
 * Firestore's own.
 *
 * `recordsGatewayAct`: the transaction records what Razorpay has already done (cancelled a subscription,
 * refused a refund). That happened whatever the client is told, so it commits even late.
 */
export function runTransaction<T>(work: (tx: Transaction) => Promise<T>, options: { recordsGatewayAct?: true } = {}): Promise<T> {
  return db().runTransaction(async (tx) => {
    const result = await work(tx);
    if (!options.recordsGatewayAct) assertTimeToCommit();
    return result;
  });
}
