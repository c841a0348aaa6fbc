import { createRequire } from 'node:module';

/** One route of the functions' route table, as functions/src/endpoints/routeList.ts describes it. */
export interface RouteEntry {
  function: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  auth: 'anyone' | 'account' | 'staff' | 'checked-by';
  params: string[];
  rateLimited: boolean;
}

/**
 * The route table as the build made it (functions/lib/routes.js, beside lib/jobs.js): the tests never import
 * the functions' source, and read what `npm test`'s build step has just built.
 */
export function routeList(): readonly RouteEntry[] {
  const built = createRequire(import.meta.url)(new URL('../../functions/lib/routes.js', import.meta.url).pathname) as {
    ROUTE_LIST: readonly RouteEntry[];
  };
  return built.ROUTE_LIST;
}
