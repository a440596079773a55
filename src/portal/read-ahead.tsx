import { useEffect, type ReactElement } from 'react';
import { createRoutesFromElements, matchRoutes, useLocation, useParams, type RouteObject } from 'react-router';
import { lazyIn } from '../lib/lazy-component';
import { parsePropertyId } from '../layouts/property-outlet';
import { usePrefetchGql } from './use-gql';

type OwnRead = (id: number) => readonly [readonly unknown[], string, Record<string, unknown>];

const tables = new WeakMap<ReactElement, RouteObject[]>();
/** A route table's objects, made once per table, for finding the page an address opens. */
function routeObjects(routes: ReactElement): RouteObject[] {
  let objects = tables.get(routes);
  if (!objects) tables.set(routes, (objects = createRoutesFromElements(routes)));
  return objects;
}

/**
 * Opening an address under a layout: the layout's own read (a property's or a group's: `read` of
 * the id in `param`, under the key the layout reads; the account's layout has none) and the chunk
 * of the page the address matches (its lazy page's `preload`, found in the route table that
 * `routes` returns: a function, as the table holds this element) start beside the session check,
 * not once the layout has drawn. Rendered outside RequireAuth: a visitor who is not signed in is
 * sent to sign in as before, and the read's refusal is only kept in the cache.
 */
export function ReadAhead({
  param,
  read,
  routes,
}: { routes: () => ReactElement } & ({ param: string; read: OwnRead } | { param?: never; read?: never })) {
  const params = useParams();
  const id = param ? parsePropertyId(params[param]) : null;
  const { pathname } = useLocation();
  const prefetch = usePrefetchGql();
  useEffect(() => {
    if (id !== null && read) void prefetch(...read(id));
  }, [id, prefetch, read]);
  useEffect(() => {
    void lazyIn(matchRoutes(routeObjects(routes()), pathname)?.at(-1)?.route.element)?.preload();
  }, [pathname, routes]);
  return null;
}
