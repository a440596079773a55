import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testTransport, type TestApp } from '../support/test-app';
import { accessCookie } from '../support/as-user';
import { AuthClient, mailsTo } from '../support/auth-client';
import { AUTH_CODES, AUTH_SERVER_MESSAGES } from '../../resources/auth/auth.messages';
import { MAX_FAILURES } from '../../server/auth/login-throttle';
import { liveClient, sendUntilHeard } from '../support/live-events';
import { createContact, createUser } from '../factories';
import { testDbKind } from '../support/test-db';
import { apiKeyFor, booking, receipt, sellingProperty } from '../support/reservations';
import { RESERVATION_DOCS } from '../../resources/reservations/reservations.documents';
import { DETAILS_DOCS } from '../../resources/properties/details.resource';
import { RATES_DOCS } from '../../resources/rates-inventory/rates-inventory.documents';
import { AUTH_DOCS } from '../../resources/auth/auth.documents';
import { RESYNC_CLOSE, SIGNED_OUT_CLOSE } from '../../server/http/websocket';
import { PGBOUNCER_BIN, type PgBouncer, pgbouncerInstalled, startPgBouncer } from '../support/pgbouncer';

/**
 * Two server instances on one PostgreSQL database (issue 32): what one does, the other's live
 * subscribers hear; sessions, versions and the booking-email outbox hold across them.
 */
const several = testDbKind === 'postgres' && testTransport === 'http';
let a: TestApp;
let b: TestApp;
let key: string;
beforeAll(async () => {
  if (!several) return;
  a = await createTestApp({ seed: false });
  key = await apiKeyFor(a);
});
afterAll(async () => {
  await a?.close();
});
const settle = () => new Promise((r) => setTimeout(r, 300));

/**
 * B connects as it would behind PgBouncer in transaction mode (no named prepared statements, LISTEN
 * on a URL of its own): once straight to PostgreSQL, and once through a real PgBouncer 1.18 (Debian's,
 * which predates prepared statements in transaction mode), started here.
 */
const routes = [
  { name: 'B straight to PostgreSQL', pooled: false },
  {
    name: pgbouncerInstalled
      ? 'B through PgBouncer in transaction mode'
      : `B through PgBouncer in transaction mode (skipped: ${PGBOUNCER_BIN} is not installed; apt-get install pgbouncer)`,
    pooled: true,
  },
];

describe.each(routes)('$name', ({ pooled }) => {
  let bouncer: PgBouncer | undefined;
  beforeAll(async () => {
    if (!several || (pooled && !pgbouncerInstalled)) return;
    bouncer = pooled ? await startPgBouncer(a.db.testUrl!) : undefined;
    b = await createTestApp({
      sameDatabaseAs: a,
      via: bouncer?.url,
      postgres: { preparedStatements: false, listenUrl: a.db.testUrl },
    });
  });
  afterAll(async () => {
    await b?.close();
    await bouncer?.stop();
  });
  twoInstanceTests(pooled && !pgbouncerInstalled, () => bouncer);
});

