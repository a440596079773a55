import type { Queryable } from '../db/client';
import { parseSort, type FieldDef, type ResourceDef } from '../../resources/define-resource';
import type { ResourceExtension, ResourceRow } from './resource-extension';

type StoredRow = { id: number | string; property_id: number | null; data: Record<string, unknown>; version: number; created_at: Date | string; updated_at: Date | string; total?: number | string };

const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

export function toRow(r: StoredRow): ResourceRow {
  return { ...r.data, id: String(r.id), propertyId: r.property_id, version: r.version, createdAt: iso(r.created_at), updatedAt: iso(r.updated_at) };
}

export const today = () => new Date().toISOString().slice(0, 10);
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The SQL of a field's value, typed so numbers sort as numbers. */
function valueSql(field: FieldDef, ext: ResourceExtension | undefined, todayParam: () => string): string {
  const computed = ext?.computed?.[field.name];
  if (computed) return computed.sql('data', todayParam());
  const text = `(data->>'${field.name}')`;
  if (field.type === 'int' || field.type === 'decimal') return `${text}::numeric`;
  if (field.type === 'string' || field.type === 'text') return `lower(${text})`;
  return text;
}

export type ListQuery = {
  propertyId: number | null;
  filter: Record<string, unknown>;
  sort: string;
  limit: number;
  offset: number;
  visibleWhen: string | null;
};

/** One page and the total count, in one round trip. */
export async function listRows(db: Queryable, def: ResourceDef, ext: ResourceExtension | undefined, q: ListQuery): Promise<{ rows: ResourceRow[]; totalCount: number }> {
  const params: unknown[] = [def.name];
  let todayParam = '';
  // Postgres refuses a parameter no clause uses, so today's date is added only when a computed field needs it.
  const valueOf = (field: FieldDef) => valueSql(field, ext, () => (todayParam ||= `$${params.push(today())}::text`));
  const where = ['resource = $1'];
  if (def.scope === 'property') where.push(`property_id = $${params.push(q.propertyId)}`);
  if (q.visibleWhen) where.push(`(${q.visibleWhen})`);
  const fields = [...def.fields, ...(def.computed ?? [])];
  for (const [name, value] of Object.entries(q.filter)) {
    const field = fields.find((f) => f.name === name && f.filter);
    if (!field || value === null || value === undefined) continue;
    if (field.type === 'enum') {
      if (Array.isArray(value) && value.length) where.push(`${valueOf(field)} = any($${params.push(value)}::text[])`);
    } else if (field.type === 'enums') {
      if (Array.isArray(value) && value.length) where.push(`(data->'${field.name}') ?| $${params.push(value)}::text[]`);
    } else if (field.type === 'boolean') {
      where.push(`coalesce((data->>'${field.name}')::boolean, false) = $${params.push(value)}`);
    } else if (typeof value === 'string' && value.trim()) {
      where.push(`(data->>'${field.name}') ilike $${params.push(`%${likeEscape(value.trim())}%`)}`);
    }
  }
  const filtered = `from resource_rows where ${where.join(' and ')}`;
  const countParams = [...params];
  const sort = parseSort(def, q.sort) ?? parseSort(def, def.defaultSort)!;
  const order = `${valueOf(sort.field)} ${sort.direction} nulls last, id ${sort.direction}`;
  const stored = await db.query<StoredRow>(
    `select id, property_id, data, version, created_at, updated_at, count(*) over () as total ${filtered}
     order by ${order} limit $${params.push(q.limit)} offset $${params.push(q.offset)}`,
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
  facts: { propertyId: number; propertyGroupId: number | null; inventoryProvider: string | null; ratesServiceEnabled: boolean } | null;
};

/** A row of this resource with its property's facts (for the ability check), or null. */
export async function loadRow(db: Queryable, def: ResourceDef, id: string, forUpdate = false): Promise<RowWithFacts | null> {
  const [r] = await db.query<StoredRow & { group_id: number | null; provider: string | null; rates: boolean | null }>(
    `select r.id, r.property_id, r.data, r.version, r.created_at, r.updated_at,
       p.property_group_id as group_id, p.inventory_provider as provider, p.rates_service_enabled as rates
     from resource_rows r left join properties p on p.id = r.property_id
     where r.id = $1 and r.resource = $2${forUpdate ? ' for update of r' : ''}`,
    [id, def.name],
  );
  if (!r) return null;
  const facts = r.property_id == null ? null
    : { propertyId: r.property_id, propertyGroupId: r.group_id, inventoryProvider: r.provider, ratesServiceEnabled: Boolean(r.rates) };
  return { ...toRow(r), facts };
}

export async function insertRow(db: Queryable, def: ResourceDef, propertyId: number | null, data: object): Promise<ResourceRow> {
  const [r] = await db.query<StoredRow>(
    `insert into resource_rows (resource, property_id, data) values ($1, $2, $3) returning id, property_id, data, version, created_at, updated_at`,
    [def.name, propertyId, JSON.stringify(data)],
  );
  return toRow(r);
}

export async function updateRow(db: Queryable, id: string, data: object): Promise<ResourceRow> {
  const [r] = await db.query<StoredRow>(
    `update resource_rows set data = $2, version = version + 1, updated_at = now() where id = $1
     returning id, property_id, data, version, created_at, updated_at`,
    [id, JSON.stringify(data)],
  );
  return toRow(r);
}

export async function deleteRow(db: Queryable, id: string): Promise<void> {
  await db.query('delete from resource_rows where id = $1', [id]);
}

/** Which of these ids are rows of the resource (in the property, for property resources) that the caller may see. */
export async function existingIds(db: Queryable, resource: ResourceDef, ids: string[], propertyId: number | null, visibleWhen: string | null): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const scope = resource.scope === 'property' ? ' and property_id = $3' : '';
  const rows = await db.query<{ id: number | string }>(
    `select id from resource_rows where resource = $1 and id = any($2::bigint[])${scope}${visibleWhen ? ` and (${visibleWhen})` : ''}`,
    resource.scope === 'property' ? [resource.name, ids, propertyId] : [resource.name, ids],
  );
  return new Set(rows.map((r) => String(r.id)));
}

/** How many rows of `holder` refer to this id through `field` (a room type still sold by rate plans). */
export async function countReferences(db: Queryable, holder: ResourceDef, field: string, id: string, propertyId: number | null): Promise<number> {
  const [c] = await db.query<{ n: number | string }>(
    `select count(*) as n from resource_rows where resource = $1 and (data->$2) @> $3::jsonb${holder.scope === 'property' && propertyId != null ? ' and property_id = $4' : ''}`,
    holder.scope === 'property' && propertyId != null ? [holder.name, field, JSON.stringify([id]), propertyId] : [holder.name, field, JSON.stringify([id])],
  );
  return Number(c.n);
}
