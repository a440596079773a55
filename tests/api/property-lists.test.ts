import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { asUser } from '../support/as-user';
import { createGroup, createProperty, createUser } from '../factories';
import { testDbKind } from '../support/test-db';

/**
 * A list's properties are summary rows (no contact details, no owner); a field that needs them
 * loads the whole row. Whatever a client asks, a list node answers as the property itself does.
 */
let app: TestApp;
let groupId: number;
let groupAdmin: string;
const FIELDS = `id name status publishable { billingContact reservationsContact roomTypes ratePlans propertyLocation }
  user { email } billingContact { name email } primaryContact { name } reservationsContact { name confirmationEmails vccInEmail }`;

beforeAll(async () => {
  app = await createTestApp({ seed: false });
  groupId = (await createGroup(app)).id;
  await createProperty(app, { groupId, complete: true, contacts: ['BILLING', 'RESERVATION'] });
  const withAdmin = await createProperty(app, { groupId, contacts: ['PRIMARY'] });
  await createUser(app, { role: 'property_admin', propertyId: withAdmin.id });
  await createProperty(app, { groupId });
  groupAdmin = (await createUser(app, { role: 'property_group_admin', groupId })).email;
});
afterAll(() => app.close());

describe(`property lists (${testDbKind})`, () => {
  it('answers every field of a group page node exactly as the property query does', async () => {
    const client = await asUser(app, groupAdmin);
    const list = await client.gql(
      `query ($g: Int!) { viewer { propertyGroup(propertyGroupId: $g) { properties(limit: 10, offset: 0) { nodes { ${FIELDS} } } } } }`,
      { g: groupId },
    );
    expect(list.body.errors).toBeUndefined();
    const nodes = list.body.data!.viewer.propertyGroup.properties.nodes;
    expect(nodes).toHaveLength(3);
    for (const node of nodes) {
      const one = await client.gql(`query ($id: Int!) { viewer { property(id: $id) { ${FIELDS} } } }`, { id: node.id });
      expect(node).toEqual(one.body.data!.viewer.property);
    }
    // The data really differs between them, so the comparison above can fail.
    expect(new Set(nodes.map((n: { billingContact: unknown }) => JSON.stringify(n.billingContact))).size).toBe(2);
    expect(nodes.filter((n: { user: unknown }) => n.user).length).toBe(1);
    expect(nodes.filter((n: { publishable: { roomTypes: boolean } }) => n.publishable.roomTypes).length).toBe(1);
  });
});
