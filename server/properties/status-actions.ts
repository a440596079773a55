import type { AppContext } from '../context';
import { authorizeProperty } from '../auth/authorize';
import { runCommand } from '../commands/run-command';
import { refused } from '../commands/refusals';
import { STATUS_RULES, statusActionRefusal, type PropertyStatus, type StatusAction } from '../../resources/domain';
import { lockedProperty, publishableOf } from './property-repo';
import { closeOpenGoLive } from '../go-live/go-live';
import { notifyHotel } from '../property-requests/request-notices';
import { goLivePublishedMail } from '../mail/request-mail';

/**
 * Runs a staff status action (spec §4's state machine, resources/domain.ts); anything not allowed
 * from the current status is REFUSED and changes nothing. Publishing answers an open go-live
 * request, and the hotel is told.
 */
export async function runStatusAction(ctx: AppContext, action: StatusAction, propertyId: unknown) {
  const rule = STATUS_RULES[action];
  const result = await runCommand(ctx, {
    authorize: () => authorizeProperty(ctx, propertyId, 'update', 'PropertyStatus'),
    lock: (tx, facts) => lockedProperty(tx, facts.propertyId),
    check: (row) => {
      const refusal = statusActionRefusal(action, row.status as PropertyStatus, publishableOf(row));
      if (refusal) throw refused(refusal);
    },
    write: async (tx, row) => {
      if (rule.to === null) {
        await tx.query('update properties set previous_property_id = null where previous_property_id = $1', [row.id]);
        await tx.query('delete from properties where id = $1', [row.id]);
        return row;
      }
      await tx.query('update properties set status = $2, updated_at = now() where id = $1', [row.id, rule.to]);
      // Publishing answers an open go-live request.
      if (action === 'publish') await closeOpenGoLive(tx, row.id, ctx.viewer?.id ?? null);
      return { ...row, status: rule.to };
    },
    history: (_result, row) => ({
      action: rule.to === null ? 'property.delete' : `property.${action}`,
      subjectType: 'Property',
      subjectId: row.id,
      propertyId: row.id,
      label: `Property: ${row.name}`,
      before: { status: row.status },
      after: rule.to === null ? null : { status: rule.to },
    }),
  });
  if (rule.to !== null) ctx.pubsub.publish('property:updated', result.id, { id: result.id });
  if (action === 'publish')
    await notifyHotel(ctx, result.id, 'GO_LIVE', (to, link) =>
      goLivePublishedMail(to, { propertyName: result.name, link }),
    );
  return result;
}
