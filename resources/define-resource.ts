import type { z } from 'zod';
import { SUBJECTS, type Action, type Subject } from '../abilities/define-ability';
import { fieldSet, type Field } from './field-builders';
import type { FieldDef } from './field-types';
import { once } from './once';
import type { ManagedProperty } from './properties/property.documents';

/**
 * A resource is defined once, here, and everything else is derived from it: the GraphQL types and
 * CRUD operations, the validation on both sides, the list page, the create/edit form and the
 * navigation entry. See the README's 'Adding a resource'.
 */
export type { FieldDef, FieldType, Option } from './field-types';

type Params = Record<string, string | undefined>;
type Page = 'list' | 'create' | 'edit';
/** Spec §2's legacy table for a resource's pages: where each page goes (with LEGACY_APP_URL set), and when. */
export type LegacyPages = { when?: (p: ManagedProperty) => boolean } & Partial<
  Record<Page, (params: Params, p: ManagedProperty) => string>
>;
/** What sample rows are made from: the property (null for a global resource), earlier resources' seeded ids, and dates around today. */
export type SampleContext = {
  propertyId: number | null;
  ids: (resource: string) => string[];
  day: (offset: number) => string;
};

export type ResourceDef<S extends z.ZodObject = z.ZodObject> = {
  /** Kebab-case plural: the Refine resource name and the registry key ('room-types'). */
  name: string;
  /** GraphQL type name and its plural ('RoomType', 'RoomTypes'). */
  typeName: string;
  plural: string;
  label: string;
  singularLabel: string;
  /** The CASL subject whose rules decide who may read, create, update and delete. */
  subject: Exclude<Subject, 'all'>;
  /** property: each row belongs to one property. global: one catalogue for everyone. */
  scope: 'property' | 'global';
  /** Derived from the fields: what create and update accept, with the messages the form and the API both show. */
  schema: S;
  fields: FieldDef[];
  /** Derived by the server and never sent by the client; a server extension supplies the value and its filter SQL. */
  computed?: FieldDef[];
  /** The field whose value names a row in lists, pickers and the audit trail. */
  titleField: string;
  defaultSort: string;
  pageSize?: number;
  /** Several GraphQL type names for one resource, picked by a field's value (rate plans). */
  variants?: { field: string; types: Record<string, string> };
  /** More to select in every document, for fields a server extension adds (rate plans' assigned inclusions). */
  select?: string;
  /** Property pages, relative to /properties/:propertyId. Without them the resource is API-only. A read-only resource has no create page. */
  routes?: { list: string; create?: string; edit: string };
  /** The side navigation entry: shown to whoever may `action` (default read); placed after the entry `after` names (default: before Users). */
  nav?: { key: string; label: string; action?: Action; after?: string };
  /** What a caller who may not open the pages is told as they are taken to the property home (the custom inclusions page without its flag). */
  closedNotice?: string;
  /** A short explanation above the list; the user can dismiss it and it stays dismissed on this browser. */
  intro?: string;
  /** List and show only: no create, update or delete operations, and a page that shows instead of a form. */
  readOnly?: boolean;
  /**
   * Rows of its own table instead of resource_rows' jsonb, for rows others refer to (room types,
   * rate plans): a column per field (snake_case of its name unless `columns` names it), a text[]
   * for a multi-choice, jsonb for json and files, and for `refs` a link table (owner_id, ref_id,
   * position) named `<table>_<field>` unless `columns` names it. The server checks at start that
   * they exist and prints the DDL a migration needs (server/resources/resource-storage.ts).
   */
  storage?: { table: string; columns?: Record<string, string> };
  /** Rows under a row of another resource (per room type): the parent resource and the id field every row and list carries. */
  parent?: { resource: string; field: string; label: string };
  /** A named panel beside the create and edit form that reads the values as they are typed (promotions' price preview), registered in src/resources/form-panels.tsx. */
  formPanel?: string;
  /** A named read-back of a new record's values (a rate plan's dates, inclusions and cancellation), confirmed before its first save; registered in src/resources/form-panels.tsx. */
  createSummary?: string;
  /** One record per property (details, contacts): read and saved by property, no list. */
  single?: boolean;
  legacy?: LegacyPages;
  /** Links beside each row of the list to pages of other sections about that row (a room type's rates calendar), each shown `when` the property allows it. */
  rowLinks?: {
    /** The link's text; `name` (default: the label) is what assistive technology reads, followed by the row's title. */
    label: string;
    name?: string;
    to: (propertyId: number, rowId: string) => string;
    when?: (p: ManagedProperty) => boolean;
  }[];
  /** Demo rows for an empty database, checked against the schema as they are stored. */
  sample?: (s: SampleContext) => Record<string, unknown>[];
};

type Fields = Record<string, Field>;
type Shape<F extends Fields> = { [K in keyof F]: F[K]['schema'] };
/** What a definition is written as: each field once, as a builder call (resources/field-builders.ts). */
export type ResourceInput<F extends Fields> = Omit<
  ResourceDef,
  'schema' | 'fields' | 'computed' | 'titleField' | 'variants' | 'defaultSort'
> & {
  fields: F;
  /** The list's sort when none is asked for; a single record has no list and needs none. */
  defaultSort?: string;
  computed?: Fields;
  titleField: Extract<keyof F, string>;
  variants?: { field: Extract<keyof F, string>; types: Record<string, string> };
  /** Rules across fields (an end date after its start), reported on the field `path` names. */
  refine?: (values: z.output<z.ZodObject<Shape<F>>>, ctx: z.RefinementCtx) => void;
};

