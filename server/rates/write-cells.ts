import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/client';
import {
  isRoomField,
  RATES_MESSAGES,
  ROOM_FIELDS,
  type CellField,
  type RoomField,
} from '../../resources/rates-inventory/rates-inventory.schema';
import { badInput, type RoomTypeScope } from './rates-access';
import { withLinkedRates } from './linked-rates';

import type { CellWrite } from './cell-write';
export type { CellWrite } from './cell-write';

/** Locks several room types' calendars in one order (by id), so two writers of overlapping sets never wait on each other. */
export async function lockRoomTypes(tx: Queryable, scopes: readonly { propertyId: number; roomTypeId: string }[]) {
  const sorted = [...scopes].sort((a, b) => Number(a.roomTypeId) - Number(b.roomTypeId));
  for (const s of sorted) await lockRoomType(tx, s);
}

/** Every writer of a room type's calendar holds this until commit, so a check made under it stays true until the write. */
export async function lockRoomType(tx: Queryable, scope: { propertyId: number; roomTypeId: string }) {
  await tx.query(`select pg_advisory_xact_lock(hashtext('rates:' || $1::text || ':' || $2::text))`, [
    scope.propertyId,
    scope.roomTypeId,
  ]);
}
export type BatchSource = 'grid' | 'bulk' | 'undo' | 'link';

/** Where each field lives and how its text is typed; a missing row reads as the column default. */
const COLUMNS: Record<CellField, { column: string; type: string; missing: string }> = {
  roomsToSell: { column: 'rooms_to_sell', type: 'integer', missing: 'null' },
  roomClosed: { column: 'room_closed', type: 'boolean', missing: "'false'" },
  rate: { column: 'rate', type: 'numeric(12,2)', missing: 'null' },
  stopSell: { column: 'stop_sell', type: 'boolean', missing: "'false'" },
  closedToArrival: { column: 'closed_to_arrival', type: 'boolean', missing: "'false'" },
  closedToDeparture: { column: 'closed_to_departure', type: 'boolean', missing: "'false'" },
  minStay: { column: 'min_stay', type: 'integer', missing: 'null' },
  maxStay: { column: 'max_stay', type: 'integer', missing: 'null' },
};

/** The rate plan fields, in the order of their columns in planDaysSql's input and its mask. */
const PLAN_FIELDS = ['rate', 'stopSell', 'closedToArrival', 'closedToDeparture', 'minStay', 'maxStay'] as const;

/** A room-level field (rooms to sell, closed): one upsert of the cells that really change, each logged with its before and after. */
const roomSql = (field: RoomField) => {
  const { column, type, missing } = COLUMNS[field];
  return `with input as (select * from unnest($3::bigint[], $4::date[], $5::text[]) as i(plan, day, val)),
    old as (select i.day, (i.val::${type})::text as after, coalesce(r.${column}::text, ${missing}) as before
              from input i left join room_inventory r on r.property_id = $1 and r.room_type_id = $2 and r.day = i.day),
    changed as (select * from old where before is distinct from after),
    up as (insert into room_inventory (property_id, room_type_id, day, ${column})
           select $1, $2, day, after::${type} from changed
           on conflict (property_id, room_type_id, day) do update set ${column} = excluded.${column} returning 1),
    logged as (insert into rates_changes (property_id, batch_id, room_type_id, rate_plan_id, day, field, before, after)
               select $1, $6, $2, 0, day, '${field}', before, after from changed returning 1)
    select (select count(*) from logged)::int as n, (select count(*) from up)::int as written`;
};
const ROOM_SQL = Object.fromEntries(ROOM_FIELDS.map((f) => [f, roomSql(f)])) as Record<RoomField, string>;

/**
 * Every rate plan field of a batch in one statement: one input row per plan and day carrying the
 * fields it sets (a mask of '1's by PLAN_FIELDS), merged over the stored row, written once per row
 * that really changes (not once per field), and each changed field logged with its before and after.
 */
