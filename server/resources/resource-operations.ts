import { countOf } from '../../resources/plural';
import { propertyDays } from '../properties/property-day';
import type { AppContext } from '../context';
import { userError } from '../errors';
import { checkPage } from '../page-args';
import { fieldErrors, invalid, sameValues, versionedSave, type Versioned } from '../save/versioned-save';
import { abilityFor, authorizeProperty, flagsFor, forbidden, notFound } from '../auth/authorize';
import { requireActiveViewer } from '../auth/guards';
import { runCommand } from '../commands/run-command';
import { refused } from '../commands/refusals';
import { on, type Action } from '../../abilities/define-ability';
import { flagsOnProperty, type PropertyFacts } from '../../resources/domain';
import type { ResourceDef } from '../../resources/define-resource';
import type { ResourceExtension, ResourceRow } from './resource-extension';
import { readUploads } from './resource-uploads';
import { countFields } from './resource-sdl';
import { mediaStoreFor } from '../media/media-store';
import {
  countReferences,
  deleteRow,
  existingIds,
  insertRow,
  listRows,
  countValues,
  loadRow,
  utcToday,
  updateRow,
  type RowWithFacts,
} from './resource-store';

/** A resource as the server runs it: its definition, its extension, and the others it may refer to. */
export type ResourceRuntime = { def: ResourceDef; ext?: ResourceExtension; all: ResourceRuntime[] };

export const MAX_PAGE = 100;
const ID = /^\d{1,15}$/;

/**
 * Adds computed fields and runs the extension's batch loader: one query per page, not per row. The
 * loader gets the flags as they hold at the rows' property (`facts`, read when the call was authorized).
 */
async function present(
  ctx: AppContext,
  rt: ResourceRuntime,
  rows: ResourceRow[],
  facts: PropertyFacts | null | undefined,
): Promise<ResourceRow[]> {
  const computed = Object.entries(rt.ext?.computed ?? {});
  if (computed.length && rows.length) {
    // A plan on sale "today" is on sale on the property's own day.
    const days = await propertyDays(
      ctx.db,
      rows.flatMap((r) => (r.propertyId == null ? [] : [r.propertyId])),
    );
    for (const row of rows) {
      const day = (row.propertyId != null && days.get(row.propertyId)) || utcToday();
      for (const [name, c] of computed) row[name] = c.value(row, day);
    }
  }
  if (rt.ext?.afterLoad && rows.length)
    await rt.ext.afterLoad(ctx.db, rows, flagsOnProperty(await flagsFor(ctx), facts));
  return rows;
}

async function visibleWhen(ctx: AppContext, rt: ResourceRuntime) {
  return rt.ext?.visibleWhen ? rt.ext.visibleWhen(await flagsFor(ctx)) : null;
}

/** The row, if the caller may do `action` to it. A row they may not read answers like one that does not exist. */
async function authorizeRow(
  ctx: AppContext,
  rt: ResourceRuntime,
  row: RowWithFacts | null,
  action: Action,
): Promise<RowWithFacts> {
  requireActiveViewer(ctx);
  const ability = await abilityFor(ctx);
  const { def } = rt;
  const subject = row?.facts ? on(def.subject, row.facts) : def.subject;
  const readable =
    row &&
    (def.scope === 'global' || (row.facts && ability.can('read', on('Property', row.facts)))) &&
    ability.can('read', subject);
  if (!readable) throw notFound(def.singularLabel);
  if (action !== 'read' && ability.cannot(action, subject)) throw forbidden();
  return row;
}

function checkId(rt: ResourceRuntime, id: unknown): string {
  if (typeof id !== 'string' || !ID.test(id)) throw notFound(rt.def.singularLabel);
  return id;
}

/** The parent row of a resource with rows under another row, if the caller may read it; its property's facts scope the rows. */
async function parentFacts(
  ctx: AppContext,
  rt: ResourceRuntime,
  parentId: unknown,
  action: Action,
): Promise<PropertyFacts> {
  const parent = rt.all.find((r) => r.def.name === rt.def.parent!.resource)!;
  const row = await authorizeRow(ctx, parent, await loadRow(ctx.db, parent.def, checkId(parent, parentId)), 'read');
  const ability = await abilityFor(ctx);
  if (ability.cannot(action, on(rt.def.subject, row.facts!)))
    throw action === 'read' ? notFound(rt.def.singularLabel) : forbidden();
  return row.facts!;
}

