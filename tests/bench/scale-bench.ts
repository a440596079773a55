import path from 'node:path';
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { openDb } from '../../server/db/client';
import { createApiKey } from '../../server/reservations/api-keys';
import { RESERVATION_DOCS } from '../../resources/reservations/reservations.documents';
import { PROPERTY_DOCS } from '../../resources/properties/property.documents';
import { load, type LoadResult } from './load';
import { httpOk, startProcess, type Running } from './processes';
import { percentiles, type Samples } from './reservations-bench';

/**
 * Issue 32's rows, on PostgreSQL: the same read through a round-robin proxy to one instance and
 * to two on one database (alternating, ROUNDS each: on 2 cores the ratio shows the overhead of
 * the second process, not a gain), and a live event's trip from a booking received by instance A
 * to a `reservationsChanged` subscriber on instance B (through pg_notify and B's listener).
 */
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 3);
const LIVE_EVENTS = 100;
const PROPERTY = 1;

export type ScaleBench = {
  query: string;
  one: LoadResult[];
  two: LoadResult[];
  /** From sending the booking to A until B's subscriber has it, and A's own answer to the sender. */
  live: { delivered: Samples; answered: Samples };
};

type Deps = {
  /** Starts the built server with these env overrides and waits until it answers on `port`. */
  startAt: (port: number, overrides: Record<string, string>) => Promise<Running>;
  signIn: (base: string) => Promise<string>;
  log: (s: string) => void;
};

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** With the servers stopped: a booking key for property 1 and a room type and plan it sells. */
async function intakeScope(env: Record<string, string>) {
  const db = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const [sell] = await db.query<{ room: string; plan: string; currency: string }>(
      `select rt.id::text as room, rp.id::text as plan, trim(p.currency_code) as currency
         from room_types rt
         join rate_plan_room_types l on l.ref_id = rt.id
         join rate_plans rp on rp.id = l.owner_id and rp.property_id = rt.property_id
         join properties p on p.id = rt.property_id
        where rt.property_id = $1 limit 1`,
      [PROPERTY],
    );
    if (!sell) throw new Error(`scale bench: property ${PROPERTY} sells no room type`);
    const { key } = await db.transaction((tx) =>
      createApiKey(tx, { name: 'Scale bench booking system', allProperties: false, propertyIds: [PROPERTY] }),
    );
    return { ...sell, key };
  } finally {
    await db.close();
  }
}

export async function scaleBench(env: Record<string, string>, ports: number[], deps: Deps): Promise<ScaleBench> {
  if (!env.DATABASE_URL) throw new Error('the scale bench runs on PostgreSQL only');
  if (!(ROUNDS >= 1)) throw new Error(`BENCH_SCALE_ROUNDS must be at least 1 (got ${ROUNDS})`);
  const [portA, portB, proxyPort] = ports;
  await (await deps.startAt(portA, {})).stop(); // first start: migrations and demo data
  const scope = await intakeScope(env);
  // Each instance has its own data directory (its lock, media cache and mail outbox), as on its own host.
  const a = await deps.startAt(portA, {});
  const b = await deps.startAt(portB, { DATA_DIR: path.join(env.DATA_DIR, 'instance-b') });
  const proxies: Running[] = [];
  try {
    const cookie = await deps.signIn(`http://127.0.0.1:${portA}`);
    const query = {
      name: 'ManageProperty',
      operationName: 'ManageProperty',
      query: PROPERTY_DOCS.manageProperty,
      variables: { id: PROPERTY },
      cookie,
    };
    const proxy = async (upstreams: number[]) => {
      const running = await startProcess(
        'tests/bench/round-robin-proxy.ts',
        { PORT: String(proxyPort), UPSTREAMS: upstreams.join(',') },
        httpOk(`http://127.0.0.1:${proxyPort}/healthz`),
        deps.log,
      );
      proxies.push(running);
      return running;
    };
    const one: LoadResult[] = [];
    const two: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [upstreams, into] of [
        [[portA], one],
        [[portA, portB], two],
      ] as const) {
        deps.log(`scale: ${query.name} through the proxy to ${upstreams.length} instance(s), round ${round + 1}`);
        const running = await proxy([...upstreams]);
        const result = await load(`http://127.0.0.1:${proxyPort}/graphql`, query);
        await running.stop();
        if (result.errors + result.non2xx) throw new Error(`scale: ${result.errors + result.non2xx} requests failed`);
        into.push(result);
      }
    }
    deps.log(`scale: ${LIVE_EVENTS} bookings on A, heard on B`);
    const live = await liveLatency(portA, portB, cookie, scope);
    return { query: query.name, one, two, live };
  } finally {
    for (const p of proxies) await p.stop();
    await b.stop();
    await a.stop();
  }
}

