import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { DataProvider } from '@refinedev/core';
import { forgetReads, HINTED_ADDRESSES, readHinted, rememberReads } from '../../src/first-screen/read-hints';
import { GQL_READ, gqlKey, type GqlRead } from '../../src/portal/use-gql';

/** The drawing's data provider as the hints use it: its custom call, answering each read by its variables. */
function provider(calls: GqlRead[], fail = false) {
  return {
    custom: async ({ meta }: { meta: { gqlQuery: string; gqlVariables: Record<string, unknown> } }) => {
      calls.push({ query: meta.gqlQuery, variables: meta.gqlVariables });
      if (fail) throw new Error('no');
      return { data: { answer: meta.gqlVariables } };
    },
  } as unknown as DataProvider;
}

const RESERVATIONS: GqlRead = { query: 'query Reservations($p: Int!) { x }', variables: { p: 1 } };
const GO_LIVE: GqlRead = { query: 'query GoLive($p: Int!) { y }', variables: { p: 1 } };

/** A drawing's cache after its reads: each answered under its key, with the read in its meta. */
async function drawnWith(reads: [readonly unknown[], GqlRead][]) {
  const client = new QueryClient();
  const read = new Set<string>();
  for (const [key, made] of reads) {
    await client.fetchQuery({
      queryKey: gqlKey(key),
      queryFn: async () => ({ data: made.variables }),
      meta: { [GQL_READ]: made },
    });
    read.add(client.getQueryCache().find({ queryKey: gqlKey(key), exact: true })!.queryHash);
  }
  return { client, read };
}

describe("a drawing's read hints", () => {
  it('makes the reads the last drawing of the address made for the user, afresh, before the first render', async () => {
    const last = await drawnWith([
      [['reservations', 1], RESERVATIONS],
      [['go-live', 1], GO_LIVE],
    ]);
    rememberReads('u1 /a', last.client, last.read);

    const calls: GqlRead[] = [];
    const next = new QueryClient();
    const hashes = await readHinted('u1 /a', next, provider(calls));
    expect(calls).toEqual([RESERVATIONS, GO_LIVE]);
    expect(hashes.size).toBe(2);
    expect(next.getQueryData(gqlKey(['reservations', 1]))).toEqual({ data: { answer: { p: 1 } } });
    // Kept with the read, so that this drawing can hint the next one in turn.
    expect(next.getQueryCache().find({ queryKey: gqlKey(['go-live', 1]) })?.meta?.[GQL_READ]).toEqual(GO_LIVE);

    // Another user's drawing of the address, or another address, reads nothing ahead.
    expect(await readHinted('u2 /a', new QueryClient(), provider(calls))).toEqual(new Set());
    expect(await readHinted('u1 /b', new QueryClient(), provider(calls))).toEqual(new Set());
    expect(calls).toHaveLength(2);
  });

  it('keeps only what the drawing read and used, with an operation to make it again; forgets on a failed drawing', async () => {
    const last = await drawnWith([
      [['reservations', 1], RESERVATIONS],
      [['go-live', 1], GO_LIVE],
    ]);
    // The seeded property (set, not read) and a read without its operation are never hinted.
    last.client.setQueryData(gqlKey(['property', 1]), { data: {} });
    await last.client.fetchQuery({ queryKey: ['data', 'list'], queryFn: async () => [] });
    const goLive = last.client.getQueryCache().find({ queryKey: gqlKey(['go-live', 1]) })!.queryHash;
    rememberReads('u1 /c', last.client, new Set([...last.read].filter((hash) => hash !== goLive)));

    const calls: GqlRead[] = [];
    await readHinted('u1 /c', new QueryClient(), provider(calls));
    expect(calls).toEqual([RESERVATIONS]);

    forgetReads('u1 /c');
    await readHinted('u1 /c', new QueryClient(), provider(calls));
    expect(calls).toHaveLength(1);
  });

  it('a hinted read that fails is left to the drawing as a failed read, and the oldest address goes past the limit', async () => {
    const last = await drawnWith([[['reservations', 1], RESERVATIONS]]);
    rememberReads('u1 /d', last.client, last.read);
    const next = new QueryClient();
    const calls: GqlRead[] = [];
    await readHinted('u1 /d', next, provider(calls, true));
    expect(next.getQueryState(gqlKey(['reservations', 1]))?.status).toBe('error');

    for (let i = 0; i < HINTED_ADDRESSES; i++) rememberReads(`u9 /${i}`, last.client, last.read);
    expect(await readHinted('u1 /d', new QueryClient(), provider(calls))).toEqual(new Set());
    expect((await readHinted(`u9 /${HINTED_ADDRESSES - 1}`, new QueryClient(), provider(calls))).size).toBe(1);
  });
});
