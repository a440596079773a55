// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Refine, type DataProvider } from '@refinedev/core';
import { QueryClient } from '@tanstack/react-query';
import { useGql } from '../../src/portal/use-gql';

afterEach(cleanup);

type Answer = { value: string; reads: number; hold?: Promise<void> };

/** A data provider whose custom read answers `answer.value` as the read arrives (after `hold`, if set), counting reads. */
function provider(answer: Answer): DataProvider {
  const none = () => Promise.reject(new Error('not used'));
  return {
    getList: none,
    getOne: none,
    create: none,
    update: none,
    deleteOne: none,
    getApiUrl: () => '',
    custom: async () => {
      answer.reads++;
      const value = answer.value;
      await answer.hold;
      return { data: { thing: { value } } } as never;
    },
  };
}

/** Lets every draw and deferred draw the last change brought happen. */
const settled = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

type Seen = { value?: string; fetching: boolean };

function setUp(answer: Answer) {
  const draws: Seen[] = [];
  let reread!: () => Promise<void>;
  function Thing() {
    const { data, isFetching, rereadQuietly } = useGql<{ thing: { value: string } }>(['thing'], 'query Thing { x }');
    reread = rereadQuietly;
    draws.push({ value: data?.thing.value, fetching: isFetching });
    return <p>{data?.thing.value ?? 'loading'}</p>;
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Refine dataProvider={provider(answer)} options={{ disableTelemetry: true, reactQuery: { clientConfig: client } }}>
      <Thing />
    </Refine>,
  );
  return { draws, reread: () => reread() };
}

describe("useGql's quiet reread", () => {
  it('draws nothing again when the answer is the same, and shows no read in progress while it reads', async () => {
    const answer = { value: 'one', reads: 0 };
    const { draws, reread } = setUp(answer);
    await screen.findByText('one');
    await settled();
    const before = draws.length;
    await act(() => reread());
    await settled();
    expect(answer.reads).toBe(2);
    expect(draws.length).toBe(before);
  });

  it('draws the new answer when it differs, without a read in progress on screen', async () => {
    const answer = { value: 'one', reads: 0 };
    const { draws, reread } = setUp(answer);
    await screen.findByText('one');
    await settled();
    const before = draws.length;
    answer.value = 'two';
    await act(() => reread());
    await screen.findByText('two');
    expect(draws.slice(before).every((d) => !d.fetching)).toBe(true);
    expect(draws.slice(before).map((d) => d.value)).toContain('two');
  });

  it('keeps the answer of the last read sent where two overlap, though the first comes back last', async () => {
    const answer: Answer = { value: 'one', reads: 0 };
    const { reread } = setUp(answer);
    await screen.findByText('one');
    let release!: () => void;
    answer.hold = new Promise((resolve) => {
      release = resolve;
    });
    answer.value = 'two';
    const first = reread(); // reads 'two', held on its way back
    answer.hold = undefined;
    answer.value = 'three';
    await act(() => reread()); // reads 'three', back at once
    await screen.findByText('three');
    release();
    await act(() => first);
    await settled();
    expect(screen.getByText('three')).toBeTruthy();
    expect(screen.queryByText('two')).toBeNull();
  });
});
