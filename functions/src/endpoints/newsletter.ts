import type { NewsletterAnswer } from '@upskill/domain/enrollment';
import { HttpError } from '../http/errors';
import type { HttpResponse } from '../http/request';
import { routeTable, type Route } from '../http/routes';
import { followLink, signUp } from '../newsletter/subscriptions';

const ANSWER: NewsletterAnswer = { status: 'check-inbox' };
const PAGES = {
  confirmed: '/newsletter/confirmed',
  unsubscribed: '/newsletter/unsubscribed',
  invalid: '/newsletter/link-expired',
} as const;
const link = { kind: 'checked-by', who: 'the holder of a mailed link' } as const;
const counted = { action: 'newsletter', by: 'capability' } as const;

function redirect(res: HttpResponse, to: string) {
  res.set('Location', to);
  res.status(303).json({ location: to });
}

/**
 * /api/newsletter: POST {email} signs up (double opt-in: a confirmation mail, the same answer for anyone);
 * GET /confirm and GET /unsubscribe are the mailed links (a redirect to a page saying what happened);
 * POST /unsubscribe is mail clients' one-click unsubscribe (RFC 8058), answered with a status.
 */
export const NEWSLETTER_ROUTES: readonly Route[] = [
  {
    method: 'POST',
    path: '/api/newsletter',
    auth: { kind: 'anyone' },
    rateLimit: counted,
    handle: async ({ req, res }) => {
      await signUp(req);
      res.status(202).json(ANSWER);
    },
  },
  {
    method: 'GET',
    path: '/api/newsletter/confirm',
    auth: link,
    rateLimit: counted,
    handle: async ({ req, res }) => redirect(res, (await followLink(req, 'confirm')) ? PAGES.confirmed : PAGES.invalid),
  },
  {
    method: 'GET',
    path: '/api/newsletter/unsubscribe',
    auth: link,
    rateLimit: counted,
    handle: async ({ req, res }) => redirect(res, (await followLink(req, 'unsubscribe')) ? PAGES.unsubscribed : PAGES.invalid),
  },
  {
    method: 'POST',
    path: '/api/newsletter/unsubscribe',
    auth: link,
    rateLimit: counted,
    handle: async ({ req, res }) => {
      const done = await followLink(req, 'unsubscribe');
      res
        .status(done ? 200 : 400)
        .json(done ? { status: 'unsubscribed' } : { error: { code: 'invalid-argument', message: 'This link is not valid.' } });
    },
  },
];

export const handleNewsletter = routeTable('newsletter', NEWSLETTER_ROUTES, () => new HttpError('not-found', 'No such newsletter action.'));
