import { loadEveryRate } from '../../support/publishable-data';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app';
import { anonymous, asUser } from '../../support/as-user';
import type { AuthClient } from '../../support/auth-client';
import {
  createGroup,
  createProperty,
  createRatePlan,
  createResourceRow,
  createUser,
  grantUserRole,
  unique,
} from '../../factories';
import type { PropertyStatus } from '../../../resources/domain';
import { testDbKind } from '../../support/test-db';
import {
  isGroupRole,
  OPERATIONS as CORE_OPERATIONS,
  PRINCIPALS,
  type Fixture,
  type Operation,
  type Principal,
  type Target,
} from './operations';
import { RESOURCE_OPERATIONS, VALUES, valuesFor } from './resource-operations';
import { RATES_OPERATIONS } from './rates-operations';
import { insertReservation, RESERVATION_OPERATIONS } from './reservations-operations';
import { USER_OPERATIONS, userRows } from './users-operations';
import { MEDIA_OPERATIONS, imageRows } from './media-operations';
import { TRAIL_OPERATIONS } from './trails-operations';
import { GO_LIVE_OPERATIONS, NAME_CHANGE_OPERATIONS } from './request-operations';
import { RESOURCES } from '../../../resources/registry';
import { storageTables } from '../../../server/resources/resource-storage';

const OPERATIONS = [
  ...CORE_OPERATIONS,
  ...RESOURCE_OPERATIONS,
  ...RATES_OPERATIONS,
  ...RESERVATION_OPERATIONS,
  ...USER_OPERATIONS,
  ...MEDIA_OPERATIONS,
  ...TRAIL_OPERATIONS,
  ...GO_LIVE_OPERATIONS,
  ...NAME_CHANGE_OPERATIONS,
];

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ seed: false, env: { ANTISPAM_PROVIDER: 'off' } });
  for (const [key, enabled] of [
    ['supplier-extranet-custom-inclusions', true],
    ['supplier-extranet-expanded-global-inclusions', false],
  ] as const) {
    await app.db.query('insert into feature_flags (key, enabled) values ($1, $2)', [key, enabled]);
  }
  await watchChanges();
});
afterAll(() => app.close());

const WATCHED_TABLES = [
  // Where every defined resource keeps its rows (resource_rows, or its own table and link tables).
  ...new Set(RESOURCES.flatMap(storageTables)),
  'room_inventory',
  'rate_plan_days',
  'rates_batches',
  'rates_changes',
  'properties',
  'property_groups',
  'memberships',
  'invitations',
  'images',
  'image_room_types',
  'invitation_sends',
  'contacts',
  'feature_flags',
  'feature_flag_overrides',
  'users',
  'password_history',
  'audit_log',
  'reservations',
  'reservation_events',
  'booking_notifications',
  'api_keys',
  'property_requests',
];

/**
 * Counts every row inserted into, deleted from or changed in the tables a call could touch (an update
 * that leaves a row as it was does not count), with triggers on this test's own database. Comparing
 * the count before and after a call proves it changed nothing, in constant time: hashing whole
 * tables twice a cell grew with every cell and was most of the matrix's time.
 */
async function watchChanges() {
  await app.db.query('create table matrix_changes (n bigint not null)');
  await app.db.query('insert into matrix_changes (n) values (0)');
  await app.db.query(`create function matrix_count_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old::text = new::text then return null; end if;
      update matrix_changes set n = n + 1;
      return null;
    end $$`);
  for (const t of WATCHED_TABLES) {
    await app.db.query(
      `create trigger matrix_row_change after insert or update or delete on ${t} for each row execute function matrix_count_change()`,
    );
    await app.db.query(
      `create trigger matrix_truncate after truncate on ${t} for each statement execute function matrix_count_change()`,
    );
  }
}

async function snapshot(): Promise<string> {
  const [row] = await app.db.query<{ n: string }>('select n::text from matrix_changes');
  return row.n;
}

/** One caller per principal, created once (the password hash is the costly part) and given exactly the principal's role in each cell. */
const callers = new Map<Principal, string>();