function twoInstanceTests(skip: boolean, pooler: () => PgBouncer | undefined) {
  describe.skipIf(!several || skip)('two server instances on one database (PostgreSQL)', () => {
    it("a booking received by A reaches a reservations subscription held on B; signing out on A closes B's socket", async () => {
      const s = await sellingProperty(a);
      const viewer = (await createUser(a, { role: 'property_viewer', propertyId: s.propertyId })).email;
      // Signed in on A, the session works on B.
      const cookie = await accessCookie(a, viewer, { fresh: true });
      const me = await b.gql('query { viewer { user { email } } }', {}, { headers: { cookie } });
      expect(me.body.data).toEqual({ viewer: { user: { email: viewer } } });
      // B prepares no named statements (a transaction pooler could hand them to another session).
      const named = await b.db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
      expect(named[0].n).toBe(0);
      // Behind the pooler, B's statements really went through it.
      if (pooler()) expect(await pooler()!.transactions()).toBeGreaterThan(0);

      const closes: number[] = [];
      const onB = liveClient(b.httpBase!, cookie, closes);
      const events: any[] = [];
      onB.subscribe(
        { query: RESERVATION_DOCS.changed, variables: { propertyId: s.propertyId } },
        { next: (v) => events.push(v), error: (e) => events.push({ error: e }), complete: () => undefined },
      );
      const refs: string[] = [];
      await sendUntilHeard(events, async () => refs.push((await receipt(a, key, booking(s))).hotelRef));
      expect(events[0]).toEqual({
        data: { reservationsChanged: { propertyId: s.propertyId, hotelRef: expect.any(String), kind: 'booked' } },
      });
      expect(refs).toContain(events[0].data.reservationsChanged.hotelRef);

      await a.gql(AUTH_DOCS.userSignOut, {}, { headers: { cookie } });
      await settle();
      expect(closes).toContain(SIGNED_OUT_CLOSE.code);
      await onB.dispose();
    });

    it('a rates save on A reaches a calendar subscription held on B', async () => {
      const s = await sellingProperty(a);
      const admin = (await createUser(a, { role: 'property_admin', propertyId: s.propertyId })).email;
      const cookie = await accessCookie(a, admin, { fresh: true });
      const onB = liveClient(b.httpBase!, cookie);
      const events: any[] = [];
      onB.subscribe(
        { query: RATES_DOCS.changed, variables: { propertyId: s.propertyId, roomTypeId: s.roomTypeId } },
        { next: (v) => events.push(v), error: (e) => events.push({ error: e }), complete: () => undefined },
      );
      const date = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
      const batches: string[] = [];
      await sendUntilHeard(events, async () => {
        const saved = await a.gql(
          RATES_DOCS.saveCells,
          {
            input: {
              propertyId: s.propertyId,
              roomTypeId: s.roomTypeId,
              cells: [{ ratePlanId: null, date, field: 'roomsToSell', value: 5 + batches.length }],
            },
          },
          { headers: { cookie } },
        );
        batches.push((saved.body.data as any).saveRatesCells.batchId);
      });
      expect(events[0]).toEqual({
        data: {
          ratesChanged: {
            propertyId: s.propertyId,
            roomTypeId: s.roomTypeId,
            batchId: expect.any(String),
            source: 'grid',
            count: 1,
          },
        },
      });
      expect(batches).toContain(events[0].data.ratesChanged.batchId);
      await onB.dispose();
    });

    it("a save on A, then a save on B from the same version: B gets STALE and A's save stands", async () => {
      const s = await sellingProperty(a);
      const admin = (await createUser(a, { role: 'property_admin', propertyId: s.propertyId })).email;
      const cookie = await accessCookie(a, admin, { fresh: true });
      const read = await b.gql(DETAILS_DOCS.propertyDetails, { id: s.propertyId }, { headers: { cookie } });
      const version = (read.body.data as any).viewer.property.details.version;
      const save = (app: TestApp, text: string) =>
        app.gql(
          DETAILS_DOCS.savePropertyDetails,
          { input: { propertyId: s.propertyId, section: 'other', version, values: { checkInInstructions: text } } },
          { headers: { cookie } },
        );
      expect((await save(a, 'Reception is open 24 hours.')).body.errors).toBeUndefined();
      const late = await save(b, 'Keys are in the lockbox.');
      expect(late.body.errors?.[0].extensions?.code).toBe('STALE');
      const [row] = await a.db.query<{ text: string }>(
        "select sections -> 'other' ->> 'checkInInstructions' as text from property_details where property_id = $1",
        [s.propertyId],
      );
      expect(row.text).toBe('Reception is open 24 hours.');
    });

    it('a booking retried on the other instance gets the same receipt and is stored once', async () => {
      const s = await sellingProperty(a);
      const input = booking(s);
      const first = await receipt(a, key, input);
      expect(await receipt(b, key, input)).toEqual(first);
      const rows = await a.db.query<{ n: number }>(
        'select count(*)::int as n from reservations where property_id = $1 and booking_ref = $2',
        [s.propertyId, input.bookingRef],
      );
      expect(rows[0].n).toBe(1);
    });

    it('sign-in failures count on both instances: failing on A and B in turn locks the address on both', async () => {
      const s = await sellingProperty(a);
      const { email, password } = await createUser(a, { role: 'property_viewer', propertyId: s.propertyId });
      const [onA, onB] = [new AuthClient(a), new AuthClient(b)];
      for (let i = 0; i < MAX_FAILURES; i++) {
        const failed = await (i % 2 ? onB : onA).login(email, `Wrong#Pass${i}`);
        expect(failed.body.errors?.[0].extensions?.code).toBe(AUTH_CODES.notAuthorized);
      }
      // Half the failures were on each instance; the lock is the sum, even with the right password.
      for (const client of [onA, onB]) {
        const locked = await client.login(email, password);
        expect(locked.body.errors?.[0]).toMatchObject({
          message: AUTH_SERVER_MESSAGES.attemptsExceeded,
          extensions: { code: AUTH_CODES.limitExceeded },
        });
      }
    });

    it('with both instances sweeping the outbox, 50 bookings make exactly 50 booking emails', async () => {
      const s = await sellingProperty(a);
      const contact = await createContact(a, s.propertyId, { type: 'RESERVATION', confirmationEmails: true });
      for (let i = 0; i < 50; i++) await receipt(i % 2 ? b : a, key, booking(s));
      await Promise.all([a.services.notifier.runDue(), b.services.notifier.runDue()]);
      await Promise.all([a.services.notifier.idle(), b.services.notifier.idle()]);
      const [mine, theirs] = await Promise.all([mailsTo(a, contact.email), mailsTo(b, contact.email)]);
      expect(mine.length + theirs.length).toBe(50);
      const [sent] = await a.db.query<{ n: number }>(
        "select count(*)::int as n from booking_notifications where property_id = $1 and status = 'sent'",
        [s.propertyId],
      );
      expect(sent.n).toBe(50);
    });

    it("B's listener connection is terminated: its sockets are told to read afresh, the server lives, and the next event arrives", async () => {
      const s = await sellingProperty(a);
      const viewer = (await createUser(a, { role: 'property_viewer', propertyId: s.propertyId })).email;
      const cookie = await accessCookie(a, viewer, { fresh: true });
      const subscribe = (closes: number[], events: any[]) => {
        const client = liveClient(b.httpBase!, cookie, closes);
        client.subscribe(
          { query: RESERVATION_DOCS.changed, variables: { propertyId: s.propertyId } },
          { next: (v) => events.push(v), error: (e) => events.push({ error: e }), complete: () => undefined },
        );
        return client;
      };
      const closes: number[] = [];
      const first: any[] = [];
      const before = subscribe(closes, first);
      await sendUntilHeard(first, () => receipt(a, key, booking(s)));

      // Every listener on this database (A's and B's) is cut; each reconnects within about a second.
      await a.db.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'listen extranet_cache%'",
      );
      // Until its listener is back, B tells a load balancer it is not ready; then it is again.
      const health = async () => (await fetch(`${b.httpBase}/healthz`)).json();
      await expect.poll(health, { timeout: 2_000, interval: 50 }).toMatchObject({ listener: 'reconnecting' });
      await expect.poll(() => closes, { timeout: 10_000 }).toContain(RESYNC_CLOSE.code);
      await expect.poll(health, { timeout: 5_000 }).toMatchObject({ status: 'ok', listener: 'connected' });
      await before.dispose();
      expect((await b.gql('{ ping }')).body.data).toEqual({ ping: 'pong' });

      const again: any[] = [];
      const after = subscribe([], again);
      await sendUntilHeard(again, () => receipt(a, key, booking(s)));
      expect(again[0].data.reservationsChanged.kind).toBe('booked');
      await after.dispose();
    });
  });
}
