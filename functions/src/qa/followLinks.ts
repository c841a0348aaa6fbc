import { createHmac, timingSafeEqual } from 'node:crypto';
import { NEWSLETTER_LINK_SECRET } from '../mail/newsletterLinks';

// A follower's one-click "stop mailing me answers" link carries an HMAC of the question and the account, so no
// token is stored. It is signed with the mail links' secret, under its own label, so it cannot stand for a newsletter link.

const sign = (questionId: string, uid: string) =>
  createHmac('sha256', NEWSLETTER_LINK_SECRET.value()).update(`qa-unfollow|${questionId}|${uid}`).digest('hex');

export const unfollowToken = sign;

export function unfollowTokenValid(questionId: string, uid: string, token: string): boolean {
  const expected = Buffer.from(sign(questionId, uid), 'hex');
  const given = /^[a-f0-9]{64}$/.test(token) ? Buffer.from(token, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
