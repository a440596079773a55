import gql from 'graphql-tag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphqlClient } from '../../providers/graphql-client';
import { createPortalDataProvider } from '../../providers/data-provider';
import { schemaModules } from '../../server/schema';
import { createTestApp, type TestApp } from '../support/test-app';

let count = 0;
const counter = {
  typeDefs: `
    extend type Query { counted: Int }
    extend type Mutation { countOne: Int }`,
  resolvers: {
    Query: { counted: () => count },
    Mutation: { countOne: () => ++count },
  },
};

const READ = gql`query Counted { counted }`;
const WRITE = gql`mutation CountOne { countOne }`;

let app: TestApp;
let provider: ReturnType<typeof createPortalDataProvider>;
/** While set, an answer to a read waits here after the server has made it (a slow network back). */
let holdAnswers: Promise<void> | null = null;
/** Operations sent to the server (a batched POST carries several), and POSTs the server has answered. */
let sent = 0;
let answered = 0;
beforeAll(async () => {
  app = await createTestApp({ seed: false, modules: [...schemaModules, counter] });
  const slowBack = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body));
    sent += Array.isArray(body) ? body.length : 1;
    const held = holdAnswers;
    const response = await app.yoga.fetch(new URL(String(input)), init ?? {});
    answered++;
    if (held) await held;
    return response;
  }) as typeof fetch;
  provider = createPortalDataProvider(
    createGraphqlClient({ url: 'http://localhost/graphql', fetch: slowBack, windowMs: 0 }),
  );
});
afterAll(() => app.close());

const read = () =>
  provider.custom!({ url: '', method: 'post', meta: { gqlQuery: READ, gqlVariables: {} } }).then(
    (r) => (r.data as { counted: number }).counted,
  );

describe('data provider reads', () => {
  it('answers a read made after a write with what is there after it, though the same read is still on its way', async () => {
    count = 0;
    let release!: () => void;
    holdAnswers = new Promise((resolve) => {
      release = resolve;
    });
    answered = 0;
    const first = read();
    // The first read has been answered by the server (before the write) but is held on its way back.
    await expect.poll(() => answered).toBe(1);
    holdAnswers = null;
    await provider.custom!({ url: '', method: 'post', meta: { gqlMutation: WRITE, gqlVariables: {} } });
    const second = read();
    release();
    expect(await first).toBe(0);
    expect(await second).toBe(1);
    expect(sent).toBe(3);
  });

  it('sends each read it is asked for, identical reads at once included', async () => {
    count = 5;
    sent = 0;
    expect(await Promise.all([read(), read()])).toEqual([5, 5]);
    expect(sent).toBe(2);
  });
});
