import type { AccountMailAnswer } from '@upskill/domain/account';
import { openLink, requestPasswordReset, requestVerification } from '../account/requests';
import { decideGuardian, readGuardianRequest } from '../guardians/decisions';
import { requestNow } from '../http/clock';
import { HttpError } from '../http/errors';
import { routeTable, type Route } from '../http/routes';

/** The same answer whether or not the address has an account. */
const ANSWER: AccountMailAnswer = { status: 'check-inbox' };
const guardianLink = { kind: 'checked-by', who: 'the holder of the guardian’s link' } as const;

/**
 * Account mail, and the links it carries:
 *   POST /api/account/password-reset   {email}: a reset link, if the address has an account (the same answer either way)
 *   POST /api/account/verification    the signed-in account's verification mail
 *   POST /api/account/action          {ticket}: a mailed link's ticket, exchanged for Auth's action code
 *   GET  /api/account/guardian/{id}?t=…   what a guardian is asked to agree to
 *   POST /api/account/guardian/{id}   {token, decision}: give, refuse or withdraw consent
 */
export const ACCOUNT_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: '/api/account/guardian/:id',
    params: { id: 'raw' },
    auth: guardianLink,
    rateLimit: { action: 'guardian', by: 'capability' },
    handle: async ({ req, res, params }) => void res.status(200).json(await readGuardianRequest(req, params.id)),
  },
  {
    method: 'POST',
    path: '/api/account/guardian/:id',
    params: { id: 'raw' },
    auth: guardianLink,
    rateLimit: { action: 'guardian', by: 'capability' },
    handle: async ({ req, res, params }) => void res.status(200).json(await decideGuardian(req, params.id)),
  },
  {
    method: 'POST',
    path: '/api/account/password-reset',
    auth: { kind: 'anyone' },
    rateLimit: { action: 'account-mail', by: 'capability' },
    handle: async ({ req, res }) => {
      await requestPasswordReset(req);
      res.status(202).json(ANSWER);
    },
  },
  {
    method: 'POST',
    path: '/api/account/verification',
    auth: { kind: 'checked-by', who: 'a signed-in account' },
    rateLimit: { action: 'account-mail', by: 'capability' },
    handle: async ({ req, res }) => {
      await requestVerification(req);
      res.status(202).json(ANSWER);
    },
  },
  {
    method: 'POST',
    path: '/api/account/action',
    auth: { kind: 'checked-by', who: 'the holder of a mailed link' },
    rateLimit: { action: 'account-action', by: 'capability' },
    handle: async ({ req, res }) => void res.status(200).json(await openLink(req, requestNow(req))),
  },
];

export const handleAccount = routeTable('account', ACCOUNT_ROUTES, () => new HttpError('not-found', 'No such account action.'));
