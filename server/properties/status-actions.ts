import type { AppContext } from '../context';
import { userError } from '../errors';
import { authorizeProperty } from '../auth/authorize';
import { writeAudit } from '../audit/write-audit';
import { STATUS_RULES, statusActionRefusal, type PropertyStatus, type StatusAction } from '../../resources/domain';
import { loadProperty, publishableOf } from './property-repo';

/** Runs a staff status action (spec §4's state machine, resources/domain.ts); anything not allowed from the current status changes nothing. */
export async function runStatusAction(ctx: AppContext, action: StatusAction, propertyId: unknown) {
  const facts = await authorizeProperty(ctx, propertyId, 'update', 'PropertyStatus');
  const rule = STATUS_RULES[action];
  return ctx.db.transaction(async (tx) => {
    await tx.query('select 1 from properties where id = $1 for update', [facts.propertyId]);
    const row = await loadProperty(tx, facts.propertyId);
    if (!row) throw userError('Property not found.', 'NOT_FOUND');
    const refusal = statusActionRefusal(action, row.status as PropertyStatus, publishableOf(row));
    if (refusal) throw userError(refusal, 'CONFLICT');
    const audit = {
      actorUserId: ctx.viewer!.id,
      subjectType: 'Property',
      subjectId: row.id,
      correlationId: ctx.correlationId,
      before: { status: row.status },
    };
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
