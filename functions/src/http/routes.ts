import type { DecodedIdToken } from 'firebase-admin/auth';
import { HttpError } from './errors';
import { jsonEndpoint } from './handler';
import { nameUsage } from '../platform/usageRecorder';
import { requireSignIn } from './identity';
import { enforceRateLimit, type RateLimitedAction } from './rateLimit';
import { pathSegment, type HttpRequest, type HttpResponse } from './request';
import { requireStaff, type StaffActor } from './staffAccess';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route.
 *  - anyone: public (a rate limit, if declared, still applies).
 *  - account: a signed-in user; the router checks the ID token ("Please sign in to {what}.").
 *  - staff: the staff claim; the router checks it.
 *  - checked-by: the capability checks it against the record it reads (an enrollment's owner or edit
 *    token, a guardian's link token, an instructor's batch); `who` says whom it admits.
 */
export type Auth = { kind: 'anyone' } | { kind: 'account'; what: string } | { kind: 'staff' } | { kind: 'checked-by'; who: string };

/**
 * The rate limit a route counts (http/rateLimit.ts). `by: 'router'` counts it right after the router's
 * auth check; `by: 'capability'` after the capability's own first checks (a malformed body or a wrong
 * token is refused before it costs the caller anything, and the order of 400/401/429 stays as documented).
 */
export type RateLimit = { action: RateLimitedAction; by: 'router' | 'capability' } | null;

/** What a handler gets: the request, the response, the path's parameters and the caller the router checked. */
export interface RouteCall {
  req: HttpRequest;
  res: HttpResponse;
  params: Record<string, string>;
  /** Set for routes whose auth is 'account'. */
  account: DecodedIdToken | null;
  /** Set for routes whose auth is 'staff'. */
  staff: StaffActor | null;
}

export interface Route {
  method: Method;
  /**
   * The path as Hosting forwards it, e.g. '/api/enroll/:id/checkout'. A ':name' segment must pass its
   * pattern in `params` (a document id when not named there), percent-decoded; otherwise the route table's
   * one 404 answers, exactly as for an unknown path.
   */
  path: string;
  /** Each ':name' segment's pattern; 'raw' hands the segment over undecoded, for a capability that answers every guess alike. */
  params?: Record<string, RegExp | 'raw'>;
  auth: Auth;
  rateLimit: RateLimit;
  handle: (call: RouteCall) => Promise<void>;
}

interface CompiledRoute extends Route {
  regex: RegExp;
  names: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((part) => {
      const param = /^:([A-Za-z]+)(.*)$/.exec(part);
      if (!param) return escapeRegExp(part);
      names.push(param[1]);
      // A parameter may carry a literal suffix in its segment, such as ':id.ics'.
      return `([^/]*?)${escapeRegExp(param[2])}`;
    })
    .join('/');
  return { ...route, regex: new RegExp(`^${source}/?$`), names };
}

function matchParams(route: CompiledRoute, path: string): Record<string, string> | 'malformed' | null {
  const match = route.regex.exec(path);
  if (!match) return null;
  const params: Record<string, string> = {};
  for (const [i, name] of route.names.entries()) {
    const pattern = route.params?.[name];
    const value = pattern === 'raw' ? match[i + 1] : pathSegment(match[i + 1], pattern);
    if (value === undefined) return 'malformed';
    params[name] = value;
  }
  return params;
}

/**
 * Query words that ask a list for a page number or a size. No list here takes them: each answers a page of fixed
 * size, and the one that pages (a Q&A space) takes a cursor, `after`. Asked for page 10,000 or a size of 10,000, a
 * list says so with a 400 rather than quietly answering its first page as if it had been obeyed.
 */
const PAGING_WORDS = ['page', 'pageSize', 'page_size', 'perPage', 'per_page', 'limit', 'offset', 'skip', 'size'];

function refusePaging(query: Record<string, unknown>): void {
  const asked = PAGING_WORDS.find((word) => query[word] !== undefined);
  if (asked)
    throw new HttpError('invalid-argument', `This list answers a page of fixed size: it does not take "${asked}".`, {
      [asked]: 'Not taken here.',
    });
}

/**
 * One deployed HTTP function as a table of routes, checked in one order for all of them: the path (an
 * unknown or malformed one is `notFound`, for anyone), then the method (405 with Allow), then the caller
 * ('account' and 'staff' routes), then the rate limit where the router counts it, then a list's page words
 * (refusePaging), then the handler.
 */
export function routeTable(name: string, routes: readonly Route[], notFound: () => HttpError) {
  const compiled = routes.map(compile);
  return jsonEndpoint(name, async (req, res) => {
    const matching: { route: CompiledRoute; params: Record<string, string> }[] = [];
    for (const route of compiled) {
      const params = matchParams(route, req.path);
      // A malformed segment (`%E0%A4%A`, a bad id) is the same 404 as an unknown path.
      if (params && params !== 'malformed') matching.push({ route, params });
    }
    if (matching.length === 0) throw notFound();
    const chosen = matching.find(({ route }) => route.method === req.method);
    if (!chosen) {
      const allowed = [...new Set(matching.map(({ route }) => route.method))];
      throw new HttpError('method-not-allowed', `Method ${req.method} is not allowed here.`, undefined, { Allow: allowed.join(', ') });
    }
    const { route, params } = chosen;
    nameUsage(`${route.method} ${route.path}`);
    const account = route.auth.kind === 'account' ? await requireSignIn(req, route.auth.what) : null;
    const staff = route.auth.kind === 'staff' ? await requireStaff(req) : null;
    if (route.rateLimit?.by === 'router') await enforceRateLimit(route.rateLimit.action, req, account?.uid ?? staff?.uid);
    if (route.method === 'GET') refusePaging(req.query ?? {});
    await route.handle({ req, res, params, account, staff });
  });
}
