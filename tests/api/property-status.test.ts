import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { asUser } from '../support/as-user';
import { createProperty } from '../factories';
import {
  PROPERTY_STATUSES,
  RATES_LOADED_DAYS,
  STATUS_RULES,
  type PropertyStatus,
  type StatusAction,
} from '../../resources/domain';
import { fillPublishableData, loadRates } from '../support/publishable-data';

let app: TestApp;
const STAFF = 'staff@extranet.example';
const GROUP_ADMIN = 'group.admin@coastal.example';
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** GraphQL as a signed-in user (by email), over HTTP (asUser). */
const gql = async (who: string, query: string, variables: Record<string, unknown> = {}) =>
  (await (await asUser(app, who)).gql(query, variables)).body as {
    data?: any;
    errors?: { message: string; extensions?: { code?: string } }[];
  };

/** A property in this status with its three key contacts, every step done (or only images). */
async function propertyIn(status: PropertyStatus, complete = true): Promise<number> {
  const { id } = await createProperty(app, { status, complete, contacts: ['PRIMARY', 'BILLING', 'RESERVATION'] });
  if (!complete) await fillPublishableData(app.db, id, ['images']);
  return id;
}

describe('property status actions (spec §4)', () => {
  const actions = Object.keys(STATUS_RULES) as StatusAction[];
  for (const action of actions) {
    for (const status of PROPERTY_STATUSES) {
      const allowed = (STATUS_RULES[action].from as readonly string[]).includes(status);
      it(`${action} from ${status}: ${allowed ? 'works' : 'refused, nothing changes'}`, async () => {
        const id = await propertyIn(status);
        const res = await gql(STAFF, `mutation ($id: Int!) { ${action}Property(id: $id) { id status } }`, { id });
        const [row] = await app.db.query<{ status: string }>('select status from properties where id = $1', [id]);
        if (allowed) {
          expect(res.errors).toBeUndefined();
          // The property holds data (every step is done), so Delete archives it (issue 30).
          expect(row.status).toBe(STATUS_RULES[action].to);
          const [audit] = await app.db.query<{ action: string; actor: string }>(
            'select a.action, u.email as actor from audit_log a join users u on u.id = a.actor_user_id where a.subject_type = $1 and a.subject_id = $2 order by a.id desc limit 1',
            ['Property', String(id)],
          );
          expect(audit).toEqual({ action: `property.${action}`, actor: 'staff@extranet.example' });
        } else {
          expect(res.errors?.[0].extensions?.code).toBe('REFUSED');
          expect(row.status).toBe(status);
        }
      });
    }
  }

  it('refuses to publish while a step is incomplete, saying how many remain', async () => {
    const id = await propertyIn('ONBOARDING', false);
    const res = await gql(STAFF, 'mutation ($id: Int!) { publishProperty(id: $id) { status } }', { id });
    expect(res.errors?.[0]).toMatchObject({
      message: "The property can't be published until every step is complete (8 remaining).",
      extensions: { code: 'REFUSED' },
    });
    const [row] = await app.db.query<{ status: string }>('select status from properties where id = $1', [id]);
    expect(row.status).toBe('ONBOARDING');
  });

  const PUBLISHABLE_QUERY =
    'query ($id: Int!) { viewer { property(id: $id) { publishable { ratesLoaded roomTypes ratePlans } } } }';
  const publishRefusal = async (id: number) =>
    (await gql(STAFF, 'mutation ($id: Int!) { publishProperty(id: $id) { status } }', { id })).errors?.[0]?.message;

  it(`counts rates as loaded only when every active room type has rooms to sell and a rate on each of the next ${RATES_LOADED_DAYS} days`, async () => {
    const { id } = await createProperty(app, { status: 'ONBOARDING', contacts: ['PRIMARY', 'BILLING', 'RESERVATION'] });
    await fillPublishableData(app.db, id, ['details', 'roomType', 'ratePlan', 'images']);
    expect((await gql(STAFF, PUBLISHABLE_QUERY, { id })).data.viewer.property.publishable).toEqual({
      ratesLoaded: false,
      roomTypes: true,
      ratePlans: true,
    });
    expect(await publishRefusal(id)).toBe(
      "The property can't be published until every step is complete (1 remaining).",
    );

    const [{ room_type_id, rate_plan_id }] = await app.db.query<{ room_type_id: string; rate_plan_id: string }>(
      'select ref_id as room_type_id, owner_id as rate_plan_id from rate_plan_room_types x join rate_plans r on r.id = x.owner_id where r.property_id = $1',
      [id],
    );
    await loadRates(app.db, id, room_type_id, rate_plan_id);
    // One day without a rate, then one day without rooms to sell, each leaves the calendar unloaded.
    const lastDay = `(now() at time zone 'utc')::date + ${RATES_LOADED_DAYS}`;
    await app.db.query(`update rate_plan_days set rate = null where property_id = $1 and day = ${lastDay}`, [id]);
    expect((await gql(STAFF, PUBLISHABLE_QUERY, { id })).data.viewer.property.publishable.ratesLoaded).toBe(false);
    await app.db.query(`update rate_plan_days set rate = 150 where property_id = $1 and day = ${lastDay}`, [id]);
    await app.db.query(`update room_inventory set rooms_to_sell = null where property_id = $1 and day = ${lastDay}`, [
      id,
    ]);
    expect((await gql(STAFF, PUBLISHABLE_QUERY, { id })).data.viewer.property.publishable.ratesLoaded).toBe(false);
    await app.db.query(`update room_inventory set rooms_to_sell = 0 where property_id = $1 and day = ${lastDay}`, [id]);
    expect((await gql(STAFF, PUBLISHABLE_QUERY, { id })).data.viewer.property.publishable.ratesLoaded).toBe(true);
    expect(await publishRefusal(id)).toBeUndefined();
    // An inactive room type is not sold, so its empty calendar does not count.
    await app.db.query(
      "insert into room_types (property_id, name, max_adults, max_children, room_count, status) values ($1, 'Closed wing', 2, 0, 4, 'INACTIVE')",
      [id],
    );
    expect((await gql(STAFF, PUBLISHABLE_QUERY, { id })).data.viewer.property.publishable.ratesLoaded).toBe(true);
  });

  it('counts rates as loaded where they come from a channel, not the portal', async () => {
    const { id } = await createProperty(app, { status: 'ONBOARDING', inventoryProvider: 'derbysoft' });
    await fillPublishableData(app.db, id, ['roomType']);
    expect((await gql(STAFF, PUBLISHABLE_QUERY, { id })).data.viewer.property.publishable.ratesLoaded).toBe(true);
  });

  it('refuses every status action to a group admin, even on their own group', async () => {
    const [p] = await app.db.query<{ id: number }>(
      "select p.id from properties p join property_groups g on g.id = p.property_group_id where g.name = 'Coastal Collection' and p.status = 'PUBLISHED' limit 1",
    );
    const res = await gql(GROUP_ADMIN, 'mutation ($id: Int!) { unpublishProperty(id: $id) { status } }', { id: p.id });
    expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe("the switcher's groups (issue 30)", () => {
  const GROUPS = 'query ($s: String!) { viewer { propertyGroups(search: $s) { name totalProperties } } }';
  it('finds groups by part of their name: staff every group, a group admin their own, a property admin none', async () => {
    expect((await gql(STAFF, GROUPS, { s: 'coastal' })).data.viewer.propertyGroups).toEqual([
      { name: 'Coastal Collection', totalProperties: 7 },
    ]);
    expect((await gql(GROUP_ADMIN, GROUPS, { s: 'COLLECT' })).data.viewer.propertyGroups).toContainEqual({
      name: 'Coastal Collection',
      totalProperties: 7,
    });
    expect((await gql('admin@harbourview.example', GROUPS, { s: 'coastal' })).data.viewer.propertyGroups).toEqual([]);
    for (const s of ['c', 'x'.repeat(101)])
      expect((await gql(STAFF, GROUPS, { s })).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('group dashboard (PropertyGroupPage)', () => {
  it('pages the group 5 at a time with pagination facts', async () => {
    const [g] = await app.db.query<{ id: number }>("select id from property_groups where name = 'Coastal Collection'");
    const q = `query ($g: Int!, $limit: Int!, $offset: Int!) { viewer { propertyGroup(propertyGroupId: $g) { name totalProperties
      properties(limit: $limit, offset: $offset) { nodes { id name } pagination { count totalCount page limit offset } } } } }`;
    const first = await gql(GROUP_ADMIN, q, { g: g.id, limit: 5, offset: 0 });
    expect(first.data.viewer.propertyGroup).toMatchObject({ name: 'Coastal Collection', totalProperties: 7 });
    expect(first.data.viewer.propertyGroup.properties.pagination).toEqual({
      count: 5,
      totalCount: 7,
      page: 1,
      limit: 5,
      offset: 0,
    });
    const second = await gql(GROUP_ADMIN, q, { g: g.id, limit: 5, offset: 5 });
    expect(second.data.viewer.propertyGroup.properties.pagination).toEqual({
      count: 2,
      totalCount: 7,
      page: 2,
      limit: 5,
      offset: 5,
    });
    const names = [
      ...first.data.viewer.propertyGroup.properties.nodes,
      ...second.data.viewer.propertyGroup.properties.nodes,
    ].map((p: { name: string }) => p.name);
    expect(new Set(names).size).toBe(7);
    expect((await gql(GROUP_ADMIN, q, { g: g.id, limit: 500, offset: 0 })).errors?.[0].extensions?.code).toBe(
      'BAD_USER_INPUT',
    );
  });
});

describe("a list's readiness (issue 35)", () => {
  it("gives each row of a group's page its own rates-loaded flag, read for the whole page in one statement", async () => {
    const [g] = await app.db.query<{ id: number }>(
      "insert into property_groups (name) values ('Readiness Batch Group') returning id",
    );
    await createProperty(app, { groupId: g.id, name: 'Batch A loaded', complete: true });
    const empty = await createProperty(app, { groupId: g.id, name: 'Batch B empty' });
    await fillPublishableData(app.db, empty.id, ['roomType', 'ratePlan']);
    await createProperty(app, { groupId: g.id, name: 'Batch C channel', inventoryProvider: 'derbysoft' });
    const spy = vi.spyOn(app.db, 'query');
    const res = await gql(
      STAFF,
      `query ($g: Int!) { viewer { propertyGroup(propertyGroupId: $g) { properties(limit: 5, offset: 0) {
        nodes { id name publishable { ratesLoaded } } } } } }`,
      { g: g.id },
    );
    const statements = spy.mock.calls.filter(([sql]) => String(sql).includes('generate_series')).length;
    spy.mockRestore();
    const rows = res.data.viewer.propertyGroup.properties.nodes as {
      name: string;
      publishable: { ratesLoaded: boolean };
    }[];
    expect(Object.fromEntries(rows.map((r) => [r.name, r.publishable.ratesLoaded]))).toEqual({
      'Batch A loaded': true,
      'Batch B empty': false,
      'Batch C channel': true,
    });
    expect(statements).toBe(1);
  });
});
