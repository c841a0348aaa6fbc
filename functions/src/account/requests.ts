import { randomBytes } from 'node:crypto';
import { getAuth } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { ACCOUNT_LINK_MINUTES, ACCOUNT_MAIL_COOLDOWN_SECONDS, type AccountActionAnswer } from '@upskill/domain/account';
import { accountActionSchema, passwordResetRequestSchema } from '@upskill/domain/forms';
import type { AccountRequestKind } from '@upskill/domain/records';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { enforceRateLimit } from '../http/rateLimit';
import { readJsonObject, sha256, type HttpRequest } from '../http/request';
import { validateBody } from '../http/validate';
import { collection } from '../platform/collections';
import { adminApp } from '../platform/app';
import { requireSignIn } from '../http/identity';
import { runTransaction } from '../http/transaction';

/** accountRequests/{sha256 of its ticket}. */
export const accountRequests = () => collection('accountRequests');

/**
 * Queues one account mail for an address, unless one of the same kind was asked for within the
 * cooldown. Nothing here depends on whether the address has an account: the trigger finds that out
 * after the answer has gone, so a known and an unknown address get the same answer in the same time.
 */
export async function queueRequest(
  kind: AccountRequestKind,
  email: string,
  newEmail: string | null = null,
  now = Date.now(),
): Promise<void> {
  const emailHash = sha256(email);
  // One cooldown window per address and kind (a rateLimits document, deleted by its TTL).
  const cooldown = collection('rateLimits').doc(`${kind}-cooldown_${emailHash.slice(0, 32)}`);
  const ticket = randomBytes(32).toString('hex');
  await withDeadline(
    runTransaction(async (tx) => {
      const last = (await tx.get(cooldown)).data();
      if (last && last.expiresAt.toMillis() > now) return;
      tx.set(cooldown, { count: 1, expiresAt: Timestamp.fromMillis(now + ACCOUNT_MAIL_COOLDOWN_SECONDS * 1000) });
      tx.create(accountRequests().doc(sha256(ticket)), {
        kind,
        state: 'queued',
        email,
        emailHash,
        newEmail,
        ticket,
        oobCode: null,
        mailId: null,
        createdAt: Timestamp.fromMillis(now),
        expiresAt: Timestamp.fromMillis(now + ACCOUNT_LINK_MINUTES * 60_000),
        handledAt: null,
      });
    }),
  );
}

/** POST /api/account/password-reset {email}: "Forgot password?". */
export async function requestPasswordReset(req: HttpRequest): Promise<void> {
  const input = await validateBody(passwordResetRequestSchema, readJsonObject(req), 'Please enter a valid e-mail address.');
  const email = input.email.trim().toLowerCase();
  await enforceRateLimit('account-mail', req, `email:${sha256(email)}`);
  await queueRequest('password-reset', email);
}

/** POST /api/account/verification (signed in): a new verification mail for the caller's address. */
export async function requestVerification(req: HttpRequest): Promise<void> {
  const account = await requireSignIn(req, 'ask for a verification mail');
  if (req.rawBody?.length) readJsonObject(req);
  await enforceRateLimit('account-mail', req, account.uid);
  // The account's own address as Auth holds it now, never a claim from the token (which may be stale).
  const record = await withDeadline(getAuth(adminApp()).getUser(account.uid));
  // Already verified: nothing to send, and nothing to tell (the page re-reads the account anyway).
  if (!record.email || record.emailVerified) return;
  await queueRequest('email-verification', record.email.toLowerCase());
}

/**
 * POST /api/account/action {ticket}: the page a mailed link opens trades its ticket for Auth's action
 * code while the link is fresh. A ticket that was never issued, or whose mail was not sent, is 404; an
 * expired one is 410. Firebase itself makes each code single-use.
 */
export async function openLink(req: HttpRequest, now = Date.now()): Promise<AccountActionAnswer> {
  const input = await validateBody(accountActionSchema, readJsonObject(req), 'This link is not valid.');
  await enforceRateLimit('account-action', req);
  const request = (await withDeadline(accountRequests().doc(sha256(input.ticket)).get())).data();
  if (!request || request.state !== 'sent' || !request.oobCode) {
    throw new HttpError('not-found', 'This link is not valid. Please ask for a new one.');
  }
  if (request.expiresAt.toMillis() <= now) {
    throw new HttpError('gone', 'This link has expired. Please ask for a new one.');
  }
  const mode = (
    { 'password-reset': 'resetPassword', 'email-verification': 'verifyEmail', 'email-change': 'verifyAndChangeEmail' } as const
  )[request.kind];
  return { mode, oobCode: request.oobCode };
}
