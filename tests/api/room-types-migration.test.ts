import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { openTestDb, testDbKind } from '../support/test-db';
import { createProperty } from '../../server/ops/operator-ops';
import { insertRow } from '../../server/resources/resource-store';
import { RESOURCES } from '../../resources/registry';
import type { ResourceDef } from '../../resources/define-resource';
import { meetingRoomResource } from '../fixtures/resources/meeting-rooms/meeting-room.resource';
import { checkResourceStorage } from '../../server/resources/resource-storage';

/**
 * Migration 0035 moves room types and rate plans out of resource_rows into their own tables, on a
 * database made as the demo makes it (the definitions' sample rows, in registry order, for several
 * properties), with calendars, bookings and rows edited to later versions. Counts, ids, versions,
 * values and every reference are the same after it.
 */
const MOVED = ['room-types', 'rate-plans'];
let db: Db;
const before: {
  rows: Record<string, unknown>[];
  inventory: number;
  planDays: number;
  bookings: { id: string; room: string; plan: string }[];
} = { rows: [], inventory: 0, planDays: 0, bookings: [] };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const LATER = ['promotions'];
/** A room type before 0042 had one bed configuration and none of its later content; 0042 turns it into beds. */
const LEGACY_BEDS: Record<string, [string, { type: string; count: number }[]]> = {
  'Deluxe King': ['King', [{ type: 'KING', count: 1 }]],
  'Superior Twin': ['Twin', [{ type: 'SINGLE', count: 2 }]],
  'Family Suite': ['Two queens', [{ type: 'QUEEN', count: 2 }]],
};
const CONTENT_0042 = ['beds', 'extraBeds', 'cots', 'view', 'bathroom', 'smoking', 'amenities'];
const asBefore0042 = (data: Record<string, unknown>) => ({
  ...Object.fromEntries(Object.entries(data).filter(([k]) => !CONTENT_0042.includes(k))),
  bedConfiguration: LEGACY_BEDS[String(data.name)][0],
});

/** The demo's rows of a definition, stored as they were before 0035: jsonb in resource_rows. */
async function sampleRows(def: ResourceDef, propertyId: number | null, ids: Map<string, string[]>) {
  const made: string[] = [];
  for (const values of def.sample!({ propertyId, ids: (n) => ids.get(n) ?? [], day })) {
    const data = def.schema.parse(values);
    if (MOVED.includes(def.name)) {
      const [r] = await db.query<{ id: string }>(
        'insert into resource_rows (resource, property_id, data) values ($1, $2, $3) returning id::text',
        [def.name, propertyId, JSON.stringify(def.name === 'room-types' ? asBefore0042(data) : data)],
      );
      made.push(r.id);
    } else made.push((await insertRow(db, def, def.scope === 'property' ? propertyId : null, data)).id);
  }
  ids.set(def.name, [...(ids.get(def.name) ?? []), ...made]);
}

beforeAll(async () => {
  db = await openTestDb(undefined, { before: '0035' });
  const ids = new Map<string, string[]>();
  const globals = RESOURCES.filter((d) => d.scope === 'global' && d.sample).map((d) => d.name);
  for (const def of RESOURCES.filter((d) => globals.includes(d.name))) await sampleRows(def, null, ids);
  for (let i = 0; i < 4; i++) {
    const propertyId = await db.transaction((tx) => createProperty(tx, { name: `Migrated ${i}`, status: 'PUBLISHED' }));
    // Each property's rows refer to the global catalogue and to its own rows only.
    const scoped = new Map([...ids].filter(([name]) => globals.includes(name)));
    // Resources whose own tables came later (promotions, 0037) have no rows before 0035.
    for (const def of RESOURCES.filter((d) => d.scope === 'property' && d.sample && !LATER.includes(d.name))) {
      await sampleRows(def, propertyId, scoped);
      ids.set(def.name, [...(ids.get(def.name) ?? []), ...(scoped.get(def.name) ?? [])]);
    }
  }
  // Edited rows carry later versions; a plan names a room type deleted long ago (dropped by the move).
  await db.query(
    "update resource_rows set version = 1 + id % 4, updated_at = now() - interval '3 days' where resource in ('room-types', 'rate-plans')",
  );
  await db.query(
    `update resource_rows set data = jsonb_set(data, '{roomTypeIds}', (data->'roomTypeIds') || '["999999999"]')
      where id = (select min(id) from resource_rows where resource = 'rate-plans')`,
  );
  await db.query(
    `insert into room_inventory (property_id, room_type_id, day, rooms_to_sell)
     select r.property_id, r.id, current_date + g, 5 from resource_rows r, generate_series(0, 9) g where r.resource = 'room-types'`,
  );
  await db.query(
    `insert into rate_plan_days (property_id, room_type_id, rate_plan_id, day, rate)
     select r.property_id, rt.id::bigint, r.id, current_date + g, 100 + g
       from resource_rows r cross join lateral jsonb_array_elements_text(r.data->'roomTypeIds') rt(id), generate_series(0, 4) g
      where r.resource = 'rate-plans' and rt.id <> '999999999'`,
  );
  await db.query(
    `insert into reservations (property_id, hotel_ref, booking_ref, state, guest_name, adults, room_type_id, room_type_name,
       rate_plan_id, rate_plan_name, check_in, check_out, nights, total, currency, payment_method, booked_at, payload_hash)
     select r.property_id, 'HXM' || r.id, 'MIG-' || r.id, 'reserved', 'Guest', 2, (r.data->'roomTypeIds'->>0)::bigint, 'Room',
            r.id, r.data->>'name', current_date + 3, current_date + 5, 2, 200, 'AUD', 'invoice', now(), 'x'
       from resource_rows r where r.resource = 'rate-plans'`,
  );
  before.rows = await db.query(
    `select id::text, resource, property_id, data, version, created_at::text, updated_at::text from resource_rows
      where resource in ('room-types', 'rate-plans') order by id`,
  );
  before.inventory = Number((await db.query<{ n: string }>('select count(*) as n from room_inventory'))[0].n);
  before.planDays = Number((await db.query<{ n: string }>('select count(*) as n from rate_plan_days'))[0].n);
  before.bookings = await db.query(
    'select id::text, room_type_id::text as room, rate_plan_id::text as plan from reservations order by id',
  );
  expect(await migrate(db)).toContain('0035_room_types_rate_plans.sql');
}, 120_000);
afterAll(() => db.close());