/**
 * Two tenants, each a group with one complete extranet property and its three contacts, and a caller
 * holding the principal's role on the first (and no other membership), signed in with a new session
 * over HTTP; anonymous callers have no session.
 */
async function arrange(principal: Principal, status = 'PUBLISHED'): Promise<{ fixture: Fixture; client: AuthClient }> {
  const fixture = await arrangeTenants(status);
  return { fixture, client: await callerFor(principal, fixture) };
}

async function arrangeTenants(status: string): Promise<Fixture> {
  const g1 = await createGroup(app, { name: unique('Own group') });
  const g2 = await createGroup(app, { name: unique('Other group') });
  const property = async (name: string, groupId: number) =>
    (
      await createProperty(app, {
        name,
        status: status as PropertyStatus,
        groupId,
        inventoryProvider: 'extranet',
        complete: true,
        contacts: ['BILLING', 'RESERVATION', 'PRIMARY'],
      })
    ).id;
  const own = await property(unique('Own'), g1.id),
    other = await property(unique('Other'), g2.id);
  const rows = {
    ...(await resourceRows(own, other)),
    ...(await userRows(app.db, own, other)),
    ...(await imageRows(app.db, own, other)),
  };
  // Every step complete, rates included, so that asking to go live is a call that can succeed.
  for (const id of [own, other]) await loadEveryRate(app.db, id);
  return { own, other, ownGroup: g1.id, otherGroup: g2.id, rows };
}

/** The principal's caller with exactly its role on the fixture's own property (or group), signed in afresh. */
async function callerFor(principal: Principal, fixture: Fixture): Promise<AuthClient> {
  if (principal === 'anonymous') return anonymous(app);
  let email = callers.get(principal);
  if (!email) {
    email = (await createUser(app, { firstName: 'Matrix', lastName: principal, isStaff: principal === 'staff' })).email;
    callers.set(principal, email);
  }
  await app.db.query('delete from memberships where user_id = (select id from users where email = $1)', [email]);
  if (principal !== 'staff' && principal !== 'no_membership') {
    await grantUserRole(
      app,
      email,
      principal,
      isGroupRole(principal) ? { groupId: fixture.ownGroup } : { propertyId: fixture.own },
    );
  }
  return asUser(app, email, { fresh: true });
}

/**
 * Tenants are built again only after a cell changed something (an allowed write, or an operation's
 * prepare): a denied call or a read leaves them as they were (the watched tables prove it), so the
 * next cell with the same status may use them. Most cells are denials, and building was most of the time.
 */
const reusable = new Map<string, Fixture>();
async function tenantsFor(status = 'PUBLISHED'): Promise<Fixture> {
  let fixture = reusable.get(status);
  if (!fixture) reusable.set(status, (fixture = await arrangeTenants(status)));
  return fixture;
}

/** A row of every defined resource in each property, plus a room type a rate plan sells (so the free one can be deleted). */
async function resourceRows(own: number, other: number): Promise<Fixture['rows']> {
  const rows: Fixture['rows'] = {};
  const sold: Record<Target, string> = { own: '', other: '' };
  for (const [t, id] of [
    ['own', own],
    ['other', other],
  ] as const)
    sold[t] = await createResourceRow(
      app,
      'room-types',
      id,
      VALUES['room-types']('', () => ''),
    );
  rows['room-types:sold'] = sold;
  rows['rates-batch'] = { own: await ratesBatch(own, sold.own), other: await ratesBatch(other, sold.other) };
  // A booking names the plan it was sold on (a foreign key): one plan sells the booked room type.
  rows['booking-email'] = { own: '', other: '' };
  for (const [t, id] of [
    ['own', own],
    ['other', other],
  ] as const)
    rows['booking-email'][t] = await insertReservation(
      app.db,
      id,
      sold[t],
      await createRatePlan(app, id, { roomTypeIds: [sold[t]] }),
    );
  // A rate plan a promotion discounts (one a promotion uses cannot be deleted, so not the matrix's own).
  rows['rate-plans:promoted'] = {
    own: await createRatePlan(app, own, { roomTypeIds: [sold.own] }),
    other: await createRatePlan(app, other, { roomTypeIds: [sold.other] }),
  };
  for (const def of RESOURCES) {
    const data = (t: Target) => valuesFor(def)(sold[t], (name) => rows[name][t]);
    if (def.scope === 'global') {
      const id = await createResourceRow(app, def, null, data('own'));
      rows[def.name] = { own: id, other: id };
    } else
      rows[def.name] = {
        own: await createResourceRow(app, def, own, data('own')),
        other: await createResourceRow(app, def, other, data('other')),
      };
  }
  return rows;
}