const cols = PLAN_FIELDS.map((f) => COLUMNS[f]);
const PLAN_DAYS_SQL = `with input as (
      select * from unnest($3::bigint[], $4::date[], $5::text[], ${cols.map((_, i) => `$${i + 7}::text[]`).join(', ')})
        as i(plan, day, mask, ${cols.map((c) => `v_${c.column}`).join(', ')})),
    old as (
      select i.*, ${cols.map((c) => `coalesce(r.${c.column}::text, ${c.missing}) as o_${c.column}`).join(', ')}
        from input i left join rate_plan_days r
          on r.property_id = $1 and r.room_type_id = $2 and r.rate_plan_id = i.plan and r.day = i.day),
    merged as (
      select plan, day, ${cols
        .map(
          (c, i) =>
            `case when substr(mask, ${i + 1}, 1) = '1' then (v_${c.column}::${c.type})::text else o_${c.column} end as ${c.column}`,
        )
        .join(', ')}
        from old),
    changed as (
      select o.plan, o.day, v.field, v.before, v.after
        from old o join merged m on m.plan = o.plan and m.day = o.day
        cross join lateral (values ${PLAN_FIELDS.map(
          (f, i) => `('${f}', ${i + 1}, o.o_${cols[i].column}, m.${cols[i].column})`,
        ).join(', ')}) as v(field, pos, before, after)
       where substr(o.mask, v.pos, 1) = '1' and v.before is distinct from v.after),
    up as (
      insert into rate_plan_days (property_id, room_type_id, rate_plan_id, day, ${cols.map((c) => c.column).join(', ')})
      select $1, $2, m.plan, m.day, ${cols.map((c) => `m.${c.column}::${c.type}`).join(', ')} from merged m
       where exists (select 1 from changed c where c.plan = m.plan and c.day = m.day)
      on conflict (property_id, room_type_id, rate_plan_id, day) do update set
        ${cols.map((c) => `${c.column} = excluded.${c.column}`).join(', ')}
      returning 1),
    logged as (insert into rates_changes (property_id, batch_id, room_type_id, rate_plan_id, day, field, before, after)
               select $1, $6, $2, plan, day, field, before, after from changed returning 1)
    select (select count(*) from logged)::int as n, (select count(*) from up)::int as written`;

/**
 * The cells whose stored value is no longer what the editor saw (another user saved them since),
 * with their value now. Call under lockRoomType.
 */
export async function staleCells(tx: Queryable, scope: RoomTypeScope, cells: CellWrite[]) {
  const stale: { ratePlanId: string; day: string; field: CellField; current: string | null }[] = [];
  const byField = new Map<CellField, CellWrite[]>();
  for (const c of cells)
    if (c.expected !== undefined) (byField.get(c.field) ?? byField.set(c.field, []).get(c.field)!).push(c);
  for (const [field, list] of byField) {
    const { column, type, missing } = COLUMNS[field];
    const rooms = isRoomField(field);
    const rows = await tx.query<{ plan: string; day: string; current: string | null }>(
      `select i.plan::text as plan, i.day::text as day, coalesce(r.${column}::text, ${missing}) as current
         from unnest($3::bigint[], $4::date[], $5::text[]) as i(plan, day, expected)
         left join ${rooms ? 'room_inventory' : 'rate_plan_days'} r on r.property_id = $1 and r.room_type_id = $2
          and ${rooms ? 'r.day = i.day' : 'r.rate_plan_id = i.plan and r.day = i.day'}
        where coalesce(r.${column}::text, ${missing}) is distinct from (i.expected::${type})::text
        order by 2, 1 limit 50`,
      [
        scope.propertyId,
        scope.roomTypeId,
        list.map((c) => c.ratePlanId),
        list.map((c) => c.day),
        list.map((c) => c.expected),
      ],
    );
    for (const r of rows) stale.push({ ratePlanId: r.plan, day: r.day, field, current: r.current });
  }
  return withChangedBy(tx, scope, stale);
}

/** Who made the last change to each of these cells (the user of its batch), so a conflict can name them. */
async function withChangedBy<C extends { ratePlanId: string; day: string; field: CellField }>(
  tx: Queryable,
  scope: RoomTypeScope,
  cells: C[],
): Promise<(C & { changedBy: string | null })[]> {
  if (!cells.length) return [];
  const rows = await tx.query<{ plan: string; day: string; field: string; name: string | null }>(
    `select distinct on (c.rate_plan_id, c.day, c.field) c.rate_plan_id::text as plan, c.day::text as day, c.field,
            nullif(trim(u.first_name || ' ' || u.last_name), '') as name
       from unnest($3::bigint[], $4::date[], $5::text[]) as i(plan, day, field)
       join rates_changes c on c.property_id = $1 and c.room_type_id = $2 and c.rate_plan_id = i.plan
                           and c.day = i.day and c.field = i.field
       join rates_batches b on b.property_id = c.property_id and b.id = c.batch_id
       left join users u on u.id = b.user_id
      order by c.rate_plan_id, c.day, c.field, c.id desc`,
    [
      scope.propertyId,
      scope.roomTypeId,
      cells.map((c) => c.ratePlanId),
      cells.map((c) => c.day),
      cells.map((c) => c.field),
    ],
  );
  const names = new Map(rows.map((r) => [`${r.plan}|${r.day}|${r.field}`, r.name]));
  return cells.map((c) => ({ ...c, changedBy: names.get(`${c.ratePlanId}|${c.day}|${c.field}`) ?? null }));
}

/**
 * Writes a batch of cells inside the caller's transaction: one statement for rooms to sell and one
 * for the rate plans' fields (an upsert of every row that really changes, and each changed cell's
 * before and after in rates_changes), then refuses the
 * whole batch if it left a minimum stay above a maximum stay. Returns the batch and how many cells changed.
 */
