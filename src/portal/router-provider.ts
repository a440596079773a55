import { matchResourceFromRoute, QS_PARSE_DEPTH, ResourceContext, type RouterProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { parse as parseQuery } from 'qs';
import { useCallback, useContext } from 'react';
import { matchPath, useLocation, useParams } from 'react-router';

type Resources = Parameters<typeof matchResourceFromRoute>[1];
/** The resource and action an address shows, and the address's parameters from the matched route. */
export type ResourceAt = ReturnType<typeof matchResourceFromRoute> & { params: Record<string, string | undefined> };

/** Addresses matched per list of resources (at most ADDRESSES each; the list is one per portal, or per drawing). */
const matched = new WeakMap<Resources, Map<string, ResourceAt>>();
const ADDRESSES = 500;

/**
 * Which resource and action `pathname` is, matched once per address. Refine matches the address
 * against every action route of every resource (splitting and comparing each route's segments) in
 * every hook that reads the route: `useCustom` reads it through `useOnError`, `useGo`, `useLogout`
 * and `useMeta`, seven times per `useGql`, each in a component of its own. That came to about a
 * tenth of a page's drawing on the server, and as much of its hydration in the browser.
 */
export function resourceAt(pathname: string, resources: Resources): ResourceAt {
  let byAddress = matched.get(resources);
  if (!byAddress) matched.set(resources, (byAddress = new Map()));
  let found = byAddress.get(pathname);
  if (!found) {
    const match = matchResourceFromRoute(pathname, resources);
    const params = (match.matchedRoute && matchPath(match.matchedRoute, pathname)?.params) || {};
    found = { ...match, params };
    if (byAddress.size >= ADDRESSES) byAddress.clear();
    byAddress.set(pathname, found);
  }
  return found;
}

const asNumber = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const n = Number(value);
  return `${n}` === value ? n : value;
};

/**
 * Refine's parse for React Router, reading the resource from `resourceAt`; the rest is as
 * @refinedev/react-router's: the route's parameters (or the matched resource route's), the query
 * string parsed as Refine writes it (qs), `currentPage` and `pageSize` as numbers, `to` decoded.
 */
function useParse() {
  const routeParams = useParams();
  const { pathname, search } = useLocation();
  const { resources } = useContext(ResourceContext);
  const { resource, action, params: matchedParams } = resourceAt(pathname, resources);
  const params = Object.keys(routeParams).length === 0 ? matchedParams : routeParams;
  return useCallback(() => {
    const all: Record<string, unknown> = {
      ...params,
      ...parseQuery(search, { ignoreQueryPrefix: true, depth: QS_PARSE_DEPTH }),
    };
    return {
      ...(resource && { resource }),
      ...(action && { action }),
      ...(params.id && { id: decodeURIComponent(params.id) }),
      pathname,
      params: {
        ...all,
        currentPage: asNumber(all.currentPage) as number | undefined,
        pageSize: asNumber(all.pageSize) as number | undefined,
        to: all.to ? decodeURIComponent(String(all.to)) : undefined,
      },
    };
  }, [pathname, search, params, resource, action]);
}

/** The portal's router provider: @refinedev/react-router's, with the route's resource matched once per address. */
export const portalRouterProvider: RouterProvider = { ...routerProvider, parse: useParse };
