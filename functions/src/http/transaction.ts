import type { Transaction } from 'firebase-admin/firestore';
import { db } from '../platform/database';
import { budgetLeftMs, unavailable } from './handler';

/**
 * The time a commit is given before the request's budget runs out. A transaction that reaches its commit with
 * less than this left gives up (503, nothing written) instead of committing after, or just as, the client was
 * told 503: a client that is told "try again" and retries must never find its first attempt done after all.
 */
export const COMMIT_MARGIN_MS = 1000;

/** How many times a transaction closed under it is started afresh (closedUnderIt) before its error is thrown. */
export const CLOSED_TRIES = 4;

/** Throws the request's 503 when too little of its budget is left to commit within it. */
export function assertTimeToCommit(nowMs = Date.now()): void {
  const left = budgetLeftMs(nowMs);
  if (left !== null && left < COMMIT_MARGIN_MS) throw unavailable();
}

/**
 * A transaction Firestore closed before it committed, so nothing of it was written and it may simply be run again.
 * Firestore answers INVALID_ARGUMENT "transaction has expired" for one held too long, which the SDK already retries;
 * its emulator answers INVALID_ARGUMENT "Transaction is invalid or closed" for one it aborted under lock contention
 * (a repair job's month read while invoices of that month were issued, in CI), which the SDK does not.
 */
export function closedUnderIt(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 3 && typeof message === 'string' && /transaction is invalid or closed|transaction has expired/i.test(message);
}

/**
 * Firestore's runTransaction, committing only with time left in the request's budget. withDeadline answers
 * 503 at the deadline but cannot stop the transaction it gave up on: its body (run again by Firestore on each
 * contention) checks before every commit, so an abandoned attempt rolls back. Outside a request, the same as
 * Firestore's own. A transaction closed under it (closedUnderIt) is run afresh, up to CLOSED_TRIES times in all.
 *
 * `recordsGatewayAct`: the transaction records what Razorpay has already done (cancelled a subscription,
 * refused a refund). That happened whatever the client is told, so it commits even late.
 */
export function runTransaction<T>(work: (tx: Transaction) => Promise<T>, options: { recordsGatewayAct?: true } = {}): Promise<T> {
  return againWhenClosed(() =>
    db().runTransaction(async (tx) => {
      const result = await work(tx);
      if (!options.recordsGatewayAct) assertTimeToCommit();
      return result;
    }),
  );
}

/** Runs `attempt` until it settles otherwise than closedUnderIt, at most `tries` times; the last error is thrown. */
export async function againWhenClosed<T>(attempt: () => Promise<T>, tries = CLOSED_TRIES): Promise<T> {
  for (let made = 1; ; made += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (made >= tries || !closedUnderIt(error)) throw error;
    }
  }
}