type ListArgs = {
  input: { propertyId?: number; filter?: Record<string, unknown> | null; sort?: string | null } & Record<
    string,
    unknown
  >;
  limit: number;
  offset: number;
};

export async function listResource(ctx: AppContext, rt: ResourceRuntime, args: ListArgs) {
  const { def } = rt;
  const { input, limit, offset } = args;
  checkPage(limit, offset, MAX_PAGE);
  for (const value of Object.values(input.filter ?? {})) {
    if (typeof value === 'string' && value.length > 100)
      throw userError('A search must be 100 characters or less.', 'BAD_USER_INPUT');
  }
  let facts: PropertyFacts | null = null;
  const parentId = def.parent ? String(input[def.parent.field]) : null;
  if (def.parent) facts = await parentFacts(ctx, rt, parentId, 'read');
  else if (def.scope === 'property') facts = await authorizeProperty(ctx, input.propertyId, 'read', def.subject);
  else {
    requireActiveViewer(ctx);
    if ((await abilityFor(ctx)).cannot('read', def.subject)) throw forbidden();
  }
  const propertyId = facts?.propertyId ?? null;
  const query = {
    propertyId,
    filter: input.filter ?? {},
    sort: input.sort ?? def.defaultSort,
    limit,
    offset,
    visibleWhen: await visibleWhen(ctx, rt),
    parentId,
    // Only a computed field (a rate plan's sale status) reads the day: others are not asked for it.
    today:
      propertyId != null && rt.ext?.computed
        ? ((await propertyDays(ctx.db, [propertyId])).get(propertyId) ?? utcToday())
        : utcToday(),
  };
  const counted = countFields(def);
  const [{ rows, totalCount }, counts] = await Promise.all([
    listRows(ctx.db, def, rt.ext, query),
    counted.length ? countValues(ctx.db, def, rt.ext, query, counted) : undefined,
  ]);
  return { nodes: await present(ctx, rt, rows, facts), totalCount, ...(counts ? { counts } : {}) };
}

export async function getResource(ctx: AppContext, rt: ResourceRuntime, id: unknown) {
  const row = await authorizeRow(ctx, rt, await loadRow(ctx.db, rt.def, checkId(rt, id)), 'read');
  // The list's flag condition holds for a read by id too: a hidden row answers like a missing one.
  const condition = await visibleWhen(ctx, rt);
  if (condition && !(await existingIds(ctx.db, rt.def, [row.id], row.propertyId, condition)).size)
    throw notFound(rt.def.singularLabel);
  const [shown] = await present(ctx, rt, [row], row.facts);
  return shown;
}

/** Ids of other resources must be rows the caller can use in this property; ids the caller cannot see are kept as stored. */
async function checkRefs(
  ctx: AppContext,
  rt: ResourceRuntime,
  data: Record<string, unknown>,
  facts: PropertyFacts | null,
  keep?: Record<string, unknown>,
) {
  const propertyId = facts?.propertyId ?? null;
  const ability = await abilityFor(ctx);
  for (const field of rt.def.fields.filter((f) => f.type === 'refs')) {
    const target = rt.all.find((r) => r.def.name === field.ref)!;
    const usable =
      target.def.scope === 'global'
        ? ability.can('read', target.def.subject)
        : Boolean(facts) && ability.can('read', on(target.def.subject, facts!));
    if (!usable) {
      data[field.name] = keep?.[field.name] ?? [];
      continue;
    }
    const ids = [...new Set(data[field.name] as string[])];
    data[field.name] = ids;
    const found = await existingIds(ctx.db, target.def, ids, propertyId, await visibleWhen(ctx, target));
    if (found.size !== ids.length)
      throw invalid({ [field.name]: [`Choose ${field.label.toLowerCase()} from the list`] });
  }
  return data;
}

/**
 * Uploads checked and described, then the schema; the bytes are staged once the caller is authorized
 * (`stage`) and committed only when the save commits (`saving`), so a failed save leaves no file.
 */