/** A grid save of one cell (rooms to sell in 10 days: 4), as the rates tables record it, for undo to act on. */
async function ratesBatch(propertyId: number, roomTypeId: string): Promise<string> {
  const id = randomUUID();
  const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await app.db.query(
    `insert into rates_batches (property_id, id, room_type_id, source, cell_count) values ($1, $2, $3, 'grid', 1)`,
    [propertyId, id, roomTypeId],
  );
  await app.db.query(
    `insert into rates_changes (property_id, batch_id, room_type_id, rate_plan_id, day, field, before, after)
     values ($1, $2, $3, 0, $4, 'roomsToSell', null, '4')`,
    [propertyId, id, roomTypeId, day],
  );
  await app.db.query(
    'insert into room_inventory (property_id, room_type_id, day, rooms_to_sell) values ($1, $2, $3, 4)',
    [propertyId, roomTypeId, day],
  );
  return id;
}

/** A staff user who makes the calls an operation's `prepare` needs. */
let previewer: string | undefined;

/** An operation's variables, completed by its prepare (made as staff). */
async function prepared(op: Operation, fixture: Fixture, target: Target) {
  const variables = op.variables(fixture, target);
  if (!op.prepare) return variables;
  previewer ??= (await createUser(app, { firstName: 'Matrix', lastName: 'Previewer', isStaff: true })).email;
  const staff = await asUser(app, previewer);
  return op.prepare(variables, async (query, vars) => (await staff.gql(query, vars)).body);
}

/** One cell's call, over HTTP with the caller's cookies. */
async function call(
  op: Operation,
  fixture: Fixture,
  target: Target,
  client: AuthClient,
  variables?: Record<string, unknown>,
) {
  const res = await client.gql(op.query, variables ?? (await prepared(op, fixture, target)));
  return res.body as { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] };
}

