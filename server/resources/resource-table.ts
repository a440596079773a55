import type { FieldDef, ResourceDef } from '../../resources/define-resource';

/**
 * Where a resource's rows live, as SQL. By default one jsonb document per row in resource_rows
 * (no migration per resource); a definition with `storage` has its own table with a column per field
 * (real types and indexes, for the sections that need them). Both answer rows in the same shape.
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
  /** The stored columns for insert and update, in the values' order. */
  columns: (values: Record<string, unknown>) => { names: string[]; values: unknown[] };
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
    columns: (values) => ({ names: ['data'], values: [JSON.stringify(values)] }),
  };
}

function ownTable(def: ResourceDef, storage: NonNullable<ResourceDef['storage']>): ResourceTable {
  const column = (name: string) => `"${name === def.parent?.field ? 'parent_id' : storage.columns[name]}"`;
  return {
    table: storage.table,
    scope: () => [],
    data: (r = '') =>
      `jsonb_build_object(${keysOf(def)
        .map((k) => `'${k}', ${r ? `${r}.` : ''}${column(k)}`)
        .join(', ')})`,
    text: (name) => `${column(name)}::text`,
    typed: (field) =>
      field.type === 'string' || field.type === 'text' ? `lower(${column(field.name)})` : column(field.name),
    columns: (values) => {
      const keys = keysOf(def).filter((k) => k in values);
      return { names: keys.map(column), values: keys.map((k) => values[k] ?? null) };
    },
  };
}

export function tableOf(def: ResourceDef): ResourceTable {
  let t = cache.get(def);
  if (!t) cache.set(def, (t = def.storage ? ownTable(def, def.storage) : jsonbTable(def)));
  return t;
}
