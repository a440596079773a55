import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { asUser } from '../support/as-user';
import { createGroup, createProperty, createUser, unique } from '../factories';
import { testDbKind } from '../support/test-db';
import { FINDER_SEARCH_MAX } from '../../resources/properties/property-finder';

/**
 * Issue 17's property finder: `viewer.properties` searches name, suburb and ID, filters by status
 * and provider, sorts and pages, over exactly the properties the viewer may open.
 */
let app: TestApp;
let staff: string;
let member: string;
const tag = unique('Finder').replace(/[^a-zA-Z0-9]/g, '');
const made: { id: number; name: string }[] = [];

const FIND = `query ($search: String, $statuses: [PropertyStatus!], $provider: InventoryProvider, $sort: PropertySort, $limit: Int!, $offset: Int!) {
  viewer { properties(search: $search, statuses: $statuses, provider: $provider, sort: $sort, limit: $limit, offset: $offset) {
    nodes { id name status suburb inventoryProvider } pagination { count totalCount page limit offset } } } }`;

type Found = {
  nodes: { id: number; name: string; status: string; suburb: string | null; inventoryProvider: string | null }[];
  pagination: { count: number; totalCount: number; page: number };
};
async function find(email: string, variables: Record<string, unknown>) {
  const res = await (await asUser(app, email)).gql(FIND, { limit: 20, offset: 0, ...variables });
  return res;
}
async function found(email: string, variables: Record<string, unknown>): Promise<Found> {
  const res = await find(email, variables);
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.viewer.properties;
}

beforeAll(async () => {
  app = await createTestApp({ seed: false });
  const groupId = (await createGroup(app)).id;
  const rows = [
    { name: `${tag} Harbour Hotel`, suburb: 'Bondi', status: 'PUBLISHED', inventoryProvider: 'extranet' },
    { name: `${tag} Harbour Hotel`, suburb: 'Manly', status: 'ONBOARDING', inventoryProvider: 'siteconnect' },
    { name: `${tag} Alpine Lodge`, suburb: 'Thredbo', status: 'UNPUBLISHED', inventoryProvider: 'derbysoft' },
    { name: `${tag} Zephyr Suites`, suburb: `${tag}ville`, status: 'ARCHIVED', inventoryProvider: null },
  ] as const;
  for (const [i, row] of rows.entries())
    made.push(await createProperty(app, { ...row, groupId: i < 2 ? groupId : undefined }));
  staff = (await createUser(app, { isStaff: true })).email;
  member = (await createUser(app, { role: 'property_group_viewer', groupId })).email;
});
afterAll(() => app.close());

