import type { AppContext } from '../context';
import { authorizeProperty } from '../auth/authorize';
import { userError } from '../errors';
import { refused, stale } from '../commands/refusals';
import { sameValues } from '../save/versioned-save';
import { loadDetails, savePropertyDetails } from '../properties/save-property-details';
import { loadContact, saveKeyContact } from '../contacts/save-key-contact';
import { loadSettings, savePropertySettings } from '../properties/property-settings';
import {
  createResource,
  dataOf,
  deleteResource,
  updateResource,
  type ResourceRuntime,
} from '../resources/resource-operations';
import { loadSingle, saveSingle } from '../resources/resource-single';
import { loadRow } from '../resources/resource-store';
import { trailRecord, type HistoryRecord } from './trail-query';
import { TRAIL_MESSAGES } from '../../resources/trails/trail-rules';
import { DETAILS_SECTIONS, type SectionKey } from '../../resources/properties/details.resource';

type Values = Record<string, unknown>;
type Stored = { values: Values; version: number } | null;

/**
 * How one kind of record is reverted: what it holds now, and its own save path (the same
 * validation, rules, version check and history as a save from its page).
 */
type Target = {
  current: () => Promise<Stored>;
  update?: (values: Values, version: number) => Promise<unknown>;
  /** Undoes a creation: the record's own delete (with its rules: bookings, references). */
  remove?: (confirm: boolean) => Promise<unknown>;
  /** Undoes a deletion: the record's own create, with the values it had. */
  recreate?: (values: Values) => Promise<unknown>;
};

function targetOf(ctx: AppContext, rec: HistoryRecord, propertyId: number, runtimes: ResourceRuntime[]): Target | null {
  const rt = runtimes.find((r) => r.def.typeName === rec.subjectType && rec.action.startsWith(`${r.def.name}.`));
  if (rt?.def.single) {
    const def = rt.def;
    return {
      current: async () => {
        const row = await loadSingle(ctx.db, def, propertyId);
        return row && { values: dataOf(def, row), version: row.version };
      },
      update: (values, version) => saveSingle(ctx, def, { propertyId, version, values }),
    };
  }
  if (rt && rec.subjectId && !rt.def.readOnly) {
    const id = rec.subjectId;
    return {
      current: async () => {
        const row = await loadRow(ctx.db, rt.def, id);
        return row && row.propertyId === propertyId ? { values: dataOf(rt.def, row), version: row.version } : null;
      },
      // A revert puts back what was there knowingly: a question the save would ask (a name like another plan's) is answered yes.
      update: (values, version) => updateResource(ctx, rt, { id, version, values, confirm: true }),
      remove: (confirm) => deleteResource(ctx, rt, { id, confirm }),
      // A child record (its parent named outside its values) is not made again from here.
      recreate: rt.def.parent ? undefined : (values) => createResource(ctx, rt, { propertyId, values, confirm: true }),
    };
  }
  const section = rec.action.startsWith('property.details.') ? (rec.action.slice(17) as SectionKey) : null;
  if (rec.subjectType === 'Property' && section && section in DETAILS_SECTIONS)
    return {
      current: async () => {
        const d = await loadDetails(ctx, propertyId);
        return d.sections[section] ? { values: d.sections[section], version: d.version } : null;
      },
      update: (values, version) => savePropertyDetails(ctx, { propertyId, section, version, values }),
    };
  if (rec.subjectType === 'Contact' && rec.subjectId) {
    const id = rec.subjectId;
    let contactType: string | undefined; // read with the values, which a revert always reads first
    return {
      current: async () => {
        const contact = await loadContact(ctx.db, propertyId, id);
        contactType = contact?.contactType;
        return contact;
      },
      update: (values, version) => saveKeyContact(ctx, { ...values, propertyId, contactType, version }),
    };
  }
  if (rec.subjectType === 'PropertySettings')
    return {
      current: async () => loadSettings(ctx.db, propertyId),
      update: (values, version) => savePropertySettings(ctx, { propertyId, version, values }),
    };
  return null;
}

