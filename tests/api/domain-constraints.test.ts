import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { openTestDb } from '../support/test-db';
import { INVENTORY_PROVIDERS, MEMBERSHIP_ROLES, PROPERTY_STATUSES } from '../../resources/domain';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db?.close();
});

/** The quoted values of a table's check constraint on one column. */
async function allowed(table: string, column: string): Promise<string[]> {
  const rows = await db.query<{ def: string }>(
    `select pg_get_constraintdef(c.oid) as def from pg_constraint c join pg_class t on t.oid = c.conrelid
     where t.relname = $1 and c.contype = 'c' and pg_get_constraintdef(c.oid) like '%(' || $2 || ' = ANY%'`,
    [table, column],
  );
  expect(rows).toHaveLength(1);
  return [...rows[0].def.matchAll(/'([a-z_A-Z]+)'/g)].map((m) => m[1]).sort();
}

// The migrations keep their own copy as a database constraint; resources/domain.ts is the source, and this holds them together.
describe('the database constraints agree with resources/domain.ts', () => {
  it('property statuses', async () =>
    expect(await allowed('properties', 'status')).toEqual([...PROPERTY_STATUSES].sort()));
  it('inventory providers', async () =>
    expect(await allowed('properties', 'inventory_provider')).toEqual([...INVENTORY_PROVIDERS].sort()));
  it('membership roles', async () =>
    expect(await allowed('memberships', 'role')).toEqual([...MEMBERSHIP_ROLES].sort()));
});
