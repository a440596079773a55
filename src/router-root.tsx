import { StrictMode, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { App } from './App';

/**
 * The whole portal under react-router: a data router (the portal's routes are descendant <Routes>
 * under one catch-all), so navigation blocking (useBlocker: the unsaved-changes guard) is the
 * router's own. Loaded by the entry at once on every address but /sign-in, and by sign-in when the
 * user moves on (src/main.tsx).
 */
export function mountRouter(root: Root) {
  const router = createBrowserRouter([{ path: '*', element: <App /> }]);
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
