import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';
import { RECENT_SIGN_IN_MINUTES } from '@upskill/domain/account';
import { HttpError } from '../http/errors';
import { jsonEndpoint, withDeadline } from '../http/handler';
import { enforceRateLimit } from '../http/rateLimit';
import { requestNow } from '../http/clock';
import { allowMethods, readJsonObject } from '../http/request';
import { adminApp } from '../platform/app';
import { requireSignIn } from '../platform/identity';
import type { EmailChangeAnswer } from '@upskill/domain/account';
import { changeEmailSchema, deleteAccountSchema } from '@upskill/domain/schemas';
import { queueRequest } from '../account/requests';
import { validateBody } from '../http/validate';
import { eraseAccount } from './erase';
import { exportFor } from './export';
import { listConsents, recordAccountTerms, withdrawOwnConsent } from './consents';

/**
 * Reading or erasing everything about an account needs the password (or Google) again, not just a
 * session: a borrowed laptop with a live session must not be enough. The token's auth_time says when.
 */
export function assertRecentSignIn(account: Pick<DecodedIdToken, 'auth_time'>, what: string, nowMs = Date.now()): void {
  if (nowMs - account.auth_time * 1000 > RECENT_SIGN_IN_MINUTES * 60_000) {
    throw new HttpError('unauthenticated', `For your security, please confirm your password again to ${what}.`, { reauthenticate: 'required' });
  }
}

/**
 * The signed-in learner's own data:
 *   GET    /api/me/export     everything we hold about them, as a JSON attachment (recent sign-in)
 *   GET    /api/me/consents   the consents we hold; POST records the account terms
 *   POST   /api/me/consents/{id}/withdraw   withdraws one (one click)
 *   DELETE /api/me/sessions   signs them out on every device (revokes refresh tokens)
 *   POST   /api/me/email      {newEmail}: a link to the new address, a notice to the old (recent sign-in)
 *   DELETE /api/me            {confirm: "DELETE"}: deletes the account (recent sign-in; 409 during a payment)
 */
export const handleMe = jsonEndpoint('me', async (req, res) => {
  const path = req.path.replace(/\/$/, '');
  if (/\/api\/me\/export$/.test(path)) {
    allowMethods(req, ['GET']);
    const account = await requireSignIn(req, 'download your data');
    await enforceRateLimit('account-export', req, account.uid);
    const now = requestNow(req);
    assertRecentSignIn(account, 'download your data', now);
    const data = await exportFor(account.uid, now);
    res.set('Content-Disposition', `attachment; filename="upskill-my-data-${data.exportedAt.slice(0, 10)}.json"`);
    res.status(200).json(data);
    return;
  }
  const consent = /\/api\/me\/consents(?:\/([^/]*)\/withdraw)?$/.exec(path);
  if (consent) {
    allowMethods(req, consent[1] === undefined ? ['GET', 'POST'] : ['POST']);
    const account = await requireSignIn(req, 'see your consents');
    await enforceRateLimit('consents', req, account.uid);
    const now = requestNow(req);
    res.set('Cache-Control', 'private, no-store');
    if (consent[1] !== undefined) res.status(200).json(await withdrawOwnConsent(req, account, consent[1], now));
    else if (req.method === 'POST') res.status(201).json(await recordAccountTerms(req, account, now));
    else res.status(200).json(await listConsents(account));
    return;
  }
  if (/\/api\/me\/sessions$/.test(path)) {
    allowMethods(req, ['DELETE']);
    const account = await requireSignIn(req, 'sign out everywhere');
    await enforceRateLimit('account-change', req, account.uid);
    await withDeadline(getAuth(adminApp()).revokeRefreshTokens(account.uid));
    res.status(200).json({ status: 'signed-out' });
    return;
  }
  if (/\/api\/me\/email$/.test(path)) {
    allowMethods(req, ['POST']);
    const account = await requireSignIn(req, 'change your e-mail address');
    const input = await validateBody(changeEmailSchema, readJsonObject(req), 'Please enter a valid e-mail address.');
    await enforceRateLimit('account-change', req, account.uid);
    const now = requestNow(req);
    assertRecentSignIn(account, 'change your e-mail address', now);
    const auth = getAuth(adminApp());
    const user = await withDeadline(auth.getUser(account.uid));
    const newEmail = input.newEmail.trim().toLowerCase();
    if (!user.email) throw new HttpError('failed-precondition', 'This account has no e-mail address to change.');
    if (newEmail === user.email.toLowerCase()) throw new HttpError('invalid-argument', 'That is already your e-mail address.', { newEmail: 'That is already your e-mail address.' });
    // The caller has just proved who they are, so saying the address is taken reveals little (Firebase says as much).
    // Only Auth's "no such user" means free: any other failure (Auth unreachable) must not be taken for it.
    const taken = await withDeadline(auth.getUserByEmail(newEmail).then(() => true, (err: unknown) => {
      if ((err as { code?: unknown }).code === 'auth/user-not-found') return false;
      throw err;
    }));
    if (taken) throw new HttpError('failed-precondition', 'Another account uses that address. Sign in to it instead, or choose another.', { newEmail: 'Another account uses that address.' });
    await queueRequest('email-change', user.email.toLowerCase(), newEmail, now);
    res.status(202).json({ status: 'check-new-inbox' } satisfies EmailChangeAnswer);
    return;
  }
  if (/\/api\/me$/.test(path)) {
    allowMethods(req, ['DELETE']);
    const account = await requireSignIn(req, 'delete your account');
    await validateBody(deleteAccountSchema, readJsonObject(req), 'Please type DELETE to confirm.');
    await enforceRateLimit('account-change', req, account.uid);
    const now = requestNow(req);
    assertRecentSignIn(account, 'delete your account', now);
    res.status(200).json(await eraseAccount(account.uid, now));
    return;
  }
  throw new HttpError('not-found', 'No such resource.');
});
