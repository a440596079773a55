import { lazy, Suspense, useEffect, useState } from 'react';
import { useGetIdentity } from '@refinedev/core';

const Switcher = lazy(() => import('./switcher'));

/** The switcher (Ctrl+K / ⌘K), loaded once the page has painted and only for a signed-in user: no page waits for it. */
export function LazySwitcher() {
  const { data: user } = useGetIdentity();
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const start = () => setIdle(true);
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(start, { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(start, 500);
    return () => clearTimeout(timer);
  }, []);
  if (!idle || !user) return null;
  return (
    <Suspense fallback={null}>
      <Switcher />
    </Suspense>
  );
}
