import type { AppContext } from '../context';
import { userError } from '../errors';
import { authorizeProperty } from '../auth/authorize';
import { writeAudit } from '../audit/write-audit';
import { loadProperty, publishableOf, PUBLISHABLE_SECTIONS } from './property-repo';

export type StatusAction = 'publish' | 'unpublish' | 'archive' | 'delete';

/** Spec §4's state machine, owned by the server: from which statuses each action may run, and to where. */
export const STATUS_RULES: Record<StatusAction, { from: string[]; to: string | null }> = {
  publish: { from: ['ONBOARDING', 'UNPUBLISHED'], to: 'PUBLISHED' },
  unpublish: { from: ['PUBLISHED'], to: 'UNPUBLISHED' },
  archive: { from: ['UNPUBLISHED'], to: 'ARCHIVED' },
  delete: { from: ['PROSPECTIVE', 'INVITED', 'ONBOARDING'], to: null },
};

const TITLE: Record<string, string> = {
  PROSPECTIVE: 'Prospective', INVITED: 'Invited', ONBOARDING: 'Onboarding', UNPUBLISHED: 'Unpublished', PUBLISHED: 'Published', ARCHIVED: 'Archived',
};

/** Runs a status action for staff; anything not allowed from the current status changes nothing. */
export async function runStatusAction(ctx: AppContext, action: StatusAction, propertyId: unknown) {
  const facts = await authorizeProperty(ctx, propertyId, 'update', 'PropertyStatus');
  const rule = STATUS_RULES[action];
  return ctx.db.transaction(async (tx) => {
    const row = await loadProperty(tx, facts.propertyId);
    if (!row) throw userError('Property not found.', 'NOT_FOUND');
    await tx.query('select 1 from properties where id = $1 for update', [row.id]);
    if (!rule.from.includes(row.status)) {
      throw userError(`A property that is ${TITLE[row.status]} can't be ${action === 'delete' ? 'deleted' : `${action}ed`}.`, 'CONFLICT');
    }
    if (action === 'publish') {
      const flags = publishableOf(row);
      const missing = PUBLISHABLE_SECTIONS.filter((s) => !flags[s]);
      if (missing.length) throw userError(`The property can't be published until every step is complete (${missing.length} remaining).`, 'CONFLICT');
    }
    const audit = { actorUserId: ctx.viewer!.id, subjectType: 'Property', subjectId: row.id, correlationId: ctx.correlationId, before: { status: row.status } };
    if (rule.to === null) {
      await writeAudit(tx, { ...audit, action: 'property.delete', propertyId: null, after: null });
      await tx.query('update properties set previous_property_id = null where previous_property_id = $1', [row.id]);
      await tx.query('delete from properties where id = $1', [row.id]);
      return row;
    }
    await tx.query('update properties set status = $2, updated_at = now() where id = $1', [row.id, rule.to]);
    await writeAudit(tx, { ...audit, action: `property.${action}`, propertyId: row.id, after: { status: rule.to } });
    ctx.pubsub.publish('property:updated', row.id, { id: row.id });
    return { ...row, status: rule.to };
  });
}
