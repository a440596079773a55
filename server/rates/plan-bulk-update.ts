import { createHash } from 'node:crypto';
import type { Queryable } from '../db/client';
import {
  CELL_LABELS,
  FLAG_FIELDS,
  MAX_RATE_CENTS,
  RATES_MESSAGES,
  centsToString,
  hundredths,
  parseRate,
  percentOf,
  type CellField,
} from '../../resources/rates-inventory/rates-inventory.schema';
import type { BulkUpdateInput } from '../../resources/rates-inventory/rates-inventory.inputs';
import type { RoomTypeScope } from './rates-access';
import type { CellWrite } from './write-cells';
import { parentOf, withLinkedRates } from './linked-rates';

/** The linked children's rates the planned parent rates move, with their befores, so the preview shows them and the token covers them. */
async function addLinkedChanges(db: Queryable, scope: RoomTypeScope, changes: PlannedChange[]) {
  const planned = new Set(changes.map((c) => `${c.ratePlanId}|${c.day}|${c.field}`));
  const derived = withLinkedRates(scope, changes).filter((c) => !planned.has(`${c.ratePlanId}|${c.day}|${c.field}`));
  if (!derived.length) return;
  const befores = await db.query<{ plan: string; day: string; rate: string | null }>(
    `select i.plan::text as plan, i.day::text as day, r.rate::text as rate
       from unnest($3::bigint[], $4::date[]) as i(plan, day)
       left join rate_plan_days r on r.property_id = $1 and r.room_type_id = $2 and r.rate_plan_id = i.plan and r.day = i.day`,
    [scope.propertyId, scope.roomTypeId, derived.map((c) => c.ratePlanId), derived.map((c) => c.day)],
  );
  const before = new Map(befores.map((b) => [`${b.plan}|${b.day}`, b.rate]));
  for (const c of derived) {
    const was = before.get(`${c.ratePlanId}|${c.day}`) ?? null;
    if (was !== c.value) changes.push({ ...c, before: was });
  }
}

type Before = {
  plan: string;
  day: string;
  rate: string | null;
  stop_sell: boolean;
  cta: boolean;
  ctd: boolean;
  min_stay: number | null;
  max_stay: number | null;
};
export type PlannedChange = CellWrite & { before: string | null };

/** The target days: every range's days on the chosen days of the week, expanded once in SQL. */
const DAYS = `with days as (
  select distinct d::date as day from unnest($3::date[], $4::date[]) as r(f, t), generate_series(r.f, r.t, interval '1 day') d
   where extract(isodow from d)::int = any($5::int[]))`;

const toCents = (s: string) => BigInt((parseRate(s) as { cents: number }).cents);
/**
 * What a bulk update would change, computed on the current data: the changed cells with before
 * and after, the warnings that block it or ask for confirmation, and a token that hashes the
 * input and every before, so an apply on data that has changed since is refused.
 */
