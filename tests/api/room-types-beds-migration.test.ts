import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { openTestDb, testDbKind } from '../support/test-db';
import { createProperty } from '../../server/ops/operator-ops';
import { loadRow } from '../../server/resources/resource-store';
import { roomTypeResource } from '../../resources/room-types/room-type.resource';
import { bedsSummary } from '../../resources/room-types/room-type.options';

/** Migration 0042: each room type's one bed configuration becomes its beds, and nothing else changes. */
const LEGACY: [string, string][] = [
  ['King', '1 King bed'],
  ['Queen', '1 Queen bed'],
  ['Double', '1 Double bed'],
  ['Twin', '2 Single beds'],
  ['King or twin', '1 King bed that splits into two singles'],
  ['Two queens', '2 Queen beds'],
  ['Bunk beds', '1 Bunk bed'],
];
let db: Db;
const ids: string[] = [];
beforeAll(async () => {
  db = await openTestDb(undefined, { before: '0042' });
  const propertyId = await db.transaction((tx) => createProperty(tx, { name: 'Beds', status: 'ONBOARDING' }));
  for (const [bed] of [...LEGACY, [null]]) {
    const [r] = await db.query<{ id: string }>(
      `insert into room_types (property_id, name, bed_configuration, max_adults, max_children, room_count, status, version)
       values ($1, $2, $3, 2, 0, 5, 'ACTIVE', 3) returning id::text`,
      [propertyId, `Room ${bed}`, bed],
    );
    ids.push(r.id);
  }
  expect(await migrate(db)).toContain('0042_room_type_content.sql');
}, 120_000);
afterAll(() => db.close());

describe(`migration 0042: a room type's bed configuration becomes its beds (${testDbKind})`, () => {
  it('turns each configuration into bed rows with counts, keeps the rest, and drops the old column', async () => {
    const rows = await Promise.all(ids.map((id) => loadRow(db, roomTypeResource, id)));
    expect(rows.map((r) => bedsSummary(r!.beds))).toEqual([...LEGACY.map(([, summary]) => summary), '']);
    expect(rows.map((r) => [r!.name, r!.version, r!.roomCount])).toEqual(
      [...LEGACY.map(([bed]) => bed), null].map((bed) => [`Room ${bed}`, 3, 5]),
    );
    const old = await db.query(
      "select 1 from pg_attribute where attrelid = 'room_types'::regclass and attname = 'bed_configuration' and not attisdropped",
    );
    expect(old).toEqual([]);
  });
});
