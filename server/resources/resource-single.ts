import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { authorizeProperty } from '../auth/authorize';
import { fieldErrors, invalid, versionedSave, type Versioned } from '../save/versioned-save';
import type { ResourceDef } from '../../resources/define-resource';
import type { ResourceRow } from './resource-extension';
import { insertRow, toRow, updateRow, type StoredRow } from './resource-store';
import { tableOf } from './resource-table';

/** The record of a property (one per property), or null before its first save. */
export async function loadSingle(
  db: Queryable,
  def: ResourceDef,
  propertyId: number,
  forUpdate = false,
): Promise<ResourceRow | null> {
  const t = tableOf(def);
  const params: unknown[] = [];
  const where = [...t.scope(params), `property_id = $${params.push(propertyId)}`];
  const [r] = await db.query<StoredRow>(
    `select id, property_id, ${t.data()} as data, version, created_at, updated_at from ${t.table} where ${where.join(' and ')}${forUpdate ? ' for update' : ''}`,
    params,
  );
  return r ? toRow(r) : null;
}

const versioned = (def: ResourceDef, row: ResourceRow): Versioned => ({
  id: row.id,
  version: row.version,
  values: Object.fromEntries(def.fields.map((f) => [f.name, row[f.name] ?? null])),
  row,
});

export async function getSingle(ctx: AppContext, def: ResourceDef, propertyId: unknown) {
  const facts = await authorizeProperty(ctx, propertyId as number, 'read', def.subject);
  return loadSingle(ctx.db, def, facts.propertyId);
}

/** Saves the property's record through the one versioned save: created by the first save, then updated against its version. */
export async function saveSingle(
  ctx: AppContext,
  def: ResourceDef,
  input: { propertyId: number; version?: number | null; values: unknown },
) {
  const { record } = await versionedSave(ctx, {
    validate: () => {
      const parsed = def.schema.safeParse(input.values ?? {});
      if (!parsed.success) throw invalid(fieldErrors(parsed.error.issues));
      // Every field, absent ones as null, so a repeat save compares equal to what is stored.
      return Object.fromEntries(
        def.fields.map((f) => [f.name, (parsed.data as Record<string, unknown>)[f.name] ?? null]),
      );
    },
    authorize: () => authorizeProperty(ctx, input.propertyId, 'update', def.subject),
    version: input.version,
    conflictMessage: `Someone else changed the ${def.singularLabel.toLowerCase()} while you were editing it. Review their changes, then save again.`,
    lock: async (tx, facts) => {
      // The property's row serialises first saves, so two of them cannot both create a record.
      await tx.query('select id from properties where id = $1 for no key update', [facts.propertyId]);
      const row = await loadSingle(tx, def, facts.propertyId, true);
      return row && versioned(def, row);
    },
    insert: async (tx, values, facts) => versioned(def, await insertRow(tx, def, facts.propertyId, values)),
    update: async (tx, current, values) => ({
      ...versioned(def, await updateRow(tx, def, String(current.id), values)),
      values,
    }),
    audit: (kind, facts) => ({
      action: `${def.name}.${kind}`,
      subjectType: def.typeName,
      propertyId: facts.propertyId,
      label: def.singularLabel,
    }),
  });
  return record.row as ResourceRow;
}
