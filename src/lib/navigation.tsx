import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/**
 * Where the user is and how to move on, for the screens that must work without the router: sign-in
 * is drawn before react-router (≈ 25 kB gzipped) has loaded (src/main.tsx), and inside the router
 * once it has (src/portal/router-nav.tsx gives the same shape from react-router's hooks).
 */
export type Nav = {
  pathname: string;
  search: string;
  /** The history entry's state, as react-router's `location.state`. */
  state: unknown;
  navigate(to: string, options?: { replace?: boolean; state?: unknown }): void;
};

const NavContext = createContext<Nav | null>(null);
export const NavProvider = NavContext.Provider;

export function useNav(): Nav {
  const nav = useContext(NavContext);
  if (!nav) throw new Error('useNav is used outside a NavProvider');
  return nav;
}

/** A real link (href, open in a new tab) that moves on through the nav in context on a plain click. */
export function NavLink({ to, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const nav = useNav();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    nav.navigate(to);
  };
  return <a href={to} onClick={follow} {...rest} />;
}