describe(`permission matrix (${testDbKind})`, () => {
  it('lists every operation of the schema', async () => {
    const res = await anonymous(app).gql('{ __schema { queryType { name } } }');
    expect(res.status).toBe(200); // introspection is off in production: read the schema object instead
    const schema = app.yoga.getEnveloped().schema;
    const fields = ['Query', 'Mutation', 'Viewer', 'PropertyGroup']
      .flatMap((type) =>
        Object.keys((schema.getType(type) as { getFields(): object }).getFields()).map((f) => `${type}.${f}`),
      )
      .filter(
        (f) =>
          ![
            'Viewer.id',
            'Viewer.attributes',
            'PropertyGroup.id',
            'PropertyGroup.name',
            'PropertyGroup.totalProperties',
          ].includes(f),
      );
    const listed = OPERATIONS.map((o) => o.field);
    expect(fields.filter((f) => !listed.includes(f))).toEqual([]);
  });

  it("allows and denies each operation for each role on its own and another tenant's property", async () => {
    let cells = 0;
    const failures: string[] = [];
    for (const op of OPERATIONS) {
      for (const principal of PRINCIPALS) {
        for (const target of ['own', 'other'] as Target[]) {
          const fixture = await tenantsFor(op.status);
          const client = await callerFor(principal, fixture);
          // What an operation's prepare writes (as staff) is part of the arrangement, not of the call.
          const variables = await prepared(op, fixture, target);
          const before = await snapshot();
          const body = await call(op, fixture, target, client, variables);
          if (op.prepare || (await snapshot()) !== before) reusable.delete(op.status ?? 'PUBLISHED');
          const allowed = !body.errors?.length && body.data != null;
          const expected = op.allowed(principal, target);
          cells++;
          if (allowed !== expected)
            failures.push(
              `${op.field} ${principal} ${target}: expected ${expected ? 'allow' : 'deny'}, got ${JSON.stringify(body).slice(0, 160)}`,
            );
          if (!allowed && (await snapshot()) !== before)
            failures.push(`${op.field} ${principal} ${target}: denied but the database changed`);
          if (!allowed && body.errors?.some((e) => e.extensions?.code === 'INTERNAL_SERVER_ERROR'))
            failures.push(`${op.field} ${principal} ${target}: unexpected error`);
          if (op.field === 'Viewer.properties' && allowed && principal !== 'staff') {
            const ids = ((body.data as any).viewer.properties.nodes as { id: number }[]).map((p) => p.id);
            if (ids.includes(fixture.other))
              failures.push(`${op.field} ${principal}: listed another tenant's property`);
            if ((principal === 'no_membership') !== !ids.includes(fixture.own))
              failures.push(`${op.field} ${principal}: own property listing wrong`);
          }
        }
      }
    }
    console.log(
      `permission matrix: ${cells} cells checked (${OPERATIONS.length} operations x ${PRINCIPALS.length} principals x 2 targets)`,
    );
    expect(failures).toEqual([]);
    expect(cells).toBe(OPERATIONS.length * PRINCIPALS.length * 2);
  }, 400_000);

  it('notices every write to the watched tables, and only real ones', async () => {
    const { fixture } = await arrange('anonymous');
    const before = await snapshot();
    await app.db.query('update properties set name = name where id = $1', [fixture.own]);
    expect(await snapshot()).toBe(before);
    for (const write of [
      [
        "update contacts set phone = $2 where property_id = $1 and contact_type = 'BILLING'",
        [fixture.own, '+61299999999'],
      ],
      ['update resource_rows set data = data || \'{"x":1}\' where property_id = $1', [fixture.own]],
      ["delete from contacts where property_id = $1 and contact_type = 'PRIMARY'", [fixture.other]],
      [
        "insert into audit_log (action, subject_type, subject_id, subject_label) values ('matrix.probe', 'Property', $1, 'Probe')",
        [String(fixture.own)],
      ],
    ] as const) {
      const was = await snapshot();
      await app.db.query(write[0], [...write[1]]);
      expect(await snapshot(), write[0]).not.toBe(was);
    }
  });

  it("answers another tenant's property exactly like a missing one", async () => {
    const { fixture, client } = await arrange('property_admin');
    const q = 'query ($id: Int!) { viewer { property(id: $id) { id } } }';
    const other = await call(
      { ...OPERATIONS[0], query: q, variables: () => ({ id: fixture.other }) },
      fixture,
      'other',
      client,
    );
    const missing = await call(
      { ...OPERATIONS[0], query: q, variables: () => ({ id: 999_999 }) },
      fixture,
      'other',
      client,
    );
    expect(other.errors).toEqual(missing.errors);
    expect(other.errors?.[0]).toMatchObject({ message: 'Property not found.', extensions: { code: 'NOT_FOUND' } });
    const bad = await call({ ...OPERATIONS[0], query: q, variables: () => ({ id: 0 }) }, fixture, 'own', client);
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('applies a role change on the next request', async () => {
    const { fixture, client } = await arrange('property_viewer');
    const q = 'query ($id: Int!) { viewer { property(id: $id) { id } } }';
    const op = { ...OPERATIONS[0], query: q, variables: () => ({ id: fixture.own }) };
    expect((await call(op, fixture, 'own', client)).data).not.toBeNull();
    await app.db.query('delete from memberships where property_id = $1', [fixture.own]);
    expect((await call(op, fixture, 'own', client)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});
