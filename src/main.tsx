import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './global.css';
import { startErrorReporting } from './lib/error-reporting';
import { SignInFirst } from './sign-in-first';
import { loadPortal, onPortalPath } from './public-paths';
import { PUBLIC_PATHS } from '../resources/public-paths';
import { antdStylesReady } from './lib/antd-styles';
import { afterFirstPaint } from './lib/after-first-paint';
import { FIRST_READS_ID } from '../resources/first-screen';

const container = document.getElementById('root')!;
// A page the server drew (its reads come with it) is taken over as it stands: src/router-root.tsx.
const drawn = document.getElementById(FIRST_READS_ID) !== null;
const root = drawn ? null : createRoot(container);
// Nothing of antd's draws before its built styles are in (src/lib/antd-styles.ts); they load beside the code.
const router = () =>
  Promise.all([import('./router-root'), antdStylesReady()]).then(([m]) =>
    root ? m.mountRouter(root) : m.takeOverDrawing(container),
  );

// /sign-in, where every signed-out visit lands, is drawn without react-router: the entry holds only
// it, and the router loads when the user moves on (the password step, a link) or once the page is idle.
if (location.pathname === PUBLIC_PATHS[0]) {
  void antdStylesReady().then(() =>
    startTransition(() => {
      root!.render(
        <StrictMode>
          <SignInFirst mountRouter={router} />
        </StrictMode>,
      );
    }),
  );
  // Moving on is the next step; its code loads while the user types, once the page has loaded and
  // its first paint is on screen (begun before, a phone's LCP would count its download).
  const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1));
  addEventListener('load', () => afterFirstPaint(() => idle(() => void import('./router-root'), { timeout: 3000 })), {
    once: true,
  });
} else {
  void router();
  // A portal address: the portal's chunk downloads beside the router's, not after it.
  if (onPortalPath()) void loadPortal();
}

// The error reporter starts after the first paint, and only when a DSN is configured.
afterFirstPaint(() => void startErrorReporting());
