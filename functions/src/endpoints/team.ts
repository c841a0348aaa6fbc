import { requestNow } from '../http/clock';
import { HttpError } from '../http/errors';
import { DOCUMENT_ID_PATTERN, MAX_FILE_BODY_BYTES, readJsonObject, type HttpRequest } from '../http/request';
import { routeTable, type Route, type RouteCall } from '../http/routes';
import { withDeadline } from '../http/handler';
import { supplier } from '../invoices/supplier';
import { taxDocuments } from '../invoices/store';
import { loadAsAdmin, type TeamAdmin } from '../organisations/access';
import { claimSeat, seatOffer } from '../organisations/claims';
import { confirmSeatPayment, startSeatCheckout } from '../organisations/online';
import { createQuote } from '../organisations/quotes';
import { addAdmin, requestOrganisation } from '../organisations/requests';
import { invite, makeCodes, reassignSeat, removeMember, revokeSeat } from '../organisations/seats';
import { orderNotFound, orderReference, seatOrders, type OrganisationDoc } from '../organisations/store';
import { teamCsv, teamList, teamOverview } from '../team/overview';
import { taxDocumentFilename } from '@upskill/domain/tax';

const notFound = () => new HttpError('not-found', 'No such resource.');
/** A seat's id: its order's id and its number. */
const SEAT_ID = /^[A-Za-z0-9]{1,64}-\d{3,4}$/;

type AdminCall = RouteCall & { admin: TeamAdmin; organisation: OrganisationDoc; now: number };

/** A route for an organisation's admins: the router checks the sign-in, then the organisation's admin list (403 or 404). */
function admin(
  method: Route['method'],
  path: string,
  write: boolean,
  handle: (call: AdminCall) => Promise<void>,
  params: Route['params'] = {},
): Route {
  return {
    method,
    path,
    params: { org: DOCUMENT_ID_PATTERN, ...params },
    auth: { kind: 'account', what: 'manage your organisation’s seats' },
    rateLimit: { action: write ? 'team-write' : 'team', by: 'router' },
    handle: async (call) => {
      const { admin: who, organisation } = await loadAsAdmin(call.account!, call.params.org);
      await handle({ ...call, admin: who, organisation, now: requestNow(call.req) });
    },
  };
}

const pdf = (res: RouteCall['res'], body: Buffer, filename: string) => {
  res.set('Content-Type', 'application/pdf');
  res.set('Content-Disposition', `attachment; filename="${filename}"`);
  res.set('Cache-Control', 'private, no-store');
  res.status(200).send(body);
};

/** The offer's credentials, from the query string (GET /api/seats/offer?seat=&token= | ?code= | ?join=). */
function offerQuery(req: HttpRequest) {
  const one = (name: string) => {
    const value = req.query?.[name];
    return typeof value === 'string' && value.length <= 100 ? value : undefined;
  };
  const query = { seatId: one('seat'), token: one('token'), code: one('code'), joinKey: one('join') };
  const given = [query.seatId && query.token, query.code, query.joinKey].filter(Boolean).length;
  if (given !== 1) throw new HttpError('invalid-argument', 'Use an invitation link, a code or a join link.');
  if (query.seatId && !SEAT_ID.test(query.seatId)) throw new HttpError('not-found', 'This invitation is no longer valid.');
  return query;
}

/**
 * Teams and campuses (issue 56):
 *   POST   /api/organisations                                 a signed-in visitor asks for a team or a campus (staff confirm it)
 *   GET    /api/team                                          the organisations the caller administers (403 for none)
 *   GET    /api/team/{org}                                    orders, seats, members' learning, the weekly chart
 *   GET    /api/team/{org}/members.csv                        the same as CSV
 *   POST   /api/team/{org}/quotes                             a quote, priced by the server
 *   GET    /api/team/{org}/orders/{id}/quote.pdf | invoice.pdf
 *   POST   /api/team/{org}/orders/{id}/checkout | payment      pay online (Razorpay)
 *   POST   /api/team/{org}/orders/{id}/invitations | codes    hand seats out
 *   DELETE /api/team/{org}/seats/{seat}                       revoke an invitation or a code
 *   POST   /api/team/{org}/seats/{seat}/reassign              an invitation to someone else
 *   DELETE /api/team/{org}/seats/{seat}/member                remove a member (their access ends)
 *   POST   /api/team/{org}/admins                             another admin
 *   GET    /api/seats/offer  POST /api/seats/claim            a learner sees and takes a seat
 * An organisation the caller does not administer is the same 404 as none.
 */
