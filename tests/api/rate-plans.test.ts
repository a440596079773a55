import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { asUser } from '../support/as-user';
import { createGroup, createProperty, createRatePlan, createRoomType, createUser } from '../factories';
import { testDbKind } from '../support/test-db';
import { resourceDocuments } from '../../resources/resource.documents';
import { ratePlanResource } from '../../resources/rate-plans/rate-plan.resource';
import { roomTypeResource } from '../../resources/room-types/room-type.resource';
import { globalInclusionResource } from '../../resources/inclusions/global-inclusion.resource';
import { customInclusionResource } from '../../resources/inclusions/custom-inclusion.resource';
import { FORM_MESSAGES } from '../../resources/messages';
import { RATE_PLAN_MESSAGES } from '../../resources/rate-plans/rate-plan.messages';
import { dayIn } from '../../resources/property-day';
import { addDays } from '../../resources/rates-inventory/rates-inventory.schema';

let app: TestApp;
const STAFF = 'staff@extranet.example',
  ADMIN = 'admin@harbourview.example',
  VIEWER = 'viewer@harbourview.example';
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Res = { data?: any; errors?: { message: string; extensions: Record<string, any> }[] };
/** GraphQL as a signed-in user, over HTTP (asUser). */
const call = async (who: string, query: string, variables: Record<string, unknown>): Promise<Res> =>
  (await (await asUser(app, who)).gql(query, variables)).body as Res;
const plans = resourceDocuments(ratePlanResource);
const rooms = resourceDocuments(roomTypeResource);
const list = (who: string, input: Record<string, unknown>, limit = 10, offset = 0) =>
  call(who, plans.list, { input, limit, offset });
const roomIds = async (propertyId: number) =>
  (
    await app.db.query<{ id: string }>('select id::text from room_types where property_id = $1 order by id', [
      propertyId,
    ])
  ).map((r) => r.id);
const count = async () => Number((await app.db.query<{ n: string }>('select count(*) as n from rate_plans'))[0].n);
const today = new Date().toISOString().slice(0, 10);
let planNames = 0;
// A name of its own each time: a name another plan of the property has is asked about first.
const plan = async (propertyId: number, over: Record<string, unknown> = {}) => ({
  name: `Test plan ${++planNames}`,
  type: 'Standard',
  pricing: 'Dynamic',
  roomTypeIds: (await roomIds(propertyId)).slice(0, 1),
  inclusionIds: [],
  customInclusionIds: [],
  saleStart: today,
  saleEnd: '2099-12-31',
  stayStart: null,
  stayEnd: null,
  minStay: 1,
  maxStay: null,
  cancellationPolicy: [],
  hidden: false,
  ...over,
});

