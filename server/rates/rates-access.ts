import { naturalCompare } from '../../resources/plural';
import { idArg } from '../input-args';
import { dayIn, propertyZone } from '../../resources/property-day';
import { PROPERTY_TIMEZONE_SQL } from '../properties/property-day';
import { refused, staleCells } from '../commands/refusals';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import type { Action } from '../../abilities/define-ability';
import { authorizeProperty } from '../auth/authorize';
import { userError } from '../errors';
import { FORM_MESSAGES } from '../../resources/messages';
import {
  CELL_LABELS,
  RATES_MESSAGES,
  fieldErrors,
  type CellField,
} from '../../resources/rates-inventory/rates-inventory.schema';
import type { PropertyFacts } from '../../resources/domain';
import type { RateLink } from '../../resources/rate-plans/rate-link';

/** A rate plan selling the room type; `link` when it follows another plan of the property (issue 31). */
export type RatePlanRef = { id: string; name: string; link: RateLink | null };
export type RoomTypeScope = {
  facts: PropertyFacts;
  propertyId: number;
  roomTypeId: string;
  roomTypeName: string;
  plans: RatePlanRef[];
  currencyCode: string;
  /** The property's own today (its time zone's), the first day an edit may touch. */
  today: string;
};

/** Bad input: the form's heading and the fields' messages (spec §4 Forms); nothing has changed. */
export const badInput = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  userError(FORM_MESSAGES.couldNotSave, 'BAD_USER_INPUT', fieldErrors(issues));

/**
 * Checks the caller may do `action` on the property's rates and inventory and loads the room type
 * with the rate plans that sell it. A room type of another property answers like a missing one.
 */
export async function authorizeRoomType(
  ctx: AppContext,
  propertyId: unknown,
  roomTypeId: unknown,
  action: Action,
): Promise<RoomTypeScope> {
  const id = idArg('roomTypeId', roomTypeId);
  const facts = await authorizeProperty(ctx, propertyId, 'read', 'RatesInventory');
  const scope = await loadRoomType(ctx.db, facts, id);
  if (action !== 'read') await authorizeProperty(ctx, propertyId, action, 'RatesInventory');
  return scope;
}

export async function loadRoomType(db: Queryable, facts: PropertyFacts, roomTypeId: string): Promise<RoomTypeScope> {
  if (!/^\d{1,15}$/.test(roomTypeId)) throw userError(RATES_MESSAGES.roomTypeNotFound, 'NOT_FOUND');
  const rows = await db.query<{
    kind: string;
    id: string;
    name: string;
    currency: string;
    country: string | null;
    timezone: string | null;
    link: RateLink | null;
  }>(
    `select 'room' as kind, r.id::text as id, r.name, p.currency_code as currency, p.country, ${PROPERTY_TIMEZONE_SQL} as timezone,
            null::jsonb as link
       from room_types r join properties p on p.id = r.property_id
      where r.property_id = $1 and r.id = $2
     union all
     select 'plan', rp.id::text, rp.name, null, null, null, rp.rate_link
       from rate_plan_room_types l join rate_plans rp on rp.id = l.owner_id
      where l.ref_id = $2 and rp.property_id = $1
     order by 1 desc, 3, 2`,
    [facts.propertyId, roomTypeId],
  );
  const room = rows.find((r) => r.kind === 'room');
  if (!room) throw userError(RATES_MESSAGES.roomTypeNotFound, 'NOT_FOUND');
  return {
    facts,
    propertyId: facts.propertyId,
    roomTypeId,
    roomTypeName: room.name,
    currencyCode: room.currency.trim(),
    today: dayIn(propertyZone(room)),
    plans: rows
      .filter((r) => r.kind === 'plan')
      .map((r) => ({ id: r.id, name: r.name, link: r.link }))
      .sort((a, b) => naturalCompare(a.name, b.name) || Number(a.id) - Number(b.id)),
  };
}

/**
 * A refusal that names the cells it is about (STALE: a grid save over cells changed since; REFUSED:
 * an undo of cells changed later): each cell's rate plan id and name (null and 'Rooms to sell' for
 * the room type's rooms), date, field, and `extra`.
 */
export function cellsRefusal(
  code: 'STALE' | 'REFUSED',
  message: string,
  scope: RoomTypeScope,
  cells: readonly { ratePlanId: string; day: string; field: CellField; extra?: Record<string, unknown> }[],
) {
  const names = new Map(scope.plans.map((p) => [p.id, p.name]));
  const named = cells.map((c) => ({
    ratePlanId: c.ratePlanId === '0' ? null : c.ratePlanId,
    ratePlanName: names.get(c.ratePlanId) ?? CELL_LABELS[c.field],
    date: c.day,
    field: c.field,
    ...c.extra,
  }));
  return code === 'STALE' ? staleCells(message, named) : refused(message, { cells: named });
}

/** Refuses rate plan ids that do not sell the room type, naming the field. */
export function checkPlans(
  scope: RoomTypeScope,
  ids: readonly (string | null | undefined)[],
  path: (i: number) => (string | number)[],
) {
  const sold = new Set(scope.plans.map((p) => p.id));
  const issues = ids.flatMap((id, i) =>
    id != null && !sold.has(id) ? [{ path: path(i), message: RATES_MESSAGES.planNotSold }] : [],
  );
  if (issues.length) throw badInput(issues);
}