function parser(rt: ResourceRuntime, raw: unknown, stored?: () => Record<string, unknown> | undefined) {
  let uploads: Awaited<ReturnType<typeof readUploads>> | null = null;
  let staged: { commit(): Promise<void>; discard(): Promise<void> } | null = null;
  return {
    validate: async () => {
      const values = (raw ?? {}) as Record<string, unknown>;
      uploads = rt.def.fields.some((f) => f.type === 'file') ? await readUploads(rt.def, values, stored?.()) : null;
      const parsed = rt.def.schema.safeParse(uploads?.values ?? values);
      const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error.issues)), ...uploads?.errors };
      if (!parsed.success || uploads?.errors) throw invalid(errors);
      return parsed.data as Record<string, unknown>;
    },
    stage: async (ctx: AppContext) => {
      if (uploads) staged = await uploads.stage(mediaStoreFor(ctx.config.DATA_DIR));
    },
    /** Runs the save; its staged files are committed with it or discarded. */
    saving: async <T>(save: Promise<T>): Promise<T> => {
      try {
        const result = await save;
        await staged?.commit();
        return result;
      } catch (error) {
        await staged?.discard();
        throw error;
      }
    },
  };
}
export const dataOf = (def: ResourceDef, row: ResourceRow) =>
  Object.fromEntries(def.fields.map((f) => [f.name, row[f.name] ?? null]));
const versioned = (def: ResourceDef, row: ResourceRow): Versioned => ({
  id: row.id,
  version: row.version,
  values: dataOf(def, row),
  row,
});
/** How the history names a row: "Rate plan: Bed and breakfast". */
const labelOf = (def: ResourceDef, values: Record<string, unknown>) =>
  values[def.titleField] == null ? def.singularLabel : `${def.singularLabel}: ${String(values[def.titleField])}`;
const conflictMessage = (def: ResourceDef) =>
  `Someone else changed this ${def.singularLabel.toLowerCase()} while you were editing it. Review their changes, then save again.`;

/** The extension's rule before a save: REFUSED when it says no (a deprecated inclusion new to a plan); its question (a rate plan named like another) REFUSED with confirm until the save comes again with confirm: true. */
async function askFirst(
  ctx: AppContext,
  rt: ResourceRuntime,
  values: Record<string, unknown>,
  target: { propertyId: number | null; stored: ResourceRow | null },
  confirmed: unknown,
) {
  if (!rt.ext?.saveCheck) return;
  const rule = await rt.ext.saveCheck(ctx.db, values, target);
  // A rule that says no holds whatever was confirmed; a question only until it is answered.
  if (rule.refuse) throw refused(rule.refuse);
  if (rule.confirm && confirmed !== true) throw refused(rule.confirm, { confirm: true });
}

export async function createResource(
  ctx: AppContext,
  rt: ResourceRuntime,
  input: { propertyId?: number; values: unknown } & Record<string, unknown>,
) {
  const { def } = rt;
  requireActiveViewer(ctx);
  const parse = parser(rt, input.values);
  const parent = def.parent ? { [def.parent.field]: String(input[def.parent.field]) } : {};
  /** The property the row is made in, as authorized: its flags shape the answer. */
  let created: PropertyFacts | null = null;
  const { record } = await parse.saving(
    versionedSave(ctx, {
      validate: parse.validate,
      authorize: async () => {
        if (def.parent) return (created = await parentFacts(ctx, rt, parent[def.parent.field], 'create'));
        if (def.scope === 'property')
          return (created = await authorizeProperty(ctx, input.propertyId, 'create', def.subject));
        if ((await abilityFor(ctx)).cannot('create', def.subject)) throw forbidden();
        return null;
      },
      check: async (values, facts) => {
        await askFirst(ctx, rt, values, { propertyId: facts?.propertyId ?? null, stored: null }, input.confirm);
        await parse.stage(ctx);
        return checkRefs(ctx, rt, values, facts);
      },
      version: null,
      conflictMessage: conflictMessage(def),
      lock: async () => null,
      insert: async (tx, values, facts) => {
        const row = await insertRow(tx, def, facts?.propertyId ?? null, { ...values, ...parent });
        await rt.ext?.afterWrite?.(tx, ctx, row, null);
        return versioned(def, row);
      },
      update: () => {
        throw new Error('a new row is never updated');
      },
      audit: (kind, facts, record) => ({
        action: `${def.name}.${kind}`,
        subjectType: def.typeName,
        propertyId: facts?.propertyId ?? null,
        label: labelOf(def, record.values),
      }),
    }),
  );
  return (await present(ctx, rt, [record.row as ResourceRow], created))[0];
}

