import type { AppContext } from '../context';
import { canOnProperty } from '../auth/authorize';
import { userError } from '../errors';
import { FORM_MESSAGES } from '../../resources/messages';
import {
  CELL_FIELDS,
  MAX_SPAN_DAYS,
  RATES_MESSAGES,
  addDays,
  daysBetween,
  ratesWindow,
} from '../../resources/rates-inventory/rates-inventory.schema';

const minDay = (a: string, b: string) => (a < b ? a : b);
import { dayArg, idArg, oneOfArg } from '../input-args';
import { spend } from '../request-budget';

/** A cell's history shows its latest changes, at most this many. */
const HISTORY_ROWS = 100;
import type { Queryable } from '../db/client';
import { authorizeRoomType, type RoomTypeScope } from './rates-access';
import { linkOnCalendar } from './linked-rates';
import { calendarPromotions } from '../promotions/promotion-pricing';
import { MAX_STAY_NIGHTS } from '../../resources/reservations/reservations.schema';

/**
 * A room type's calendar: compact arrays, one entry per day from `from` to `to` (default two weeks
 * back, read-only, to 18 months ahead), for rooms to sell and for each rate plan that sells the room type. Two range
 * scans on the tables' primary keys; no object per cell.
 */
export async function ratesCalendar(
  ctx: AppContext,
  args: { propertyId: number; roomTypeId: string; from?: string | null; to?: string | null; days?: number | null },
) {
  const asked = {
    from: args.from == null ? null : dayArg('from', args.from),
    to: args.to == null ? null : dayArg('to', args.to),
  };
  if (args.days != null && !(Number.isInteger(args.days) && args.days >= 1 && args.days <= MAX_SPAN_DAYS))
    throw userError(FORM_MESSAGES.couldNotSave, 'BAD_USER_INPUT', { days: [RATES_MESSAGES.spanDays] });
  const scope = await authorizeRoomType(ctx, args.propertyId, args.roomTypeId, 'read');
  const window = ratesWindow(scope.today);
  // `days`: that many days from `from`, or from the property's own today (the all-room-types view
  // asks before it knows the property's time zone; a `from` before that day or past the window reads
  // as it, as the view shows it); else the range asked, or the whole calendar.
  const spanFrom = asked.from && asked.from >= window.first && asked.from <= window.last ? asked.from : window.first;
  const from = args.days != null ? spanFrom : (asked.from ?? window.shownFrom);
  const to = args.days != null ? minDay(addDays(from, args.days - 1), window.last) : (asked.to ?? window.last);
  if (from < window.shownFrom || to > window.last || to < from) {
    throw userError(FORM_MESSAGES.couldNotSave, 'BAD_USER_INPUT', { from: [RATES_MESSAGES.dateWindow] });
  }
  spend(ctx, 'read', (daysBetween(from, to) + 1) * (1 + scope.plans.length));
  const [calendar, canEdit, promotions] = await Promise.all([
    readCalendar(ctx.db, scope, from, to),
    canOnProperty(ctx, scope.facts, 'update', 'RatesInventory'),
    calendarPromotions(
      ctx.db,
      scope.propertyId,
      scope.plans.map((p) => p.id),
      from,
      to,
      scope.today,
    ),
  ]);
  // Each plan's active and upcoming promotions, for the grid's markers (issue 26).
  const plans = calendar.plans.map((plan) => ({
    ...plan,
    promotions: promotions.filter((p) => p.ratePlanIds.includes(plan.id)),
  }));
  return { ...calendar, plans, firstEditable: window.first, lastEditable: window.last, canEdit };
}

