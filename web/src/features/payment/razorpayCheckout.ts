import type { CheckoutAnswer, CheckoutResult } from '@upskill/domain/enrollment';
import { COMPANY } from '@upskill/domain/common';

/** The part of Razorpay Standard Checkout's browser API the site uses (checkout.js). */
interface RazorpayFailure {
  error: { code?: string; description?: string; metadata?: { order_id?: string; payment_id?: string } };
}
interface RazorpayOptions {
  key: string;
  /** A one-off payment names its order and amount; a subscription's authorisation names the subscription. */
  order_id?: string;
  subscription_id?: string;
  amount?: number;
  currency?: string;
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string; method?: string };
  notes?: Record<string, string>;
  theme?: { color: string };
  handler: (result: CheckoutResult) => void;
  modal: { ondismiss: () => void; escape?: boolean };
}
interface RazorpayInstance {
  on(event: 'payment.failed', callback: (failure: RazorpayFailure) => void): void;
  open(): void;
}
type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | undefined;

/**
 * Loads checkout.js once, on demand: visitors who never pay never download it. Razorpay requires the
 * script from its own origin (PCI), so it is never bundled; the URL is configuration.
 */
export function loadCheckout(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = import.meta.env.VITE_RAZORPAY_CHECKOUT_URL;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error('checkout.js did not define Razorpay')));
    script.onerror = () => reject(new Error('checkout.js failed to load'));
    document.head.append(script);
  }).catch((err: unknown) => {
    loading = undefined; // let the next click try again
    throw err;
  });
  return loading;
}

export interface CheckoutCallbacks {
  /** An attempt failed; checkout stays open so the customer can try again or close it. */
  onFailed: (message: string) => void;
}

export type CheckoutOutcome = { kind: 'paid'; result: CheckoutResult } | { kind: 'closed' };

/** Opens checkout for a server-made order or subscription; settles when the customer pays (or authorises) or closes it. */
export function openCheckout(
  Razorpay: RazorpayConstructor,
  answer: CheckoutAnswer,
  method: string | undefined,
  { onFailed }: CheckoutCallbacks,
): Promise<CheckoutOutcome> {
  return new Promise((resolve) => {
    const checkout = new Razorpay({
      key: answer.keyId,
      ...(answer.kind === 'order'
        ? { order_id: answer.orderId, amount: answer.amount, currency: answer.currency }
        : { subscription_id: answer.subscriptionId }),
      name: COMPANY.name,
      description: answer.description,
      prefill: { ...answer.prefill, ...(method ? { method } : {}) },
      notes: { enrollmentId: answer.enrollmentId },
      theme: { color: '#2563eb' },
      handler: (result) => resolve({ kind: 'paid', result }),
      modal: { ondismiss: () => resolve({ kind: 'closed' }) },
    });
    checkout.on('payment.failed', (failure) => onFailed(failure.error.description ?? 'The payment did not go through.'));
    checkout.open();
  });
}

/** An order that is not an enrollment's (an organisation's seats): opened the same way, named by its own order. */
export interface GatewayOrder {
  keyId: string;
  orderId: string;
  amount: number;
  currency: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  notes: Record<string, string>;
}

export function openGatewayOrder(
  Razorpay: RazorpayConstructor,
  order: GatewayOrder,
  { onFailed }: CheckoutCallbacks,
): Promise<CheckoutOutcome> {
  return new Promise((resolve) => {
    const checkout = new Razorpay({
      key: order.keyId,
      order_id: order.orderId,
      amount: order.amount,
      currency: order.currency,
      name: COMPANY.name,
      description: order.description,
      prefill: order.prefill,
      notes: order.notes,
      theme: { color: '#2563eb' },
      handler: (result) => resolve({ kind: 'paid', result }),
      modal: { ondismiss: () => resolve({ kind: 'closed' }) },
    });
    checkout.on('payment.failed', (failure) => onFailed(failure.error.description ?? 'The payment did not go through.'));
    checkout.open();
  });
}