describe(`migration 0035: room types and rate plans in their own tables (${testDbKind})`, () => {
  it('keeps every row with its id, version, times and values, and leaves none in resource_rows', async () => {
    const rooms = RESOURCES.find((d) => d.name === 'room-types')!;
    const plans = RESOURCES.find((d) => d.name === 'rate-plans')!;
    const stored = async (def: ResourceDef) =>
      db.query<Record<string, unknown>>(
        `select id::text, property_id, version, created_at::text, updated_at::text from ${def.storage!.table} order by id`,
      );
    const roomRows = before.rows.filter((r) => r.resource === 'room-types');
    const planRows = before.rows.filter((r) => r.resource === 'rate-plans');
    expect(roomRows.length).toBeGreaterThanOrEqual(12);
    expect(planRows.length).toBeGreaterThanOrEqual(14);
    for (const [def, rows] of [
      [rooms, roomRows],
      [plans, planRows],
    ] as const) {
      const now = await stored(def);
      expect(now.map((r) => [r.id, r.property_id, r.version, r.created_at, r.updated_at])).toEqual(
        rows.map((r) => [r.id, r.property_id, r.version, r.created_at, r.updated_at]),
      );
    }
    expect((await db.query("select 1 from resource_rows where resource in ('room-types', 'rate-plans')")).length).toBe(
      0,
    );
  });

  it('reads back the same values through the resource layer, references in their order', async () => {
    const { loadRow } = await import('../../server/resources/resource-store');
    for (const old of before.rows) {
      const def = RESOURCES.find((d) => d.name === old.resource)!;
      const row = (await loadRow(db, def, String(old.id)))!;
      const data = old.data as Record<string, unknown>;
      for (const f of def.fields) {
        const was = data[f.name] ?? null;
        const expected =
          f.name === 'roomTypeIds'
            ? (was as string[]).filter((id) => id !== '999999999')
            : f.name === 'beds'
              ? LEGACY_BEDS[String(data.name)][1]
              : (was ?? null);
        expect([old.id, f.name, row[f.name] ?? null]).toEqual([old.id, f.name, expected]);
      }
    }
  });

  it('keeps every calendar row and booking, now bound to its room type and rate plan by foreign key', async () => {
    const count = async (t: string) => Number((await db.query<{ n: string }>(`select count(*) as n from ${t}`))[0].n);
    expect(await count('room_inventory')).toBe(before.inventory);
    expect(await count('rate_plan_days')).toBe(before.planDays);
    expect(
      await db.query(
        'select id::text, room_type_id::text as room, rate_plan_id::text as plan from reservations order by id',
      ),
    ).toEqual(before.bookings);
    await expect(
      db.query("insert into room_inventory (property_id, room_type_id, day) values (1, 999999999, '2030-01-01')"),
    ).rejects.toThrow(/foreign key/);
    const [room] = await db.query<{ id: string; property_id: number }>(
      'select id::text, property_id from room_types order by id limit 1',
    );
    const [otherProperty] = await db.query<{ id: number }>('select id from properties where id <> $1 limit 1', [
      room.property_id,
    ]);
    // A property's calendar cannot name another property's room type.
    await expect(
      db.query("insert into room_inventory (property_id, room_type_id, day) values ($1, $2, '2030-01-01')", [
        otherProperty.id,
        room.id,
      ]),
    ).rejects.toThrow(/foreign key/);
    await expect(db.query('delete from room_types where id = $1', [room.id])).rejects.toThrow(/foreign key/);
  });
});

describe(`a resource whose table is missing (${testDbKind})`, () => {
  it('stops at start naming the resource, what is missing and the migration to add', async () => {
    await expect(checkResourceStorage(db, RESOURCES)).resolves.toBeUndefined();
    const error = await checkResourceStorage(db, [...RESOURCES, meetingRoomResource]).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(
      "Resource 'meeting-rooms' stores its rows in its own table, but the database lacks table fixture_meeting_rooms,",
    );
    expect((error as Error).message).toContain('layouts text[]');
    await db.query('create table fixture_meeting_rooms (id bigint primary key, property_id integer, name text)');
    const partial = await checkResourceStorage(db, [meetingRoomResource]).catch((e: Error) => e.message);
    expect(partial).toContain(
      'lacks column fixture_meeting_rooms.version, column fixture_meeting_rooms.created_at, column fixture_meeting_rooms.updated_at, column fixture_meeting_rooms.capacity, column fixture_meeting_rooms.area,',
    );
  });
});
