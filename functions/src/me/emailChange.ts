import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';
import type { EmailChangeAnswer } from '@upskill/domain/account';
import { changeEmailSchema } from '@upskill/domain/forms';
import { queueRequest } from '../account/requests';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { enforceRateLimit } from '../http/rateLimit';
import { readJsonObject, type HttpRequest } from '../http/request';
import { validateBody } from '../http/validate';
import { adminApp } from '../platform/app';
import { assertRecentSignIn } from './recentSignIn';

/**
 * POST /api/me/email {newEmail}: a recently signed-in learner asks to move their account to another address.
 * A link goes to the new address and a notice to the old, through the outbox (account/requests.ts).
 */
export async function requestEmailChange(req: HttpRequest, account: DecodedIdToken, now: number): Promise<EmailChangeAnswer> {
  const input = await validateBody(changeEmailSchema, readJsonObject(req), 'Please enter a valid e-mail address.');
  await enforceRateLimit('account-change', req, account.uid);
  assertRecentSignIn(account, 'change your e-mail address', now);
  const auth = getAuth(adminApp());
  const user = await withDeadline(auth.getUser(account.uid));
  const newEmail = input.newEmail.trim().toLowerCase();
  if (!user.email) throw new HttpError('failed-precondition', 'This account has no e-mail address to change.');
  if (newEmail === user.email.toLowerCase())
    throw new HttpError('invalid-argument', 'That is already your e-mail address.', { newEmail: 'That is already your e-mail address.' });
  // The caller has just proved who they are, so saying the address is taken reveals little (Firebase says as much).
  // Only Auth's "no such user" means free: any other failure (Auth unreachable) must not be taken for it.
  const taken = await withDeadline(
    auth.getUserByEmail(newEmail).then(
      () => true,
      (err: unknown) => {
        if ((err as { code?: unknown }).code === 'auth/user-not-found') return false;
        throw err;
      },
    ),
  );
  if (taken)
    throw new HttpError('failed-precondition', 'Another account uses that address. Sign in to it instead, or choose another.', {
      newEmail: 'Another account uses that address.',
    });
  await queueRequest('email-change', user.email.toLowerCase(), newEmail, now);
  return { status: 'check-new-inbox' };
}
