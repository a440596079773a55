import { storageColumn, type FieldDef, type ResourceDef } from '../../resources/define-resource';

/**
 * Where a resource's rows live, as SQL. By default one jsonb document per row in resource_rows
 * (no migration per resource); a definition with `storage` has its own table with a column per
 * field and a link table per `refs` field (real types, foreign keys and indexes, for rows others
 * refer to). Both answer rows in the same shape. Only the resource layer reads either.
 */
export type ResourceTable = {
  table: string;
  /** Conditions every query of this resource adds, and their parameters (resource_rows: which resource). */
  scope: (params: unknown[]) => string[];
  /** The row's values as one jsonb object (`r` is the table's alias, '' for none). */
  data: (r?: string) => string;
  /** A field's value as text, and typed for sorting (numbers as numbers). */
  text: (name: string) => string;
  typed: (field: FieldDef) => string;
  /** A multi-choice field holds any of these values (`param` a text[] parameter). */
  anyOf: (field: FieldDef, param: string) => string;
  /** The stored columns for insert and update, in the values' order (not the link tables). */
  columns: (values: Record<string, unknown>) => { names: string[]; values: unknown[] };
  /** The link tables of the `refs` fields among these values, with the ids to store in order. */
  links: (values: Record<string, unknown>) => { field: string; table: string; ids: string[] }[];
  /** Rows that hold `id` in this `refs` field: count(*) SQL taking the id as $1. */
  holdersOf: (field: FieldDef) => { sql: string; jsonb: boolean };
};

const cache = new WeakMap<ResourceDef, ResourceTable>();

/** Stored keys: the fields, and the parent's id for rows under another row. */
const keysOf = (def: ResourceDef) => [...def.fields.map((f) => f.name), ...(def.parent ? [def.parent.field] : [])];

function jsonbTable(def: ResourceDef): ResourceTable {
  return {
    table: 'resource_rows',
    scope: (params) => [`resource = $${params.push(def.name)}`],
    data: (r = '') => `${r ? `${r}.` : ''}data`,
    text: (name) => `(data->>'${name}')`,
    typed: (field) => {
      const text = `(data->>'${field.name}')`;
      if (field.type === 'int' || field.type === 'decimal') return `${text}::numeric`;
      if (field.type === 'string' || field.type === 'text') return `lower(${text})`;
      return text;
    },
    anyOf: (field, param) => `(data->'${field.name}') ?| ${param}`,
    columns: (values) => ({ names: ['data'], values: [JSON.stringify(values)] }),
    links: () => [],
    holdersOf: (field) => ({
      sql: `select count(*) as n from resource_rows where resource = '${def.name}' and (data->'${field.name}') @> jsonb_build_array($1::text)`,
      jsonb: true,
    }),
  };
}

function ownTable(def: ResourceDef, table: string): ResourceTable {
  const fields = new Map(def.fields.map((f) => [f.name, f]));
  const column = (name: string) =>
    `"${name === def.parent?.field ? 'parent_id' : storageColumn(def, fields.get(name)!)}"`;
  const valueSql = (name: string, r: string) => {
    const field = fields.get(name);
    if (field?.type === 'refs')
      return `to_jsonb(array(select l.ref_id::text from ${storageColumn(def, field)} l where l.owner_id = ${r}id order by l.position))`;
    if (field?.type === 'enums') return `to_jsonb(${r}${column(name)})`;
    return `${r}${column(name)}`;
  };
  const stored = (values: Record<string, unknown>) =>
    keysOf(def).filter((k) => k in values && fields.get(k)?.type !== 'refs');
  return {
    table,
    scope: () => [],
    data: (r = '') =>
      `jsonb_build_object(${keysOf(def)
        .map((k) => `'${k}', ${valueSql(k, r ? `${r}.` : '')}`)
        .join(', ')})`,
    text: (name) => `${column(name)}::text`,
    typed: (field) =>
      field.type === 'string' || field.type === 'text' ? `lower(${column(field.name)})` : column(field.name),
    anyOf: (field, param) => `${column(field.name)} && ${param}`,
    columns: (values) => {
      const keys = stored(values);
      return {
        names: keys.map(column),
        values: keys.map((k) => {
          const v = values[k] ?? null;
          const type = fields.get(k)?.type;
          // A JS array would be sent as a Postgres array; json and files are documents.
          return v !== null && (type === 'json' || type === 'file') ? JSON.stringify(v) : v;
        }),
      };
    },
    links: (values) =>
      def.fields
        .filter((f) => f.type === 'refs' && f.name in values)
        .map((f) => ({
          field: f.name,
          table: storageColumn(def, f),
          ids: ((values[f.name] as string[] | null) ?? []).map(String),
        })),
    holdersOf: (field) => ({
      sql: `select count(distinct owner_id) as n from ${storageColumn(def, field)} where ref_id = $1::bigint`,
      jsonb: false,
    }),
  };
}

export function tableOf(def: ResourceDef): ResourceTable {
  let t = cache.get(def);
  if (!t) cache.set(def, (t = def.storage ? ownTable(def, def.storage.table) : jsonbTable(def)));
  return t;
}
