import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` once its place comes near the screen (IntersectionObserver), and
 * an empty block of `minHeight` until then: what lies below the fold loads, fetches and runs its
 * scripts only when someone scrolls towards it, so the page above paints and answers at once. The
 * server's drawing of a page (src/first-screen) has the empty block too, as the portal's first render does.
 */
export function WhenVisible({ children, minHeight }: { children: ReactNode; minHeight: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (shown || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setShown(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setShown(true);
      },
      { rootMargin: '0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [shown]);
  if (shown) return <>{children}</>;
  return <div ref={ref} style={{ minHeight, width: '100%' }} aria-hidden data-when-visible />;
}
