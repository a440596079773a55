// @vitest-environment jsdom
import { afterEach, expect, it } from 'vitest';
import { Component, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { drawnNamed, lazyComponent, lazyNamed } from '../../src/lib/lazy-component';
import { renderToString } from 'react-dom/server';

afterEach(cleanup);

/** A chunk the test resolves or rejects by hand. */
function chunk() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const loads: Promise<void>[] = [];
  const load = () => {
    const p = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    loads.push(p);
    return p.then(() => ({ Greeting: ({ who }: { who: string }) => <p>Hello {who}</p> }));
  };
  return { load, resolve: () => resolve(), reject: (e: Error) => reject(e), loads };
}

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p>Failed: {this.state.error.message}</p> : this.props.children;
  }
}

it('shows the fallback, then the component as soon as its chunk arrives, with its props', async () => {
  const c = chunk();
  const Page = lazyComponent<{ who: string }>(c.load, 'Greeting', <p>Loading…</p>);
  render(<Page who="Sam" />);
  expect(screen.getByText('Loading…')).toBeTruthy();
  await act(async () => c.resolve());
  expect(screen.getByText('Hello Sam')).toBeTruthy();
  expect(screen.queryByText('Loading…')).toBeNull();
});

it('renders at once, without a fallback, when preloaded before the first render', async () => {
  const c = chunk();
  const Page = lazyComponent<{ who: string }>(c.load, 'Greeting', <p>Loading…</p>);
  const preloaded = Page.preload();
  c.resolve();
  await preloaded;
  render(<Page who="Ana" />);
  expect(screen.getByText('Hello Ana')).toBeTruthy();
  expect(c.loads).toHaveLength(1);
});

it('still shows the component when the chunk arrives between the render that showed the fallback and its effect', async () => {
  const c = chunk();
  // The fallback's own render lets the chunk in: it lands (a microtask) after that render and
  // before React runs the effects, in a later task of a real, unacted root.
  const LetIn = () => {
    c.resolve();
    return <p>Loading…</p>;
  };
  const Page = lazyComponent<{ who: string }>(c.load, 'Greeting', <LetIn />);
  void Page.preload();
  const acting = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  const root = createRoot(document.body.appendChild(document.createElement('div')));
  try {
    root.render(<Page who="Kim" />);
    await waitFor(() => expect(screen.getByText('Hello Kim')).toBeTruthy());
  } finally {
    root.unmount();
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = acting;
  }
});

it('throws a failed chunk to the error boundary, and the next mount loads it again', async () => {
  const c = chunk();
  const Page = lazyComponent<{ who: string }>(c.load, 'Greeting', <p>Loading…</p>);
  const first = render(
    <Boundary>
      <Page who="Lee" />
    </Boundary>,
  );
  await act(async () => c.reject(new Error('chunk gone')));
  expect(screen.getByText('Failed: chunk gone')).toBeTruthy();
  first.unmount();
  render(<Page who="Lee" />);
  expect(c.loads).toHaveLength(2);
  await act(async () => c.resolve());
  expect(screen.getByText('Hello Lee')).toBeTruthy();
});

it('names the pages a server render showed and those it showed loading, and finds a page by its name', async () => {
  const shown = chunk();
  const missing = chunk();
  const Shown = lazyComponent<{ who: string }>(shown.load, 'Greeting', <p>Loading…</p>, 'ShownPage');
  const Missing = lazyComponent<{ who: string }>(missing.load, 'Greeting', <p>Loading…</p>, 'MissingPage');
  const Unnamed = lazyComponent<{ who: string }>(chunk().load, 'Greeting', <p>Loading…</p>);
  const preloaded = Shown.preload();
  shown.resolve();
  await preloaded;
  const drawn = drawnNamed(() =>
    renderToString(
      <>
        <Shown who="Kai" />
        <Missing who="Lee" />
        <Unnamed who="Max" />
      </>,
    ),
  );
  expect(drawn.result).toBe('<p>Hello <!-- -->Kai</p><p>Loading…</p><p>Loading…</p>');
  expect(drawn).toMatchObject({ shown: ['ShownPage'], missing: ['MissingPage'] });
  expect(lazyNamed('MissingPage')).toBe(Missing);
  expect(lazyNamed('Nothing')).toBeUndefined();
  // Outside a drawing, nothing is noted; a name is given once.
  render(<Missing who="Lee" />);
  expect(drawnNamed(() => 'nothing drawn')).toEqual({ result: 'nothing drawn', shown: [], missing: [] });
  expect(() => lazyComponent(chunk().load, 'Greeting', null, 'ShownPage')).toThrow(
    'Two lazy components are named ShownPage',
  );
});
