import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NavProvider, type Nav } from '../lib/navigation';

/** The navigation of screens that also run without the router (src/lib/navigation.tsx), from react-router's own. */
export function RouterNav({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const nav = useMemo<Nav>(
    () => ({
      pathname: location.pathname,
      search: location.search,
      state: location.state,
      navigate: (to, options) => void navigate(to, options),
    }),
    [location, navigate],
  );
  return <NavProvider value={nav}>{children}</NavProvider>;
}
