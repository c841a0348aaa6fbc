import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils';
import { logger } from 'firebase-functions';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { RAZORPAY_KEY_SECRET, gatewayError, razorpay } from '../platform/razorpay';
import { readPayment, type GatewayPayment } from './gatewayPayment';

/** What a caller sees when Razorpay refuses a request or does not answer: busy, try again (nothing was written). */
export const gatewayUnavailable = () =>
  new HttpError('unavailable', 'Our payment partner is not responding. Please try again in a minute.');

/** Who the gateway call was for, in the log line a failure writes (an enrollment id, a seat order id). */
type Subject = Record<string, string>;

/** A Razorpay order for `amount` paise in rupees: its id, or a 503 once the failure is logged with `label` and `subject`. */
export async function createGatewayOrder(
  order: { amount: number; receipt: string; notes: Record<string, string> },
  label: string,
  subject: Subject,
): Promise<string> {
  try {
    return (await withDeadline(razorpay().orders.create({ ...order, currency: 'INR' }))).id;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    logger.error(`${label}: the gateway refused to create an order`, { ...subject, ...gatewayError(err) });
    throw gatewayUnavailable();
  }
}

/** The gateway's own record of a payment, read defensively (undefined when it is not a payment); 503 when it does not answer. */
export async function fetchGatewayPayment(paymentId: string, label: string, subject: Subject): Promise<GatewayPayment | undefined> {
  let entity: unknown;
  try {
    entity = await withDeadline(razorpay().payments.fetch(paymentId));
  } catch (err) {
    if (err instanceof HttpError) throw err;
    logger.error(`${label}: the gateway did not return the payment`, { ...subject, paymentId, ...gatewayError(err) });
    throw gatewayUnavailable();
  }
  return readPayment(entity);
}

/** Whether a checkout's result was signed by the gateway: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export const signedByGateway = (result: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }) =>
  validatePaymentVerification(
    { order_id: result.razorpay_order_id, payment_id: result.razorpay_payment_id },
    result.razorpay_signature,
    RAZORPAY_KEY_SECRET.value(),
  );
