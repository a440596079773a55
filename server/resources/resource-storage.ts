import type { Queryable } from '../db/client';
import { storageColumn, type FieldType, type ResourceDef } from '../../resources/define-resource';

/**
 * A definition with `storage` keeps its rows in a table of its own: a column per field, named in
 * snake_case unless `storage.columns` says otherwise; a many-valued reference (refs) as a link
 * table of (owner_id, ref_id, position). This file says what those tables are: the DDL a new
 * resource's migration starts from, and the check at start that they exist.
 */
const SQL_TYPES: Record<Exclude<FieldType, 'refs'>, string> = {
  string: 'text',
  text: 'text',
  enum: 'text',
  int: 'integer',
  decimal: 'numeric',
  boolean: 'boolean',
  date: 'date',
  enums: 'text[]',
  json: 'jsonb',
  file: 'jsonb',
};

export const linkFields = (def: ResourceDef) => def.fields.filter((f) => f.type === 'refs');

/** The tables a resource's rows live in: its own table and its link tables, or resource_rows. */
export const storageTables = (def: ResourceDef): string[] =>
  def.storage ? [def.storage.table, ...linkFields(def).map((f) => storageColumn(def, f))] : ['resource_rows'];

/** What the table and its link tables look like: for a new resource's migration, and named by the check at start. */
export function storageDdl(def: ResourceDef): string {
  const table = def.storage!.table;
  const columns = [
    `id bigint primary key default nextval('resource_rows_id_seq')`,
    `property_id integer${def.scope === 'property' ? ' not null' : ''} references properties (id) on delete cascade`,
    ...(def.parent ? ['parent_id bigint not null'] : []),
    ...def.fields
      .filter((f) => f.type !== 'refs')
      .map((f) => `${storageColumn(def, f)} ${SQL_TYPES[f.type as Exclude<FieldType, 'refs'>]}`),
    'version integer not null default 1',
    'created_at timestamptz not null default now()',
    'updated_at timestamptz not null default now()',
  ];
  const links = linkFields(def).map((f) => {
    const link = storageColumn(def, f);
    return `create table ${link} (
  owner_id bigint not null references ${table} (id) on delete cascade,
  ref_id bigint not null,
  position integer not null,
  primary key (owner_id, ref_id)
);
create index ${link}_by_ref on ${link} (ref_id);`;
  });
  return [
    `create table ${table} (\n  ${columns.join(',\n  ')}\n);`,
    `create index ${table}_by_property on ${table} (property_id, id);`,
    ...links,
  ].join('\n');
}

/** The tables and columns a resource's storage needs, by table. */
function needed(def: ResourceDef): Map<string, string[]> {
  const table = def.storage!.table;
  const own = ['id', 'property_id', ...(def.parent ? ['parent_id'] : []), 'version', 'created_at', 'updated_at'];
  const map = new Map<string, string[]>([
    [table, [...own, ...def.fields.filter((f) => f.type !== 'refs').map((f) => storageColumn(def, f))]],
  ]);
  for (const f of linkFields(def)) map.set(storageColumn(def, f), ['owner_id', 'ref_id', 'position']);
  return map;
}

/**
 * Refuses to start when a resource's table or a column is missing, naming the resource, what is
 * missing and the migration to add (with its DDL), instead of failing on the first request with
 * `relation "…" does not exist`.
 */
export async function checkResourceStorage(db: Queryable, defs: readonly ResourceDef[]): Promise<void> {
  const owned = defs.filter((d) => d.storage);
  if (!owned.length) return;
  const tables = owned.flatMap((d) => [...needed(d).keys()]);
  // pg_catalog rather than information_schema: one quick read at every start, PGlite's included.
  const rows = await db.query<{ table_name: string; column_name: string }>(
    `select c.relname as table_name, a.attname as column_name
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relname = any($1::text[]) and c.relkind = 'r'
        and a.attnum > 0 and not a.attisdropped`,
    [tables],
  );
  const have = new Set(rows.map((r) => `${r.table_name}.${r.column_name}`));
  const problems: string[] = [];
  for (const def of owned) {
    const missing: string[] = [];
    for (const [table, columns] of needed(def)) {
      const absent = columns.filter((c) => !have.has(`${table}.${c}`));
      if (absent.length === columns.length) missing.push(`table ${table}`);
      else missing.push(...absent.map((c) => `column ${table}.${c}`));
    }
    if (missing.length)
      problems.push(
        `Resource '${def.name}' stores its rows in its own table, but the database lacks ${missing.join(', ')}. ` +
          `Add a migration under server/db/migrations/ (the next number, e.g. 00NN_${def.storage!.table}.sql); for a new resource it is:\n${storageDdl(def)}`,
      );
  }
  if (problems.length) throw new Error(problems.join('\n\n'));
}
