import { describe, expect, it } from 'vitest';
import { CLOSED_TRIES, againWhenClosed, closedUnderIt } from './transaction';

/** The error grpc-js gives for a status: an Error carrying code and details (see callErrorFromStatus). */
const grpcError = (code: number, details: string) =>
  Object.assign(new Error(`${code} ${code === 3 ? 'INVALID_ARGUMENT' : 'ABORTED'}: ${details}`), { code, details });

describe('closedUnderIt', () => {
  it('is the emulator’s closed transaction and Firestore’s expired one, nothing else', () => {
    expect(closedUnderIt(grpcError(3, 'Transaction is invalid or closed.'))).toBe(true);
    expect(closedUnderIt(grpcError(3, 'The referenced transaction has expired or is no longer valid.'))).toBe(true);
    expect(closedUnderIt(grpcError(3, 'Value for argument "data" is not a valid Firestore document.'))).toBe(false);
    expect(closedUnderIt(grpcError(10, 'Transaction is invalid or closed.'))).toBe(false);
    expect(closedUnderIt(new Error('Transaction is invalid or closed.'))).toBe(false);
    expect(closedUnderIt(null)).toBe(false);
    expect(closedUnderIt('Transaction is invalid or closed.')).toBe(false);
  });
});

describe('againWhenClosed', () => {
  it('runs a transaction closed under it again, and returns what the first whole run returns', async () => {
    let runs = 0;
    const result = await againWhenClosed(async () => {
      runs += 1;
      if (runs < 3) throw grpcError(3, 'Transaction is invalid or closed.');
      return 'committed';
    });
    expect(result).toBe('committed');
    expect(runs).toBe(3);
  });
  /** Runs a transaction that always throws `error`: how many runs were made, once the rejection came. */
  async function runsUntilRejected(error: Error): Promise<number> {
    let runs = 0;
    await expect(
      againWhenClosed(async () => {
        runs += 1;
        throw error;
      }),
    ).rejects.toBe(error);
    return runs;
  }
  it('gives up after CLOSED_TRIES runs with the last error', async () => {
    expect(await runsUntilRejected(grpcError(3, 'Transaction is invalid or closed.'))).toBe(CLOSED_TRIES);
  });
  it('never runs again after any other error', async () => {
    expect(await runsUntilRejected(grpcError(3, 'Value for argument "data" is not a valid Firestore document.'))).toBe(1);
  });
});
