import { logger } from 'firebase-functions';
import { withDeadline } from '../http/handler';
import { DOCUMENT_ID_PATTERN } from '../http/request';
import { applyCaptured, applyFailed, applyRefund, type Applied, type Reporter } from '../payments/fulfilment';
import { isRecord, readPayment, readRefund } from '../payments/gatewayPayment';
import { applySubscription } from '../subscriptions/apply';
import { readSubscription } from '../subscriptions/gatewaySubscription';
import { applySubscriptionCharge } from '../subscriptions/charges';
import { applySeatPayment, seatOrderOfGatewayOrder } from '../organisations/online';
import { applySwitchCaptured } from '../switching/switchPayment';
import { applyTopUpRefund } from '../switching/switchTopUpRefund';

/** A verified Razorpay event: its name and payload (see endpoints/payments.ts for the signature). */
/** Who reports an event: the webhook, with the gateway's event id. */
export type WebhookReporter = Extract<Reporter, { by: 'webhook' }>;

export interface GatewayEvent {
  event: string;
  payload: Record<string, unknown>;
}

const SUBSCRIPTION_EVENTS: ReadonlySet<string> = new Set([
  'subscription.authenticated',
  'subscription.activated',
  'subscription.charged',
  'subscription.pending',
  'subscription.halted',
  'subscription.cancelled',
  'subscription.completed',
]);

const entity = (payload: Record<string, unknown>, name: string): unknown => {
  const wrapper = payload[name];
  return isRecord(wrapper) ? wrapper.entity : undefined;
};

/**
 * Applies one verified event, once however often it is delivered (the reporter's event id): payments and
 * refunds of our orders to their enrollment, a subscription's events and charges to its state machine.
 * Answers what happened, for the gateway's log and ours.
 */
export async function applyGatewayEvent(body: GatewayEvent, reporter: WebhookReporter): Promise<string> {
  const { eventId } = reporter;
  const payment = readPayment(entity(body.payload, 'payment'));
  if (SUBSCRIPTION_EVENTS.has(body.event)) {
    const subscriptionEntity = entity(body.payload, 'subscription');
    const snapshot = readSubscription(subscriptionEntity);
    const notes = isRecord(subscriptionEntity) && isRecord(subscriptionEntity.notes) ? subscriptionEntity.notes : {};
    const enrollmentId =
      typeof notes.enrollmentId === 'string' && DOCUMENT_ID_PATTERN.test(notes.enrollmentId) ? notes.enrollmentId : undefined;
    const outcome =
      snapshot && enrollmentId
        ? await withDeadline(applySubscription({ enrollmentId, snapshot, charge: payment, reporter, atMs: Date.now() }))
        : { result: 'ignored' as const };
    const level = outcome.result === 'applied' || outcome.result === 'duplicate-event' ? 'info' : 'warn';
    logger[level](`razorpay-webhook: ${outcome.result}`, {
      event: body.event,
      eventId,
      subscriptionId: snapshot?.id ?? null,
      enrollmentId: enrollmentId ?? null,
    });
    return outcome.result;
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
  // A payment of a switch's top-up order makes that switch; its refund is credited against the switched invoice.
  if (payment && applied !== 'ignored' && applied.result === 'unknown-order') {
    const switchReporter = { ...reporter, eventId: `${eventId}-switch` };
    const refund = body.event === 'refund.processed' ? readRefund(entity(body.payload, 'refund')) : undefined;
    const switched =
      payment.status === 'captured' && (body.event === 'payment.captured' || body.event === 'order.paid')
        ? (await withDeadline(applySwitchCaptured(payment, switchReporter, Date.now()))).result
        : refund
          ? await withDeadline(applyTopUpRefund(refund, payment, switchReporter))
          : 'unknown-order';
    if (switched !== 'unknown-order') {
      logger.info(`razorpay-webhook: switch payment ${switched}`, { event: body.event, eventId, paymentId: payment.id });
      return `switch-${switched}`;
    }
  }
  // A payment of an organisation's order (teams and campuses) is applied to that order, once per payment id.
  if (
    payment &&
    applied !== 'ignored' &&
    applied.result === 'unknown-order' &&
    payment.status === 'captured' &&
    (body.event === 'payment.captured' || body.event === 'order.paid')
  ) {
    const seatOrderId = await seatOrderOfGatewayOrder(payment.orderId);
    if (seatOrderId) {
      await applySeatPayment(seatOrderId, payment, Date.now());
      logger.info('razorpay-webhook: seat order payment applied', { event: body.event, eventId, seatOrderId, paymentId: payment.id });
      return 'seat-order';
    }
  }
  // A payment of an order we did not create may be a subscription's charge: its own state machine takes it.
  if (
    payment &&
    applied !== 'ignored' &&
    applied.result === 'unknown-order' &&
    payment.invoiceId &&
    (body.event === 'payment.captured' || body.event === 'payment.failed')
  ) {
    const charge = await withDeadline(applySubscriptionCharge(payment, { ...reporter, eventId: `${eventId}-subscription` }, Date.now()));
    if (charge) {
      logger.info(`razorpay-webhook: subscription charge ${charge.result}`, { event: body.event, eventId, paymentId: payment.id });
      return charge.result;
    }
  }
  const result = applied === 'ignored' ? 'ignored' : applied.result;
  if (result === 'ignored' || result === 'unknown-order') {
    logger.warn(`razorpay-webhook: ${result}`, {
      event: body.event,
      eventId,
      paymentId: payment?.id ?? null,
      orderId: payment?.orderId ?? null,
    });
  } else {
    logger.info('razorpay-webhook: applied', { event: body.event, eventId, ...(applied === 'ignored' ? {} : applied) });
  }
  return result;
}
