import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPERTY_DOCS } from '../../resources/properties/property.documents';
import { createTestApp, type TestApp } from '../support/test-app';
import { sessionCookie } from '../support/sessions';
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

const userId = async (email: string) => (await app.db.query<{ id: number }>('select id from users where email = $1', [email]))[0].id;
const manage = (cookie: string, id = 1) => app.gql<{ viewer: { property: { id: number } } }>(PROPERTY_DOCS.manageProperty, { id }, { headers: { cookie } });
const errorOf = (res: Awaited<ReturnType<typeof manage>>) => res.body.errors?.[0]?.message ?? null;

describe(`read cache (${testDbKind})`, () => {
  it('a membership removed applies to the next request', async () => {
    const id = await userId('editor@harbourview.example');
    const cookie = await sessionCookie(app, id);
    expect(errorOf(await manage(cookie))).toBeNull();
    expect(errorOf(await manage(cookie))).toBeNull(); // now served from the cache
    const [gone] = await app.db.query<{ property_id: number; role: string }>('delete from memberships where user_id = $1 returning property_id, role', [id]);
    expect(errorOf(await manage(cookie))).toBe('Property not found.');
    await app.db.query('insert into memberships (user_id, property_id, role) values ($1, $2, $3)', [id, gone.property_id, gone.role]);
    expect(errorOf(await manage(cookie))).toBeNull();
  });

  it('a revoked session is refused on the next request', async () => {
    const cookie = await sessionCookie(app, await userId('viewer@harbourview.example'));
    expect(errorOf(await manage(cookie))).toBeNull();
    await app.db.query("update sessions set revoked_at = now() where user_id = $1", [await userId('viewer@harbourview.example')]);
    const res = await manage(cookie);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it("a property moved out of the group leaves the group admin's reach at once", async () => {
    const id = await userId('group.admin@coastal.example');
    const cookie = await sessionCookie(app, id);
    const [property] = await app.db.query<{ id: number; property_group_id: number }>(
      'select p.id, p.property_group_id from properties p join memberships m on m.property_group_id = p.property_group_id where m.user_id = $1 order by p.id limit 1', [id]);
    expect(errorOf(await manage(cookie, property.id))).toBeNull();
    await app.db.query('update properties set property_group_id = null where id = $1', [property.id]);
    expect(errorOf(await manage(cookie, property.id))).toBe('Property not found.');
    await app.db.query('update properties set property_group_id = $2 where id = $1', [property.id, property.property_group_id]);
  });

  it.runIf(testDbKind === 'postgres')('a write from another connection arrives by NOTIFY', async () => {
    const id = await userId('editor@harbourview.example');
    const cookie = await sessionCookie(app, id);
    expect(errorOf(await manage(cookie))).toBeNull();
    const [{ db }] = await app.db.query<{ db: string }>('select current_database() as db');
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${db}`;
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    try {
      const { rows: [gone] } = await other.query('delete from memberships where user_id = $1 returning property_id, role', [id]);
      let message: string | null = null;
      for (let i = 0; i < 40 && message === null; i++) {
        message = errorOf(await manage(cookie));
        if (message === null) await new Promise((r) => setTimeout(r, 50));
      }
      expect(message).toBe('Property not found.');
      await other.query('insert into memberships (user_id, property_id, role) values ($1, $2, $3)', [id, gone.property_id, gone.role]);
    } finally {
      await other.end();
    }
  });
});
