import { batchSummary, listOffering } from '../batches/listing';
import { joinWaitlist } from '../batches/waitlist';
import { HttpError } from '../http/errors';
import { readJsonObject, type HttpResponse } from '../http/request';
import { routeTable, type Route } from '../http/routes';

/**
 * Public reads are the same for everyone: the Hosting CDN may keep them a minute (firebase.json says the
 * same), browsers not at all, so a learner who has just taken a seat sees it gone on their next page view.
 */
function cacheable(res: HttpResponse) {
  res.set('Cache-Control', 'public, max-age=0, s-maxage=60');
}

/** /api/batches?offering={slug}, /api/batches/summary, /api/batches/{id}/waitlist. */
export const BATCHES_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: '/api/batches',
    auth: { kind: 'anyone' },
    rateLimit: null,
    handle: async ({ req, res }) => {
      const answer = await listOffering(req.query.offering, req.query.from, req.query.campus);
      cacheable(res);
      res.status(200).json(answer);
    },
  },
  {
    method: 'GET',
    path: '/api/batches/summary',
    auth: { kind: 'anyone' },
    rateLimit: null,
    handle: async ({ res }) => {
      const answer = await batchSummary();
      cacheable(res);
      res.status(200).json(answer);
    },
  },
  {
    method: 'POST',
    path: '/api/batches/:id/waitlist',
    auth: { kind: 'anyone' },
    rateLimit: { action: 'waitlist', by: 'capability' },
    handle: async ({ req, res, params }) => void res.status(202).json(await joinWaitlist(req, params.id, readJsonObject(req))),
  },
];

export const handleBatches = routeTable('batches', BATCHES_ROUTES, () => new HttpError('not-found', 'No such batch resource.'));
