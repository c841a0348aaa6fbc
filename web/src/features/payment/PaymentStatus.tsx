import type { PayState } from './usePayNow';

/** What is happening with a payment, read out to screen readers as it changes. */
export function PaymentStatus({ state }: { state: PayState }) {
  if (state.phase === 'failed' || state.phase === 'error') {
    return (
      <p className="status status--error" role="alert" data-testid="payment-status">
        {state.message}
      </p>
    );
  }
  if (state.phase === 'open' && state.failure) {
    return (
      <p className="status status--error" role="alert" data-testid="payment-status">
        Payment failed: {state.failure} You have not been charged; try again in the payment window.
      </p>
    );
  }
  const text = state.phase === 'opening' ? 'Opening secure checkout…' : state.phase === 'confirming' ? 'Confirming your payment…' : '';
  return (
    <p className={text ? 'status status--info' : 'visually-hidden'} role="status" data-testid="payment-status">
      {text}
    </p>
  );
}