export async function updateResource(
  ctx: AppContext,
  rt: ResourceRuntime,
  input: { id: unknown; version: number; values: unknown; confirm?: unknown },
) {
  const { def } = rt;
  const id = checkId(rt, input.id);
  let stored: RowWithFacts | undefined;
  const parse = parser(rt, input.values, () => stored);
  const { record } = await parse.saving(
    versionedSave(ctx, {
      // The stored row is read first only for the file fields the input leaves out; the caller is authorized right after.
      validate: async () => {
        stored = (await loadRow(ctx.db, def, id)) ?? undefined;
        return parse.validate();
      },
      authorize: async () => authorizeRow(ctx, rt, stored ?? null, 'update'),
      check: async (values, row) => {
        await askFirst(ctx, rt, values, { propertyId: row.propertyId, stored: row }, input.confirm);
        await parse.stage(ctx);
        return checkRefs(ctx, rt, values, row.facts, row);
      },
      version: input.version,
      conflictMessage: conflictMessage(def),
      notFound: () => notFound(def.singularLabel),
      lock: async (tx) => {
        const row = await loadRow(tx, def, id, true);
        return row && versioned(def, row);
      },
      // Fields the input leaves out keep their stored value when comparing: a repeat save changes nothing.
      same: (stored, values) => sameValues(stored, { ...stored, ...values }),
      update: async (tx, current, values) => {
        const parent = def.parent ? { [def.parent.field]: (current.row as ResourceRow)[def.parent.field] } : {};
        const row = await updateRow(tx, def, id, { ...values, ...parent });
        await rt.ext?.afterWrite?.(tx, ctx, row, current.row as ResourceRow);
        return { ...versioned(def, row), values };
      },
      audit: (kind, row, record) => ({
        action: `${def.name}.${kind}`,
        subjectType: def.typeName,
        propertyId: row.propertyId,
        label: labelOf(def, record.values),
      }),
    }),
  );
  return (await present(ctx, rt, [record.row as ResourceRow], stored?.facts))[0];
}

export async function deleteResource(ctx: AppContext, rt: ResourceRuntime, input: { id: unknown; confirm?: unknown }) {
  const { def } = rt;
  const id = checkId(rt, input.id);
  return runCommand(ctx, {
    authorize: async () => authorizeRow(ctx, rt, await loadRow(ctx.db, def, id), 'delete'),
    lock: async (tx) => {
      const locked = await loadRow(tx, def, id, true);
      if (!locked) throw notFound(def.singularLabel);
      return locked;
    },
    check: async (locked, _row, tx) => {
      for (const holder of rt.all) {
        for (const field of holder.def.fields.filter((f) => f.type === 'refs' && f.ref === def.name)) {
          const n = await countReferences(tx, holder.def, field.name, id);
          if (n)
            throw refused(
              `This ${def.singularLabel.toLowerCase()} is used by ${countOf(n, holder.def.singularLabel.toLowerCase(), holder.def.label.toLowerCase())}. Remove it from them first.`,
            );
        }
      }
      const rule = await rt.ext?.deleteCheck?.(tx, locked);
      if (rule?.refuse) throw refused(rule.refuse);
      if (rule?.confirm && input.confirm !== true) throw refused(rule.confirm, { confirm: true });
    },
    write: async (tx) => {
      await deleteRow(tx, def, id);
      return { id };
    },
    history: (_result, locked) => ({
      action: `${def.name}.delete`,
      subjectType: def.typeName,
      subjectId: id,
      propertyId: locked.propertyId,
      label: labelOf(def, locked),
      before: dataOf(def, locked),
      after: null,
    }),
  });
}
