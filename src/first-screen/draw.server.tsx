import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { App } from '../App';
import PortalApp from '../portal/portal-app';
import { ServerScreen } from '../lib/use-screen';
import type { FirstReads } from './first-reads';

/**
 * A signed-in page's first screen, drawn on the server (server/http/first-screen.ts) by the portal's
 * own components from the reads given (src/first-screen/first-reads.tsx): the same markup the
 * portal's first render in the browser draws from them, as plain HTML. `wide`: whether the screen
 * is guessed to be wide (the navigation as a column, not a drawer). Built by `vite build` into
 * dist-ssr/ (vite.config.ts).
 */
export async function drawFirstScreen(address: string, reads: FirstReads, wide: boolean): Promise<string> {
  const handler = createStaticHandler([{ path: '*', element: <App portal={<PortalApp reads={reads} />} /> }]);
  const context = await handler.query(new Request(new URL(address, 'http://portal.invalid')));
  if (context instanceof Response) throw new Error(`the portal's router answered ${context.status}`);
  return renderToString(
    <ServerScreen.Provider value={{ wide }}>
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />
    </ServerScreen.Provider>,
  );
}
