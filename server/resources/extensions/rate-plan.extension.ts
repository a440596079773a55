import type { ResourceExtension, ResourceRow } from '../resource-extension';
import { visibilityOf } from '../../../resources/rate-plans/rate-plan-visibility';
import { RATE_PLAN_TYPE_NAMES } from '../../../resources/rate-plans/rate-plan.resource';
import { sellableDeleteCheck } from './delete-checks';
import { RATE_PLAN_MESSAGES } from '../../../resources/rate-plans/rate-plan.messages';
import { checkRateLink, followParentRates } from '../../rates/rate-plan-links';

type Assigned = { id: string; kind: string; inclusionId: string; name: string; category: string; badge: string | null };

const field = 'assignedInclusions: [AssignedInclusion!]!';

/** Rate plans: visibility derived from the dates and the hidden flag, and the inclusions assigned to each plan (spec §3 AssignedInclusion). */
export const ratePlanExtension: ResourceExtension = {
  typeDefs: /* GraphQL */ `
    "An inclusion assigned to a rate plan: one of the global catalogue or one of the property's own."
    type AssignedInclusion { id: ID!, kind: String!, inclusionId: ID!, name: String!, category: String!, badge: String }
    extend interface AnyRatePlan { ${field} }
    ${Object.values(RATE_PLAN_TYPE_NAMES)
      .map((t) => `extend type ${t} { ${field} }`)
      .join('\n')}
  `,
  computed: {
    visibility: {
      value: (row, today) => visibilityOf(row as never, today),
      sql: (field, today) => `(case when coalesce((${field('hidden')})::boolean, false) then 'HIDDEN'
        when (${field('saleStart')}) > ${today} then 'UPCOMING' when (${field('saleEnd')}) < ${today} then 'EXPIRED' else 'CURRENT' end)`,
    },
  },
  /**
   * A deprecated catalogue inclusion is refused where a plan would take it anew (one it has stays).
   * A name another plan of the property has (case aside) is allowed, once the user says so: two such plans read the same to guests.
   */
  saveCheck: async (db, values, { propertyId, stored }) => {
    const linkRule = await checkRateLink(db, values, propertyId, stored);
    if (linkRule) return { refuse: linkRule };
    const had = new Set((stored?.inclusionIds as string[] | undefined) ?? []);
    const added = ((values.inclusionIds as string[] | undefined) ?? []).filter((id) => !had.has(String(id)));
    if (added.length) {
      const deprecated = await db.query<{ name: string }>(
        `select data->>'name' as name from resource_rows
          where resource = 'global-inclusions' and id = any($1::bigint[]) and data->>'badge' = 'DEPRECATED' order by id`,
        [added],
      );
      if (deprecated.length) return { refuse: RATE_PLAN_MESSAGES.deprecatedInclusion(deprecated.map((d) => d.name)) };
    }
    const name = String(values.name ?? '');
    if (propertyId === null || (stored && String(stored.name).toLowerCase() === name.toLowerCase())) return {};
    const same = await db.query(
      'select 1 from rate_plans where property_id = $1 and lower(name) = lower($2) and id <> coalesce($3::bigint, 0) limit 1',
      [propertyId, name, stored?.id ?? null],
    );
    return same.length ? { confirm: RATE_PLAN_MESSAGES.duplicateName(name) } : {};
  },
  afterWrite: (tx, ctx, row, stored) => followParentRates(tx, ctx, row, stored),
  deleteCheck: (tx, row) =>
    sellableDeleteCheck(tx, {
      noun: 'rate plan',
      id: row.id,
      propertyId: row.propertyId,
      bookings: 'select count(*) from reservations where property_id = $2 and rate_plan_id = $1::bigint',
      days: 'select count(distinct day) from rate_plan_days where property_id = $2 and rate_plan_id = $1::bigint',
      instead: 'Hide it from sale instead.',
    }),
  /** Every plan of the page gets its inclusions from one query. Custom inclusions show only while their flag is on (at the property: `flags` are the property's, issue 30). */
  afterLoad: async (db, rows, flags) => {
    const showCustom = !flags || flags['supplier-extranet-custom-inclusions'];
    const kinds = (
      [
        ['inclusionIds', 'GlobalInclusion'],
        ['customInclusionIds', 'CustomInclusion'],
      ] as const
    ).filter(([, kind]) => showCustom || kind !== 'CustomInclusion');
    const ids = [...new Set(rows.flatMap((r) => kinds.flatMap(([key]) => (r[key] as string[]) ?? [])))];
    const found = ids.length
      ? await db.query<{ id: number | string; resource: string; name: string; category: string; badge: string | null }>(
          `select id, resource, data->>'name' as name, data->>'category' as category, data->>'badge' as badge
         from resource_rows where id = any($1::bigint[]) and resource in ('global-inclusions', 'custom-inclusions')`,
          [ids],
        )
      : [];
    const byId = new Map(found.map((f) => [String(f.id), f]));
    for (const row of rows) {
      const assigned: Assigned[] = [];
      for (const [key, kind] of kinds) {
        for (const id of (row[key] as string[]) ?? []) {
          const f = byId.get(id);
          if (f)
            assigned.push({
              id: `${row.id}:${id}`,
              kind,
              inclusionId: id,
              name: f.name,
              category: f.category,
              badge: f.badge,
            });
        }
      }
      (row as ResourceRow).assignedInclusions = assigned;
    }
  },
};