export const TEAM_ROUTES: readonly Route[] = [
  {
    method: 'POST',
    path: '/api/organisations',
    auth: { kind: 'account', what: 'ask for team seats' },
    rateLimit: { action: 'team-write', by: 'router' },
    handle: async ({ req, res, account }) => {
      const { created, organisation } = await requestOrganisation(account!, readJsonObject(req), requestNow(req));
      res.status(created ? 201 : 200).json(organisation);
    },
  },
  {
    method: 'GET',
    path: '/api/team',
    auth: { kind: 'account', what: 'see your organisation' },
    rateLimit: { action: 'team', by: 'router' },
    handle: async ({ res, account }) => void res.status(200).json(await teamList(account!)),
  },
  admin('GET', '/api/team/:org', false, async ({ res, params, organisation, now }) =>
    res.status(200).json(await teamOverview(params.org, organisation, now)),
  ),
  admin('GET', '/api/team/:org/members.csv', false, async ({ res, params, organisation, now }) => {
    res.set('Content-Type', 'text/csv; charset=utf-8');
    res.set('Content-Disposition', `attachment; filename="upskill-team-${params.org}.csv"`);
    res.set('Cache-Control', 'private, no-store');
    res.status(200).send(await teamCsv(params.org, organisation, now));
  }),
  admin('POST', '/api/team/:org/quotes', true, async ({ req, res, params, admin: who, organisation, now }) =>
    res.status(201).json(await createQuote(who, params.org, organisation, readJsonObject(req), now)),
  ),
  admin('GET', '/api/team/:org/orders/:order/quote.pdf', false, async ({ res, params, organisation }) => {
    const order = (await withDeadline(seatOrders().doc(params.order).get())).data();
    if (!order || order.organisationId !== params.org) throw orderNotFound();
    const { quotePdf } = await import('../organisations/quotePdf');
    pdf(res, await quotePdf(params.order, order, organisation, supplier()), `upskill-quote-${orderReference(params.order)}.pdf`);
  }),
  admin('GET', '/api/team/:org/orders/:order/invoice.pdf', false, async ({ res, params }) => {
    const order = (await withDeadline(seatOrders().doc(params.order).get())).data();
    if (!order || order.organisationId !== params.org) throw orderNotFound();
    if (!order.invoice) throw new HttpError('not-found', 'This order has no tax invoice yet: it is issued when the order is paid in full.');
    const stored = (await withDeadline(taxDocuments().doc(order.invoice.id).get())).data();
    if (!stored) throw new HttpError('not-found', 'That document could not be found.');
    const { taxDocumentPdf } = await import('../invoices/pdf');
    pdf(res, await taxDocumentPdf(stored), taxDocumentFilename('invoice', stored.number));
  }),
  admin('POST', '/api/team/:org/orders/:order/checkout', true, async ({ res, params, now }) =>
    res.status(200).json(await startSeatCheckout(params.org, params.order, now)),
  ),
  admin('POST', '/api/team/:org/orders/:order/payment', false, async ({ req, res, params, now }) =>
    res.status(200).json(await confirmSeatPayment(params.org, params.order, readJsonObject(req), now)),
  ),
  admin('POST', '/api/team/:org/orders/:order/invitations', true, async ({ req, res, params, organisation, now }) =>
    res.status(200).json(await invite(params.org, organisation, params.order, readJsonObject(req, MAX_FILE_BODY_BYTES), now)),
  ),
  admin('POST', '/api/team/:org/orders/:order/codes', true, async ({ req, res, params, now }) =>
    res.status(201).json(await makeCodes(params.org, params.order, readJsonObject(req), now)),
  ),
  admin(
    'DELETE',
    '/api/team/:org/seats/:seat',
    true,
    async ({ res, params, now }) => res.status(200).json(await revokeSeat(params.org, params.seat, now)),
    { seat: SEAT_ID },
  ),
  admin(
    'POST',
    '/api/team/:org/seats/:seat/reassign',
    true,
    async ({ req, res, params, organisation, now }) =>
      res.status(200).json(await reassignSeat(params.org, organisation, params.seat, readJsonObject(req), now)),
    { seat: SEAT_ID },
  ),
  admin(
    'DELETE',
    '/api/team/:org/seats/:seat/member',
    true,
    async ({ res, params, now }) => res.status(200).json(await removeMember(params.org, params.seat, now)),
    { seat: SEAT_ID },
  ),
  admin('POST', '/api/team/:org/admins', true, async ({ req, res, params, admin: who, now }) =>
    res.status(200).json(await addAdmin(who, params.org, readJsonObject(req), now)),
  ),
  {
    method: 'GET',
    path: '/api/seats/offer',
    auth: { kind: 'account', what: 'take a seat' },
    rateLimit: { action: 'seat-claim', by: 'router' },
    handle: async ({ req, res, account }) => void res.status(200).json(await seatOffer(account!, offerQuery(req), requestNow(req))),
  },
  {
    method: 'POST',
    path: '/api/seats/claim',
    auth: { kind: 'account', what: 'take a seat' },
    rateLimit: { action: 'seat-claim', by: 'router' },
    handle: async ({ req, res, account }) => {
      const { created, seat } = await claimSeat(account!, readJsonObject(req), requestNow(req));
      res.status(created ? 201 : 200).json(seat);
    },
  },
];

export const handleTeam = routeTable('team', TEAM_ROUTES, notFound);
