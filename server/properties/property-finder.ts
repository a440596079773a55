import type { Queryable } from '../db/client';
import { containsPattern } from '../db/like';
import type { Viewer } from '../context';
import { loadProperties, type PropertyRow } from './property-repo';
import { FINDER_SEARCH_MAX, PROPERTY_ID_SEARCH, type PropertySort } from '../../resources/properties/property-finder';
import type { InventoryProvider, PropertyStatus } from '../../resources/domain';
import type { WorklistKey } from '../../resources/properties/worklist';
import { attentionWhere } from './worklist';
import { userError } from '../errors';

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
  /** Staff's worklist condition (issue 30): only the properties it holds for. */
  attention?: WorklistKey | null;
  limit: number;
  offset: number;
  /** False: the page only (an export reading chunk after chunk counts once, first); total is then -1. */
  count?: boolean;
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
    // Every word somewhere in the name, the suburb or the group's name, in any order (issue 30). The
    // groups a word names are read first (a handful of rows), so each property is asked only for ids.
    const words = search.split(/\s+/).filter(Boolean).slice(0, 8);
    const named = await db.query<{ word: number; id: number }>(
      `select w.n::int - 1 as word, g.id from unnest($1::text[]) with ordinality as w(pattern, n)
         join property_groups g on g.name ilike w.pattern`,
      [words.map(containsPattern)],
    );
    const matches = words
      .map((w, i) => {
        const like = bind(containsPattern(w));
        const groups = named.filter((g) => g.word === i).map((g) => g.id);
        const inGroup = groups.length ? ` or p.property_group_id = any(${bind(groups)}::int[])` : '';
        return `(p.name ilike ${like} or p.suburb ilike ${like}${inGroup})`;
      })
      .join(' and ');
    const id = PROPERTY_ID_SEARCH.exec(search)?.[1];
    if (id) {
      const idParam = bind(Number(id));
      where.push(`(p.id = ${idParam} or (${matches}))`);
      order = `(p.id = ${idParam}) desc, ${order}`;
    } else where.push(`(${matches})`);
  }
  if (args.statuses?.length) where.push(`p.status = any(${bind(args.statuses)}::text[])`);
  if (args.provider) where.push(`p.inventory_provider = ${bind(args.provider)}`);
  if (args.attention) {
    if (!viewer.isStaff) throw userError('Not found.', 'NOT_FOUND');
    where.push(await attentionWhere(db, args.attention, bind));
  }
  if (!viewer.isStaff)
    where.push(`p.id in (select coalesce(m.property_id, gp.id) from live_memberships m
      left join properties gp on gp.property_group_id = m.property_group_id where m.user_id = ${bind(viewer.id)})`);
  const scope = where.join(' and ') || 'true';
  const [[{ total }], nodes] = await Promise.all([
    args.count === false
      ? [{ total: -1 }]
      : db.query<{ total: number }>(`select count(*)::int as total from properties p where ${scope}`, params),
    loadProperties(db, scope, params, args.limit, args.offset, order),
  ]);
  return { nodes, total };
}

type Extras = { groupName: string | null; lastChange: { at: string; actor: string | null } | null };

/**
 * Staff's finder columns (issue 30) for many properties in one statement: the group's name and the
 * last recorded change of each, by primary keys and the history's (property_id, id desc) index.
 */
export async function propertyExtrasFor(db: Queryable, ids: number[]): Promise<Map<number, Extras>> {
  if (!ids.length) return new Map();
  const rows = await db.query<{ id: number; group_name: string | null; at: Date | null; actor: string | null }>(
    `select p.id, g.name as group_name, a.at, u.email as actor
       from properties p
       left join property_groups g on g.id = p.property_group_id
       left join lateral (select at, actor_user_id from audit_log where property_id = p.id order by id desc limit 1) a on true
       left join users u on u.id = a.actor_user_id
      where p.id = any($1::int[])`,
    [ids],
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        groupName: r.group_name,
        lastChange: r.at ? { at: new Date(r.at).toISOString(), actor: r.actor } : null,
      },
    ]),
  );
}

type Batch = { ids: number[]; started: boolean; result: Promise<Map<number, Extras>> };
const batches = new WeakMap<object, Batch>();
const NO_EXTRAS: Extras = { groupName: null, lastChange: null };

/**
 * One row's extras, batched for the request (`scope`): the rows a page resolves in the same tick
 * share one propertyExtrasFor statement, and both fields of a row read it once.
 */
export function propertyExtras(db: Queryable, scope: object, row: PropertyRow): Promise<Extras> {
  let batch = batches.get(scope);
  if (!batch || !batch.ids.includes(row.id)) {
    if (!batch || batch.started) {
      const next: Batch = { ids: [], started: false, result: Promise.resolve(new Map()) };
      next.result = Promise.resolve().then(() => {
        next.started = true;
        return propertyExtrasFor(db, next.ids);
      });
      batches.set(scope, (batch = next));
    }
    batch.ids.push(row.id);
  }
  return batch.result.then((extras) => extras.get(row.id) ?? NO_EXTRAS);
}
