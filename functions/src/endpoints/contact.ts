import { receiveContactMessage } from '../contact/messages';
import { requestNow } from '../http/clock';
import { HttpError } from '../http/errors';
import { routeTable, type Route } from '../http/routes';

/** POST /api/contact: the contact form. Validated before it is counted, so a typo costs no allowance. */
export const CONTACT_ROUTES: readonly Route[] = [
  {
    method: 'POST',
    path: '/api/contact',
    auth: { kind: 'anyone' },
    rateLimit: { action: 'contact', by: 'capability' },
    handle: async ({ req, res }) => void res.status(201).json(await receiveContactMessage(req, requestNow(req))),
  },
];

export const handleContact = routeTable('contact', CONTACT_ROUTES, () => new HttpError('not-found', 'No such resource.'));