describe(`property finder (${testDbKind})`, () => {
  it('searches name and suburb, case-blind, and counts every match', async () => {
    const all = await found(staff, { search: tag.toLowerCase() });
    expect(all.pagination.totalCount).toBe(4);
    expect(all.nodes.map((n) => n.name)).toEqual([
      `${tag} Alpine Lodge`,
      `${tag} Harbour Hotel`,
      `${tag} Harbour Hotel`,
      `${tag} Zephyr Suites`,
    ]);
    // Two properties with one name are told apart by their IDs, in ID order.
    expect(all.nodes[1].id).toBeLessThan(all.nodes[2].id);
    const bySuburb = await found(staff, { search: 'THREDBO' });
    expect(bySuburb.nodes.map((n) => n.id)).toContain(made[2].id);
    expect(bySuburb.nodes.every((n) => n.suburb === 'Thredbo')).toBe(true);
  });

  it('finds a property by its ID, with or without #, first in the list', async () => {
    for (const search of [String(made[3].id), `#${made[3].id}`, ` # ${made[3].id} `]) {
      const byId = await found(staff, { search });
      expect(byId.nodes[0]).toMatchObject({ id: made[3].id, name: `${tag} Zephyr Suites`, status: 'ARCHIVED' });
    }
  });

  it('filters by status and by provider, together with a search', async () => {
    const onboarding = await found(staff, { search: tag, statuses: ['ONBOARDING'] });
    expect(onboarding.nodes.map((n) => n.id)).toEqual([made[1].id]);
    const two = await found(staff, { search: tag, statuses: ['ONBOARDING', 'ARCHIVED'] });
    expect(two.nodes.map((n) => n.id).sort()).toEqual([made[1].id, made[3].id].sort());
    const derby = await found(staff, { search: tag, provider: 'derbysoft' });
    expect(derby.nodes.map((n) => [n.id, n.inventoryProvider])).toEqual([[made[2].id, 'derbysoft']]);
    const none = await found(staff, { search: tag, provider: 'expedia' });
    expect(none).toMatchObject({ nodes: [], pagination: { totalCount: 0 } });
  });

  it('sorts each way and pages without repeating or skipping a row', async () => {
    const ids = made.map((m) => m.id);
    expect((await found(staff, { search: tag, sort: 'ID_ASC' })).nodes.map((n) => n.id)).toEqual(ids);
    expect((await found(staff, { search: tag, sort: 'ID_DESC' })).nodes.map((n) => n.id)).toEqual([...ids].reverse());
    const desc = await found(staff, { search: tag, sort: 'NAME_DESC' });
    expect(desc.nodes[0].name).toBe(`${tag} Zephyr Suites`);
    const paged: number[] = [];
    for (let offset = 0; offset < 4; offset += 3) {
      const p = await found(staff, { search: tag, limit: 3, offset });
      expect(p.pagination).toMatchObject({ totalCount: 4, page: offset / 3 + 1 });
      paged.push(...p.nodes.map((n) => n.id));
    }
    expect(paged.sort()).toEqual([...ids].sort());
    await app.db.query("update properties set updated_at = now() + interval '1 minute' where id = $1", [made[2].id]);
    expect((await found(staff, { search: tag, sort: 'UPDATED_DESC' })).nodes[0].id).toBe(made[2].id);
  });

  it("shows a member only their group's properties, even when searching another's ID", async () => {
    const mine = await found(member, { search: tag });
    expect(mine.nodes.map((n) => n.id).sort()).toEqual([made[0].id, made[1].id].sort());
    const other = await found(member, { search: String(made[2].id) });
    expect(other.nodes.map((n) => n.id)).not.toContain(made[2].id);
  });

  it('treats LIKE wildcards as text and refuses bad arguments with a clear error', async () => {
    expect((await found(staff, { search: '%' })).pagination.totalCount).toBe(0);
    expect((await found(staff, { search: '_'.repeat(3) })).pagination.totalCount).toBe(0);
    const long = await found(staff, { search: tag + 'x'.repeat(5000) });
    expect(long.pagination.totalCount).toBe(0);
    expect(FINDER_SEARCH_MAX).toBeLessThan(5000);
    const badSort = await find(staff, { sort: 'SALARY' });
    expect(badSort.body.errors?.[0].message).toMatch(/PropertySort/);
    const badStatus = await find(staff, { statuses: ['OPEN'] });
    expect(badStatus.body.errors?.[0].message).toMatch(/PropertyStatus/);
    const badLimit = await find(staff, { limit: 500 });
    expect(badLimit.body.errors?.[0].message).toBe('limit must be between 1 and 50.');
  });

  it('finds by every word in any order, across the name, the suburb and the group name (issue 30)', async () => {
    const word = unique('Wombat').replace(/[^a-zA-Z0-9]/g, '');
    const group = await createGroup(app, { name: `${word} Collection` });
    const { id } = await createProperty(app, { name: `Alpine ${word} Lodge`, suburb: 'Thredbo', groupId: group.id });
    const other = await createProperty(app, { name: `Alpine ${word} Inn`, suburb: 'Jindabyne' });
    const ids = async (search: string) => (await found(staff, { search })).nodes.map((n: { id: number }) => n.id);
    expect(await ids(`lodge ${word} alpine`)).toEqual([id]);
    expect(await ids(`${word} thredbo`)).toEqual([id]);
    expect(await ids(`${word} collection`)).toEqual([id]);
    expect((await ids(`alpine ${word}`)).sort()).toEqual([id, other.id].sort());
    expect(await ids(`${word} nowhere`)).toEqual([]);
  });
});
