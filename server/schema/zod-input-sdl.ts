import { z } from 'zod';

/** The part of zod's JSON Schema that an input type is built from. */
type Json = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  anyOf?: Json[];
  oneOf?: Json[];
};

export type InputSdlOptions = {
  /** Names of nested input and enum types by dotted path ('guest', 'cells', 'cells.field'); others are named after their parent and key. */
  names?: Record<string, string>;
  /** A named scalar (declared beside) for a field whose values have more than one shape, such as a grid cell's value. */
  scalars?: Record<string, string>;
  /** The input type's description. */
  description?: string;
  /** Enums (named in `names`) that another module declares already, such as Role or SortDirection: used, not declared again. */
  declaredElsewhere?: string[];
};

/** A string field holding a row id ('42'): GraphQL's ID, which also takes 42. */
const ID_PATTERN = '^\\d{1,15}$';
const pascal = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);
const base = (typeName: string) => typeName.replace(/Input$/, '');

/** One node's alternatives, each with a single JSON type (unions, nullables and type lists spread out). */
function variants(node: Json): Json[] {
  const alternatives = node.anyOf ?? node.oneOf;
  if (alternatives) return alternatives.flatMap(variants);
  if (Array.isArray(node.type)) return node.type.map((type) => ({ ...node, type }));
  return [node];
}

/**
 * The GraphQL input types (and enums) that accept what a zod schema accepts, derived from the schema's
 * JSON Schema so the two cannot drift. A union of objects (a discriminated union) becomes one input
 * type whose fields are required only where every branch requires them; the zod schema still checks
 * each value and gives the field messages. Unknown fields and wrong types are refused by GraphQL itself.
 */
export function inputSdlFromZod(typeName: string, schema: z.ZodType, options: InputSdlOptions = {}): string {
  const declared: string[] = [];
  const named = (path: string, fallback: string) => options.names?.[path] ?? fallback;

  const typeOf = (path: string, parent: string, key: string, node: Json): { gql: string; nullable: boolean } => {
    const all = variants(node);
    const nullable = all.some((v) => v.type === 'null');
    const rest = all.filter((v) => v.type !== 'null');
    const types = new Set(rest.map((v) => (v.type === 'integer' ? 'number' : v.type)));
    if (types.size !== 1) {
      const scalar = options.scalars?.[path];
      if (!scalar) throw new Error(`${typeName}.${path} takes several shapes: name a scalar for it in options.scalars`);
      return { gql: scalar, nullable: true };
    }
    const [type] = types;
    if (type === 'object')
      return { gql: objectType(path, named(path, `${base(parent)}${pascal(key)}Input`), rest), nullable };
    if (type === 'array') {
      const items = typeOf(path, parent, key, { anyOf: rest.map((v) => v.items ?? {}) });
      return { gql: `[${items.gql}${items.nullable ? '' : '!'}]`, nullable };
    }
    if (type === 'boolean') return { gql: 'Boolean', nullable };
    if (type === 'number') return { gql: rest.every((v) => v.type === 'integer') ? 'Int' : 'Float', nullable };
    if (type === 'string') {
      const values = rest.every((v) => v.enum || v.const !== undefined)
        ? [...new Set(rest.flatMap((v) => (v.enum ?? [v.const]).map(String)))]
        : null;
      if (values) {
        const name = named(path, `${base(parent)}${pascal(key)}`);
        if (!options.declaredElsewhere?.includes(name)) declared.push(`enum ${name} { ${values.join(' ')} }`);
        return { gql: name, nullable };
      }
      return { gql: rest.every((v) => v.pattern === ID_PATTERN) ? 'ID' : 'String', nullable };
    }
    throw new Error(`${typeName}.${path}: no GraphQL input type for JSON type ${type}`);
  };

  const objectType = (path: string, name: string, objects: Json[]): string => {
    const keys = [...new Set(objects.flatMap((o) => Object.keys(o.properties ?? {})))];
    const fields = keys.map((key) => {
      const nodes = objects.flatMap((o) => (o.properties?.[key] ? [o.properties[key]] : []));
      const required = objects.every((o) => o.required?.includes(key));
      const field = typeOf(path ? `${path}.${key}` : key, name, key, { anyOf: nodes });
      return `${key}: ${field.gql}${required && !field.nullable ? '!' : ''}`;
    });
    const description = !path && options.description ? `${JSON.stringify(options.description)}\n` : '';
    declared.push(`${description}input ${name} { ${fields.join(', ')} }`);
    return name;
  };

  const root = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  const objects = variants(root);
  if (objects.some((o) => o.type !== 'object')) throw new Error(`${typeName}: an input type needs an object schema`);
  objectType('', typeName, objects);
  return declared.join('\n');
}
