import { Children, isValidElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';

export type LazyComponent<P> = ComponentType<P> & {
  /** Starts fetching the chunk before the first render; never rejects (a failure shows when it renders). */
  preload: () => Promise<void>;
};

/** The lazy components given a name to be found by (`named`): a portal's pages. */
const byName = new Map<string, LazyComponent<never>>();

/** While the server draws a page: the named lazy components it showed, and those it could not yet (their chunks not loaded). */
let drawing: { shown: Set<string>; missing: Set<string> } | null = null;

/** A named lazy component (a page), as the server's drawing names the chunks its first screen needs. */
export const lazyNamed = (name: string) => byName.get(name);

/**
 * Runs a synchronous render, and says which named lazy components it showed (their chunks come
 * before the portal's first render) and which it showed as loading (the drawing loads them and draws again).
 */
export function drawnNamed<T>(render: () => T): { result: T; shown: string[]; missing: string[] } {
  drawing = { shown: new Set(), missing: new Set() };
  try {
    const result = render();
    return { result, shown: [...drawing.shown], missing: [...drawing.missing] };
  } finally {
    drawing = null;
  }
}

/**
 * The component exported as `name` by a chunk that loads on first use, as with React.lazy, but
 * without Suspense: until the chunk is there it renders `fallback`, and the chunk's arrival is an
 * ordinary state update, so React shows it at once. (React holds back a Suspense boundary's
 * content until 300 ms after its fallback appeared, its reveal throttle: every first visit to a
 * page waited for that, idle.) Once loaded it renders synchronously, also when `preload` ran
 * before the first render. A chunk that fails to load is thrown during render, to the nearest
 * error boundary, and the next mount tries again.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<Record<string, unknown>>,
  name: string,
  fallback: ReactNode,
  /** Given for a portal's page: the name it is found by (`lazyNamed`) when a drawn page needs its chunk. */
  named?: string,
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const fetchChunk = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module[name] as ComponentType<P>;
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
      if (!ready) fetchChunk().then(() => setReady(true), setError);
    }, [ready]);
    if (error) throw error;
    const Component = ready ? loaded : undefined;
    if (named) drawing?.[Component ? 'shown' : 'missing'].add(named);
    return Component ? <Component {...props} /> : fallback;
  }
  Lazy.preload = () => fetchChunk().catch(() => undefined);
  if (named) {
    if (byName.has(named)) throw new Error(`Two lazy components are named ${named}`);
    byName.set(named, Lazy as LazyComponent<never>);
  }
  return Lazy;
}

/** The lazy component an element renders, looking through the wrappers around it (gates, redirects' conditions). */
export function lazyIn(node: ReactNode): LazyComponent<never> | undefined {
  if (!isValidElement<{ children?: ReactNode }>(node)) return undefined;
  const type = node.type as Partial<LazyComponent<never>>;
  if (typeof type.preload === 'function') return type as LazyComponent<never>;
  for (const child of Children.toArray(node.props.children)) {
    const found = lazyIn(child);
    if (found) return found;
  }
  return undefined;
}
