import { RATES_MESSAGES } from '../../resources/rates-inventory/rates-inventory.schema';
import { linkedRate, linkLabel, MAX_LINK_DEPTH, RATE_LINK_MESSAGES } from '../../resources/rate-plans/rate-link';
import { badInput, type RatePlanRef, type RoomTypeScope } from './rates-access';
import type { CellWrite } from './cell-write';

/**
 * Linked rate plans on a room type's calendar (issue 31). A link counts on a room type only where
 * its parent sells that room type too; there the child's rate is derived, never typed.
 */
export function parentOf(scope: RoomTypeScope, plan: RatePlanRef): RatePlanRef | null {
  if (!plan.link) return null;
  return scope.plans.find((p) => p.id === plan.link!.parentId) ?? null;
}

/** Each plan's children on this room type. */
function childrenOf(scope: RoomTypeScope) {
  const kids = new Map<string, RatePlanRef[]>();
  for (const p of scope.plans) {
    const parent = parentOf(scope, p);
    if (parent) (kids.get(parent.id) ?? kids.set(parent.id, []).get(parent.id)!).push(p);
  }
  return kids;
}

/** What the calendar says of a plan's link: its parent's id and 'Best available rate −10 %'. */
export function linkOnCalendar(scope: RoomTypeScope, plan: RatePlanRef) {
  const parent = parentOf(scope, plan);
  return parent && plan.link
    ? { linkedTo: parent.id, link: linkLabel(plan.link, parent.name) }
    : { linkedTo: null, link: null };
}

/** Refuses a typed rate for a linked plan, naming the cell and the plan it follows. */
export function refuseLinkedRates(scope: RoomTypeScope, cells: readonly { ratePlanId: string; field: string }[]) {
  const byId = new Map(scope.plans.map((p) => [p.id, p]));
  const issues = cells.flatMap((c, i) => {
    const plan = byId.get(c.ratePlanId);
    const parent = c.field === 'rate' && plan ? parentOf(scope, plan) : null;
    return parent ? [{ path: ['cells', i, 'value'], message: RATE_LINK_MESSAGES.readOnly(parent.name) }] : [];
  });
  if (issues.length) throw badInput(issues);
}

/**
 * A batch's cells with every linked child's rate derived from its parent's new one, down the chain
 * (at most MAX_LINK_DEPTH deep): a child's own cell for that day is replaced. A parent's rate that
 * would give a child 0 or less refuses the batch.
 */
export function withLinkedRates(scope: RoomTypeScope, cells: CellWrite[]): CellWrite[] {
  const kids = childrenOf(scope);
  if (!kids.size) return cells;
  const key = (c: { ratePlanId: string; day: string; field: string }) => `${c.ratePlanId}|${c.day}|${c.field}`;
  const out = new Map(cells.map((c) => [key(c), c]));
  let level = cells.filter((c) => c.field === 'rate' && kids.has(c.ratePlanId));
  for (let depth = 0; depth < MAX_LINK_DEPTH && level.length; depth++) {
    const next: CellWrite[] = [];
    for (const c of level)
      for (const child of kids.get(c.ratePlanId) ?? []) {
        const value = linkedRate(child.link!, c.value);
        if (c.value != null && value == null)
          throw badInput([{ path: ['rate'], message: RATES_MESSAGES.rateAtOrBelowZero }]);
        const derived: CellWrite = { ratePlanId: child.id, day: c.day, field: 'rate', value };
        out.set(key(derived), derived);
        if (kids.has(child.id)) next.push(derived);
      }
    level = next;
  }
  return [...out.values()];
}
