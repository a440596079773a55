import type { AppContext } from '../context';
import { userError, type FieldErrors } from '../errors';
import { abilityFor, authorizeProperty, flagsFor, forbidden, notFound } from '../auth/authorize';
import { requireActiveViewer } from '../auth/guards';
import { writeAudit } from '../audit/write-audit';
import { on, type Action, type PropertyFacts } from '../../abilities/define-ability';
import { FORM_MESSAGES } from '../../resources/messages';
import type { ResourceDef } from '../../resources/define-resource';
import type { ResourceExtension, ResourceRow } from './resource-extension';
import { countReferences, deleteRow, existingIds, insertRow, listRows, loadRow, today, updateRow, type RowWithFacts } from './resource-store';

/** A resource as the server runs it: its definition, its extension, and the others it may refer to. */
export type ResourceRuntime = { def: ResourceDef; ext?: ResourceExtension; all: ResourceRuntime[] };

export const MAX_PAGE = 100;
const ID = /^\d{1,15}$/;

const badInput = (fields: FieldErrors) => userError(FORM_MESSAGES.couldNotSave, 'BAD_USER_INPUT', fields);

/** Adds computed fields and runs the extension's batch loader: one query per page, not per row. */
async function present(ctx: AppContext, rt: ResourceRuntime, rows: ResourceRow[]): Promise<ResourceRow[]> {
  const day = today();
  for (const [name, c] of Object.entries(rt.ext?.computed ?? {})) for (const row of rows) row[name] = c.value(row, day);
  if (rt.ext?.afterLoad && rows.length) await rt.ext.afterLoad(ctx.db, rows);
  return rows;
}

async function visibleWhen(ctx: AppContext, rt: ResourceRuntime) {
  return rt.ext?.visibleWhen ? rt.ext.visibleWhen(await flagsFor(ctx)) : null;
}

/** The row, if the caller may do `action` to it. A row they may not read answers like one that does not exist. */
async function authorizeRow(ctx: AppContext, rt: ResourceRuntime, row: RowWithFacts | null, action: Action): Promise<RowWithFacts> {
  requireActiveViewer(ctx);
  const ability = await abilityFor(ctx);
  const { def } = rt;
  const subject = row?.facts ? on(def.subject, row.facts) : def.subject;
  const readable = row && (def.scope === 'global' || (row.facts && ability.can('read', on('Property', row.facts)))) && ability.can('read', subject);
  if (!readable) throw notFound(def.singularLabel);
  if (action !== 'read' && ability.cannot(action, subject)) throw forbidden();
  return row;
}

function checkId(rt: ResourceRuntime, id: unknown): string {
  if (typeof id !== 'string' || !ID.test(id)) throw notFound(rt.def.singularLabel);
  return id;
}

export async function listResource(ctx: AppContext, rt: ResourceRuntime, args: { input: { propertyId?: number; filter?: Record<string, unknown> | null; sort?: string | null }; limit: number; offset: number }) {
  const { def } = rt;
  const { input, limit, offset } = args;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) throw userError(`limit must be between 1 and ${MAX_PAGE}.`, 'BAD_USER_INPUT');
  if (!Number.isInteger(offset) || offset < 0 || offset > 1_000_000) throw userError('offset must be between 0 and 1000000.', 'BAD_USER_INPUT');
  for (const value of Object.values(input.filter ?? {})) {
    if (typeof value === 'string' && value.length > 100) throw userError('A search must be 100 characters or less.', 'BAD_USER_INPUT');
  }
  let propertyId: number | null = null;
  if (def.scope === 'property') propertyId = (await authorizeProperty(ctx, input.propertyId, 'read', def.subject)).propertyId;
  else {
    requireActiveViewer(ctx);
    if ((await abilityFor(ctx)).cannot('read', def.subject)) throw forbidden();
  }
  const { rows, totalCount } = await listRows(ctx.db, def, rt.ext, {
    propertyId, filter: input.filter ?? {}, sort: input.sort ?? def.defaultSort, limit, offset, visibleWhen: await visibleWhen(ctx, rt),
  });
  return { nodes: await present(ctx, rt, rows), totalCount };
}

export async function getResource(ctx: AppContext, rt: ResourceRuntime, id: unknown) {
  const row = await authorizeRow(ctx, rt, await loadRow(ctx.db, rt.def, checkId(rt, id)), 'read');
  const [shown] = await present(ctx, rt, [row]);
  return shown;
}

