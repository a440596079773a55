import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app';
import { sessionCookie } from '../../support/sessions';
import { testDbKind } from '../../support/test-db';
import { isGroupRole, OPERATIONS as CORE_OPERATIONS, PRINCIPALS, type Fixture, type Operation, type Principal, type Target } from './operations';
import { RESOURCE_OPERATIONS, VALUES } from './resource-operations';
import { RESOURCES } from '../../../resources/registry';

const OPERATIONS = [...CORE_OPERATIONS, ...RESOURCE_OPERATIONS];

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ seed: false, env: { ANTISPAM_PROVIDER: 'off' } });
  for (const [key, enabled] of [['supplier-extranet-custom-inclusions', true], ['supplier-extranet-expanded-global-inclusions', false]] as const) {
    await app.db.query('insert into feature_flags (key, enabled) values ($1, $2)', [key, enabled]);
  }
});
afterAll(() => app.close());

const SNAPSHOT_TABLES = ['resource_rows', 'properties', 'property_groups', 'memberships', 'contacts', 'feature_flags', 'feature_flag_overrides', 'users', 'password_history'];
const SECTIONS = ['images', 'ratePlans', 'propertyLocation', 'propertyOverview', 'propertyPolicies', 'roomTypes'];
let seq = 0;

async function snapshot(): Promise<string> {
  const parts = await Promise.all(SNAPSHOT_TABLES.map(async (t) => {
    const [row] = await app.db.query<{ h: string | null }>(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${t} x`);
    return `${t}:${row.h}`;
  }));
  const [audit] = await app.db.query<{ n: number }>('select count(*)::int as n from audit_log');
  return `${parts.join(',')},audit:${audit.n}`;
}

/** Two tenants, each a group with one property, and a caller holding the principal's role on the first. */
async function arrange(principal: Principal, status = 'PUBLISHED'): Promise<{ fixture: Fixture; cookie: string | null }> {
  const n = ++seq;
  const [g1] = await app.db.query<{ id: number }>('insert into property_groups (name) values ($1) returning id', [`Own group ${n}`]);
  const [g2] = await app.db.query<{ id: number }>('insert into property_groups (name) values ($1) returning id', [`Other group ${n}`]);
  const property = async (name: string, groupId: number) => {
    const [p] = await app.db.query<{ id: number }>(
      `insert into properties (name, status, property_group_id, inventory_provider, completed_sections) values ($1, $2, $3, 'extranet', $4) returning id`,
      [name, status, groupId, SECTIONS]);
    for (const type of ['BILLING', 'RESERVATION', 'PRIMARY']) {
      await app.db.query('insert into contacts (property_id, contact_type, name, email, phone) values ($1, $2, $3, $4, $5)', [p.id, type, 'Pat', `pat${n}@x.example`, '+61200000000']);
    }
    return p.id;
  };
  const own = await property(`Own ${n}`, g1.id), other = await property(`Other ${n}`, g2.id);
  const fixture: Fixture = { own, other, ownGroup: g1.id, otherGroup: g2.id, rows: await resourceRows(own, other) };
  if (principal === 'anonymous') return { fixture, cookie: null };
  const [user] = await app.db.query<{ id: number }>(
    `insert into users (email, first_name, last_name, is_staff, email_verified, password_reset_at) values ($1, 'Matrix', $2, $3, true, now()) returning id`,
    [`matrix${n}@x.example`, principal, principal === 'staff']);
  if (principal !== 'staff' && principal !== 'no_membership') {
    await app.db.query(
      isGroupRole(principal) ? 'insert into memberships (user_id, property_group_id, role) values ($1, $2, $3)' : 'insert into memberships (user_id, property_id, role) values ($1, $2, $3)',
      [user.id, isGroupRole(principal) ? g1.id : fixture.own, principal]);
  }
  return { fixture, cookie: await sessionCookie(app, user.id) };
}

/** A row of every defined resource in each property, plus a room type a rate plan sells (so the free one can be deleted). */
async function resourceRows(own: number, other: number): Promise<Fixture['rows']> {
  const insert = async (resource: string, propertyId: number | null, data: object) =>
    String((await app.db.query<{ id: string }>('insert into resource_rows (resource, property_id, data) values ($1, $2, $3) returning id', [resource, propertyId, JSON.stringify(data)]))[0].id);
  const rows: Fixture['rows'] = {};
  const sold: Record<Target, string> = { own: '', other: '' };
  for (const [t, id] of [['own', own], ['other', other]] as const) sold[t] = await insert('room-types', id, VALUES['room-types'](''));
  rows['room-types:sold'] = sold;
  for (const def of RESOURCES) {
    const data = (t: Target) => def.schema.parse(VALUES[def.name](sold[t]));
    if (def.scope === 'global') {
      const id = await insert(def.name, null, data('own'));
      rows[def.name] = { own: id, other: id };
    } else rows[def.name] = { own: await insert(def.name, own, data('own')), other: await insert(def.name, other, data('other')) };
  }
  return rows;
}

async function call(op: Operation, fixture: Fixture, target: Target, cookie: string | null) {
  const res = await app.yoga.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ query: op.query, variables: op.variables(fixture, target) }),
  });
  return (await res.json()) as { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] };
}

describe(`permission matrix (${testDbKind})`, () => {
  it('lists every operation of the schema', async () => {
    const res = await app.yoga.fetch('http://localhost/graphql', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __schema { queryType { name } } }' }),
    });
    expect(res.status).toBe(200); // introspection is off in production: read the schema object instead
    const schema = app.yoga.getEnveloped().schema;
    const fields = ['Query', 'Mutation', 'Viewer', 'PropertyGroup']
      .flatMap((type) => Object.keys((schema.getType(type) as { getFields(): object }).getFields()).map((f) => `${type}.${f}`))
      .filter((f) => !['Viewer.id', 'Viewer.attributes', 'PropertyGroup.id', 'PropertyGroup.name', 'PropertyGroup.totalProperties'].includes(f));
    const listed = OPERATIONS.map((o) => o.field);
    expect(fields.filter((f) => !listed.includes(f))).toEqual([]);
  });

  it('allows and denies each operation for each role on its own and another tenant\'s property', async () => {
    let cells = 0;
    const failures: string[] = [];
    for (const op of OPERATIONS) {
      for (const principal of PRINCIPALS) {
        for (const target of ['own', 'other'] as Target[]) {
          const { fixture, cookie } = await arrange(principal, op.status);
          const before = await snapshot();
          const body = await call(op, fixture, target, cookie);
          const allowed = !body.errors?.length && body.data != null;
          const expected = op.allowed(principal, target);
          cells++;
          if (allowed !== expected) failures.push(`${op.field} ${principal} ${target}: expected ${expected ? 'allow' : 'deny'}, got ${JSON.stringify(body).slice(0, 160)}`);
          if (!allowed && (await snapshot()) !== before) failures.push(`${op.field} ${principal} ${target}: denied but the database changed`);
          if (!allowed && body.errors?.some((e) => e.extensions?.code === 'INTERNAL_SERVER_ERROR')) failures.push(`${op.field} ${principal} ${target}: unexpected error`);
          if (op.field === 'Viewer.properties' && allowed && principal !== 'staff') {
            const ids = ((body.data as any).viewer.properties.nodes as { id: number }[]).map((p) => p.id);
            if (ids.includes(fixture.other)) failures.push(`${op.field} ${principal}: listed another tenant's property`);
            if ((principal === 'no_membership') !== !ids.includes(fixture.own)) failures.push(`${op.field} ${principal}: own property listing wrong`);
          }
        }
      }
    }
    console.log(`permission matrix: ${cells} cells checked (${OPERATIONS.length} operations x ${PRINCIPALS.length} principals x 2 targets)`);
    expect(failures).toEqual([]);
    expect(cells).toBe(OPERATIONS.length * PRINCIPALS.length * 2);
  }, 180_000);

  it('answers another tenant\'s property exactly like a missing one', async () => {
    const { fixture, cookie } = await arrange('property_admin');
    const q = 'query ($id: Int!) { viewer { property(id: $id) { id } } }';
    const other = await call({ ...OPERATIONS[0], query: q, variables: () => ({ id: fixture.other }) }, fixture, 'other', cookie);
    const missing = await call({ ...OPERATIONS[0], query: q, variables: () => ({ id: 999_999 }) }, fixture, 'other', cookie);
    expect(other.errors).toEqual(missing.errors);
    expect(other.errors?.[0]).toMatchObject({ message: 'Property not found.', extensions: { code: 'NOT_FOUND' } });
    const bad = await call({ ...OPERATIONS[0], query: q, variables: () => ({ id: 0 }) }, fixture, 'own', cookie);
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('applies a role change on the next request', async () => {
    const { fixture, cookie } = await arrange('property_viewer');
    const q = 'query ($id: Int!) { viewer { property(id: $id) { id } } }';
    const op = { ...OPERATIONS[0], query: q, variables: () => ({ id: fixture.own }) };
    expect((await call(op, fixture, 'own', cookie)).data).not.toBeNull();
    await app.db.query('delete from memberships where property_id = $1', [fixture.own]);
    expect((await call(op, fixture, 'own', cookie)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});
