import { createContext, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { theme } from 'antd';

/**
 * Whether the window is at least as wide as one of antd's Grid breakpoints (`sm`, `md`: the theme's
 * `screenSM`, `screenMD`), read from the media query on the first render and followed as it changes.
 * Grid.useBreakpoint learns the answer only in a layout effect and then redraws its whole component
 * once more, a blocking render of every page that asks; this one draws the page once.
 */
export function useScreenAtLeast(breakpoint: 'sm' | 'md'): boolean {
  const { token } = theme.useToken();
  const serverGuess = useContext(ServerScreen);
  const width = breakpoint === 'sm' ? token.screenSM : token.screenMD;
  const list = useMemo(
    () => (typeof matchMedia === 'function' ? matchMedia(`(min-width: ${width}px)`) : null),
    [width],
  );
  const subscribe = useCallback(
    (changed: () => void) => {
      list?.addEventListener('change', changed);
      return () => list?.removeEventListener('change', changed);
    },
    [list],
  );
  // The server's guess is also the first render's answer where the portal takes over its drawing
  // (hydrates it: src/router-root.tsx); React then reads the window's own and draws again if it differs.
  return useSyncExternalStore(
    subscribe,
    () => list?.matches ?? serverGuess.wide,
    () => serverGuess.wide,
  );
}

/**
 * Where there is no window (the server drawing a page's first screen, src/first-screen), whether
 * the screen is wide: a guess from the request (a phone's browser says Mobile), which the browser's
 * own answer replaces when the portal draws the page.
 */
export const ServerScreen = createContext({ wide: true });