/** Validates values with the definition's schema; ids of other resources must be rows the caller can use in this property. */
async function validate(ctx: AppContext, rt: ResourceRuntime, values: unknown, facts: PropertyFacts | null, keep?: Record<string, unknown>) {
  const propertyId = facts?.propertyId ?? null;
  const parsed = rt.def.schema.safeParse(values ?? {});
  if (!parsed.success) {
    const fields: FieldErrors = {};
    for (const issue of parsed.error.issues) (fields[String(issue.path[0] ?? '_form')] ??= []).push(issue.message);
    throw badInput(fields);
  }
  const data = parsed.data as Record<string, unknown>;
  const ability = await abilityFor(ctx);
  for (const field of rt.def.fields.filter((f) => f.type === 'refs')) {
    const target = rt.all.find((r) => r.def.name === field.ref)!;
    const usable = target.def.scope === 'global' ? ability.can('read', target.def.subject) : Boolean(facts) && ability.can('read', on(target.def.subject, facts!));
    // Ids the caller cannot see are kept as stored, never lost and never set.
    if (!usable) { data[field.name] = keep?.[field.name] ?? []; continue; }
    const ids = [...new Set(data[field.name] as string[])];
    data[field.name] = ids;
    const found = await existingIds(ctx.db, target.def, ids, propertyId, await visibleWhen(ctx, target));
    if (found.size !== ids.length) throw badInput({ [field.name]: [`Choose ${field.label.toLowerCase()} from the list`] });
  }
  return data;
}

export async function createResource(ctx: AppContext, rt: ResourceRuntime, input: { propertyId?: number; values: unknown }) {
  const { def } = rt;
  requireActiveViewer(ctx);
  let facts: PropertyFacts | null = null;
  if (def.scope === 'property') facts = await authorizeProperty(ctx, input.propertyId, 'create', def.subject);
  else if ((await abilityFor(ctx)).cannot('create', def.subject)) throw forbidden();
  const propertyId = facts?.propertyId ?? null;
  const data = await validate(ctx, rt, input.values, facts);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertRow(tx, def, propertyId, data);
    await writeAudit(tx, { actorUserId: ctx.viewer!.id, action: `${def.name}.create`, subjectType: def.typeName, subjectId: created.id, propertyId, after: data, correlationId: ctx.correlationId });
    return created;
  });
  return (await present(ctx, rt, [row]))[0];
}

const stable = (v: unknown): string => JSON.stringify(v, (_k, x) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x));
const dataOf = (def: ResourceDef, row: ResourceRow) => Object.fromEntries(def.fields.map((f) => [f.name, row[f.name] ?? null]));

export async function updateResource(ctx: AppContext, rt: ResourceRuntime, input: { id: unknown; version: number; values: unknown }) {
  const { def } = rt;
  const id = checkId(rt, input.id);
  const current = await authorizeRow(ctx, rt, await loadRow(ctx.db, def, id), 'update');
  const data = await validate(ctx, rt, input.values, current.facts, current);
  const row = await ctx.db.transaction(async (tx) => {
    const locked = (await loadRow(tx, def, id, true))!;
    const before = dataOf(def, locked);
    if (stable(before) === stable({ ...before, ...data })) return locked; // an identical repeat save changes nothing
    if (locked.version !== input.version) {
      const error = userError(`Someone else changed this ${def.singularLabel.toLowerCase()} while you were editing it. Review their changes, then save again.`, 'CONFLICT');
      (error.extensions as Record<string, unknown>).current = { values: before, version: locked.version };
      throw error;
    }
    const updated = await updateRow(tx, id, data);
    await writeAudit(tx, { actorUserId: ctx.viewer!.id, action: `${def.name}.update`, subjectType: def.typeName, subjectId: id, propertyId: locked.propertyId, before, after: data, correlationId: ctx.correlationId });
    return updated;
  });
  return (await present(ctx, rt, [row]))[0];
}

export async function deleteResource(ctx: AppContext, rt: ResourceRuntime, input: { id: unknown }) {
  const { def } = rt;
  const id = checkId(rt, input.id);
  await authorizeRow(ctx, rt, await loadRow(ctx.db, def, id), 'delete');
  return ctx.db.transaction(async (tx) => {
    const locked = await loadRow(tx, def, id, true);
    if (!locked) throw notFound(def.singularLabel);
    for (const holder of rt.all) {
      for (const field of holder.def.fields.filter((f) => f.type === 'refs' && f.ref === def.name)) {
        const n = await countReferences(tx, holder.def, field.name, id, locked.propertyId);
        if (n) throw userError(`This ${def.singularLabel.toLowerCase()} is used by ${n} ${n === 1 ? holder.def.singularLabel.toLowerCase() : holder.def.label.toLowerCase()}. Remove it from them first.`, 'CONFLICT');
      }
    }
    await deleteRow(tx, id);
    await writeAudit(tx, { actorUserId: ctx.viewer!.id, action: `${def.name}.delete`, subjectType: def.typeName, subjectId: id, propertyId: locked.propertyId, before: dataOf(def, locked), correlationId: ctx.correlationId });
    return { id };
  });
}
