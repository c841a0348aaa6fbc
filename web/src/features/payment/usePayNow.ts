import { useCallback, useRef, useState } from 'react';
import type { EnrollmentRecord } from '@upskill/domain/enrollment';
import { ApiError } from '../../lib/api';
import { confirmPayment, startCheckout, type PaymentCredentials } from './api';
import { loadCheckout, openCheckout } from './razorpayCheckout';

export type PayState =
  | { phase: 'idle' }
  | { phase: 'opening' }
  | { phase: 'open'; failure?: string }
  | { phase: 'confirming' }
  /** The last attempt failed or was closed after a failure: nothing was charged; paying again is possible. */
  | { phase: 'failed'; message: string }
  | { phase: 'error'; message: string };

const NOT_CHARGED = 'You have not been charged. You can try again.';

function problem(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status > 0) return err.message;
  return fallback;
}

/**
 * Paying one enrollment: asks the server for an order (the server's price), opens checkout, and on
 * success has the server verify the result. `onPaid` gets the paid record. If the browser loses the
 * confirmation, the gateway's webhook still marks the enrollment paid.
 */
export function usePayNow(enrollmentId: string, credentials: PaymentCredentials, onPaid: (record: EnrollmentRecord) => void) {
  const [state, setState] = useState<PayState>({ phase: 'idle' });
  const busy = useRef(false);

  const pay = useCallback(
    async (method?: string) => {
      if (busy.current) return;
      busy.current = true;
      setState({ phase: 'opening' });
      try {
        const [Razorpay, answer] = await Promise.all([loadCheckout(), startCheckout(enrollmentId, credentials)]);
        let failure: string | undefined;
        setState({ phase: 'open' });
        const outcome = await openCheckout(Razorpay, answer, method, {
          onFailed: (message) => {
            failure = message;
            setState({ phase: 'open', failure: message });
          },
        });
        if (outcome.kind === 'closed') {
          setState(failure ? { phase: 'failed', message: `Payment failed: ${failure} ${NOT_CHARGED}` } : { phase: 'idle' });
          return;
        }
        setState({ phase: 'confirming' });
        try {
          onPaid(await confirmPayment(enrollmentId, outcome.result, credentials));
        } catch (err) {
          setState({
            phase: 'error',
            message: problem(
              err,
              'We could not confirm your payment just now. If you were charged, it will be confirmed automatically within a few minutes; refresh My Courses to see it.',
            ),
          });
        }
      } catch (err) {
        const message =
          err instanceof ApiError
            ? problem(err, 'We could not reach our payment partner. Check your connection and try again.')
            : 'The payment window could not be opened. Check your connection and try again.';
        setState({ phase: 'error', message });
      } finally {
        busy.current = false;
      }
    },
    [enrollmentId, credentials, onPaid],
  );

  return { state, pay };
}
