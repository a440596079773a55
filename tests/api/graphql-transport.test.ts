import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphqlClient } from '../../providers/graphql-client';
import { createGraphqlFetch } from '../../providers/graphql-transport';
import { createTestApp, type TestApp } from '../support/test-app';
import { schemaModules } from '../../server/schema';

let app: TestApp;
type Sent = { url: string; init: RequestInit };
let sent: Sent[];
const recordingFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  sent.push({ url: String(input), init: init ?? {} });
  return app.yoga.fetch(new URL(String(input)), init ?? {});
}) as typeof fetch;

const upload = {
  typeDefs: 'scalar File\nextend type Mutation { fileSize(file: File!): Int! }',
  resolvers: {
    Mutation: { fileSize: async (_: unknown, { file }: { file: File }) => (await file.arrayBuffer()).byteLength },
  },
};

beforeAll(async () => {
  app = await createTestApp({ seed: false, modules: [...schemaModules, upload] });
});
afterAll(() => app.close());

const client = (bearer: string | null = null) =>
  createGraphqlClient({ url: 'http://localhost/graphql', fetch: recordingFetch, getBearerToken: () => bearer });

describe('GraphQL transport (spec §7)', () => {
  it('batches up to 5 concurrent queries into one request and sends the rest in the next', async () => {
    sent = [];
    const c = client();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => c.query(`query Ping${i} { ping }`, {}).toPromise()),
    );
    expect(results.map((r) => r.data?.ping)).toEqual(Array(6).fill('pong'));
    expect(sent).toHaveLength(2);
    expect(JSON.parse(sent[0].init.body as string)).toHaveLength(5);
    expect(JSON.parse(sent[1].init.body as string)).toMatchObject({ operationName: 'Ping5' });
  });

  it('sends mutations alone, with credentials and a fresh correlation id each time', async () => {
    sent = [];
    const c = client();
    await Promise.all([
      c.mutation('mutation { ping }', {}).toPromise(),
      c.mutation('mutation { ping }', {}).toPromise(),
    ]);
    expect(sent).toHaveLength(2);
    const ids = sent.map((s) => new Headers(s.init.headers).get('x-correlation-id'));
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(sent.every((s) => s.init.credentials === 'include')).toBe(true);
  });

  it('adds the bearer ID token only when one is given (new-auth off)', async () => {
    sent = [];
    await client('id-token-abc').query('{ ping }', {}).toPromise();
    await client(null).query('{ ping }', {}).toPromise();
    expect(new Headers(sent[0].init.headers).get('authorization')).toBe('Bearer id-token-abc');
    expect(new Headers(sent[1].init.headers).get('authorization')).toBeNull();
  });

  it('sends a request carrying a file alone, as a multipart request the server accepts', async () => {
    sent = [];
    const c = client();
    const file = new File(['hello'], 'hello.txt', { type: 'text/plain' });
    const [withFile] = await Promise.all([
      c.mutation('mutation Up($f: File!) { fileSize(file: $f) }', { f: file }).toPromise(),
      c.query('{ ping }', {}).toPromise(),
    ]);
    expect(withFile.error).toBeUndefined();
    expect(withFile.data?.fileSize).toBe(5);
    const multipart = sent.find((s) => s.init.body instanceof FormData);
    expect(multipart).toBeDefined();
    expect(sent).toHaveLength(2);
  });

  it('answers every member of a refused batch with the server error', async () => {
    sent = [];
    const f = createGraphqlFetch({ fetch: recordingFetch, maxBatch: 6 });
    const calls = Array.from({ length: 6 }, () =>
      f('http://localhost/graphql', { method: 'POST', body: JSON.stringify({ query: '{ ping }' }) }).then((r) =>
        r.json(),
      ),
    );
    const bodies = await Promise.all(calls);
    expect(sent).toHaveLength(1);
    expect(bodies.every((b) => b.errors[0].message === 'Batching is limited to 5 operations per request.')).toBe(true);
  });
});
