import { lazy, Suspense, useEffect, useState } from 'react';
import { useGetIdentity } from '@refinedev/core';

const Switcher = lazy(() => import('./switcher'));

/** kbar's own shortcut ($mod+K: ⌘K on a Mac, Ctrl+K elsewhere), to know when the user first asks for it. */
const isMac = typeof navigator !== 'undefined' && navigator.platform === 'MacIntel';
const isSwitcherShortcut = (e: KeyboardEvent) =>
  (isMac ? e.metaKey : e.ctrlKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';

/**
 * The switcher (Ctrl+K / ⌘K) for a signed-in user, loaded the first time they press it and opened
 * as it arrives: a page never downloads or runs the command palette (kbar, 19 kB) that its user does
 * not open. From then on kbar's own shortcut opens and closes it.
 */
export function LazySwitcher() {
  const { data: user } = useGetIdentity();
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (asked || !user) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !isSwitcherShortcut(e)) return;
      e.preventDefault(); // the browser's own Ctrl+K (its search box) stays out of the way, as with kbar
      setAsked(true);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [asked, user]);
  if (!asked || !user) return null;
  return (
    <Suspense fallback={null}>
      <Switcher />
    </Suspense>
  );
}
