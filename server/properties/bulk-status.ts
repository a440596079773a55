import type { AppContext } from '../context';
import { requireStaffAbility } from '../auth/authorize';
import { requiredReason } from '../commands/change-reason';
import { userError } from '../errors';
import { GraphQLError } from 'graphql';
import { statusActionRefusal, type BulkStatusAction, type PropertyStatus } from '../../resources/domain';
import { BULK_STATUS_MAX, STATUS_TEXTS } from '../../resources/properties/status-texts';
import { findProperties, type FinderArgs } from './property-finder';
import { publishableOf, ratesLoadedFor } from './property-repo';
import { runStatusAction } from './status-actions';

export type BulkStatusItem = { id: number; name: string; status: string; refusal: string | null };

/**
 * What a bulk status change over the finder's filtered list would do (issue 30), before it runs:
 * every property the filter holds (at most BULK_STATUS_MAX), each with the refusal it would get
 * (spec §4's rules, the same ones the change runs), so staff see which are left out and why.
 */
export async function bulkStatusPreview(
  ctx: AppContext,
  action: BulkStatusAction,
  filter: Omit<FinderArgs, 'limit' | 'offset' | 'sort'>,
): Promise<BulkStatusItem[]> {
  await requireStaffAbility(ctx, 'update', 'PropertyStatus');
  const { nodes, total } = await findProperties(ctx.db, ctx.viewer!, {
    ...filter,
    sort: 'NAME_ASC',
    limit: BULK_STATUS_MAX,
    offset: 0,
  });
  if (total > BULK_STATUS_MAX) throw userError(STATUS_TEXTS.bulkMax(BULK_STATUS_MAX), 'BAD_USER_INPUT');
  const loaded =
    action === 'publish'
      ? await ratesLoadedFor(
          ctx.db,
          nodes.map((n) => n.id),
        )
      : new Map();
  return nodes.map((row) => ({
    id: row.id,
    name: row.name,
    status: row.status,
    refusal: statusActionRefusal(
      action,
      row.status as PropertyStatus,
      publishableOf({ ...row, rates_loaded: loaded.get(row.id) ?? true }),
    ),
  }));
}

/**
 * Runs a bulk status change on the properties the preview listed: each one through the one status
 * command (its own lock, check and history record, with the reason), so one that changed since the
 * preview is refused on its own and the rest go ahead. Answers what was done and what was not, and why.
 */
export async function bulkStatusChange(ctx: AppContext, action: BulkStatusAction, ids: unknown, reason: unknown) {
  await requireStaffAbility(ctx, 'update', 'PropertyStatus');
  const why = requiredReason(reason);
  if (!Array.isArray(ids) || !ids.length || ids.length > BULK_STATUS_MAX)
    throw userError(STATUS_TEXTS.bulkMax(BULK_STATUS_MAX), 'BAD_USER_INPUT');
  const done: BulkStatusItem[] = [];
  const refused: BulkStatusItem[] = [];
  for (const id of new Set(ids)) {
    try {
      const row = await runStatusAction(ctx, action, id, { reason: why });
      done.push({ id: row.id, name: row.name, status: row.status, refusal: null });
    } catch (error) {
      const code = error instanceof GraphQLError ? error.extensions.code : null;
      if (code !== 'REFUSED' && code !== 'NOT_FOUND' && code !== 'BAD_USER_INPUT') throw error;
      refused.push({ id: Number(id), name: '', status: '', refusal: (error as Error).message });
    }
  }
  if (refused.length) {
    const names = await ctx.db.query<{ id: number; name: string; status: string }>(
      'select id, name, status from properties where id = any($1::int[])',
      [refused.map((r) => r.id).filter(Number.isSafeInteger)],
    );
    for (const r of refused) Object.assign(r, names.find((n) => n.id === r.id) ?? {});
  }
  return { done, refused };
}
