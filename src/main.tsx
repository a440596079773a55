import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { App } from './App';
import './global.css';
import { startErrorReporting } from './lib/error-reporting';

// A data router (the portal's routes are descendant <Routes> under one catch-all), so navigation
// blocking (useBlocker: the unsaved-changes guard) is the router's own.
const router = createBrowserRouter([{ path: '*', element: <App /> }]);

// The first render as a transition: React renders it in slices and yields to the browser between
// them, instead of one long task that blocks input while the page starts (Lighthouse's TBT).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});

// The error reporter starts after the first render, and only when a DSN is configured.
setTimeout(() => void startErrorReporting(), 0);
