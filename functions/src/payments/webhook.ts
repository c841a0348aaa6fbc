import Razorpay from 'razorpay';
import { logger } from 'firebase-functions';
import { HttpError } from '../http/errors';
import { jsonEndpoint, withDeadline } from '../http/handler';
import { DOCUMENT_ID_PATTERN, allowMethods, sha256 } from '../http/request';
import { RAZORPAY_WEBHOOK_SECRET } from '../platform/razorpay';
import { applyCaptured, applyFailed, applyRefund, type Applied, type Reporter } from './fulfilment';
import { isRecord, readPayment, readRefund } from './gatewayPayment';
import { applySubscription } from '../subscriptions/apply';
import { readSubscription } from '../subscriptions/gatewaySubscription';
import { applySubscriptionCharge } from '../subscriptions/charges';

const MAX_WEBHOOK_BYTES = 256 * 1024;
/** The subscription events the site applies (decision 0017); each carries the whole subscription entity. */
const SUBSCRIPTION_EVENTS: ReadonlySet<string> = new Set([
  'subscription.authenticated', 'subscription.activated', 'subscription.charged', 'subscription.pending',
  'subscription.halted', 'subscription.cancelled', 'subscription.completed',
]);
const EVENT_ID = /^[A-Za-z0-9_-]{1,100}$/;

const entity = (payload: Record<string, unknown>, name: string): unknown => {
  const wrapper = payload[name];
  return isRecord(wrapper) ? wrapper.entity : undefined;
};

/**
 * POST /api/payments/razorpay, the gateway's webhook. Trusted only when X-Razorpay-Signature is the
 * HMAC-SHA256 of the raw body with the webhook secret; anything else is refused before it is parsed.
 * A 2xx tells the gateway to stop retrying, so events we cannot use (unknown orders, events we do not
 * subscribe to) are acknowledged and logged; only a failure on our side answers 5xx, to be retried.
 */
export const handleRazorpayWebhook = jsonEndpoint('razorpay-webhook', async (req, res) => {
  allowMethods(req, ['POST']);
  const raw = req.rawBody;
  if (!raw || raw.length === 0) throw new HttpError('invalid-argument', 'Empty webhook body.');
  if (raw.length > MAX_WEBHOOK_BYTES) throw new HttpError('payload-too-large', 'Webhook body too large.');
  const signature = req.get('x-razorpay-signature') ?? '';
  const text = raw.toString('utf8');
  if (!/^[a-f0-9]{64}$/.test(signature) || !Razorpay.validateWebhookSignature(text, signature, RAZORPAY_WEBHOOK_SECRET.value())) {
    logger.warn('razorpay-webhook: bad signature', { bytes: raw.length });
    throw new HttpError('invalid-argument', 'Invalid webhook signature.');
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError('invalid-argument', 'The webhook body is not JSON.');
  }
  if (!isRecord(body) || typeof body.event !== 'string' || !isRecord(body.payload)) {
    throw new HttpError('invalid-argument', 'Not a webhook event.');
  }
  // The gateway names each event; a redelivery carries the same id. Without one, the signed body is the identity.
  const headerId = req.get('x-razorpay-event-id');
  const eventId = headerId && EVENT_ID.test(headerId) ? headerId : `body-${sha256(text)}`;
  const reporter: Reporter = { by: 'webhook', eventId, event: body.event };

  const payment = readPayment(entity(body.payload, 'payment'));
  if (SUBSCRIPTION_EVENTS.has(body.event)) {
    const subscriptionEntity = entity(body.payload, 'subscription');
    const snapshot = readSubscription(subscriptionEntity);
    const notes = isRecord(subscriptionEntity) && isRecord(subscriptionEntity.notes) ? subscriptionEntity.notes : {};
    const enrollmentId = typeof notes.enrollmentId === 'string' && DOCUMENT_ID_PATTERN.test(notes.enrollmentId) ? notes.enrollmentId : undefined;
    const outcome = snapshot && enrollmentId
      ? await withDeadline(applySubscription({ enrollmentId, snapshot, charge: payment, reporter, atMs: Date.now() }))
      : { result: 'ignored' as const };
    const level = outcome.result === 'applied' || outcome.result === 'duplicate-event' ? 'info' : 'warn';
    logger[level](`razorpay-webhook: ${outcome.result}`, { event: body.event, eventId, subscriptionId: snapshot?.id ?? null, enrollmentId: enrollmentId ?? null });
    res.status(200).json({ received: true, result: outcome.result });
    return;
  }
  let applied: Applied | 'ignored' = 'ignored';
  switch (body.event) {
    case 'payment.captured':
    case 'order.paid':
      if (payment) applied = await withDeadline(applyCaptured(payment, reporter));
      break;
    case 'payment.failed':
      if (payment) applied = await withDeadline(applyFailed(payment, reporter));
      break;
    case 'refund.processed': {
      const refund = readRefund(entity(body.payload, 'refund'));
      if (payment && refund && refund.paymentId === payment.id) applied = await withDeadline(applyRefund(refund, payment, reporter));
      break;
    }
    default:
      break;
  }
  // A payment of an order we did not create may be a subscription's charge: its own state machine takes it.
  if (payment && applied !== 'ignored' && applied.result === 'unknown-order' && payment.invoiceId && (body.event === 'payment.captured' || body.event === 'payment.failed')) {
    const charge = await withDeadline(applySubscriptionCharge(payment, { ...reporter, eventId: `${eventId}-subscription` }, Date.now()));
    if (charge) {
      logger.info(`razorpay-webhook: subscription charge ${charge.result}`, { event: body.event, eventId, paymentId: payment.id });
      res.status(200).json({ received: true, result: charge.result });
      return;
    }
  }
  const result = applied === 'ignored' ? 'ignored' : applied.result;
  if (result === 'ignored' || result === 'unknown-order') {
    logger.warn(`razorpay-webhook: ${result}`, { event: body.event, eventId, paymentId: payment?.id ?? null, orderId: payment?.orderId ?? null });
  } else {
    logger.info('razorpay-webhook: applied', { event: body.event, eventId, ...(applied === 'ignored' ? {} : applied) });
  }
  res.status(200).json({ received: true, result });
});
