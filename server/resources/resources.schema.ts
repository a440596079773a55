import type { IResolvers } from '@graphql-tools/utils';
import type { AppContext } from '../context';
import type { SchemaModule } from '../schema/schema-module';
import { defineAbilityFor } from '../../abilities/define-ability';
import { FEATURE_FLAGS } from '../../resources/domain';
import type { ResourceDef } from '../../resources/define-resource';
import { operationNames } from '../../resources/resource.documents';
import type { ResourceExtension } from './resource-extension';
import { COUNTS_SDL, countFields, FILE_SDL, resourceSdl } from './resource-sdl';
import { getSingle, saveSingle } from './resource-single';
import {
  createResource,
  deleteResource,
  getResource,
  listResource,
  updateResource,
  type ResourceRuntime,
} from './resource-operations';

type Args = Record<string, never> & { input: never; id: never; limit: never; offset: never };

/** Refuses, at start, definitions that would fail later: unknown references, subjects no rule mentions. */
export function checkDefinitions(defs: ResourceDef[], extensions: Record<string, ResourceExtension>) {
  const allOn = Object.fromEntries(Object.keys(FEATURE_FLAGS).map((k) => [k, true]));
  const member = defineAbilityFor(
    { isStaff: false, memberships: [{ role: 'property_admin', propertyId: 1 }] },
    { flags: allOn },
  );
  const names = defs.map((d) => d.name);
  for (const def of defs) {
    if (names.filter((n) => n === def.name).length > 1) throw new Error(`Resource '${def.name}' is registered twice`);
    if (!member.possibleRulesFor('read', def.subject).some((r) => r.subject !== 'all'))
      throw new Error(`Resource '${def.name}': subject '${def.subject}' has no ability rules`);
    for (const f of def.fields)
      if (f.type === 'refs' && !names.includes(f.ref!))
        throw new Error(`Resource '${def.name}': field '${f.name}' refers to unknown resource '${f.ref}'`);
    if (def.parent && !names.includes(def.parent.resource))
      throw new Error(`Resource '${def.name}': parent '${def.parent.resource}' is not a resource`);
    for (const c of def.computed ?? [])
      if (!extensions[def.name]?.computed?.[c.name])
        throw new Error(`Resource '${def.name}': computed field '${c.name}' has no server extension`);
  }
  for (const name of Object.keys(extensions))
    if (!names.includes(name)) throw new Error(`Extension for unknown resource '${name}'`);
}

/** The API of every defined resource: types, list, one, create, update, delete, all derived from the definitions. */
export function resourcesSchema(
  defs: ResourceDef[],
  extensions: Record<string, ResourceExtension>,
): SchemaModule & { runtimes: ResourceRuntime[] } {
  checkDefinitions(defs, extensions);
  const all: ResourceRuntime[] = [];
  for (const def of defs) all.push({ def, ext: extensions[def.name], all });
  const Query: Record<string, unknown> = {};
  const Mutation: Record<string, unknown> = {};
  const resolvers: IResolvers<unknown, AppContext>[] = [{ Query, Mutation } as IResolvers<unknown, AppContext>];
  for (const rt of all) {
    const n = operationNames(rt.def);
    if (rt.def.single) {
      Query[n.one] = (_: unknown, args: Args & { propertyId: never }, ctx: AppContext) =>
        getSingle(ctx, rt.def, args.propertyId);
      Mutation[n.save] = (_: unknown, args: Args, ctx: AppContext) => saveSingle(ctx, rt.def, args.input);
      continue;
    }
    Query[n.list] = (_: unknown, args: Args, ctx: AppContext) => listResource(ctx, rt, args);
    Query[n.one] = (_: unknown, args: Args, ctx: AppContext) => getResource(ctx, rt, args.id);
    if (!rt.def.readOnly) {
      Mutation[n.create] = (_: unknown, args: Args, ctx: AppContext) => createResource(ctx, rt, args.input);
      Mutation[n.update] = (_: unknown, args: Args, ctx: AppContext) => updateResource(ctx, rt, args.input);
      Mutation[n.delete] = (_: unknown, args: Args, ctx: AppContext) => deleteResource(ctx, rt, args.input);
    }
    const variants = rt.def.variants;
    if (variants)
      resolvers.push({
        [n.nodeType]: { __resolveType: (row: Record<string, unknown>) => variants.types[String(row[variants.field])] },
      } as never);
    if (rt.ext?.resolvers) resolvers.push(rt.ext.resolvers);
  }
  return {
    typeDefs: [
      // Always: the media library's uploads take a File too.
      FILE_SDL,
      defs.some((d) => countFields(d).length) ? COUNTS_SDL : '',
      ...all.map((rt) => resourceSdl(rt.def)),
      ...all.map((rt) => rt.ext?.typeDefs ?? ''),
    ].join('\n'),
    resolvers: mergeResolvers(resolvers),
    runtimes: all,
  };
}

function mergeResolvers(list: IResolvers<unknown, AppContext>[]): IResolvers<unknown, AppContext> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const r of list)
    for (const [type, fields] of Object.entries(r)) out[type] = { ...(out[type] ?? {}), ...(fields as object) };
  return out as IResolvers<unknown, AppContext>;
}
