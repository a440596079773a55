import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

export type LazyComponent<P> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * A component whose code loads on first use, as with React.lazy, but without Suspense: until its
 * chunk is there it renders `fallback`, and the chunk's arrival is an ordinary state update, so
 * React shows it at once. (React holds back a Suspense boundary's content until 300 ms after its
 * fallback appeared, its reveal throttle: every first visit to a page waited for that, idle.)
 * Once loaded it renders synchronously, also when `preload` ran before the first render. A chunk
 * that fails to load is thrown during render, to the nearest error boundary, and the next mount
 * tries again.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode,
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  function Lazy(props: P) {
    // Whether this render may show the component; a chunk that arrives between the render that
    // showed the fallback and its effect still ends in a render of the component.
    const [ready, setReady] = useState(Boolean(loaded));
    const [error, setError] = useState<unknown>();
    useEffect(() => {
      if (!ready) preload().then(() => setReady(true), setError);
    }, [ready]);
    if (error) throw error;
    const Component = ready ? loaded : undefined;
    return Component ? <Component {...props} /> : fallback;
  }
  Lazy.preload = preload;
  return Lazy;
}