describe(`rate plans (${testDbKind})`, () => {
  it("lists a property's rate plans sorted, filtered by visibility and paged, with type names and assigned inclusions", async () => {
    const first = await list(STAFF, { propertyId: 1, sort: 'NAME_ASC' }, 5, 0);
    expect(first.errors).toBeUndefined();
    const page = first.data.ratePlans;
    expect(page.totalCount).toBe(14);
    expect(page.nodes).toHaveLength(5);
    const names = page.nodes.map((n: any) => n.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    const second = await list(STAFF, { propertyId: 1, sort: 'NAME_ASC' }, 5, 5);
    expect(second.data.ratePlans.nodes.map((n: any) => n.id)).not.toContain(page.nodes[0].id);
    const all = (await list(STAFF, { propertyId: 1, sort: 'SALE_END_DESC' }, 100)).data.ratePlans.nodes;
    const ends = all.map((n: any) => n.saleEnd);
    expect(ends).toEqual([...ends].sort().reverse());
    expect(new Set(all.map((n: any) => n.__typename))).toEqual(
      new Set(['RatePlan', 'LuxuryRatePlan', 'OpaqueRatePlan']),
    );
    const withInclusions = all.find((n: any) => n.name === 'Best available rate');
    expect(withInclusions.assignedInclusions.map((a: any) => a.kind)).toContain('CustomInclusion');
    for (const visibility of ['CURRENT', 'EXPIRED', 'HIDDEN', 'UPCOMING']) {
      const only = (await list(STAFF, { propertyId: 1, filter: { visibility: [visibility] } }, 100)).data.ratePlans;
      expect(only.totalCount).toBeGreaterThan(0);
      expect(only.nodes.every((n: any) => n.visibility === visibility)).toBe(true);
    }
  });

  it("counts a plan's sale dates on the property's own day: on sale from today in Sydney, even while UTC is still yesterday", async () => {
    const sydney = dayIn('Australia/Sydney');
    const created = await call(ADMIN, plans.create, {
      input: { propertyId: 1, values: await plan(1, { name: 'From today in Sydney', saleStart: sydney }) },
    });
    expect(created.errors).toBeUndefined();
    expect(created.data.createRatePlan.visibility).toBe('CURRENT');
    const listed = await list(ADMIN, { propertyId: 1, filter: { visibility: ['CURRENT'] } }, 100);
    expect(listed.data.ratePlans.nodes.map((n: { name: string }) => n.name)).toContain('From today in Sydney');
    const tomorrow = await call(ADMIN, plans.create, {
      input: {
        propertyId: 1,
        values: await plan(1, { name: 'From tomorrow in Sydney', saleStart: addDays(sydney, 1) }),
      },
    });
    expect(tomorrow.data.createRatePlan.visibility).toBe('UPCOMING');
  });

  it('creates, edits with a version check, and deletes, writing an audit row for each', async () => {
    const created = await call(ADMIN, plans.create, {
      input: { propertyId: 1, values: await plan(1, { name: 'Winter warmer', type: 'Exclusive' }) },
    });
    expect(created.errors).toBeUndefined();
    const node = created.data.createRatePlan;
    expect(node).toMatchObject({
      __typename: 'LuxuryRatePlan',
      name: 'Winter warmer',
      visibility: 'CURRENT',
      version: 1,
      propertyId: 1,
    });
    const edited = await call(ADMIN, plans.update, {
      input: { id: node.id, version: 1, values: await plan(1, { name: 'Winter warmer', hidden: true }) },
    });
    expect(edited.data.updateRatePlan).toMatchObject({ version: 2, visibility: 'HIDDEN', __typename: 'RatePlan' });
    const stale = await call(ADMIN, plans.update, {
      input: { id: node.id, version: 1, values: await plan(1, { name: 'Stale' }) },
    });
    expect(stale.errors?.[0].extensions.code).toBe('STALE');
    expect(stale.errors?.[0].extensions.current.values.hidden).toBe(true);
    const removed = await call(ADMIN, plans.delete, { input: { id: node.id } });
    expect(removed.data.deleteRatePlan.id).toBe(node.id);
    const audit = await app.db.query<{ action: string }>(
      'select action from audit_log where subject_id = $1 order by id',
      [node.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['rate-plans.create', 'rate-plans.update', 'rate-plans.delete']);
  });

  it("answers bad values with the schema's messages per field and stores nothing", async () => {
    const before = await count();
    const res = await call(ADMIN, plans.create, {
      input: {
        propertyId: 1,
        values: await plan(1, { name: '  ', roomTypeIds: [], saleStart: '2027-02-30', saleEnd: today, minStay: 0 }),
      },
    });
    expect(res.errors?.[0].message).toBe(FORM_MESSAGES.couldNotSave);
    expect(res.errors?.[0].extensions.fields).toMatchObject({
      name: ['Enter a name'],
      roomTypeIds: ['Choose at least one room type'],
      saleStart: ['Enter the sale start date'],
      minStay: ['Minimum stay must be between 1 and 90'],
    });
    const order = await call(ADMIN, plans.create, {
      input: {
        propertyId: 1,
        values: await plan(1, { saleStart: '2030-01-02', saleEnd: '2030-01-01', minStay: 5, maxStay: 2 }),
      },
    });
    expect(order.errors?.[0].extensions.fields).toEqual({
      saleEnd: ['Sale end must be on or after the sale start'],
      maxStay: ['Maximum stay must be at least the minimum stay'],
    });
    const unknownField = await call(ADMIN, plans.create, {
      input: { propertyId: 1, values: { ...(await plan(1)), colour: 'red' } },
    });
    expect(unknownField.errors?.[0].message).toMatch(/colour/);
    const wrongType = await call(ADMIN, plans.create, {
      input: { propertyId: 1, values: await plan(1, { minStay: 'two' }) },
    });
    expect(wrongType.errors?.length).toBe(1);
    const huge = await call(ADMIN, plans.create, {
      input: { propertyId: 1, values: await plan(1, { name: 'x'.repeat(5000) }) },
    });
    expect(huge.errors?.[0].extensions.fields).toEqual({ name: ['Name must be 100 characters or less'] });
    expect(await count()).toBe(before);
  });

  it("refuses another property's room types and unknown inclusions", async () => {
    const other = await createRoomType(app, (await createProperty(app)).id);
    const before = await count();
    const foreign = await call(STAFF, plans.create, {
      input: { propertyId: 1, values: await plan(1, { roomTypeIds: [other] }) },
    });
    expect(foreign.errors?.[0].extensions.fields).toEqual({ roomTypeIds: ['Choose room types from the list'] });
    const unknown = await call(STAFF, plans.create, {
      input: { propertyId: 1, values: await plan(1, { inclusionIds: ['999999'] }) },
    });
    expect(unknown.errors?.[0].extensions.fields).toEqual({ inclusionIds: ['Choose inclusions from the list'] });
    expect(await count()).toBe(before);
  });

  it('applies the provider rule: no create, edit or delete on derbysoft or expedia properties, even for staff', async () => {
    // A group with a derbysoft and an expedia property, each with a rate plan from its channel, and the group's admin.
    const group = await createGroup(app);
    const providers = [];
    for (const inventoryProvider of ['derbysoft', 'expedia'] as const) {
      const p = await createProperty(app, { status: 'PUBLISHED', inventoryProvider, groupId: group.id });
      await createRatePlan(app, p.id);
      providers.push(p);
    }
    const groupAdmin = (await createUser(app, { role: 'property_group_admin', groupId: group.id })).email;
    const stored = await app.db.query<{ inventory_provider: string }>(
      'select inventory_provider from properties where id = any($1::int[]) and property_group_id = $2',
      [providers.map((p) => p.id), group.id],
    );
    expect(stored.map((p) => p.inventory_provider).sort()).toEqual(['derbysoft', 'expedia']);
    const before = await count();
    for (const p of providers) {
      for (const who of [STAFF, groupAdmin]) {
        const readable = await list(who, { propertyId: p.id });
        expect(readable.errors).toBeUndefined();
        const res = await call(who, plans.create, { input: { propertyId: p.id, values: await plan(p.id) } });
        expect(res.errors?.[0].extensions.code).toBe('FORBIDDEN');
        const [existing] = await app.db.query<{ id: string; version: number }>(
          'select id::text, version from rate_plans where property_id = $1 limit 1',
          [p.id],
        );
        expect(existing).toBeDefined();
        expect(
          (
            await call(who, plans.update, {
              input: { id: existing.id, version: existing.version, values: await plan(p.id) },
            })
          ).errors?.[0].extensions.code,
        ).toBe('FORBIDDEN');
        expect((await call(who, plans.delete, { input: { id: existing.id } })).errors?.[0].extensions.code).toBe(
          'FORBIDDEN',
        );
      }
    }
    expect(await count()).toBe(before);
  });

  it("lets a viewer read but not write, and answers another tenant's rows like missing ones", async () => {
    expect((await list(VIEWER, { propertyId: 1 })).data.ratePlans.totalCount).toBeGreaterThan(0);
    expect(
      (await call(VIEWER, plans.create, { input: { propertyId: 1, values: await plan(1) } })).errors?.[0].extensions
        .code,
    ).toBe('FORBIDDEN');
    const [other] = await app.db.query<{ id: string }>(
      'select id::text from rate_plans where property_id <> 1 limit 1',
    );
    const missing = await call(ADMIN, plans.one, { id: '99999999' });
    const foreign = await call(ADMIN, plans.one, { id: other.id });
    expect(foreign.errors?.[0]).toMatchObject({ message: 'Rate plan not found.', extensions: { code: 'NOT_FOUND' } });
    expect(missing.errors?.[0].message).toBe(foreign.errors?.[0].message);
    expect((await list(ADMIN, { propertyId: 3 })).errors?.[0].extensions.code).toBe('NOT_FOUND');
    expect((await call(ADMIN, plans.one, { id: 'abc' })).errors?.[0].message).toBe('Rate plan not found.');
    expect((await list(ADMIN, { propertyId: 1 }, 1000)).errors?.[0].message).toBe('limit must be between 1 and 100.');
  });

  it('refuses to delete a room type a rate plan still sells', async () => {
    const property = await createProperty(app, { status: 'PUBLISHED' });
    const sold = await createRoomType(app, property.id);
    await createRatePlan(app, property.id, { roomTypeIds: [sold] });
    await createRatePlan(app, property.id, { roomTypeIds: [sold] });
    const admin = (await createUser(app, { role: 'property_admin', propertyId: property.id })).email;
    const res = await call(admin, rooms.delete, { input: { id: sold } });
    expect(res.errors?.[0]).toMatchObject({ extensions: { code: 'REFUSED' } });
    expect(res.errors?.[0].message).toBe('This room type is used by 2 rate plans. Remove it from them first.');
    expect(await roomIds(property.id)).toContain(sold);
  });
});

describe(`inclusions (${testDbKind})`, () => {
  const globals = resourceDocuments(globalInclusionResource);
  const customs = resourceDocuments(customInclusionResource);
  it('offers the expanded catalogue only with its flag, and keeps the catalogue to staff', async () => {
    const names = async () =>
      (await call(ADMIN, globals.list, { input: { sort: 'NAME_ASC' }, limit: 100 })).data.globalInclusions.nodes.map(
        (n: any) => n.name,
      );
    expect(await names()).not.toContain('Sunset cruise for two');
    await app.db.query(
      "insert into feature_flags (key, enabled) values ('supplier-extranet-expanded-global-inclusions', true) on conflict (key) do update set enabled = true",
    );
    expect(await names()).toContain('Sunset cruise for two');
    await app.db.query(
      "update feature_flags set enabled = false where key = 'supplier-extranet-expanded-global-inclusions'",
    );
    const byAdmin = await call(ADMIN, globals.create, {
      input: { values: { name: 'Free minibar', category: 'ROOM' } },
    });
    expect(byAdmin.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const byStaff = await call(STAFF, globals.create, {
      input: { values: { name: 'Free minibar', category: 'ROOM', badge: 'BONUS' } },
    });
    expect(byStaff.data.createGlobalInclusion).toMatchObject({
      name: 'Free minibar',
      category: 'ROOM',
      badge: 'BONUS',
      expanded: false,
    });
  });

  it('lets only staff keep custom inclusions, and only with the flag on', async () => {
    const values = { name: 'Harbour ferry', category: 'TRANSPORT' };
    expect((await call(ADMIN, customs.create, { input: { propertyId: 1, values } })).errors?.[0].extensions.code).toBe(
      'FORBIDDEN',
    );
    expect(
      (await call(STAFF, customs.create, { input: { propertyId: 1, values } })).data.createCustomInclusion.name,
    ).toBe('Harbour ferry');
    await app.db.query("update feature_flags set enabled = false where key = 'supplier-extranet-custom-inclusions'");
    try {
      expect(
        (await call(STAFF, customs.create, { input: { propertyId: 1, values } })).errors?.[0].extensions.code,
      ).toBe('FORBIDDEN');
    } finally {
      await app.db.query("update feature_flags set enabled = true where key = 'supplier-extranet-custom-inclusions'");
    }
  });

  it('asks before a plan takes a name another plan of the property has, and saves it once confirmed', async () => {
    const [first] = [await plan(1, { name: 'Harbour escape' })];
    expect((await call(ADMIN, plans.create, { input: { propertyId: 1, values: first } })).errors).toBeUndefined();
    const before = await count();
    // Case aside, the same name: REFUSED with the question, and nothing stored.
    const asked = await call(ADMIN, plans.create, {
      input: { propertyId: 1, values: await plan(1, { name: 'harbour ESCAPE' }) },
    });
    expect(asked.errors?.[0].message).toBe(RATE_PLAN_MESSAGES.duplicateName('harbour ESCAPE'));
    expect(asked.errors?.[0].extensions).toMatchObject({ code: 'REFUSED', confirm: true });
    expect(await count()).toBe(before);
    // Another property's plan of that name is no question.
    const other = (await app.db.query<{ id: number }>('select id from properties where id <> 1 order by id limit 1'))[0]
      .id;
    const elsewhere = await call(STAFF, plans.create, {
      input: { propertyId: other, values: await plan(other, { name: 'Harbour escape' }) },
    });
    expect(elsewhere.errors).toBeUndefined();
    // Confirmed, it is saved as asked.
    const confirmed = await call(ADMIN, plans.create, {
      input: { propertyId: 1, values: await plan(1, { name: 'Harbour escape' }), confirm: true },
    });
    expect(confirmed.data.createRatePlan.name).toBe('Harbour escape');
    expect(await count()).toBe(before + 2);
    // Editing a plan that keeps its name asks nothing; renaming one to a taken name asks first.
    const second = await call(ADMIN, plans.create, { input: { propertyId: 1, values: await plan(1) } });
    const { id, version } = second.data.createRatePlan;
    const kept = await call(ADMIN, plans.update, {
      input: {
        id: confirmed.data.createRatePlan.id,
        version: 1,
        values: await plan(1, { name: 'Harbour escape', minStay: 2 }),
      },
    });
    expect(kept.errors).toBeUndefined();
    const renamed = await call(ADMIN, plans.update, {
      input: { id, version, values: await plan(1, { name: 'Harbour Escape' }) },
    });
    expect(renamed.errors?.[0].extensions).toMatchObject({ code: 'REFUSED', confirm: true });
    const stored = await app.db.query<{ name: string; version: number }>(
      'select name, version from rate_plans where id = $1',
      [id],
    );
    expect(stored[0].version).toBe(version);
  });

  it('refuses a deprecated catalogue inclusion to a plan that does not have it yet, confirmed or not; a plan that has one keeps it', async () => {
    const globals = resourceDocuments(globalInclusionResource);
    const made = await call(STAFF, globals.create, {
      input: { values: { name: `Late checkout ${planNames}`, category: 'ROOM', badge: 'BONUS' } },
    });
    const inclusionId = made.data.createGlobalInclusion.id;
    const kept = await call(ADMIN, plans.create, {
      input: { propertyId: 1, values: await plan(1, { inclusionIds: [inclusionId] }) },
    });
    expect(kept.errors).toBeUndefined();
    // Staff retire it from the catalogue.
    await app.db.query(`update resource_rows set data = data || '{"badge": "DEPRECATED"}' where id = $1`, [
      inclusionId,
    ]);
    const before = await count();
    const name = made.data.createGlobalInclusion.name;
    for (const confirm of [false, true]) {
      const refused = await call(ADMIN, plans.create, {
        input: { propertyId: 1, values: await plan(1, { inclusionIds: [inclusionId] }), confirm },
      });
      expect(refused.errors?.[0].message).toBe(RATE_PLAN_MESSAGES.deprecatedInclusion([name]));
      expect(refused.errors?.[0].extensions).toMatchObject({ code: 'REFUSED' });
      expect(refused.errors?.[0].extensions.confirm).toBeUndefined();
    }
    expect(await count()).toBe(before);
    // The plan that had it saves with it still.
    const { id, version } = kept.data.createRatePlan;
    const saved = await call(ADMIN, plans.update, {
      input: {
        id,
        version,
        values: await plan(1, { name: kept.data.createRatePlan.name, inclusionIds: [inclusionId], minStay: 2 }),
      },
    });
    expect(saved.errors).toBeUndefined();
    expect(saved.data.updateRatePlan.minStay).toBe(2);
  });

  it('needs the cancellation policy chosen: free cancellation is an empty list, nothing chosen is refused', async () => {
    const before = await count();
    for (const cancellationPolicy of [null, undefined]) {
      const res = await call(ADMIN, plans.create, {
        input: { propertyId: 1, values: await plan(1, { cancellationPolicy }) },
      });
      expect(res.errors?.[0].extensions.fields).toEqual({
        cancellationPolicy: [RATE_PLAN_MESSAGES.chooseCancellation],
      });
    }
    expect(await count()).toBe(before);
    const free = await call(ADMIN, plans.create, {
      input: { propertyId: 1, values: await plan(1, { cancellationPolicy: [] }) },
    });
    expect(free.data.createRatePlan.cancellationPolicy).toEqual([]);
    const [row] = await app.db.query<{ cancellation_policy: unknown }>(
      'select cancellation_policy from rate_plans where id = $1',
      [free.data.createRatePlan.id],
    );
    expect(row.cancellation_policy).toEqual([]);
  });
});