const KEBAB = /^[a-z]+(-[a-z]+)*$/;
const PASCAL = /^[A-Z][A-Za-z]+$/;
const SQL_NAME = /^[a-z_][a-z0-9_]*$/;
const named = (fields: Fields): FieldDef[] => fieldSet(fields).fields;

/** Builds the definition from its fields and checks it as the module loads, so a wrong one fails at start and in tests, never in front of a user. */
export function defineResource<F extends Fields>(input: ResourceInput<F>): ResourceDef {
  const { refine, fields: builders, computed: computedBuilders, ...rest } = input;
  const set = fieldSet(builders);
  const schema = once(() => (refine ? set.schema.superRefine(refine as never) : set.schema));
  const def: ResourceDef = {
    ...rest,
    defaultSort: rest.defaultSort ?? '',
    // Built on first use, as its fields' are (resources/field-builders.ts).
    get schema() {
      return schema();
    },
    fields: set.fields,
    ...(computedBuilders ? { computed: named(computedBuilders) } : {}),
  };
  const problem = (msg: string) => new Error(`Resource '${def.name}': ${msg}`);
  if (!KEBAB.test(def.name)) throw problem('name must be kebab-case');
  if (!PASCAL.test(def.typeName) || !PASCAL.test(def.plural)) throw problem('typeName and plural must be PascalCase');
  if (!(SUBJECTS as readonly string[]).includes(def.subject) || def.subject === ('all' as string))
    throw problem(`unknown subject '${def.subject}'`);
  const names = allFields(def).map((f) => f.name);
  for (const f of allFields(def)) {
    if ((f.type === 'enum' || f.type === 'enums') && !f.options?.length)
      throw problem(`field '${f.name}' needs options`);
    if (f.type === 'refs' && !f.ref) throw problem(`field '${f.name}' needs ref`);
    if (f.sort && !['string', 'int', 'decimal', 'date', 'enum'].includes(f.type))
      throw problem(`field '${f.name}' of type ${f.type} cannot be sorted`);
    if (
      !/^[a-z][A-Za-z0-9]*$/.test(f.name) ||
      ['id', 'propertyId', 'version', 'createdAt', 'updatedAt', def.parent?.field].includes(f.name)
    )
      throw problem(`field name '${f.name}' is not allowed`);
  }
  if (new Set(names).size !== names.length) throw problem('field names must be unique');
  if (!def.single && !sortValues(def).includes(def.defaultSort))
    throw problem(`defaultSort '${def.defaultSort}' is not a sort of this resource`);
  if (!(def.titleField in builders)) throw problem(`titleField '${def.titleField}' is not a field`);
  if (def.variants && !def.fields.find((f) => f.name === def.variants!.field && f.type === 'enum'))
    throw problem('variants.field must be an enum field');
  if (def.routes && def.scope !== 'property') throw problem('only property resources have pages');
  if (def.readOnly && def.routes?.create) throw problem('a read-only resource has no create page');
  if ((def.single || def.parent) && def.scope !== 'property') throw problem('single and parent need scope property');
  if (def.storage) {
    if (!SQL_NAME.test(def.storage.table) || def.storage.table === 'resource_rows')
      throw problem(`storage table '${def.storage.table}' is not a plain table name`);
    for (const name of Object.keys(def.storage.columns ?? {}))
      if (!def.fields.some((f) => f.name === name))
        throw problem(`storage.columns names '${name}', which is not a field`);
    for (const f of def.fields)
      if (!SQL_NAME.test(storageColumn(def, f))) throw problem(`field '${f.name}' has no plain column name`);
  }
  return def;
}

/** 'roomTypeIds' → 'room_type_ids' */
export const snakeCase = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** The column of a field in its resource's own table, or for `refs` its link table. */
export function storageColumn(def: Pick<ResourceDef, 'storage'>, field: Pick<FieldDef, 'name' | 'type'>): string {
  const named = def.storage?.columns?.[field.name];
  if (named) return named;
  return field.type === 'refs' ? `${def.storage!.table}_${snakeCase(field.name)}` : snakeCase(field.name);
}

/** 'saleEnd' → 'SALE_END' */
export const constantCase = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
/** 'room-types' → 'roomTypes' */
export const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The sort enum's values, e.g. NAME_ASC, NAME_DESC, SALE_END_ASC, SALE_END_DESC (spec §3 for rate plans). */
export function sortValues(def: Pick<ResourceDef, 'fields' | 'computed'>): string[] {
  return allFields(def)
    .filter((f) => f.sort)
    .flatMap((f) => [`${constantCase(f.name)}_ASC`, `${constantCase(f.name)}_DESC`]);
}

/** The field and direction a sort value names. */
export function parseSort(
  def: Pick<ResourceDef, 'fields' | 'computed'>,
  value: string,
): { field: FieldDef; direction: 'asc' | 'desc' } | null {
  for (const field of allFields(def).filter((f) => f.sort)) {
    for (const direction of ['asc', 'desc'] as const) {
      if (`${constantCase(field.name)}_${direction.toUpperCase()}` === value) return { field, direction };
    }
  }
  return null;
}

/** Input fields first, then the computed ones. */
export const allFields = (def: Pick<ResourceDef, 'fields' | 'computed'>): FieldDef[] => [
  ...def.fields,
  ...(def.computed ?? []),
];
export const filterFields = (def: Pick<ResourceDef, 'fields' | 'computed'>) => allFields(def).filter((f) => f.filter);
