import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate, QueryClient, type Query } from '@tanstack/react-query';
import { App } from '../App';
import PortalApp from '../portal/portal-app';
import { PORTAL_QUERIES } from '../portal/portal-queries';
import { ServerScreen } from '../lib/use-screen';
import { drawnNamed, lazyNamed } from '../lib/lazy-component';
import { DRAWN_PAGES } from '../portal/lazy-pages';
import { gqlKey } from '../portal/use-gql';
import { propertyKey } from '../layouts/property-outlet';
import { IDENTITY_KEY } from '../access/ability';
import { identityOf } from '../../providers/auth-provider';
import { createGraphqlClient } from '../../providers/graphql-client';
import { createPortalDataProvider } from '../../providers/data-provider';
import type { ViewerData } from '../../resources/auth/auth.documents';
import { zoneHere, type FirstReads } from './drawn-reads';
import { daysOf, zonesAsked } from '../../resources/property-day';
import { DRAWING_GRAPHQL_URL } from '../../resources/first-screen';
import { APP_CONFIG_KEY, type AppConfig } from '../lib/app-config';
import { DrawnRedirect } from '../lib/navigate';
import { forgetReads, readHinted, rememberReads } from './read-hints';

/**
 * What the server read before drawing: the user's UserAttributes and, on a property's address, its
 * ManageProperty; and the runtime settings (GET /app-config), which a page with a legacy redirect
 * waits for (src/properties/legacy-route.tsx: details' policies, commercial terms and other, the room
 * types), so that it is drawn rather than left as a spinner.
 */
export type Seed = { viewer: ViewerData; property?: { id: number; answer: unknown }; appConfig: AppConfig };
/**
 * A drawn first screen: its markup and what the portal's first render needs to draw it again; or,
 * where the page sends the user on (a `<Navigate>`: an address that leads to another, a section the
 * user may not see), the address it leads to; or why the plain page is sent instead (the server says
 * so in its answer's Server-Timing).
 */
export type Drawn = { html: string; reads: FirstReads; renders: number } | { redirect: string } | { notDrawn: string };

/** At most this many renders: a read the last one still waits for is left to the portal, as a page's loading state. */
const RENDERS = 4;

/** Reads that go through the portal's data provider (Refine's data hooks, keyed 'data'; useGql's): the ones a drawing runs. */
const DATA_READS = new Set<unknown>(['data', gqlKey([])[0]]);
const isDataRead = (query: Query) => DATA_READS.has(query.queryKey[0]);

/**
 * A signed-in page's first screen, drawn on the server (server/http/first-screen.ts) by the portal's
 * own components: rendered, the reads that render asked for and may make (through the portal's data
 * provider, over `send`: the server's own GraphQL with the user's cookies) run, and rendered again,
 * until nothing more is asked. The markup is the portal's first render in the browser from the same
 * cache (src/first-screen/first-reads.tsx). Not drawn: a read failed (the portal shows that
 * itself), or the address shows a page the server does not draw (DRAWN_PAGES).
 * `wide`: whether the screen is guessed to be wide (the navigation as a column, not a drawer).
 * Built by `vite build` into dist-ssr/ (vite.config.ts).
 */
export async function drawFirstScreen(address: string, seed: Seed, wide: boolean, send: typeof fetch): Promise<Drawn> {
  const client = new QueryClient(PORTAL_QUERIES);
  // Whether each query may run now, as its hook says (useQuery's `enabled`), by its hash.
  const enabled = new Map<string, unknown>();
  const defaults = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options) => {
    const defaulted = defaults(options);
    enabled.set(defaulted.queryHash!, defaulted.enabled);
    return defaulted;
  }) as typeof client.defaultQueryOptions;
  const mayRun = (query: Query) => {
    const rule = enabled.get(query.queryHash);
    return typeof rule === 'function' ? rule(query) !== false : rule !== false;
  };
  client.setQueryData(IDENTITY_KEY, identityOf(seed.viewer));
  client.setQueryData(APP_CONFIG_KEY, seed.appConfig);
  if (seed.property) client.setQueryData(gqlKey(propertyKey(seed.property.id)), { data: seed.property.answer });
  const dataProvider = createPortalDataProvider(
    createGraphqlClient({ url: DRAWING_GRAPHQL_URL, fetch: send, windowMs: 0 }),
  );

  // The reads the last drawing of this address made for this user, made now: the first render has their answers.
  const hintKey = `${seed.viewer.viewer.id} ${address}`;
  const hinted = await readHinted(hintKey, client, dataProvider);
  // Its prefetches went through defaultQueryOptions too: from here on the map holds what the renders ask for.
  enabled.clear();
  // What this drawing read (its own reads, and the hinted ones its renders asked for): the next drawing's hint.
  const read = new Set<string>();

  const handler = createStaticHandler([
    { path: '*', element: <App portal={<PortalApp drawing={{ client, dataProvider }} />} /> },
  ]);
  const context = await handler.query(new Request(new URL(address, 'http://portal.invalid')));
  if (context instanceof Response) throw new Error(`the portal's router answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const redirect: { to?: string } = {};
  // The property days it drew from are told with the page, so the portal's first render needs no zone data.
  const render = () =>
    zonesAsked(() =>
      drawnNamed(() =>
        renderToString(
          <DrawnRedirect.Provider value={redirect}>
            <ServerScreen.Provider value={{ wide }}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </ServerScreen.Provider>
          </DrawnRedirect.Provider>,
        ),
      ),
    );

  // The cache is this drawing's alone: emptied however it ends (a page, a redirect, none, a throw).
  try {
    for (let round = 1; ; round++) {
      const {
        result: { result: html, shown, missing },
        zones,
      } = render();
      if (redirect.to !== undefined) return { redirect: redirect.to };
      // A page the server does not draw (DRAWN_PAGES): the plain page, before any of its reads or its chunk.
      const undrawn = [...shown, ...missing].find((name) => !DRAWN_PAGES.has(lazyNamed(name)!));
      if (undrawn !== undefined) return { notDrawn: `${undrawn} is not drawn on the server` };
      const cache = client.getQueryCache();
      for (const hash of hinted) if (enabled.has(hash)) read.add(hash);
      const waiting = cache.findAll({
        predicate: (query) =>
          isDataRead(query) && query.state.status === 'pending' && query.state.fetchStatus === 'idle' && mayRun(query),
      });
      if ((waiting.length === 0 && missing.length === 0) || round === RENDERS) {
        // A hinted read the page no longer asks for is neither sent nor a reason not to draw.
        for (const query of cache.getAll())
          if (hinted.has(query.queryHash) && !read.has(query.queryHash)) cache.remove(query);
        const failed = cache.getAll().find((query) => query.state.status === 'error');
        if (failed) {
          forgetReads(hintKey);
          return { notDrawn: `a read failed (${JSON.stringify(failed.queryKey)}: ${failed.state.error?.message})` };
        }
        rememberReads(hintKey, client, read);
        const reads = { state: dehydrate(client), pages: shown, wide, zone: zoneHere(), days: daysOf(zones) };
        return { html, reads, renders: round };
      }
      for (const query of waiting) read.add(query.queryHash);
      // A page's chunk is loaded once per server; a drawing shows the page, never its loading spinner.
      await Promise.all([
        ...waiting.map((query) => query.fetch().catch(() => undefined)),
        ...missing.map((name) => lazyNamed(name)?.preload()),
      ]);
    }
  } catch (error) {
    forgetReads(hintKey);
    throw error;
  } finally {
    client.clear();
  }
}
