import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import path from 'node:path';
import pg from 'pg';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDbKind } from '../../support/test-db';
import { accessCookie } from '../../support/as-user';
import { createHttpServer } from '../../../server/http/http-server';
import { RATES_DOCS } from '../../../resources/rates-inventory/rates-inventory.documents';

/**
 * Backends terminated under a live server, on real PostgreSQL: idle, mid-request, mid-transaction,
 * and the whole database refusing connections. The process must live (an unhandled 'error' event
 * would fail this file), acknowledged writes must be there with their audit rows, and /healthz must
 * go 503 and come back to 200 by itself.
 */
const UPDATE =
  'mutation U($attributes: [AttributeInput!]!) { updateUserAttributes(attributes: $attributes) { success } }';
const ME = 'query { viewer { user { position } } }';

describe.skipIf(testDbKind !== 'postgres')('database faults (PostgreSQL)', () => {
  let app: TestApp;
  let admin: pg.Client;
  let dbName: string;
  let cookie: string;
  let userId: number;
  let base: string;
  let http: ReturnType<typeof createHttpServer>;

  beforeAll(async () => {
    app = await createTestApp();
    [{ name: dbName }] = await app.db.query<{ name: string }>('select current_database() as name');
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    [{ id: userId }] = await app.db.query<{ id: number }>(
      "select id from users where email = 'editor@harbourview.example'",
    );
    cookie = await accessCookie(app, 'editor@harbourview.example');
    http = createHttpServer(app.services, app.yoga, path.join(app.config.DATA_DIR, 'no-client'));
    base = `http://127.0.0.1:${await http.listen(0, '127.0.0.1')}`;
  });
  afterAll(async () => {
    await admin?.query(`alter database ${dbName} with allow_connections true`).catch(() => undefined);
    await admin?.end();
    await http?.close();
    await app?.close();
  });

  /** The test's own lock holder, which must survive the kills. */
  let spared = 0;
  /** Ends every backend of the server's database (not the admin's, which is on another database). */
  const terminate = async () =>
    (
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> $2', [
        dbName,
        spared,
      ])
    ).rowCount;

  const post = (query: string, variables?: Record<string, unknown>) =>
    app.gql<any>(query, variables, { headers: { cookie } });

  /** Resolves once one of the server's backends is waiting for a lock (the request is mid-flight). */
  const waitForLockWait = () =>
    vi.waitFor(
      async () => {
        const { rowCount } = await admin.query(
          "select 1 from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
          [dbName],
        );
        if (!rowCount) throw new Error('no request reached the lock');
      },
      { timeout: 5_000, interval: 25 },
    );

  /**
   * Starts a request while a transaction of the test holds an exclusive lock on `table`, waits until
   * the request's query is stuck behind it (mid-request), terminates the server's backends, then
   * lets the lock go and returns the request's answer.
   */
  async function killMidFlight<T>(table: string, start: () => Promise<T>): Promise<T> {
    const holder = new pg.Client({
      connectionString: process.env.TEST_DATABASE_URL!.replace(/\/[^/]*$/, `/${dbName}`),
    });
    holder.on('error', () => undefined);
    await holder.connect();
    [{ pid: spared }] = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows;
    try {
      await holder.query('begin');
      await holder.query(`lock table ${table} in access exclusive mode`);
      const pending = start();
      await waitForLockWait();
      expect(await terminate()).toBeGreaterThan(0);
      await holder.query('commit');
      return await pending;
    } finally {
      await holder.end().catch(() => undefined);
      spared = 0;
    }
  }

  const auditRows = (correlationId: string) =>
    app.db.query<{ after: { position?: string } }>(
      "select after from audit_log where action = 'user.update_attributes' and correlation_id = $1",
      [correlationId],
    );

  it('survives idle connections being terminated and serves the next request on a new one', async () => {
    await Promise.all([post(ME), post(ME), post(ME)]); // a few pooled connections, now idle
    expect(await terminate()).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 200)); // the pool hears of the deaths
    const res = await post(UPDATE, { attributes: [{ name: 'custom:position', value: 'After idle kill' }] });
    expect(res.body).toEqual({ data: { updateUserAttributes: { success: true } } });
    expect(await auditRows(res.headers.get('x-correlation-id')!)).toHaveLength(1);
    expect(app.logs.some((l) => l.event === 'db.connection_lost')).toBe(true);
  });

  it('retries a read whose connection died mid-request', async () => {
    const res = await killMidFlight('users', () => post('query { currentUser { cognitoAttributes } }'));
    expect(res.body.errors).toBeUndefined();
    expect(JSON.stringify(res.body.data)).toContain('editor@harbourview.example');
  });

  it('runs a transaction again when its connection died before COMMIT: the write and its audit row, once', async () => {
    // The user row is updated; the audit insert waits for the lock when the connection dies.
    const res = await killMidFlight('audit_log', () =>
      post(UPDATE, { attributes: [{ name: 'custom:position', value: 'Mid-transaction' }] }),
    );
    expect(res.body).toEqual({ data: { updateUserAttributes: { success: true } } });
    const [row] = await app.db.query<{ position: string }>('select position from users where id = $1', [userId]);
    expect(row.position).toBe('Mid-transaction');
    const audit = await auditRows(res.headers.get('x-correlation-id')!);
    expect(audit).toHaveLength(1);
    expect(audit[0].after.position).toBe('Mid-transaction');
    expect(app.logs.some((l) => l.event === 'db.transaction_retry')).toBe(true);
  });

  it('runs a rates save again whole when it died before its history record: its cells and one record, once', async () => {
    const [cell] = await app.db.query<{ room: string; plan: string }>(
      `select t.id::text as room, l.owner_id::text as plan from room_types t
         join rate_plan_room_types l on l.ref_id = t.id where t.property_id = 1 order by t.id, l.owner_id limit 1`,
    );
    const date = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
    const res = await killMidFlight('audit_log', () =>
      post(RATES_DOCS.saveCells, {
        input: {
          propertyId: 1,
          roomTypeId: cell.room,
          cells: [{ ratePlanId: cell.plan, date, field: 'rate', value: '321' }],
        },
      }),
    );
    expect(res.body.errors).toBeUndefined();
    const correlationId = res.headers.get('x-correlation-id')!;
    const records = await app.db.query<{ after: { batchId: string } }>(
      "select after from audit_log where action = 'rates.save' and correlation_id = $1",
      [correlationId],
    );
    expect(records).toHaveLength(1);
    expect(records[0].after.batchId).toBe(res.body.data.saveRatesCells.batchId);
    const changes = await app.db.query<{ batch_id: string; after: string }>(
      "select batch_id::text, after from rates_changes where property_id = 1 and rate_plan_id = $1 and day = $2 and field = 'rate'",
      [cell.plan, date],
    );
    expect(changes).toEqual([{ batch_id: records[0].after.batchId, after: '321.00' }]);
  });

  it('keeps every acknowledged write, with its audit row, while backends keep dying', async () => {
    let killing = true;
    // Bursts of three kills 60 ms apart, then 400 ms of quiet: on a loaded machine a write can take
    // longer than 60 ms, so without the quiet spells every write could (rightly) be refused.
    const killer = (async () => {
      for (let n = 0; killing; n++) {
        await terminate();
        await new Promise((r) => setTimeout(r, n % 3 === 2 ? 400 : 60));
      }
    })();
    // Four clients, six writes each, one after another, while the backends keep dying.
    const results = (
      await Promise.all(
        [0, 1, 2, 3].map(async (worker) => {
          const mine = [];
          for (let n = 0; n < 6; n++) {
            const i = worker * 6 + n;
            mine.push({ i, r: await post(UPDATE, { attributes: [{ name: 'custom:position', value: `Write ${i}` }] }) });
          }
          return mine;
        }),
      )
    ).flat();
    killing = false;
    await killer;
    const acknowledged = results.filter(({ r }) => r.body.data?.updateUserAttributes?.success);
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const { i, r } of acknowledged) {
      const audit = await auditRows(r.headers.get('x-correlation-id')!);
      expect(audit.map((a) => a.after.position)).toEqual([`Write ${i}`]);
    }
    // What was not acknowledged says so clearly, and may be sent again.
    for (const { r } of results.filter(({ r }) => !r.body.data?.updateUserAttributes?.success)) {
      expect(r.body.errors?.[0]).toMatchObject({ extensions: { code: 'DATABASE_UNAVAILABLE', retryable: true } });
    }
  });

  it('answers /healthz 503 "unavailable" while the database is away and 200 when it is back, without a restart', async () => {
    // The test before this one cut every connection, the listener's too: it is back within a second
    // or two, and until then the instance rightly says it is not ready.
    await vi.waitFor(async () => expect((await fetch(`${base}/healthz`)).status).toBe(200), {
      timeout: 10_000,
      interval: 100,
    });
    await admin.query(`alter database ${dbName} with allow_connections false`);
    try {
      await terminate();
      const down = await fetch(`${base}/healthz`);
      expect(down.status).toBe(503);
      const body = await down.json();
      expect(body.database).toMatchObject({ ok: false, detail: 'unavailable' });
      expect(JSON.stringify(body)).not.toMatch(/accepting connections|terminat|database "/i);
      // The reason goes to the log instead.
      expect(
        app.logs.some(
          (l) => l.event === 'health.database_unavailable' && /accepting connections|terminat/i.test(String(l.detail)),
        ),
      ).toBe(true);

      // A signed-in request gets a clear, retryable error, logged with its correlation id.
      const refused = await post(ME);
      expect(refused.body.errors?.[0]).toMatchObject({ extensions: { code: 'DATABASE_UNAVAILABLE' } });
      const id = refused.headers.get('x-correlation-id');
      expect(app.logs.some((l) => l.correlationId === id && l.level === 'error')).toBe(true);
    } finally {
      await admin.query(`alter database ${dbName} with allow_connections true`);
    }
    await vi.waitFor(async () => expect((await fetch(`${base}/healthz`)).status).toBe(200), {
      timeout: 10_000,
      interval: 100,
    });
    expect((await post(ME)).body.data?.viewer.user.position).toMatch(/^(Write \d+|Mid-transaction)$/);
  });
});