export async function planBulkUpdate(db: Queryable, scope: RoomTypeScope, input: BulkUpdateInput) {
  const base = [
    scope.propertyId,
    scope.roomTypeId,
    input.ranges.map((r) => r.from),
    input.ranges.map((r) => r.to),
    input.weekdays,
  ];
  const [days, rooms, rates] = await Promise.all([
    db.query<{ n: number }>(`${DAYS} select count(*)::int as n from days where $1::int > 0 and $2::bigint > 0`, base),
    input.roomsToSell === undefined && input.roomClosed === undefined
      ? []
      : db.query<{ day: string; rooms: number | null; closed: boolean; sold: number }>(
          `${DAYS} select d.day::text as day, i.rooms_to_sell as rooms, coalesce(i.room_closed, false) as closed,
              (select count(*)::int from reservations o where o.property_id = $1 and o.room_type_id = $2 and o.state = 'reserved'
                  and o.check_in <= d.day and o.check_out > d.day) as sold
         from days d
         left join room_inventory i on i.property_id = $1 and i.room_type_id = $2 and i.day = d.day order by d.day`,
          base,
        ),
    !input.ratePlanIds.length
      ? []
      : db.query<Before>(
          `${DAYS} select p.plan::text as plan, d.day::text as day, r.rate::text as rate, coalesce(r.stop_sell, false) as stop_sell,
              coalesce(r.closed_to_arrival, false) as cta, coalesce(r.closed_to_departure, false) as ctd, r.min_stay, r.max_stay
         from days d cross join unnest($6::bigint[]) as p(plan)
         left join rate_plan_days r on r.property_id = $1 and r.room_type_id = $2 and r.rate_plan_id = p.plan and r.day = d.day
        order by p.plan, d.day`,
          [...base, input.ratePlanIds],
        ),
  ]);
  const changes: PlannedChange[] = [];
  const blocking = new Set<string>();
  const confirm = new Set<string>();
  const add = (ratePlanId: string, day: string, field: CellField, before: string | null, value: string | null) => {
    if (before !== value) changes.push({ ratePlanId, day, field, before, value });
  };
  for (const r of rooms) {
    if (input.roomClosed !== undefined) add('0', r.day, 'roomClosed', String(r.closed), String(input.roomClosed));
    if (input.roomsToSell === undefined) continue;
    add('0', r.day, 'roomsToSell', r.rooms == null ? null : String(r.rooms), String(input.roomsToSell));
    if (input.roomsToSell < r.sold) confirm.add(RATES_MESSAGES.roomsBelowBooked);
  }
  const delta = input.rate && input.rate.mode !== 'set' ? hundredths(input.rate.value)! : 0n;
  // A linked plan's rate follows its parent's (derived below), never the update's own change.
  const linked = new Set(scope.plans.filter((p) => parentOf(scope, p)).map((p) => p.id));
  for (const r of rates) {
    if (input.rate && !linked.has(r.plan)) {
      let after: bigint | null;
      if (input.rate.mode === 'set') after = toCents(input.rate.value);
      else if (r.rate == null) {
        after = null;
        confirm.add(RATES_MESSAGES.noRateToChange);
      } else after = input.rate.mode === 'percent' ? percentOf(toCents(r.rate), delta) : toCents(r.rate) + delta;
      if (after != null) {
        if (after <= 0n) blocking.add(RATES_MESSAGES.rateAtOrBelowZero);
        else if (after > BigInt(MAX_RATE_CENTS)) blocking.add(RATES_MESSAGES.rateAboveMax);
        else {
          if (r.rate != null && (after * 2n > toCents(r.rate) * 3n || after * 2n < toCents(r.rate)))
            confirm.add(RATES_MESSAGES.bigChange);
          add(r.plan, r.day, 'rate', r.rate, centsToString(Number(after)));
        }
      }
    }
    const flags = { stopSell: r.stop_sell, closedToArrival: r.cta, closedToDeparture: r.ctd };
    for (const f of FLAG_FIELDS) if (input[f] !== undefined) add(r.plan, r.day, f, String(flags[f]), String(input[f]));
    const min = input.minStay !== undefined ? input.minStay : r.min_stay;
    const max = input.maxStay !== undefined ? input.maxStay : r.max_stay;
    if (input.minStay !== undefined)
      add(r.plan, r.day, 'minStay', r.min_stay == null ? null : String(r.min_stay), min == null ? null : String(min));
    if (input.maxStay !== undefined)
      add(r.plan, r.day, 'maxStay', r.max_stay == null ? null : String(r.max_stay), max == null ? null : String(max));
    if (min != null && max != null && min > max && (input.minStay !== undefined || input.maxStay !== undefined))
      blocking.add(RATES_MESSAGES.minAboveMax);
  }
  await addLinkedChanges(db, scope, changes);
  const { token: _t, confirm: _c, ...asked } = input;
  const token = createHash('sha256')
    .update(JSON.stringify([asked, changes]))
    .digest('base64url');
  const names = new Map(scope.plans.map((p) => [p.id, p.name]));
  return {
    changes,
    token,
    days: days[0]?.n ?? 0,
    changedDays: new Set(changes.map((c) => c.day)).size,
    cells: changes.length,
    sample: changes.slice(0, 12).map((c) => ({
      ratePlanId: c.ratePlanId === '0' ? null : c.ratePlanId,
      ratePlanName: names.get(c.ratePlanId) ?? CELL_LABELS[c.field],
      date: c.day,
      field: c.field,
      before: c.before,
      after: c.value,
    })),
    blocking: [...blocking],
    confirm: [...confirm],
  };
}
