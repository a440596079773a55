import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import type { ResourceRow } from '../resources/resource-extension';
import type { PropertyFacts } from '../../resources/domain';
import { linkedRate, MAX_LINK_DEPTH, RATE_LINK_MESSAGES, type RateLink } from '../../resources/rate-plans/rate-link';
import { RATES_MESSAGES } from '../../resources/rates-inventory/rates-inventory.schema';
import { PROPERTY_FACTS_SQL } from '../auth/authorize';
import { refused } from '../commands/refusals';
import { loadRoomType } from './rates-access';
import { parentOf } from './linked-rates';
import { lockRoomTypes, writeBatch } from './write-cells';

/**
 * A rate plan's link as it is saved (issue 31): the parent is another plan of the property that
 * sells one of the same room types, and the links neither go round in a circle nor run deeper than
 * MAX_LINK_DEPTH. Returns the refusal's message, or null.
 */
export async function checkRateLink(
  db: Queryable,
  values: Record<string, unknown>,
  propertyId: number | null,
  stored: ResourceRow | null,
): Promise<string | null> {
  const link = values.rateLink as RateLink | null | undefined;
  if (!link || propertyId === null) return null;
  const self = stored ? String(stored.id) : null;
  if (link.parentId === self) return RATE_LINK_MESSAGES.self;
  const plans = await db.query<{ id: string; link: RateLink | null; rooms: string[] }>(
    `select p.id::text as id, p.rate_link as link,
            array(select l.ref_id::text from rate_plan_room_types l where l.owner_id = p.id) as rooms
       from rate_plans p where p.property_id = $1`,
    [propertyId],
  );
  const byId = new Map(plans.map((p) => [p.id, p]));
  const parent = byId.get(link.parentId);
  if (!parent) return RATE_LINK_MESSAGES.notFound;
  const rooms = ((values.roomTypeIds ?? stored?.roomTypeIds ?? []) as unknown[]).map(String);
  if (!rooms.some((r) => parent.rooms.includes(r))) return RATE_LINK_MESSAGES.sharedRoom;
  const parentIdOf = (id: string) => (id === self ? link.parentId : (byId.get(id)?.link?.parentId ?? null));
  // Up: the parent and the plans it follows in turn; a walk that comes back here is a circle.
  let up = 1;
  for (let at = parentIdOf(link.parentId); at; at = parentIdOf(at)) {
    if (at === self || up > plans.length) return RATE_LINK_MESSAGES.cycle;
    up++;
  }
  // Down: the plans that follow this one, and theirs.
  let down = 0;
  for (let level = self ? [self] : []; level.length; down++) {
    const ids = new Set(level);
    level = plans.filter((p) => p.id !== self && p.link && ids.has(p.link.parentId)).map((p) => p.id);
    if (down > plans.length) return RATE_LINK_MESSAGES.cycle;
  }
  return up + Math.max(0, down - 1) > MAX_LINK_DEPTH ? RATE_LINK_MESSAGES.depth : null;
}

/**
 * After a plan is linked (or its link or room types change), in the save's transaction: on each room
 * type it shares with its parent, its rates from the property's today on become the parent's, moved
 * by the link, as one batch of each room type's calendar (source 'link'), its own children following.
 */
export async function followParentRates(tx: Queryable, ctx: AppContext, row: ResourceRow, stored: ResourceRow | null) {
  const link = row.rateLink as RateLink | null;
  if (!link || row.propertyId === null) return;
  const rooms = ((row.roomTypeIds as unknown[]) ?? []).map(String);
  if (
    stored &&
    JSON.stringify(stored.rateLink) === JSON.stringify(link) &&
    JSON.stringify(((stored.roomTypeIds as unknown[]) ?? []).map(String)) === JSON.stringify(rooms)
  )
    return;
  const [facts] = await tx.query<PropertyFacts>(PROPERTY_FACTS_SQL, [row.propertyId]);
  const linked = [];
  for (const roomTypeId of rooms) {
    const scope = await loadRoomType(tx, facts, roomTypeId);
    const plan = scope.plans.find((p) => p.id === String(row.id));
    const parent = plan && parentOf(scope, plan);
    if (plan && parent) linked.push({ scope, plan, parent });
  }
  // All of them locked first, in the one order every writer of several room types uses.
  await lockRoomTypes(
    tx,
    linked.map((l) => l.scope),
  );
  for (const { scope, plan, parent } of linked) {
    const days = await tx.query<{ day: string; rate: string }>(
      `select day::text as day, rate::text as rate from rate_plan_days
        where property_id = $1 and room_type_id = $2 and rate_plan_id = $3 and day >= $4::date and rate is not null
        order by day`,
      [scope.propertyId, scope.roomTypeId, parent.id, scope.today],
    );
    const cells = days.map((d) => {
      const value = linkedRate(link, d.rate);
      if (value == null) throw refused(RATES_MESSAGES.rateAtOrBelowZero);
      return { ratePlanId: plan.id, day: d.day, field: 'rate' as const, value };
    });
    if (cells.length) await writeBatch(tx, { scope, userId: ctx.viewer!.id, source: 'link', cells });
  }
}
