import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { createHttpServer } from '../../server/http/http-server';
import { NOT_BUILT_MESSAGE } from '../../server/http/static-files';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let http: ReturnType<typeof createHttpServer>;
let base: string;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div><!-- spa -->');
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  // The build's page for the public screens: index.html without the portal's frame.
  writeFileSync(path.join(dist, 'public.html'), '<!doctype html><div id="root"></div><!-- public -->');
  app = await createTestApp({
    seed: false,
    env: {
      PORT: '0',
      MAX_BODY_BYTES: '2048',
      LEGACY_APP_URL: 'https://legacy.example',
      SUPPORT_EMAIL: 'help@hotels.example',
      SUPPORT_PHONE: '02 9999 0000',
      HOTEL_SITES: 'Stay Rewards|https://stay.example, Luxe Rewards|https://luxe.example',
    },
  });
  http = createHttpServer(app.services, app.yoga, dist);
  const port = await http.listen(0, '127.0.0.1');
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await http.close();
  await app.close();
});

describe('HTTP server', () => {
  it('serves the SPA for public routes (their page without the portal frame) and deep links, with security headers', async () => {
    for (const [p, page] of [
      ['/sign-in', 'public'],
      ['/sign-in?to=%2Fproperties%2F1', 'public'],
      ['/forgot-password', 'public'],
      ['/properties/1/contacts/primary', 'spa'],
      ['/', 'spa'],
    ]) {
      const res = await fetch(base + p);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(`<!-- ${page} -->`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
    const asset = await fetch(`${base}/assets/app-1234.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('answers pages 503 with what to do while the client is not built (a build emptying dist), stays up, and serves the new build', async () => {
    rmSync(dist, { recursive: true, force: true });
    for (const p of ['/', '/properties/1/rates', '/assets/app-1234.js']) {
      const res = await fetch(base + p);
      expect(res.status).toBe(503);
      expect(await res.text()).toBe(NOT_BUILT_MESSAGE);
    }
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div><!-- rebuilt -->');
    writeFileSync(path.join(dist, 'assets', 'app-5678.js'), 'console.log(2)');
    expect(await (await fetch(`${base}/properties/1/rates`)).text()).toContain('<!-- rebuilt -->');
    expect((await fetch(`${base}/assets/app-5678.js`)).status).toBe(200);
    // The old build's asset is gone: not found, not a crash.
    expect((await fetch(`${base}/assets/app-1234.js`)).headers.get('content-type')).not.toContain('javascript');
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div><!-- spa -->');
  });

  it('tells the page its runtime settings: legacy host, support details, hotel sites', async () => {
    const res = await fetch(`${base}/app-config`);
    expect(await res.json()).toEqual({
      legacyAppUrl: 'https://legacy.example',
      sentryDsn: null,
      support: { email: 'help@hotels.example', phone: '02 9999 0000' },
      hotelSites: [
        { label: 'Stay Rewards', href: 'https://stay.example' },
        { label: 'Luxe Rewards', href: 'https://luxe.example' },
      ],
    });
  });

  it('/vip sets enableAllFeatures=true (Secure in production) and goes home', async () => {
    const res = await fetch(`${base}/vip`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(res.headers.get('set-cookie')).toMatch(
      /^enableAllFeatures=true; Path=\/; SameSite=Lax; Max-Age=31536000; Secure$/,
    );
  });

  it('reports health with the database state', async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: 'ok', database: { ok: true } });
  });

  it('answers /graphql over HTTP and refuses an oversized body with 413', async () => {
    const ok = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ ping }' }),
    });
    expect(await ok.json()).toEqual({ data: { ping: 'pong' } });
    const big = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ ping }', variables: { x: 'a'.repeat(5000) } }),
    });
    expect(big.status).toBe(413);
    expect((await big.json()).errors[0].message).toBe('Request body too large.');
  });

  it('runs subscriptions over graphql-ws on /graphql', async () => {
    const client = createClient({
      url: `${base.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    });
    const values: unknown[] = [];
    await new Promise<void>((resolve, reject) => {
      client.subscribe(
        { query: 'subscription { ping }' },
        { next: (v) => values.push(v), error: reject, complete: resolve },
      );
    });
    await client.dispose();
    expect(values).toEqual([{ data: { ping: 'pong' } }]);
  });

  it('refuses a WebSocket from a foreign origin', async () => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', {
      origin: 'https://evil.example',
    });
    const status = await new Promise<number>((resolve) =>
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(status).toBe(401);
  });
});

describe('shutting down (issue 32)', () => {
  it('closes live sockets with Going Away, drops idle keep-alive connections at once, and stops taking connections', async () => {
    const own = createHttpServer(app.services, app.yoga, dist);
    const at = `http://127.0.0.1:${await own.listen(0, '127.0.0.1')}`;
    // An idle keep-alive connection (fetch keeps it for the next request) and an open live socket.
    expect((await fetch(`${at}/healthz`)).status).toBe(200);
    const closes: number[] = [];
    const client = createClient({
      url: `${at.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      lazy: false,
      onNonLazyError: () => undefined, // the close is what this test expects, not an error to print
      on: { closed: (e) => closes.push((e as { code: number }).code) },
    });
    await new Promise<void>((resolve) => client.on('connected', () => resolve()));
    const started = performance.now();
    await own.close(30_000);
    // Well inside the grace period: nothing was in flight, so nothing waited for it.
    expect(performance.now() - started).toBeLessThan(5_000);
    await expect.poll(() => closes).toContain(1001);
    await expect(fetch(`${at}/healthz`)).rejects.toThrow();
    await client.dispose();
  });
});
