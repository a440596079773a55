import type { Queryable } from '../db/client';
import { containsPattern } from '../db/like';
import type { Viewer } from '../context';
import { loadProperties, type PropertyRow } from './property-repo';
import { FINDER_SEARCH_MAX, PROPERTY_ID_SEARCH, type PropertySort } from '../../resources/properties/property-finder';
import type { InventoryProvider, PropertyStatus } from '../../resources/domain';

/** Each sort's order; the ID breaks ties so that paging never repeats or skips a row. */
const ORDER: Record<PropertySort, string> = {
  NAME_ASC: 'p.name asc, p.id asc',
  NAME_DESC: 'p.name desc, p.id desc',
  ID_ASC: 'p.id asc',
  ID_DESC: 'p.id desc',
  UPDATED_DESC: 'p.updated_at desc, p.id desc',
};

export type FinderArgs = {
  search?: string | null;
  statuses?: PropertyStatus[] | null;
  provider?: InventoryProvider | null;
  sort?: PropertySort | null;
  limit: number;
  offset: number;
};

/**
 * The properties a viewer may open (staff: all of them; others: their own and their groups'),
 * matching a search on name, suburb or ID, a status and a provider; one page in the chosen order
 * and the count of all matches. A search that is a property's ID puts that property first.
 */
export async function findProperties(
  db: Queryable,
  viewer: Viewer,
  args: FinderArgs,
): Promise<{ nodes: PropertyRow[]; total: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  const bind = (value: unknown) => `$${params.push(value)}`;
  const search = (args.search ?? '').trim().slice(0, FINDER_SEARCH_MAX);
  let order = ORDER[args.sort ?? 'NAME_ASC'];
  if (search) {
    const like = bind(containsPattern(search));
    const id = PROPERTY_ID_SEARCH.exec(search)?.[1];
    if (id) {
      const idParam = bind(Number(id));
      where.push(`(p.id = ${idParam} or p.name ilike ${like} or p.suburb ilike ${like})`);
      order = `(p.id = ${idParam}) desc, ${order}`;
    } else where.push(`(p.name ilike ${like} or p.suburb ilike ${like})`);
  }
  if (args.statuses?.length) where.push(`p.status = any(${bind(args.statuses)}::text[])`);
  if (args.provider) where.push(`p.inventory_provider = ${bind(args.provider)}`);
  if (!viewer.isStaff)
    where.push(`p.id in (select coalesce(m.property_id, gp.id) from live_memberships m
      left join properties gp on gp.property_group_id = m.property_group_id where m.user_id = ${bind(viewer.id)})`);
  const scope = where.join(' and ') || 'true';
  const [[{ total }], nodes] = await Promise.all([
    db.query<{ total: number }>(`select count(*)::int as total from properties p where ${scope}`, params),
    loadProperties(db, scope, params, args.limit, args.offset, order),
  ]);
  return { nodes, total };
}
