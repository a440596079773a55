import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { authorizeProperty } from '../auth/authorize';
import { runCommand } from '../commands/run-command';
import { refused } from '../commands/refusals';
import { optionalReason } from '../commands/change-reason';
import {
  hardDeletable,
  statusActionRefusal,
  statusAfter,
  type PropertyStatus,
  type StatusAction,
} from '../../resources/domain';
import { STATUS_TEXTS } from '../../resources/properties/status-texts';
import { lockedProperty, publishableOf, type PropertyRow } from './property-repo';
import { closeOpenGoLive } from '../go-live/go-live';
import { notifyHotel } from '../property-requests/request-notices';
import { goLivePublishedMail } from '../mail/request-mail';

/** Whether a property holds anything a hard delete would lose: bookings, rooms, plans, photos, promotions, people. */
export async function propertyHasData(db: Queryable, propertyId: number): Promise<boolean> {
  const [row] = await db.query<{ has: boolean }>(
    `select exists (select 1 from reservations where property_id = $1)
         or exists (select 1 from room_types where property_id = $1)
         or exists (select 1 from rate_plans where property_id = $1)
         or exists (select 1 from images where property_id = $1)
         or exists (select 1 from promotions where property_id = $1)
         or exists (select 1 from memberships where property_id = $1)
         or exists (select 1 from invitations where property_id = $1) as has`,
    [propertyId],
  );
  return row.has;
}

export type StatusActionArgs = { reason?: unknown; confirmName?: unknown };

/**
 * Runs a staff status action (spec §4's state machine, resources/domain.ts); anything not allowed
 * from the current status is REFUSED and changes nothing. The reason staff give is kept in the
 * history record. Delete archives a property that holds data (Restore brings it back); only a
 * Prospective property with none goes for good, and only when its name is typed. Publishing answers
 * an open go-live request, and the hotel is told.
 */
export async function runStatusAction(
  ctx: AppContext,
  action: StatusAction,
  propertyId: unknown,
  args: StatusActionArgs = {},
) {
  const reason = optionalReason(args.reason);
  let removed = false;
  const result = await runCommand(ctx, {
    authorize: () => authorizeProperty(ctx, propertyId, 'update', 'PropertyStatus'),
    lock: (tx, facts) => lockedProperty(tx, facts.propertyId),
    check: async (row, _facts, tx) => {
      const refusal = statusActionRefusal(action, row.status as PropertyStatus, publishableOf(row));
      if (refusal) throw refused(refusal);
      if (action !== 'delete' || !hardDeletable(row.status as PropertyStatus, await propertyHasData(tx, row.id)))
        return;
      removed = true;
      if (String(args.confirmName ?? '').trim() !== row.name.trim()) throw refused(STATUS_TEXTS.typeName(row.name));
    },
    write: async (tx, row) => {
      if (removed) {
        await tx.query('update properties set previous_property_id = null where previous_property_id = $1', [row.id]);
        await tx.query('delete from properties where id = $1', [row.id]);
        return row;
      }
      const to = statusAfter(action, row.archived_from as PropertyStatus | null);
      const archivedFrom = to === 'ARCHIVED' ? row.status : null;
      await tx.query('update properties set status = $2, archived_from = $3, updated_at = now() where id = $1', [
        row.id,
        to,
        archivedFrom,
      ]);
      // Publishing answers an open go-live request.
      if (action === 'publish') await closeOpenGoLive(tx, row.id, ctx.viewer?.id ?? null);
      return { ...row, status: to, archived_from: archivedFrom } satisfies PropertyRow;
    },
    history: (result, row) => ({
      action: `property.${action}`,
      subjectType: 'Property',
      subjectId: row.id,
      propertyId: row.id,
      label: `Property: ${row.name}`,
      before: { status: row.status },
      after: removed ? (reason ? { reason } : null) : { status: result.status, ...(reason ? { reason } : {}) },
    }),
  });
  if (!removed) ctx.pubsub.publish('property:updated', result.id, { id: result.id });
  if (action === 'publish')
    await notifyHotel(ctx, result.id, 'GO_LIVE', (to, link) =>
      goLivePublishedMail(to, { propertyName: result.name, link }),
    );
  return result;
}
