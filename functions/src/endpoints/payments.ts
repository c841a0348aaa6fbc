import Razorpay from 'razorpay';
import { logger } from 'firebase-functions';
import { HttpError } from '../http/errors';
import { sha256 } from '../http/request';
import { routeTable, type Route } from '../http/routes';
import { isRecord } from '../payments/gatewayPayment';
import { RAZORPAY_WEBHOOK_SECRET } from '../platform/razorpay';
import { applyGatewayEvent } from '../webhooks/razorpayEvent';

const MAX_WEBHOOK_BYTES = 256 * 1024;
const EVENT_ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * POST /api/payments/razorpay, the gateway's webhook. Trusted only when X-Razorpay-Signature is the
 * HMAC-SHA256 of the raw body with the webhook secret; anything else is refused before it is parsed.
 * A 2xx tells the gateway to stop retrying, so events we cannot use (unknown orders, events we do not
 * subscribe to) are acknowledged and logged; only a failure on our side answers 5xx, to be retried.
 * Each event is applied once however often it is delivered (webhooks/razorpayEvent.ts).
 */
export const PAYMENT_ROUTES: readonly Route[] = [
  {
    method: 'POST',
    path: '/api/payments/razorpay',
    auth: { kind: 'checked-by', who: 'Razorpay (the body’s HMAC signature)' },
    rateLimit: null,
    handle: async ({ req, res }) => {
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
      const result = await applyGatewayEvent({ event: body.event, payload: body.payload }, { by: 'webhook', eventId, event: body.event });
      res.status(200).json({ received: true, result });
    },
  },
];

export const handleRazorpayWebhook = routeTable('razorpay-webhook', PAYMENT_ROUTES, () => new HttpError('not-found', 'No such resource.'));
