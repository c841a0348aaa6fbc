import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { HttpError } from './errors';
import { clientAddress } from './clientAddress';
import { collection } from '../platform/collections';
import { withDeadline } from './handler';
import { sha256, type HttpRequest } from './request';
import { requestNow } from './clock';

const WINDOW_MS = 60_000;

/** What a request does, each with its own allowance per minute. */
export type RateLimitedAction =
  | 'contact'
  | 'enroll'
  | 'enroll-edit'
  | 'enroll-list'
  | 'enroll-read'
  | 'checkout'
  | 'payment-confirm'
  | 'newsletter'
  | 'staff'
  | 'waitlist'
  | 'learning'
  | 'calendar-feed'
  | 'certificate'
  | 'account-mail'
  | 'account-action'
  | 'account-export'
  | 'account-change'
  | 'guardian'
  | 'consents'
  | 'mentoring'
  | 'assignments'
  | 'assignment-submit'
  | 'support'
  | 'support-write'
  | 'qa'
  | 'qa-post'
  | 'starter'
  | 'team'
  | 'team-write'
  | 'seat-claim';

/**
 * Each action's allowance, as a multiple of `RATE_LIMIT_PER_MINUTE`, and whether the caller's address
 * is counted as well as the account. Writes (a contact message, a new enrollment, an edit) get the
 * base; reading one's own list or enrollment three times that, since My Courses reloads it on every
 * visit. A signed checkout result is only ever a retry of a real payment (a browser resending after a
 * lost answer), so confirming gets the reading allowance. Staff are verified accounts working through
 * queues, often many behind one office address: the reading allowance, per account only.
 */
const POLICY: Record<RateLimitedAction, { times: number; byAddress: boolean }> = {
  contact: { times: 1, byAddress: true },
  enroll: { times: 1, byAddress: true },
  'enroll-edit': { times: 1, byAddress: true },
  'enroll-list': { times: 3, byAddress: true },
  'enroll-read': { times: 3, byAddress: true },
  checkout: { times: 1, byAddress: true },
  'payment-confirm': { times: 3, byAddress: true },
  newsletter: { times: 1, byAddress: true },
  staff: { times: 3, byAddress: false },
  waitlist: { times: 1, byAddress: true },
  // My Courses, joining a class and calendar downloads: a signed-in learner's reads.
  learning: { times: 3, byAddress: false },
  // A calendar app polls its subscription, and one office may hold many: generous, by address.
  'calendar-feed': { times: 3, byAddress: true },
  // Anyone may check a certificate; counting by address is what keeps guessing codes hopeless.
  certificate: { times: 3, byAddress: true },
  // Reset and verification mail: by address, and by the address asked about (passed as the account),
  // so neither one sender nor a crowd of them floods one inbox. Each address also has a cooldown.
  'account-mail': { times: 1, byAddress: true },
  // Opening an account link: a ticket is 256 random bits, so this only bounds the cost.
  'account-action': { times: 1, byAddress: true },
  // A data export reads every collection about the learner: a quarter of the base, per account.
  'account-export': { times: 0.25, byAddress: false },
  // The account page's changes (sign out everywhere, e-mail change, deletion): writes, per account.
  'account-change': { times: 1, byAddress: false },
  // A guardian's link (a 256-bit token, so this only bounds the cost) and the learner's "Send again".
  guardian: { times: 1, byAddress: true },
  // The account page's consents: reading them and withdrawing one, per account.
  consents: { times: 3, byAddress: false },
  // Mentoring: a learner's reads and bookings, a mentor's desk; per account.
  mentoring: { times: 3, byAddress: false },
  // Assignments: a learner's reads, a reviewer's queue and reviews; per account.
  assignments: { times: 3, byAddress: false },
  // Handing work in: a learner submits an attempt now and then, so half the base (10 a minute) stops a script, per account.
  'assignment-submit': { times: 0.5, byAddress: false },
  // Support requests: a learner's reads of their own requests, per account.
  support: { times: 3, byAddress: false },
  // A new request or a message in one: half the base (10 a minute) per account, so a script cannot flood the queue.
  'support-write': { times: 0.5, byAddress: false },
  // The Q&A forum: reading, voting, following and accepting, per account.
  qa: { times: 3, byAddress: false },
  // A question or an answer: half the base (10 a minute) per account, so a burst of 30 posts is cut off.
  'qa-post': { times: 0.5, byAddress: false },
  // Starter lessons: anyone reads the preview (signed out, so by address too); marking a lesson done is a click.
  starter: { times: 3, byAddress: true },
  // Teams and campuses: an admin's reads of their organisation, per account.
  team: { times: 3, byAddress: false },
  // An admin's changes (a quote, invitations, codes) and the public page's request: the base, per account.
  'team-write': { times: 1, byAddress: false },
  // Claiming a seat needs a verified account; a code is 50 random bits, so per account is enough to stop guessing.
  'seat-claim': { times: 1, byAddress: false },
};

export function limitPerMinute(action: RateLimitedAction, env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(env.RATE_LIMIT_PER_MINUTE);
  const base = Number.isInteger(configured) && configured > 0 ? configured : 20;
  return base * POLICY[action].times;
}

/**
 * A fixed, clock-aligned one-minute window per caller and action, kept in Firestore so every function
 * instance shares it. Past the limit the caller gets 429 with Retry-After (the seconds left in the
 * window).
 *
 * The counter is a server-side increment, not a read-modify-write transaction: concurrent requests
 * from one client (double clicks, retries) never contend for a lock, and each costs two short
 * calls. A transaction here made contended requests wait seconds for each other.
 */
async function countAndCheck(action: RateLimitedAction, who: string, now: number): Promise<void> {
  const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
  const ref = collection('rateLimits').doc(`${action}_${sha256(who).slice(0, 32)}_${windowStart}`);
  // expiresAt is the TTL field (firestore.indexes.json): Firestore deletes the window after it.
  await withDeadline(
    ref.set({ count: FieldValue.increment(1), expiresAt: Timestamp.fromMillis(windowStart + 2 * WINDOW_MS) }, { merge: true }),
  );
  const count = (await withDeadline(ref.get())).data()?.count ?? 0;
  if (count > limitPerMinute(action)) {
    const retryAfter = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
    throw new HttpError('resource-exhausted', 'Too many requests. Please wait a moment and try again.', undefined, {
      'Retry-After': String(retryAfter),
    });
  }
}

/**
 * Limits a request by the address our own front end saw and, for a signed-in caller, by the account
 * too, so neither a spoofed header nor a pool of addresses behind one account gets more.
 */
export async function enforceRateLimit(action: RateLimitedAction, req: HttpRequest, uid?: string): Promise<void> {
  // The window follows the request's clock: the machine's, or in the emulator the instant a test names.
  const now = requestNow(req);
  // An action limited per account only still counts the address when there is no account.
  const checks = POLICY[action].byAddress || !uid ? [countAndCheck(action, `address:${clientAddress(req)}`, now)] : [];
  if (uid) checks.push(countAndCheck(action, `account:${uid}`, now));
  await Promise.all(checks);
}
