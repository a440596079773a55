import { allFields, camel, type ResourceDef } from './define-resource';

/** The names of a resource's operations, shared by the API that defines them and the portal that calls them. */
export function operationNames(def: ResourceDef) {
  const one = def.typeName.charAt(0).toLowerCase() + def.typeName.slice(1);
  return {
    list: camel(def.name),
    one,
    create: `create${def.typeName}`,
    update: `update${def.typeName}`,
    delete: `delete${def.typeName}`,
    save: `save${def.typeName}`,
    nodeType: def.variants ? `Any${def.typeName}` : def.typeName,
  };
}

const cache = new WeakMap<ResourceDef, ReturnType<typeof build>>();

function build(def: ResourceDef) {
  const n = operationNames(def);
  const t = def.typeName;
  const selection = [
    '__typename id',
    def.scope === 'property' ? 'propertyId' : '',
    def.parent?.field ?? '',
    'version createdAt updatedAt',
    ...allFields(def).map((f) => (f.type === 'file' ? `${f.name} { hash name type size }` : f.name)),
    def.select ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const counted = allFields(def).some((f) => f.counts && f.filter);
  return {
    selection,
    list: `query ${def.plural}($input: ${t}ListInput!, $limit: Int, $offset: Int) { ${n.list}(input: $input, limit: $limit, offset: $offset) { totalCount nodes { ${selection} } } }`,
    one: def.single
      ? `query ${t}($propertyId: Int!) { ${n.one}(propertyId: $propertyId) { ${selection} } }`
      : `query ${t}($id: ID!) { ${n.one}(id: $id) { ${selection} } }`,
    /** How many rows hold each value of the filters that show counts (no rows read beyond one). */
    counts: counted
      ? `query ${def.plural}Counts($input: ${t}ListInput!) { ${n.list}(input: $input, limit: 1, offset: 0) { counts { field value count } } }`
      : null,
    create: `mutation Create${t}($input: Create${t}Input!) { ${n.create}(input: $input) { ${selection} } }`,
    update: `mutation Update${t}($input: Update${t}Input!) { ${n.update}(input: $input) { ${selection} } }`,
    delete: `mutation Delete${t}($input: Delete${t}Input!) { ${n.delete}(input: $input) { id } }`,
    /** One record per property: saved whole, created by its first save. */
    save: def.single
      ? `mutation Save${t}($input: Save${t}Input!) { ${n.save}(input: $input) { ${selection} } }`
      : undefined,
  };
}

/** The GraphQL documents the portal sends for a resource, derived from its definition. */
export function resourceDocuments(def: ResourceDef) {
  let docs = cache.get(def);
  if (!docs) cache.set(def, (docs = build(def)));
  return docs;
}