async function liveLatency(
  portA: number,
  portB: number,
  cookie: string,
  scope: { room: string; plan: string; currency: string; key: string },
) {
  const heard = new Map<string, number>();
  let wake: (() => void) | null = null;
  const client = createClient({
    url: `ws://127.0.0.1:${portB}/graphql`,
    webSocketImpl: class extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers: { cookie } });
      }
    },
    retryAttempts: 0,
  });
  const stop = client.subscribe(
    { query: RESERVATION_DOCS.changed, variables: { propertyId: PROPERTY } },
    {
      next: (v) => {
        const ref = (v.data as { reservationsChanged?: { hotelRef: string } })?.reservationsChanged?.hotelRef;
        if (ref) heard.set(ref, performance.now());
        wake?.();
      },
      error: (e) => {
        throw new Error(`scale: the subscription on B failed: ${JSON.stringify(e).slice(0, 300)}`);
      },
      complete: () => undefined,
    },
  );
  const prefix = `SCALE-${Date.now().toString(36)}-`;
  const send = async (i: number) => {
    const res = await fetch(`http://127.0.0.1:${portA}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': scope.key },
      body: JSON.stringify({
        operationName: 'ReceiveBooking',
        query: RESERVATION_DOCS.receive,
        variables: {
          input: {
            action: 'new',
            propertyId: PROPERTY,
            bookingRef: `${prefix}${i}`,
            guest: { name: `Scale Guest ${i}`, email: `scale${i}@bench.example` },
            adults: 2,
            roomTypeId: scope.room,
            ratePlanId: scope.plan,
            checkIn: day(30 + (i % 200)),
            checkOut: day(31 + (i % 200)),
            total: '180.00',
            currency: scope.currency,
            paymentMethod: 'invoice',
          },
        },
      }),
    });
    const body = await res.json();
    if (!res.ok || body.errors) throw new Error(`scale: booking refused: ${JSON.stringify(body).slice(0, 300)}`);
    return body.data.receiveBooking.hotelRef as string;
  };
  const until = async (ref: string, ms: number) => {
    const deadline = performance.now() + ms;
    while (!heard.has(ref) && performance.now() < deadline) {
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, 20);
      });
    }
    return heard.get(ref);
  };
  try {
    // The subscription counts once it is authorized, a moment after subscribe: book until B hears one.
    let ready = false;
    for (let i = 0; i < 50 && !ready; i++) {
      const ref = await send(-1 - i);
      ready = (await until(ref, 200)) !== undefined;
    }
    if (!ready) throw new Error('scale: B never heard a booking received by A');
    const delivered: number[] = [];
    const answered: number[] = [];
    for (let i = 0; i < LIVE_EVENTS; i++) {
      const t = performance.now();
      const ref = await send(i);
      answered.push(performance.now() - t);
      const at = await until(ref, 5000);
      if (at === undefined) throw new Error(`scale: booking ${ref} received by A never reached B`);
      delivered.push(at - t);
    }
    return { delivered: percentiles(delivered), answered: percentiles(answered) };
  } finally {
    stop();
    await client.dispose();
  }
}
