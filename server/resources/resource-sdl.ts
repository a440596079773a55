import { allFields, filterFields, sortValues, type FieldDef, type ResourceDef } from '../../resources/define-resource';
import { operationNames } from '../../resources/resource.documents';

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;
const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** An enum field gets a GraphQL enum when every value is a valid GraphQL name (RatePlanVisibility); otherwise it is a String. */
export function enumTypeName(def: ResourceDef, field: FieldDef): string | null {
  if (field.type !== 'enum' && field.type !== 'enums') return null;
  return field.options!.every((o) => GRAPHQL_NAME.test(o.value)) ? `${def.typeName}${pascal(field.name)}` : null;
}

function scalarOf(def: ResourceDef, field: FieldDef): string {
  const enumName = enumTypeName(def, field);
  switch (field.type) {
    case 'int':
      return 'Int';
    case 'decimal':
      return 'Float';
    case 'boolean':
      return 'Boolean';
    case 'refs':
      return '[ID!]';
    case 'json':
      return 'JSON';
    case 'file':
      return 'StoredFile';
    case 'enums':
      return `[${enumName ?? 'String'}!]`;
    case 'enum':
      return enumName ?? 'String';
    default:
      return 'String';
  }
}

function filterTypeOf(def: ResourceDef, field: FieldDef): string {
  if (field.type === 'enum' || field.type === 'enums') return `[${enumTypeName(def, field) ?? 'String'}!]`;
  if (field.type === 'boolean') return 'Boolean';
  return 'String';
}

/** The filters that show how many rows hold each value (a promotion's status). */
export const countFields = (def: ResourceDef) => allFields(def).filter((f) => f.counts && f.filter);
/** Shared by every resource whose list counts values. */
export const COUNTS_SDL =
  '"How many rows of the whole list (before filters) hold one value of a field."\ntype ResourceValueCount { field: String!, value: String!, count: Int! }';

/** Shared by every resource with a file field: uploads come as multipart `File`s, records keep what was stored. */
export const FILE_SDL = 'scalar File\ntype StoredFile { hash: String!, name: String!, type: String!, size: Int! }';

const SAVE_CONFIRM =
  '"Yes to what the save was asked about (a rate plan named like another); asked with REFUSED and extensions.confirm."\n  confirm: Boolean';

/** What a save accepts: a file field takes an upload. */
const inputOf = (def: ResourceDef, f: FieldDef) => (f.type === 'file' ? 'File' : scalarOf(def, f));

/** SDL for one resource: its type(s), enums, list, filter and sort, and the CRUD operations (read-only: list and one; single: one and save per property). */
export function resourceSdl(def: ResourceDef): string {
  const names = operationNames(def);
  const enums = allFields(def)
    .map((f) => [enumTypeName(def, f), f] as const)
    .filter((e): e is [string, FieldDef] => e[0] !== null)
    .map(([name, f]) => `enum ${name} { ${f.options!.map((o) => o.value).join(' ')} }`);
  const outputFields = [
    'id: ID!',
    ...(def.scope === 'property' ? ['propertyId: Int!'] : []),
    ...(def.parent ? [`${def.parent.field}: ID!`] : []),
    'version: Int!',
    'createdAt: String!',
    'updatedAt: String!',
    ...allFields(def).map((f) => `${f.name}: ${scalarOf(def, f)}`),
  ].join('\n  ');
  const types = def.variants
    ? [
        `interface ${names.nodeType} {\n  ${outputFields}\n}`,
        ...Object.values(def.variants.types).map(
          (t) => `type ${t} implements ${names.nodeType} {\n  ${outputFields}\n}`,
        ),
      ]
    : [`type ${def.typeName} {\n  ${outputFields}\n}`];
  const values = `input ${def.typeName}Values { ${def.fields.map((f) => `${f.name}: ${inputOf(def, f)}`).join(', ')} }`;
  if (def.single) {
    return `${enums.join('\n')}\n${types.join('\n')}\n${values}
input Save${def.typeName}Input { propertyId: Int!, version: Int, values: ${def.typeName}Values! }
extend type Query { ${names.one}(propertyId: Int!): ${names.nodeType} }
extend type Mutation { ${names.save}(input: Save${def.typeName}Input!): ${names.nodeType}! }
`;
  }
  const filters = filterFields(def).map((f) => `${f.name}: ${filterTypeOf(def, f)}`);
  const sorts = sortValues(def);
  const scopeArg = def.parent ? `${def.parent.field}: ID!, ` : def.scope === 'property' ? 'propertyId: Int!, ' : '';
  const read = /* GraphQL */ `
${enums.join('\n')}
${types.join('\n')}
enum ${def.typeName}Sort { ${sorts.join(' ')} }
input ${def.typeName}Filter { ${filters.length ? filters.join(', ') : '_: Boolean'} }
"""What the list shows; the list's cache key. Paging is separate (limit, offset)."""
input ${def.typeName}ListInput { ${scopeArg}filter: ${def.typeName}Filter, sort: ${def.typeName}Sort }
type ${def.typeName}List { nodes: [${names.nodeType}!]!, totalCount: Int!${countFields(def).length ? ', counts: [ResourceValueCount!]!' : ''} }
extend type Query {
  ${names.list}(input: ${def.typeName}ListInput!, limit: Int = ${def.pageSize ?? 10}, offset: Int = 0): ${def.typeName}List!
  ${names.one}(id: ID!): ${names.nodeType}
}
`;
  if (def.readOnly) return read;
  return /* GraphQL */ `${read}${values}
input Create${def.typeName}Input {
  ${scopeArg}values: ${def.typeName}Values!
  ${SAVE_CONFIRM}
}
input Update${def.typeName}Input {
  id: ID!, version: Int!, values: ${def.typeName}Values!
  ${SAVE_CONFIRM}
}
input Delete${def.typeName}Input {
  id: ID!
  "Yes to what the delete takes with it (a room type's rates and inventory); asked with REFUSED and extensions.confirm."
  confirm: Boolean
}
type Deleted${def.typeName} { id: ID! }
extend type Mutation {
  ${names.create}(input: Create${def.typeName}Input!): ${names.nodeType}!
  ${names.update}(input: Update${def.typeName}Input!): ${names.nodeType}!
  ${names.delete}(input: Delete${def.typeName}Input!): Deleted${def.typeName}!
}
`;
}
