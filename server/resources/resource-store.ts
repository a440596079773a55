import type { Queryable } from '../db/client';
import { factsJsonSql, type PropertyFacts } from '../../resources/domain';
import { parseSort, type FieldDef, type ResourceDef } from '../../resources/define-resource';
import type { ResourceExtension, ResourceRow } from './resource-extension';
import { tableOf, type ResourceTable } from './resource-table';
import { containsPattern } from '../db/like';

export type StoredRow = {
  id: number | string;
  property_id: number | null;
  data: Record<string, unknown>;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
  total?: number | string;
};

const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

export function toRow(r: StoredRow): ResourceRow {
  return {
    ...r.data,
    id: String(r.id),
    propertyId: r.property_id,
    version: r.version,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** Today in UTC: for global rows, which belong to no property's day. */
export const utcToday = () => new Date().toISOString().slice(0, 10);

/** The SQL of a field's value, typed so numbers sort as numbers. */
function valueSql(
  t: ResourceTable,
  field: FieldDef,
  ext: ResourceExtension | undefined,
  todayParam: () => string,
): string {
  const computed = ext?.computed?.[field.name];
  if (computed) return computed.sql(t.text, todayParam());
  return t.typed(field);
}

export type ListQuery = {
  propertyId: number | null;
  filter: Record<string, unknown>;
  sort: string;
  limit: number;
  offset: number;
  visibleWhen: string | null;
  /** Rows under this parent row only (resources with a parent). */
  parentId?: string | null;
  /** The day computed fields are computed for (the property's own today). */
  today: string;
};

/** The rows a list may hold at all, before its filters: the resource, the property or parent, the caller's flags. */
function scopeWhere(def: ResourceDef, t: ReturnType<typeof tableOf>, q: ListQuery, params: unknown[]): string[] {
  const where = t.scope(params);
  if (def.scope === 'property') where.push(`property_id = $${params.push(q.propertyId)}`);
  if (def.parent) where.push(`${t.text(def.parent.field)} = $${params.push(q.parentId)}`);
  if (q.visibleWhen) where.push(`(${q.visibleWhen})`);
  return where;
}

/** How many rows of the whole list (before filters) hold each value of the fields that show counts, in one query. */
export async function countValues(
  db: Queryable,
  def: ResourceDef,
  ext: ResourceExtension | undefined,
  q: ListQuery,
  fields: FieldDef[],
): Promise<{ field: string; value: string; count: number }[]> {
  const t = tableOf(def);
  const params: unknown[] = [];
  let todayParam = '';
  const where = scopeWhere(def, t, q, params);
  const sqlOf = (field: FieldDef) => valueSql(t, field, ext, () => (todayParam ||= `$${params.push(q.today)}::text`));
  const sets = fields.map((f) => `(${sqlOf(f)})`);
  const rows = await db.query<Record<string, string | number | null>>(
    `select ${sets.map((s, i) => `${s} as v${i}`).join(', ')}, count(*) as n
       from ${t.table}${where.length ? ` where ${where.join(' and ')}` : ''}
      group by grouping sets (${sets.join(', ')})`,
    params,
  );
  return rows.flatMap((r) =>
    fields.flatMap((f, i) =>
      r[`v${i}`] == null ? [] : [{ field: f.name, value: String(r[`v${i}`]), count: Number(r.n) }],
    ),
  );
}

/** One page and the total count, in one round trip. */
export async function listRows(
  db: Queryable,
  def: ResourceDef,
  ext: ResourceExtension | undefined,
  q: ListQuery,
): Promise<{ rows: ResourceRow[]; totalCount: number }> {
  const t = tableOf(def);
  const params: unknown[] = [];
  let todayParam = '';
  // Postgres refuses a parameter no clause uses, so today's date is added only when a computed field needs it.
  const sqlOf = (field: FieldDef) => valueSql(t, field, ext, () => (todayParam ||= `$${params.push(q.today)}::text`));
  const where = scopeWhere(def, t, q, params);
  const fields = [...def.fields, ...(def.computed ?? [])];
  for (const [name, value] of Object.entries(q.filter)) {
    const field = fields.find((f) => f.name === name && f.filter);
    if (!field || value === null || value === undefined) continue;
    if (field.type === 'enum') {
      if (Array.isArray(value) && value.length) where.push(`${sqlOf(field)} = any($${params.push(value)}::text[])`);
    } else if (field.type === 'enums') {
      if (Array.isArray(value) && value.length) where.push(t.anyOf(field, `$${params.push(value)}::text[]`));
    } else if (field.type === 'boolean') {
      where.push(`coalesce((${t.text(field.name)})::boolean, false) = $${params.push(value)}`);
    } else if (typeof value === 'string' && value.trim()) {
      where.push(`${t.text(field.name)} ilike $${params.push(containsPattern(value.trim()))}`);
    }
  }
  const filtered = `from ${t.table}${where.length ? ` where ${where.join(' and ')}` : ''}`;
  const countParams = [...params];
  const sort = parseSort(def, q.sort) ?? parseSort(def, def.defaultSort)!;
  const order = `${sqlOf(sort.field)} ${sort.direction} nulls last, id ${sort.direction}`;
  // The page is chosen first and only its rows are turned into documents: an own table's document
  // reads its link tables, which is worth doing for ten rows, not for every row of the property.
  const stored = await db.query<StoredRow>(
    `select r.id, r.property_id, ${t.data('r')} as data, r.version, r.created_at, r.updated_at, r.total
       from (select *, count(*) over () as total ${filtered}
              order by ${order} limit $${params.push(q.limit)} offset $${params.push(q.offset)}) r
      order by ${order}`,
    params,
  );
  let totalCount = stored.length ? Number(stored[0].total) : 0;
  if (!stored.length && q.offset > 0) {
    const [c] = await db.query<{ n: number | string }>(`select count(*) as n ${filtered}`, countParams);
    totalCount = Number(c.n);
  }
  return { rows: stored.map(toRow), totalCount };
}

export type RowWithFacts = ResourceRow & {
  facts: PropertyFacts | null;
};

/** A row of this resource with its property's facts (for the ability check), or null. */
export async function loadRow(
  db: Queryable,
  def: ResourceDef,
  id: string,
  forUpdate = false,
): Promise<RowWithFacts | null> {
  const t = tableOf(def);
  const params: unknown[] = [id];
  const scope = t
    .scope(params)
    .map((c) => ` and r.${c}`)
    .join('');
  const [r] = await db.query<StoredRow & { facts: PropertyFacts | null }>(
    `select r.id, r.property_id, ${t.data('r')} as data, r.version, r.created_at, r.updated_at, ${factsJsonSql('p')} as facts
     from ${t.table} r left join properties p on p.id = r.property_id
     where r.id = $1${scope}${forUpdate ? ' for update of r' : ''}`,
    params,
  );
  return r ? { ...toRow(r), facts: r.facts } : null;
}

export async function insertRow(
  db: Queryable,
  def: ResourceDef,
  propertyId: number | null,
  data: Record<string, unknown>,
): Promise<ResourceRow> {
  const t = tableOf(def);
  const c = t.columns(data);
  const resource = def.storage ? [] : [def.name];
  const names = [...(def.storage ? [] : ['resource']), 'property_id', ...c.names];
  const [r] = await db.query<StoredRow>(
    `insert into ${t.table} (${names.join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})
     returning id, property_id, ${t.data()} as data, version, created_at, updated_at`,
    [...resource, propertyId, ...c.values],
  );
  return toRow(await writeLinks(db, t, r, data));
}

export async function updateRow(
  db: Queryable,
  def: ResourceDef,
  id: string,
  data: Record<string, unknown>,
): Promise<ResourceRow> {
  const t = tableOf(def);
  const c = t.columns(data);
  const [r] = await db.query<StoredRow>(
    `update ${t.table} set ${c.names.map((n, i) => `${n} = $${i + 2}`).join(', ')}, version = version + 1, updated_at = now() where id = $1
     returning id, property_id, ${t.data()} as data, version, created_at, updated_at`,
    [id, ...c.values],
  );
  return toRow(await writeLinks(db, t, r, data));
}

/**
 * The `refs` of an own-table row: each link table gets the ids in order (its foreign keys refuse an
 * id that is not a row). The row's data is answered with them, as a later read would.
 */
async function writeLinks(db: Queryable, t: ResourceTable, r: StoredRow, values: Record<string, unknown>) {
  const links = t.links(values);
  for (const link of links) {
    await db.query(`delete from ${link.table} where owner_id = $1`, [r.id]);
    if (link.ids.length)
      await db.query(
        `insert into ${link.table} (owner_id, ref_id, position)
         select $1, ref, position from unnest($2::bigint[]) with ordinality as l(ref, position)`,
        [r.id, link.ids],
      );
  }
  if (!links.length) return r;
  return { ...r, data: { ...r.data, ...Object.fromEntries(links.map((l) => [l.field, l.ids])) } };
}

export async function deleteRow(db: Queryable, def: ResourceDef, id: string): Promise<void> {
  await db.query(`delete from ${tableOf(def).table} where id = $1`, [id]);
}

/** Which of these ids are rows of the resource (in the property, for property resources) that the caller may see. */
export async function existingIds(
  db: Queryable,
  resource: ResourceDef,
  ids: string[],
  propertyId: number | null,
  visibleWhen: string | null,
): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const t = tableOf(resource);
  const params: unknown[] = [ids];
  const where = [...t.scope(params), 'id = any($1::bigint[])'];
  if (resource.scope === 'property') where.push(`property_id = $${params.push(propertyId)}`);
  if (visibleWhen) where.push(`(${visibleWhen})`);
  const rows = await db.query<{ id: number | string }>(
    `select id from ${t.table} where ${where.join(' and ')}`,
    params,
  );
  return new Set(rows.map((r) => String(r.id)));
}

/** How many rows of `holder` refer to this id through `field` (a room type still sold by rate plans). */
export async function countReferences(db: Queryable, holder: ResourceDef, field: string, id: string): Promise<number> {
  const f = holder.fields.find((x) => x.name === field)!;
  const [c] = await db.query<{ n: number | string }>(tableOf(holder).holdersOf(f).sql, [id]);
  return Number(c.n);
}
