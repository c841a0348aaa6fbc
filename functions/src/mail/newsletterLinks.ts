import { createHmac, timingSafeEqual } from 'node:crypto';
import { defineSecret } from 'firebase-functions/params';

/**
 * Confirm and unsubscribe links carry an HMAC of what they do and for whom, so no token is stored and
 * an unsubscribe link keeps working for as long as the subscription exists. A re-subscription gets a
 * new nonce, which retires the old confirm links.
 */
export const NEWSLETTER_LINK_SECRET = defineSecret('NEWSLETTER_LINK_SECRET');

export type LinkAction = 'confirm' | 'unsubscribe';

const sign = (action: LinkAction, subscriptionId: string, nonce: string) =>
  createHmac('sha256', NEWSLETTER_LINK_SECRET.value())
    .update(`${action}|${subscriptionId}|${action === 'confirm' ? nonce : ''}`)
    .digest('hex');

export function newsletterLinks(site: string, subscriptionId: string, nonce: string) {
  const link = (action: LinkAction) =>
    `${site}/api/newsletter/${action}?s=${encodeURIComponent(subscriptionId)}&t=${sign(action, subscriptionId, nonce)}`;
  return { confirm: link('confirm'), unsubscribe: link('unsubscribe') };
}

export function linkTokenValid(action: LinkAction, subscriptionId: string, nonce: string, token: string): boolean {
  const expected = Buffer.from(sign(action, subscriptionId, nonce), 'hex');
  const given = /^[a-f0-9]{64}$/.test(token) ? Buffer.from(token, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
