import { getAuth } from 'firebase-admin/auth';
import { deleteAccountSchema } from '@upskill/domain/forms';
import { requestNow } from '../http/clock';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { enforceRateLimit } from '../http/rateLimit';
import { readJsonObject } from '../http/request';
import { routeTable, type Route } from '../http/routes';
import { validateBody } from '../http/validate';
import { listConsents, recordAccountTerms, withdrawOwnConsent } from '../me/consents';
import { requestEmailChange } from '../me/emailChange';
import { eraseAccount } from '../me/erase';
import { exportFor } from '../me/export';
import { assertRecentSignIn } from '../me/recentSignIn';
import { adminApp } from '../platform/app';
import { referralsOf } from '../credits/referrals';

const consents = { kind: 'account', what: 'see your consents' } as const;
const consentLimit = { action: 'consents', by: 'router' } as const;

/**
 * The signed-in learner's own data:
 *   GET    /api/me/referrals  their referral link, its credits and the friends who used it (made on first ask)
 *   GET    /api/me/export     everything we hold about them, as a JSON attachment (recent sign-in)
 *   GET    /api/me/consents   the consents we hold; POST records the account terms
 *   POST   /api/me/consents/{id}/withdraw   withdraws one (one click)
 *   DELETE /api/me/sessions   signs them out on every device (revokes refresh tokens)
 *   POST   /api/me/email      {newEmail}: a link to the new address, a notice to the old (recent sign-in)
 *   DELETE /api/me            {confirm: "DELETE"}: deletes the account (recent sign-in; 409 during a payment)
 * The body of a change is checked before the request is counted against the account's allowance.
 */
export const ME_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: '/api/me/referrals',
    auth: { kind: 'account', what: 'see your referral link' },
    rateLimit: { action: 'learning', by: 'router' },
    handle: async ({ req, res, account }) => void res.status(200).json(await referralsOf(account!, requestNow(req))),
  },
  {
    method: 'GET',
    path: '/api/me/export',
    auth: { kind: 'account', what: 'download your data' },
    rateLimit: { action: 'account-export', by: 'router' },
    handle: async ({ req, res, account }) => {
      const now = requestNow(req);
      assertRecentSignIn(account!, 'download your data', now);
      const data = await exportFor(account!.uid, now);
      res.set('Content-Disposition', `attachment; filename="upskill-my-data-${data.exportedAt.slice(0, 10)}.json"`);
      res.status(200).json(data);
    },
  },
  {
    method: 'GET',
    path: '/api/me/consents',
    auth: consents,
    rateLimit: consentLimit,
    handle: async ({ res, account }) => void res.status(200).json(await listConsents(account!)),
  },
  {
    method: 'POST',
    path: '/api/me/consents',
    auth: consents,
    rateLimit: consentLimit,
    handle: async ({ req, res, account }) => void res.status(201).json(await recordAccountTerms(req, account!, requestNow(req))),
  },
  {
    method: 'POST',
    path: '/api/me/consents/:id/withdraw',
    params: { id: 'raw' },
    auth: consents,
    rateLimit: consentLimit,
    handle: async ({ req, res, params, account }) =>
      void res.status(200).json(await withdrawOwnConsent(req, account!, params.id, requestNow(req))),
  },
  {
    method: 'DELETE',
    path: '/api/me/sessions',
    auth: { kind: 'account', what: 'sign out everywhere' },
    rateLimit: { action: 'account-change', by: 'router' },
    handle: async ({ res, account }) => {
      await withDeadline(getAuth(adminApp()).revokeRefreshTokens(account!.uid));
      res.status(200).json({ status: 'signed-out' });
    },
  },
  {
    method: 'POST',
    path: '/api/me/email',
    auth: { kind: 'account', what: 'change your e-mail address' },
    rateLimit: { action: 'account-change', by: 'capability' },
    handle: async ({ req, res, account }) => void res.status(202).json(await requestEmailChange(req, account!, requestNow(req))),
  },
  {
    method: 'DELETE',
    path: '/api/me',
    auth: { kind: 'account', what: 'delete your account' },
    rateLimit: { action: 'account-change', by: 'capability' },
    handle: async ({ req, res, account }) => {
      await validateBody(deleteAccountSchema, readJsonObject(req), 'Please type DELETE to confirm.');
      await enforceRateLimit('account-change', req, account!.uid);
      const now = requestNow(req);
      assertRecentSignIn(account!, 'delete your account', now);
      res.status(200).json(await eraseAccount(account!.uid, now));
    },
  },
];

export const handleMe = routeTable('me', ME_ROUTES, () => new HttpError('not-found', 'No such resource.'));
