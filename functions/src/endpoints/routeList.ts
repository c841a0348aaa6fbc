import { ACCOUNT_ROUTES } from './account';
import { ASSIGNMENT_ROUTES } from './assignments';
import { BATCHES_ROUTES } from './batches';
import { CERTIFICATE_ROUTES } from './certificates';
import { CONTACT_ROUTES } from './contact';
import { ENROLL_ROUTES } from './enroll';
import { LEARNING_ROUTES } from './learning';
import { ME_ROUTES } from './me';
import { MENTORING_ROUTES } from './mentoring';
import { NEWSLETTER_ROUTES } from './newsletter';
import { PAYMENT_ROUTES } from './payments';
import { QA_ROUTES } from './qa';
import { STAFF_ROUTES } from './staff';
import { SUPPORT_ROUTES } from './support';
import { TEAM_ROUTES } from './team';
import type { Auth, Method, Route } from '../http/routes';

/** One route as data: what a test or a reference page needs to know of it, without its handler. */
export interface RouteEntry {
  /** The HTTP function that serves it (deploy/http.ts). */
  function: string;
  method: Method;
  path: string;
  auth: Auth['kind'];
  /** The ':name' segments a request must fill. */
  params: string[];
  rateLimited: boolean;
}

const TABLES: [string, readonly Route[]][] = [
  ['account', ACCOUNT_ROUTES],
  ['assignments', ASSIGNMENT_ROUTES],
  ['batches', BATCHES_ROUTES],
  ['certificates', CERTIFICATE_ROUTES],
  ['contact', CONTACT_ROUTES],
  ['enroll', ENROLL_ROUTES],
  ['learning', LEARNING_ROUTES],
  ['me', ME_ROUTES],
  ['mentoring', MENTORING_ROUTES],
  ['newsletter', NEWSLETTER_ROUTES],
  ['payments', PAYMENT_ROUTES],
  ['qa', QA_ROUTES],
  ['staff', STAFF_ROUTES],
  ['support', SUPPORT_ROUTES],
  ['team', TEAM_ROUTES],
];

/**
 * Every route every HTTP function serves, built to lib/routes.js. The API tests read it (as they read
 * lib/jobs.js), so that a new route is fuzzed without anyone remembering to add it to the fuzz.
 */
export const ROUTE_LIST: readonly RouteEntry[] = TABLES.flatMap(([fn, routes]) =>
  routes.map((route) => ({
    function: fn,
    method: route.method,
    path: route.path,
    auth: route.auth.kind,
    params: [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]),
    rateLimited: route.rateLimit !== null,
  })),
);
