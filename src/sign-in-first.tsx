import { useMemo } from 'react';
import { ThemeProvider } from './theme';
import { Tracking } from './portal/tracking';
import { ErrorBoundary } from './pages/error-boundary';
import { SignInPage } from './pages/auth/sign-in.page';
import { NavProvider, type Nav } from './lib/navigation';

let moves = 0;

/**
 * Sign-in as the first screen, before the router: the same page the router's /sign-in route shows,
 * with a nav of its own. Moving on writes the history entry as react-router writes its own
 * ({ usr, key, idx }) and hands over to the router, which draws the new address (and Back returns here).
 */
export function SignInFirst({ mountRouter }: { mountRouter: () => Promise<void> }) {
  const nav = useMemo<Nav>(
    () => ({
      pathname: location.pathname,
      search: location.search,
      state: (history.state as { usr?: unknown } | null)?.usr ?? null,
      navigate(to, options) {
        if (moves++) return; // the router takes over on the first move
        if (options?.replace) history.replaceState({ usr: options.state ?? null, key: 'default', idx: 0 }, '', to);
        else {
          history.replaceState({ usr: history.state?.usr ?? null, key: 'default', idx: 0 }, '');
          history.pushState(
            { usr: options?.state ?? null, key: Math.random().toString(36).slice(2, 10), idx: 1 },
            '',
            to,
          );
        }
        void mountRouter();
      },
    }),
    [mountRouter],
  );
  return (
    <ThemeProvider>
      <NavProvider value={nav}>
        <Tracking />
        <ErrorBoundary>
          <SignInPage />
        </ErrorBoundary>
      </NavProvider>
    </ThemeProvider>
  );
}
