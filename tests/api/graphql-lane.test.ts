import { request } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../../server/http/http-server';
import { schemaModules } from '../../server/schema';
import { PROPERTY_DOCS } from '../../resources/properties/property.documents';
import { createTestApp, type TestApp } from '../support/test-app';
import { b64 } from '../support/auth-client';
import { asUser } from '../support/as-user';
import { testDbKind } from '../support/test-db';

/**
 * The HTTP server's direct lane must answer exactly as Yoga does: each request goes once through
 * a real HTTP server (the lane, or Yoga where the lane hands over) and once through yoga.fetch,
 * and status, content type, CORS and correlation headers, cookies and body must agree.
 */
let app: TestApp;
let http: ReturnType<typeof createHttpServer>;
let base: string;
const ORIGIN = 'https://portal.example';
/** An answer well over the compression threshold, and varied enough that its size shows the encoding. */
const LONG_TEXT = Array.from({ length: 600 }, (_, i) => `night ${i}: ${(i * 7919) % 1000} rooms`).join('; ');
const boom = {
  typeDefs: 'extend type Query { boom: String, long: String }',
  resolvers: {
    Query: {
      boom: () => {
        throw new Error('relation "secret_table" does not exist');
      },
      long: () => LONG_TEXT,
    },
  },
};

beforeAll(async () => {
  app = await createTestApp({
    modules: [...schemaModules, boom],
    env: { ANTISPAM_PROVIDER: 'off', ALLOWED_ORIGINS: ORIGIN },
  });
  http = createHttpServer(app.services, app.yoga, path.join(app.config.DATA_DIR, 'no-client'));
  base = `http://127.0.0.1:${await http.listen(0, '127.0.0.1')}`;
});
afterAll(async () => {
  await http.close();
  await app.close();
});

const COMPARED_HEADERS = [
  'content-type',
  'x-correlation-id',
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-expose-headers',
  'vary',
];

async function both(body: string, headers: Record<string, string> = {}) {
  const init = {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-correlation-id': 'lane-test-0001', ...headers },
    body,
  };
  const [lane, yoga] = await Promise.all([
    fetch(`${base}/graphql`, init),
    app.yoga.fetch('http://localhost/graphql', init),
  ]);
  const summary = async (r: Response) => ({
    status: r.status,
    headers: Object.fromEntries(COMPARED_HEADERS.map((h) => [h, r.headers.get(h)])),
    cookies: r.headers.getSetCookie().map((c) => c.split('=')[0]),
    body: await r.text(),
  });
  return { lane: await summary(lane), yoga: await summary(yoga) };
}

