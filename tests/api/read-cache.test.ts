import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROPERTY_DOCS } from '../../resources/properties/property.documents';
import { createTestApp, type TestApp } from '../support/test-app';
import { asUser, type UserClient } from '../support/as-user';
import { createGroup, createProperty, createUser } from '../factories';
import { testDbKind } from '../support/test-db';

/**
 * Who the caller is and a property's facts come from the server's read cache; these tests hold it
 * to "a change applies to the very next request", for writes in this process and, on PostgreSQL,
 * for writes from another connection (the CLI, a second server).
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** ManageProperty as the client's user, over HTTP (asUser). */
const manage = (client: UserClient, id: number) =>
  client.gql<{ viewer: { property: { id: number } } }>(PROPERTY_DOCS.manageProperty, { id });
const errorOf = (res: Awaited<ReturnType<typeof manage>>) => res.body.errors?.[0]?.message ?? null;
/** A user with a role on a new property, signed in. */
async function memberOfNewProperty(role: 'property_editor' | 'property_viewer') {
  const property = await createProperty(app, { status: 'PUBLISHED' });
  const user = await createUser(app, { role, propertyId: property.id });
  return { property: property.id, id: user.id, client: await asUser(app, user.email) };
}

describe(`read cache (${testDbKind})`, () => {
  it('a membership removed applies to the next request', async () => {
    const { id, property, client } = await memberOfNewProperty('property_editor');
    expect(errorOf(await manage(client, property))).toBeNull();
    expect(errorOf(await manage(client, property))).toBeNull(); // now served from the cache
    const [gone] = await app.db.query<{ property_id: number; role: string }>(
      'delete from memberships where user_id = $1 returning property_id, role',
      [id],
    );
    expect(errorOf(await manage(client, property))).toBe('Property not found.');
    await app.db.query('insert into memberships (user_id, property_id, role) values ($1, $2, $3)', [
      id,
      gone.property_id,
      gone.role,
    ]);
    expect(errorOf(await manage(client, property))).toBeNull();
  });

  it('a revoked session is refused on the next request', async () => {
    const { id, property, client } = await memberOfNewProperty('property_viewer');
    expect(errorOf(await manage(client, property))).toBeNull();
    await app.db.query('update sessions set revoked_at = now() where user_id = $1', [id]);
    // The client holds the refresh cookie too: the server must refuse to rotate a revoked session's token.
    expect(client.cookies.has('refresh_token')).toBe(true);
    const res = await manage(client, property);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it("a property moved out of the group leaves the group admin's reach at once", async () => {
    const group = await createGroup(app);
    const property = await createProperty(app, { status: 'PUBLISHED', groupId: group.id });
    const client = await asUser(
      app,
      (await createUser(app, { role: 'property_group_admin', groupId: group.id })).email,
    );
    expect(errorOf(await manage(client, property.id))).toBeNull();
    await app.db.query('update properties set property_group_id = null where id = $1', [property.id]);
    expect(errorOf(await manage(client, property.id))).toBe('Property not found.');
  });

  it.runIf(testDbKind === 'postgres')('a write from another connection arrives by NOTIFY', async () => {
    const { id, property, client } = await memberOfNewProperty('property_editor');
    expect(errorOf(await manage(client, property))).toBeNull();
    const [{ db }] = await app.db.query<{ db: string }>('select current_database() as db');
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${db}`;
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    try {
      const {
        rows: [gone],
      } = await other.query('delete from memberships where user_id = $1 returning property_id, role', [id]);
      await vi.waitFor(async () => expect(errorOf(await manage(client, property))).toBe('Property not found.'), {
        timeout: 2_000,
        interval: 50,
      });
      await other.query('insert into memberships (user_id, property_id, role) values ($1, $2, $3)', [
        id,
        gone.property_id,
        gone.role,
      ]);
    } finally {
      await other.end();
    }
  });
});
