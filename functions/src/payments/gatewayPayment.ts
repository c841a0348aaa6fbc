/**
 * A Razorpay payment entity as far as fulfilment needs it, read defensively: it comes from the
 * gateway's API or from a webhook body, and either may lack a field or carry a surprise.
 */
export interface GatewayPayment {
  id: string;
  orderId: string;
  /** Paise. */
  amount: number;
  currency: string;
  /** created, authorized, captured, refunded, failed */
  status: string;
  method: string;
  errorDescription: string | null;
  /** Set on a subscription's charge: the gateway's invoice for the cycle, which names the subscription. */
  invoiceId: string | null;
}

export interface GatewayRefund {
  id: string;
  paymentId: string;
  amount: number;
  /** The refund's notes.purpose: 'course-switch' for a switch's difference (switching/switchRefund.ts), else null. */
  purpose: string | null;
  /** A switch refund's notes.switchNumber: which of the enrollment's switches it pays back; else null. */
  switchNumber: number | null;
}

/** A JSON object (not null, not an array): what every gateway entity and webhook body must be. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
const paise = (value: unknown): number | undefined =>
  Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : undefined;

export function readPayment(entity: unknown): GatewayPayment | undefined {
  if (!isRecord(entity)) return undefined;
  const id = text(entity.id);
  const orderId = text(entity.order_id);
  const amount = paise(entity.amount);
  const currency = text(entity.currency);
  const status = text(entity.status);
  if (!id?.startsWith('pay_') || !orderId?.startsWith('order_') || amount === undefined || !currency || !status) return undefined;
  const invoiceId = text(entity.invoice_id);
  return {
    id,
    orderId,
    amount,
    currency,
    status,
    method: text(entity.method) ?? 'unknown',
    errorDescription: text(entity.error_description) ?? null,
    invoiceId: invoiceId?.startsWith('inv_') ? invoiceId : null,
  };
}

export function readRefund(entity: unknown): GatewayRefund | undefined {
  if (!isRecord(entity)) return undefined;
  const id = text(entity.id);
  const paymentId = text(entity.payment_id);
  const amount = paise(entity.amount);
  if (!id?.startsWith('rfnd_') || !paymentId?.startsWith('pay_') || amount === undefined) return undefined;
  const notes = isRecord(entity.notes) ? entity.notes : {};
  const switchNumber = Number(text(notes.switchNumber));
  return {
    id,
    paymentId,
    amount,
    purpose: text(notes.purpose) ?? null,
    switchNumber: Number.isSafeInteger(switchNumber) && switchNumber > 0 ? switchNumber : null,
  };
}