/** The calendar's reads and their shaping, without the caller's checks (the bench's anchor runs exactly this). */
export async function readCalendar(db: Queryable, scope: RoomTypeScope, from: string, to: string) {
  const length = daysBetween(from, to) + 1;
  const planIds = scope.plans.map((p) => p.id);
  const [roomRows, [{ s: days }], roomTypes, bookedRows] = await Promise.all([
    db.query<{ i: number; rooms: number | null; closed: boolean }>(
      `select (day - $3::date) as i, rooms_to_sell as rooms, room_closed as closed from room_inventory
        where property_id = $1 and room_type_id = $2 and day between $3::date and $4::date`,
      [scope.propertyId, scope.roomTypeId, from, to],
    ),
    // One string instead of thousands of rows: the driver's row parsing dominated the read on PGlite,
    // and string_agg builds the value in a third of json_agg's time there. One day per ';', its fields by ','.
    db.query<{ s: string | null }>(
      `select string_agg(concat_ws(',', rate_plan_id, day - $3::date, coalesce(rate::text, ''), stop_sell::int,
              closed_to_arrival::int, closed_to_departure::int, coalesce(min_stay::text, ''), coalesce(max_stay::text, '')), ';') as s
         from rate_plan_days
        where property_id = $1 and room_type_id = $2 and day between $3::date and $4::date and rate_plan_id = any($5::bigint[])`,
      [scope.propertyId, scope.roomTypeId, from, to, planIds],
    ),
    db.query<{ id: string; name: string; roomCount: number | null }>(
      'select id::text as id, name, room_count as "roomCount" from room_types where property_id = $1 order by name, id',
      [scope.propertyId],
    ),
    // Rooms booked each night (cancelled bookings left out): each booking's nights inside the range.
    db.query<{ i: number; n: number }>(
      `select (d::date - $3::date) as i, count(*)::int as n
         from reservations r,
              generate_series(greatest(r.check_in, $3::date), least(r.check_out - 1, $4::date), interval '1 day') d
        where r.property_id = $1 and r.room_type_id = $2 and r.state = 'reserved'
          and r.check_in <= $4::date and r.check_out > $3::date and r.check_in > $3::date - $5::int
        group by 1`,
      [scope.propertyId, scope.roomTypeId, from, to, MAX_STAY_NIGHTS],
    ),
  ]);
  const booked: number[] = new Array(length).fill(0);
  for (const b of bookedRows) booked[b.i] = b.n;
  const roomsToSell: (number | null)[] = new Array(length).fill(null);
  const roomClosed: boolean[] = new Array(length).fill(false);
  for (const r of roomRows) {
    roomsToSell[r.i] = r.rooms;
    roomClosed[r.i] = r.closed;
  }
  const plans = scope.plans.map((p) => ({
    id: p.id,
    name: p.name,
    ...linkOnCalendar(scope, p),
    rate: new Array<string | null>(length).fill(null),
    stopSell: new Array<boolean>(length).fill(false),
    closedToArrival: new Array<boolean>(length).fill(false),
    closedToDeparture: new Array<boolean>(length).fill(false),
    minStay: new Array<number | null>(length).fill(null),
    maxStay: new Array<number | null>(length).fill(null),
  }));
  const byId = new Map(plans.map((p) => [p.id, p]));
  for (const day of days ? days.split(';') : []) {
    const [plan, i, rate, stopSell, cta, ctd, minStay, maxStay] = day.split(',');
    const p = byId.get(plan)!;
    const n = Number(i);
    p.rate[n] = rate === '' ? null : rate;
    p.stopSell[n] = stopSell === '1';
    p.closedToArrival[n] = cta === '1';
    p.closedToDeparture[n] = ctd === '1';
    p.minStay[n] = minStay === '' ? null : Number(minStay);
    p.maxStay[n] = maxStay === '' ? null : Number(maxStay);
  }
  return {
    propertyId: scope.propertyId,
    roomTypeId: scope.roomTypeId,
    roomTypeName: scope.roomTypeName,
    currencyCode: scope.currencyCode,
    from,
    to,
    roomsToSell,
    roomClosed,
    booked,
    plans,
    roomTypes,
  };
}

/** Who changed one cell, when, from what to what, and whether from the grid, a bulk update or an undo. */
export async function ratesCellHistory(
  ctx: AppContext,
  args: { propertyId: number; roomTypeId: string; ratePlanId?: string | null; date: string; field?: string | null },
) {
  const date = dayArg('date', args.date);
  const ratePlanId = args.ratePlanId == null ? '0' : idArg('ratePlanId', args.ratePlanId);
  const field = args.field == null ? null : oneOfArg('field', args.field, CELL_FIELDS);
  const scope = await authorizeRoomType(ctx, args.propertyId, args.roomTypeId, 'read');
  spend(ctx, 'read', HISTORY_ROWS);
  return ctx.db.query(
    `select c.id::text as id, c.batch_id as "batchId", c.field, c.before, c.after, b.source, b.created_at as "changedAt",
            coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as "userName"
       from rates_changes c join rates_batches b on b.property_id = c.property_id and b.id = c.batch_id
       left join users u on u.id = b.user_id
      where c.property_id = $1 and c.room_type_id = $2 and c.rate_plan_id = $3 and c.day = $4::date and ($5::text is null or c.field = $5)
      order by c.id desc limit ${HISTORY_ROWS}`,
    [scope.propertyId, scope.roomTypeId, ratePlanId, date, field],
  );
}

/** The room type's latest saves and bulk updates, newest first: what undo offers. */
export async function ratesBatches(ctx: AppContext, args: { propertyId: number; roomTypeId: string }) {
  const scope = await authorizeRoomType(ctx, args.propertyId, args.roomTypeId, 'read');
  return ctx.db.query(
    `select b.id, b.source, b.cell_count as "cellCount", b.created_at as "createdAt", b.undone_by is not null as undone,
            coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as "userName",
            -- What each field of the batch changed: its days, its plans, and its one new value when all got the same.
            (select coalesce(json_agg(x order by x.field), '[]'::json) from (
               select c.field, count(distinct c.day)::int as days, min(c.day)::text as "firstDay", max(c.day)::text as "lastDay",
                      (count(distinct c.rate_plan_id) filter (where c.rate_plan_id <> 0))::int as plans,
                      case when count(distinct c.rate_plan_id) = 1 and min(c.rate_plan_id) <> 0
                           then (select p.name from rate_plans p where p.property_id = b.property_id and p.id = min(c.rate_plan_id)) end as "planName",
                      count(distinct coalesce(c.after, '')) = 1 as uniform,
                      case when count(distinct coalesce(c.after, '')) = 1 then min(c.after) end as after
                 from rates_changes c where c.property_id = b.property_id and c.batch_id = b.id
                group by c.field) x) as changes,
            case when b.group_id is null then 1 else
              (select count(*)::int from rates_batches g where g.property_id = b.property_id and g.group_id = b.group_id
                 and g.cell_count > 0) end as "roomTypes"
       from rates_batches b left join users u on u.id = b.user_id
      where b.property_id = $1 and b.room_type_id = $2 and b.cell_count > 0 order by b.created_at desc limit 20`,
    [scope.propertyId, scope.roomTypeId],
  );
}