export async function writeBatch(
  tx: Queryable,
  o: { scope: RoomTypeScope; userId: number; source: BatchSource; cells: CellWrite[]; groupId?: string | null },
) {
  const batchId = randomUUID();
  const { propertyId, roomTypeId } = o.scope;
  await tx.query(
    'insert into rates_batches (property_id, id, room_type_id, user_id, source, group_id) values ($1, $2, $3, $4, $5, $6)',
    [propertyId, batchId, roomTypeId, o.userId, o.source, o.groupId ?? null],
  );
  // Linked plans' rates follow their parents' in the same batch (and so the same history and undo).
  const cells = withLinkedRates(o.scope, o.cells);
  const byField = new Map<CellField, CellWrite[]>();
  for (const c of cells) (byField.get(c.field) ?? byField.set(c.field, []).get(c.field)!).push(c);
  let count = 0;
  for (const field of ROOM_FIELDS) {
    const rooms = byField.get(field);
    if (!rooms) continue;
    const [r] = await tx.query<{ n: number }>(ROOM_SQL[field], [
      propertyId,
      roomTypeId,
      rooms.map((c) => c.ratePlanId),
      rooms.map((c) => c.day),
      rooms.map((c) => c.value),
      batchId,
    ]);
    count += r.n;
  }
  // Plan cells pivoted to one row per plan and day; the last edit of a cell wins, as it did per field.
  const rows = new Map<string, { plan: string; day: string; mask: string[]; values: (string | null)[] }>();
  for (const c of cells) {
    const i = PLAN_FIELDS.indexOf(c.field as (typeof PLAN_FIELDS)[number]);
    if (i < 0) continue;
    const key = `${c.ratePlanId}|${c.day}`;
    let row = rows.get(key);
    if (!row)
      rows.set(
        key,
        (row = {
          plan: c.ratePlanId,
          day: c.day,
          mask: PLAN_FIELDS.map(() => '0'),
          values: PLAN_FIELDS.map(() => null),
        }),
      );
    row.mask[i] = '1';
    row.values[i] = c.value;
  }
  if (rows.size) {
    const list = [...rows.values()];
    const [r] = await tx.query<{ n: number }>(PLAN_DAYS_SQL, [
      propertyId,
      roomTypeId,
      list.map((x) => x.plan),
      list.map((x) => x.day),
      list.map((x) => x.mask.join('')),
      batchId,
      ...PLAN_FIELDS.map((_, i) => list.map((x) => x.values[i])),
    ]);
    count += r.n;
  }
  if (byField.has('minStay') || byField.has('maxStay')) {
    const stays = [...(byField.get('minStay') ?? []), ...(byField.get('maxStay') ?? [])];
    const [bad] = await tx.query<{ plan: string; day: string }>(
      `select r.rate_plan_id::text as plan, r.day::text as day from rate_plan_days r
        join unnest($3::bigint[], $4::date[]) as i(plan, day) on r.rate_plan_id = i.plan and r.day = i.day
       where r.property_id = $1 and r.room_type_id = $2 and r.min_stay > r.max_stay limit 1`,
      [propertyId, roomTypeId, stays.map((c) => c.ratePlanId), stays.map((c) => c.day)],
    );
    if (bad)
      throw badInput([
        {
          path: [byField.has('minStay') ? 'minStay' : 'maxStay'],
          message: `${RATES_MESSAGES.minAboveMax} (${bad.day})`,
        },
      ]);
  }
  await tx.query('update rates_batches set cell_count = $3 where property_id = $1 and id = $2', [
    propertyId,
    batchId,
    count,
  ]);
  return { batchId, count };
}

/**
 * One update over several room types (a bulk update, or its undo): a batch per room type, tied by a
 * group id when there is more than one, so history and undo treat them as one. The answer names the
 * batch of the first part `answer` picks (else the first part's), with the cells of all.
 */
export async function writeGroup(
  tx: Queryable,
  o: {
    userId: number;
    source: BatchSource;
    parts: { scope: RoomTypeScope; cells: CellWrite[] }[];
    answer?: (scope: RoomTypeScope, i: number) => boolean;
  },
) {
  const groupId = o.parts.length > 1 ? randomUUID() : null;
  const batches: ({ scope: RoomTypeScope } & Awaited<ReturnType<typeof writeBatch>>)[] = [];
  for (const p of o.parts)
    batches.push({
      scope: p.scope,
      ...(await writeBatch(tx, { scope: p.scope, userId: o.userId, source: o.source, cells: p.cells, groupId })),
    });
  const named = batches.find((b, i) => o.answer?.(b.scope, i)) ?? batches[0];
  return {
    batchId: named.batchId,
    roomTypeId: named.scope.roomTypeId,
    count: batches.reduce((n, b) => n + b.count, 0),
    groupId,
    batches,
  };
}
