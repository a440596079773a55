import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { schemaModules } from '../../server/schema';
import { testDbKind } from '../support/test-db';

let app: TestApp;
const boom = {
  typeDefs: 'extend type Query { boom: String }',
  resolvers: {
    Query: {
      boom: () => {
        throw new Error('relation "secret_table" does not exist at /srv/x.ts:12');
      },
    },
  },
};

beforeAll(async () => {
  app = await createTestApp({ seed: false, modules: [...schemaModules, boom] });
});
afterAll(() => app.close());

const post = (body: unknown, headers: Record<string, string> = {}) =>
  app.postGraphql({ headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe(`GraphQL baseline (${testDbKind})`, () => {
  it('answers a batch of 5 operations in one response', async () => {
    const res = await post([
      { query: '{ ping }' },
      { query: '{ __typename }' },
      { query: '{ ping }' },
      { query: '{ ping }' },
      { query: 'query { ping }' },
    ]);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toHaveLength(5);
    expect(body[0]).toEqual({ data: { ping: 'pong' } });
    expect(body[1]).toEqual({ data: { __typename: 'Query' } });
  });

  it('refuses a batch of 6 with a clear error', async () => {
    const res = await post(Array.from({ length: 6 }, () => ({ query: '{ ping }' })));
    expect(res.status).toBe(413);
    const body = await res.json();
    expect(body.errors[0].message).toBe('Batching is limited to 5 operations per request.');
  });

  it('gives no Access-Control-Allow-Origin to a foreign origin, and the exact origin to a listed one', async () => {
    const evil = await post({ query: '{ ping }' }, { origin: 'https://evil.example' });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await app.yoga.fetch('http://localhost/graphql', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();

    const good = await post({ query: '{ ping }' }, { origin: 'http://localhost:3000' });
    expect(good.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(good.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('refuses a multipart request without the CSRF header and accepts it with one', async () => {
    const form = () => {
      const f = new FormData();
      f.set('operations', JSON.stringify({ query: 'mutation { ping }' }));
      f.set('map', '{}');
      return f;
    };
    const refused = await app.yoga.fetch('http://localhost/graphql', { method: 'POST', body: form() });
    expect(refused.status).toBe(403);
    expect((await refused.json()).errors[0].message).toMatch(/CSRF/i);

    const accepted = await app.yoga.fetch('http://localhost/graphql', {
      method: 'POST',
      body: form(),
      headers: { 'x-correlation-id': 'test-csrf-0001' },
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ data: { ping: 'pong' } });
  });

  it('masks an unexpected error and logs the real one with the correlation id', async () => {
    const res = await post({ query: '{ boom }' }, { 'x-correlation-id': 'corr-boom-12345' });
    const body = await res.json();
    expect(body.errors[0].message).toBe('Unexpected error.');
    expect(JSON.stringify(body)).not.toMatch(/secret_table|\/srv\/x\.ts|stack/);
    expect(res.headers.get('x-correlation-id')).toBe('corr-boom-12345');
    const entry = app.logs.find((l) => l.msg === 'Unexpected error in resolver');
    expect(entry).toMatchObject({ level: 'error', correlationId: 'corr-boom-12345', path: 'boom' });
    expect((entry!.err as { message: string }).message).toContain('secret_table');
  });

  it('replaces a malformed correlation id with a fresh one', async () => {
    const res = await post({ query: '{ ping }' }, { 'x-correlation-id': '<script>' });
    expect(res.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses queries that are too deep or use too many aliases', async () => {
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: ping`).join(' ');
    const res = await post({ query: `{ ${aliases} }` });
    const body = await res.json();
    expect(body.data).toBeUndefined();
    expect(body.errors[0].message).toMatch(/aliases/i);

    const deep = `{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } } }`;
    const deepBody = await (await post({ query: deep })).json();
    expect(deepBody.data).toBeUndefined();
    expect(deepBody.errors.length).toBeGreaterThan(0);
  });

  it('counts every alias, __typename too, and answers 101 of them or ten duplicated directives with one error (graphql-cop)', async () => {
    const typenames = Array.from({ length: 101 }, (_, i) => `t${i}: __typename`).join(' ');
    const aliased = await (await post({ query: `{ ${typenames} }` })).json();
    expect(aliased.data).toBeUndefined();
    expect(aliased.errors).toHaveLength(1);
    expect(aliased.errors[0].message).toMatch(/aliases/i);
    const directives = await (await post({ query: `{ ping ${'@skip(if: false) '.repeat(10)}}` })).json();
    expect(directives.data).toBeUndefined();
    expect(directives.errors).toHaveLength(1);
    const many = await (await post({ query: `{ ping ${'@skip(if: false) '.repeat(11)}}` })).json();
    expect(many.errors).toHaveLength(1);
    expect(many.errors[0].message).toMatch(/directives/i);
    // Within the limits, __typename is answered as before.
    const few = await (await post({ query: '{ a: __typename b: __typename ping @skip(if: false) }' })).json();
    expect(few).toEqual({ data: { a: 'Query', b: 'Query', ping: 'pong' } });
  });

  it('has introspection and GraphiQL off in production', async () => {
    const body = await (await post({ query: '{ __schema { queryType { name } } }' })).json();
    expect(body.data).toBeUndefined();
    expect(body.errors[0].message).toMatch(/introspection/i);
    const page = await app.yoga.fetch('http://localhost/graphql', { headers: { accept: 'text/html' } });
    expect(await page.text()).not.toMatch(/graphiql/i);
  });

  it('does not suggest field names to a prober', async () => {
    const body = await (await post({ query: '{ pin }' })).json();
    expect(body.errors[0].message).not.toMatch(/Did you mean/);
  });
});