describe(`the direct GraphQL lane answers as Yoga does (${testDbKind})`, () => {
  it.each([
    ['a query, no Accept', JSON.stringify({ query: '{ ping }' }), {}],
    ['a query, Accept application/json', JSON.stringify({ query: '{ ping }' }), { accept: 'application/json' }],
    [
      'a query, the portal client Accept',
      JSON.stringify({ query: 'query P { ping }', operationName: 'P', variables: {} }),
      {
        accept:
          'application/graphql-response+json, application/graphql+json, application/json, text/event-stream, multipart/mixed',
      },
    ],
    [
      'a query, Accept led by event streams',
      JSON.stringify({ query: '{ ping }' }),
      { accept: 'text/event-stream, application/json' },
    ],
    [
      'a query, Accept in another charset',
      JSON.stringify({ query: '{ ping }' }),
      { accept: 'application/json; charset=latin1' },
    ],
    ['a signed-out viewer', JSON.stringify({ query: '{ viewer { id } }' }), {}],
    [
      'a resolver failure, masked',
      JSON.stringify({ query: '{ boom }' }),
      { accept: 'application/graphql-response+json' },
    ],
    ['a syntax error', JSON.stringify({ query: '{ ping ' }), {}],
    ['an unknown field, with suggestions blocked', JSON.stringify({ query: '{ pin }' }), {}],
    ['introspection in production', JSON.stringify({ query: '{ __schema { types { name } } }' }), {}],
    [
      'too many aliases',
      JSON.stringify({ query: `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: ping`).join(' ')} }` }),
      {},
    ],
    ['a missing variable', JSON.stringify({ query: 'query ($id: Int!) { viewer { property(id: $id) { id } } }' }), {}],
    ['a batch', JSON.stringify([{ query: '{ ping }' }, { query: '{ __typename }' }]), {}],
    ['bad JSON', '{"query": "{ ping }"', {}],
    ['a query that is not a string', JSON.stringify({ query: 1 }), {}],
    ['unknown parameters', JSON.stringify({ query: '{ ping }', extensions: { persistedQuery: { version: 1 } } }), {}],
    ['variables that are a list', JSON.stringify({ query: '{ ping }', variables: [1] }), {}],
    ['an operation name that matches nothing', JSON.stringify({ query: 'query A { ping }', operationName: 'B' }), {}],
    ['a subscription over POST', JSON.stringify({ query: 'subscription { __typename }' }), {}],
    ['an allowed origin', JSON.stringify({ query: '{ ping }' }), { origin: ORIGIN }],
    ['a foreign origin', JSON.stringify({ query: '{ ping }' }), { origin: 'https://evil.example' }],
    ['a malformed correlation id', JSON.stringify({ query: '{ ping }' }), { 'x-correlation-id': '<script>' }],
  ])('%s', async (_name, body, headers) => {
    const { lane, yoga } = await both(body, headers as Record<string, string>);
    if (headers['x-correlation-id' as never]) {
      expect(lane.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
      lane.headers['x-correlation-id'] = yoga.headers['x-correlation-id'];
    }
    expect(lane).toEqual(yoga);
  });

  it('a failed login and a signed-in page answer the same, cookies included', async () => {
    const wrong = JSON.stringify({
      query: 'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { success } }',
      variables: { u: b64('nobody@example.com'), p: b64('Wrong#Pass1') },
    });
    const failed = await both(wrong);
    expect(failed.lane).toEqual(failed.yoga);
    expect(JSON.parse(failed.lane.body).errors[0].extensions.code).toBe('NotAuthorizedException');

    // The admin's session cookies as asUser got them from the server, sent alike down both paths.
    const admin = await asUser(app, 'admin@harbourview.example');
    const cookie = ['access_token', 'id_token'].map((name) => `${name}=${admin.cookies.get(name)!.value}`).join('; ');
    const page = await both(
      JSON.stringify({ query: PROPERTY_DOCS.manageProperty, variables: { id: 1 }, operationName: 'ManageProperty' }),
      { cookie },
    );
    expect(page.lane).toEqual(page.yoga);
    expect(JSON.parse(page.lane.body).data.viewer.property).toMatchObject({ id: 1 });
    const hidden = await both(
      JSON.stringify({
        query: PROPERTY_DOCS.manageProperty,
        variables: { id: 999999 },
        operationName: 'ManageProperty',
      }),
      { cookie },
    );
    expect(hidden.lane).toEqual(hidden.yoga);
    expect(JSON.parse(hidden.lane.body).errors[0].message).toBe('Property not found.');
  });

  it('refuses a body over the limit before reading it, and one that lies about its length', async () => {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ ping } # ${'x'.repeat(app.config.MAX_BODY_BYTES)}` }),
    });
    expect(res.status).toBe(413);
  });

  describe('compresses a large JSON answer for a client that takes it', () => {
    /** The raw answer, as the bytes arrived (fetch would decode them). */
    const raw = (body: string, acceptEncoding?: string) =>
      new Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer }>((resolve, reject) => {
        const req = request(
          `${base}/graphql`,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }),
            );
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const one = JSON.stringify({ query: '{ long }' });
    const batch = JSON.stringify([{ query: '{ long }' }, { query: '{ ping }' }]);

    it.each([
      ['the lane, Brotli first', one, 'gzip, deflate, br', 'br'],
      ['the lane, gzip only', one, 'gzip', 'gzip'],
      ['a batch through Yoga, Brotli', batch, 'br;q=1.0, gzip;q=0.5', 'br'],
      ['a batch through Yoga, Brotli refused', batch, 'br;q=0, gzip', 'gzip'],
    ])('%s', async (_name, body, acceptEncoding, encoding) => {
      const res = await raw(body, acceptEncoding);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(res.headers['content-length']).toBe(String(res.bytes.length));
      expect(res.headers['transfer-encoding']).toBeUndefined();
      const text = (encoding === 'br' ? zlib.brotliDecompressSync(res.bytes) : zlib.gunzipSync(res.bytes)).toString();
      expect(res.bytes.length).toBeLessThan(text.length / 2);
      const answer = JSON.parse(text);
      expect(Array.isArray(answer) ? answer[0].data.long : answer.data.long).toBe(LONG_TEXT);
    });

    it('sends it as it is to a client that asks for no encoding, and a small answer always', async () => {
      const plain = await raw(one);
      expect(plain.headers['content-encoding']).toBeUndefined();
      // Its length goes ahead of it, as it does for every answer below: never chunked.
      expect(plain.headers['content-length']).toBe(String(plain.bytes.length));
      expect(plain.headers['transfer-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/Accept-Encoding/);
      expect(JSON.parse(plain.bytes.toString()).data.long).toBe(LONG_TEXT);
      const identity = await raw(one, 'identity');
      expect(identity.headers['content-encoding']).toBeUndefined();
      const small = await raw(JSON.stringify({ query: '{ ping }' }), 'br, gzip');
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.headers.vary ?? '').not.toMatch(/Accept-Encoding/);
      expect(small.headers['content-length']).toBe(String(small.bytes.length));
      expect(JSON.parse(small.bytes.toString()).data).toEqual({ ping: expect.any(String) });
    });
  });
});
