import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { App, preloadPortal } from './App';
import { ServerScreen } from './lib/use-screen';
import { readFirstReads, zoneHere } from './first-screen/drawn-reads';
import { DRAWING_DIFFERED } from '../resources/first-screen';
import { tellDays } from '../resources/property-day';

/** The portal's one router: every address under the App's routes. */
const portalRouter = () => createBrowserRouter([{ path: '*', element: <App /> }]);

/**
 * The whole portal under react-router: a data router (the portal's routes are descendant <Routes>
 * under one catch-all), so navigation blocking (useBlocker: the unsaved-changes guard) is the
 * router's own. Loaded by the entry at once on every address but /sign-in, and by sign-in when the
 * user moves on (src/main.tsx).
 */
export function mountRouter(root: Root) {
  const router = portalRouter();
  // The first render as a transition: React renders it in slices and yields to the browser between
  // them, instead of one long task that blocks input while the page starts (Lighthouse's TBT).
  startTransition(() => {
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}

/** Calls `done` once the tree it wraps is on screen as React's (its first commit). */
function Committed({ done, children }: { done: () => void; children: ReactNode }) {
  useEffect(() => done(), [done]);
  return children;
}

/**
 * A page the server drew (src/first-screen): the portal's first render, from the reads and with the
 * screen the drawing had, is that same markup, and React takes it over as it stands (hydration) in
 * slices it yields between, instead of drawing the page again. Where the browser's time zone is not
 * the one the server drew in (its times would read differently), the portal draws the page anew
 * instead, and its first render replaces the drawing. The drawing is inert until then (a click
 * before the portal's code is in would do nothing); where it differs from the portal's page after
 * all, React draws it again and says so on the console. Until then it is hidden from assistive
 * technology too, as a page that does not yet answer.
 */
export async function takeOverDrawing(container: HTMLElement) {
  await preloadPortal();
  const router = portalRouter();
  const reads = readFirstReads();
  tellDays(reads?.days);
  const answering = () => {
    container.removeAttribute('inert');
    container.removeAttribute('aria-hidden');
  };
  const portal = (
    <StrictMode>
      <Committed done={answering}>
        <ServerScreen.Provider value={{ wide: reads?.wide ?? true }}>
          <RouterProvider router={router} />
        </ServerScreen.Provider>
      </Committed>
    </StrictMode>
  );
  startTransition(() => {
    if (reads?.zone !== zoneHere()) return createRoot(container).render(portal);
    hydrateRoot(container, portal, {
      onRecoverableError: (error) => console.error(DRAWING_DIFFERED, error),
    });
  });
}