const kindOf = (action: string) =>
  action.endsWith('.create') ? 'create' : action.endsWith('.delete') ? 'delete' : 'update';

/**
 * Whether Revert is offered for a change: a record's update with fields to put back; a defined
 * resource's creation (undone by its delete) or deletion (undone by creating it again). Rates
 * batches have their own undo; bookings, photos, users and status actions are changed from their pages.
 */
export function isRevertable(rec: HistoryRecord, runtimes: ResourceRuntime[]): boolean {
  if (rec.subjectType === 'RatesInventory' || rec.revertedById) return false;
  const kind = kindOf(rec.action);
  const rt = runtimes.find((r) => r.def.typeName === rec.subjectType && rec.action.startsWith(`${r.def.name}.`));
  if (rt) {
    if (rt.def.readOnly) return false;
    if (rt.def.single) return kind === 'update' && rec.changes.length > 0;
    if (kind === 'delete') return !rt.def.parent;
    return kind === 'create' || rec.changes.length > 0;
  }
  if (kind !== 'update' || !rec.changes.length) return false;
  if (rec.subjectType === 'Property') return rec.action.startsWith('property.details.');
  return rec.subjectType === 'Contact' || rec.subjectType === 'PropertySettings';
}

/**
 * Trails' Revert (issue 29): writes one change's before-values back through the record's own save
 * path, as a new change whose history record links to the one it undid. Refused as STALE, with the
 * values now, when the record has changed since; refused with the reason when the record's rules
 * say no (a deleted room type a rate plan still needs, a rate plan with bookings).
 */
export async function revertChange(
  ctx: AppContext,
  runtimes: ResourceRuntime[],
  args: { propertyId: number; historyId: string; confirm?: boolean | null },
) {
  const facts = await authorizeProperty(ctx, args.propertyId, 'update', 'Trails');
  const id = Number(args.historyId);
  const rec = Number.isSafeInteger(id) && id > 0 ? await trailRecord(ctx.db, facts.propertyId, id) : null;
  if (!rec) throw userError('Change not found.', 'NOT_FOUND');
  if (rec.revertedById) throw refused(TRAIL_MESSAGES.alreadyReverted);
  if (rec.subjectType === 'RatesInventory') throw refused(TRAIL_MESSAGES.ratesUseUndo);
  if (!isRevertable(rec, runtimes)) throw refused(TRAIL_MESSAGES.notRevertable);
  // The record's own save runs as the caller, with its history record linked to this one.
  const target = targetOf({ ...ctx, reverting: id }, rec, facts.propertyId, runtimes);
  if (!target) throw refused(TRAIL_MESSAGES.notRevertable);
  const now = await target.current();
  const kind = kindOf(rec.action);
  const changed = rec.changes;
  // Each field this change set must still hold what it set: otherwise a later change would be lost.
  const unchangedSince = () => changed.every((c) => sameValues(now?.values[c.field] ?? null, c.after ?? null));

  if (kind === 'delete') {
    if (!target.recreate) throw refused(TRAIL_MESSAGES.notRevertable);
    const values = Object.fromEntries(changed.map((c) => [c.field, c.before]));
    await target.recreate(values);
  } else if (kind === 'create') {
    if (!target.remove) throw refused(TRAIL_MESSAGES.notRevertable);
    if (!now) throw refused(TRAIL_MESSAGES.recordGone);
    if (!unchangedSince()) throw stale(TRAIL_MESSAGES.revertStale, now);
    await target.remove(args.confirm === true);
  } else {
    if (!target.update || !changed.length) throw refused(TRAIL_MESSAGES.notRevertable);
    if (!now) throw refused(TRAIL_MESSAGES.recordGone);
    if (!unchangedSince()) throw stale(TRAIL_MESSAGES.revertStale, now);
    const values = { ...now.values, ...Object.fromEntries(changed.map((c) => [c.field, c.before])) };
    await target.update(values, now.version);
  }
  const [made] = await ctx.db.query<{ id: number }>(
    'select id from audit_log where reverts_id = $1 order by id desc limit 1',
    [id],
  );
  return made ? trailRecord(ctx.db, facts.propertyId, made.id) : null;
}
