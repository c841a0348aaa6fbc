import { requestNow } from '../http/clock';
import { HttpError } from '../http/errors';
import { DOCUMENT_ID_PATTERN, readJsonObject } from '../http/request';
import { routeTable, type Route } from '../http/routes';
import { openRequest, supportOverview, writeMessage } from '../support/learner';

const notFound = () => new HttpError('not-found', 'No such resource.');
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

/**
 * Support requests, the learner's side (the team's is /api/staff/support):
 *   GET  /api/support                 the learner's requests, the enrollments they may name, the promise a new one gets
 *   POST /api/support                 {topic, message, enrollmentId?} with an Idempotency-Key: 201 a new request, 200 the same again
 *   POST /api/support/{id}/messages   {message}: the learner writes again
 * Another learner's request is the same 404 as none.
 */
export const SUPPORT_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: '/api/support',
    auth: { kind: 'account', what: 'see your support requests' },
    rateLimit: { action: 'support', by: 'router' },
    handle: async ({ req, res, account }) => void res.status(200).json(await supportOverview(account!, requestNow(req))),
  },
  {
    method: 'POST',
    path: '/api/support',
    auth: { kind: 'account', what: 'ask for help' },
    rateLimit: { action: 'support-write', by: 'router' },
    handle: async ({ req, res, account }) => {
      const key = req.get('idempotency-key');
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key))
        throw new HttpError('invalid-argument', 'The Idempotency-Key header must be 8 to 128 letters, digits or - _ . :');
      const { created, request } = await openRequest(account!, key, readJsonObject(req), requestNow(req));
      res.status(created ? 201 : 200).json(request);
    },
  },
  {
    method: 'POST',
    path: '/api/support/:id/messages',
    params: { id: DOCUMENT_ID_PATTERN },
    auth: { kind: 'account', what: 'write to us' },
    rateLimit: { action: 'support-write', by: 'router' },
    handle: async ({ req, res, params, account }) =>
      void res.status(200).json(await writeMessage(account!, params.id, readJsonObject(req), requestNow(req))),
  },
];

export const handleSupport = routeTable('support', SUPPORT_ROUTES, notFound);
