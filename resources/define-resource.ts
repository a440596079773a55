import type { z } from 'zod';
import { SUBJECTS, type Action, type Subject } from '../abilities/define-ability';

/**
 * A resource is defined once, here, and everything else is derived from it: the GraphQL types and
 * CRUD operations, the validation on both sides, the list page, the create/edit form and the
 * navigation entry. See the README's 'Adding a resource'.
 */
export type FieldType = 'string' | 'text' | 'int' | 'decimal' | 'boolean' | 'date' | 'enum' | 'enums' | 'refs' | 'json';
export type Option = { value: string; label: string };

export type FieldDef<N extends string = string> = {
  name: N;
  label: string;
  type: FieldType;
  /** enum / enums: the allowed values with their labels. */
  options?: readonly Option[];
  /** refs: the resource whose ids this field holds (same property for property-scoped resources). */
  ref?: string;
  help?: string;
  /** Shown as a column of the list page. */
  list?: boolean;
  /** The list can be sorted by it (the sort enum gets NAME_ASC, NAME_DESC …). */
  sort?: boolean;
  /** The list can be filtered by it: enums by their values, text by a search box. */
  filter?: boolean;
  /** A form widget registered in the portal under this name replaces the default one. */
  widget?: string;
  /** The form's value for a new record. */
  initial?: unknown;
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
  /** What create and update accept, with the messages the form and the API both show. */
  schema: S;
  fields: FieldDef<Extract<keyof S['shape'], string>>[];
  /** Derived by the server and never sent by the client; a server extension supplies the value and its filter SQL. */
  computed?: FieldDef[];
  /** The field whose value names a row in lists, pickers and the audit trail. */
  titleField: Extract<keyof S['shape'], string>;
  defaultSort: string;
  pageSize?: number;
  /** Several GraphQL type names for one resource, picked by a field's value (rate plans). */
  variants?: { field: Extract<keyof S['shape'], string>; types: Record<string, string> };
  /** More to select in every document, for fields a server extension adds (rate plans' assigned inclusions). */
  select?: string;
  /** Property pages, relative to /properties/:propertyId. Without them the resource is API-only. */
  routes?: { list: string; create: string; edit: string };
  /** The side navigation entry (spec §2 order is kept by the layout); `action` is what the caller needs to see it (default read). */
  nav?: { key: string; label: string; action?: Action };
  /** A short explanation above the list; the user can dismiss it and it stays dismissed on this browser. */
  intro?: string;
};

const KEBAB = /^[a-z]+(-[a-z]+)*$/;
const PASCAL = /^[A-Z][A-Za-z]+$/;

/** Checks a definition as the module loads, so a wrong one fails at start and in tests, never in front of a user. */
export function defineResource<S extends z.ZodObject>(def: ResourceDef<S>): ResourceDef {
  const problem = (msg: string) => new Error(`Resource '${def.name}': ${msg}`);
  if (!KEBAB.test(def.name)) throw problem('name must be kebab-case');
  if (!PASCAL.test(def.typeName) || !PASCAL.test(def.plural)) throw problem('typeName and plural must be PascalCase');
  if (!(SUBJECTS as readonly string[]).includes(def.subject) || def.subject === ('all' as string)) throw problem(`unknown subject '${def.subject}'`);
  const shape = Object.keys(def.schema.shape);
  const names = allFields(def).map((f) => f.name);
  for (const f of def.fields) if (!shape.includes(f.name)) throw problem(`field '${f.name}' is not in the schema`);
  for (const f of allFields(def)) {
    if (def.computed?.includes(f) && shape.includes(f.name)) throw problem(`computed field '${f.name}' cannot be in the schema`);
    if ((f.type === 'enum' || f.type === 'enums') && !f.options?.length) throw problem(`field '${f.name}' needs options`);
    if (f.type === 'refs' && !f.ref) throw problem(`field '${f.name}' needs ref`);
    if (f.sort && !['string', 'int', 'decimal', 'date', 'enum'].includes(f.type)) throw problem(`field '${f.name}' of type ${f.type} cannot be sorted`);
    if (!/^[a-z][A-Za-z0-9]*$/.test(f.name) || ['id', 'propertyId', 'version', 'createdAt', 'updatedAt'].includes(f.name)) throw problem(`field name '${f.name}' is not allowed`);
  }
  for (const key of shape) if (!names.includes(key)) throw problem(`schema key '${key}' has no field definition`);
  if (new Set(names).size !== names.length) throw problem('field names must be unique');
  if (!sortValues(def).includes(def.defaultSort)) throw problem(`defaultSort '${def.defaultSort}' is not a sort of this resource`);
  if (def.variants && !def.fields.find((f) => f.name === def.variants!.field && f.type === 'enum')) throw problem('variants.field must be an enum field');
  if (def.routes && def.scope !== 'property') throw problem('only property resources have pages');
  // Field names were checked against the schema's keys above and by the type parameter; callers need only the erased type.
  return def as unknown as ResourceDef;
}

/** 'saleEnd' → 'SALE_END' */
export const constantCase = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
/** 'room-types' → 'roomTypes' */
export const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The sort enum's values, e.g. NAME_ASC, NAME_DESC, SALE_END_ASC, SALE_END_DESC (spec §3 for rate plans). */
export function sortValues(def: Pick<ResourceDef, 'fields' | 'computed'>): string[] {
  return allFields(def).filter((f) => f.sort).flatMap((f) => [`${constantCase(f.name)}_ASC`, `${constantCase(f.name)}_DESC`]);
}

/** The field and direction a sort value names. */
export function parseSort(def: Pick<ResourceDef, 'fields' | 'computed'>, value: string): { field: FieldDef; direction: 'asc' | 'desc' } | null {
  for (const field of allFields(def).filter((f) => f.sort)) {
    for (const direction of ['asc', 'desc'] as const) {
      if (`${constantCase(field.name)}_${direction.toUpperCase()}` === value) return { field, direction };
    }
  }
  return null;
}

/** Input fields first, then the computed ones. */
export const allFields = (def: Pick<ResourceDef, 'fields' | 'computed'>): FieldDef[] => [...def.fields, ...(def.computed ?? [])];
export const filterFields = (def: Pick<ResourceDef, 'fields' | 'computed'>) => allFields(def).filter((f) => f.filter);
