import type { AppContext } from '../context';
import { userError } from '../errors';
import { runCommand } from '../commands/run-command';
import { stale } from '../commands/refusals';
import { ratesHistory } from './rates-history';
import {
  bulkCellCount,
  bulkUpdateInput,
  inWindow,
  RATES_MESSAGES,
} from '../../resources/rates-inventory/rates-inventory.schema';
import { spend } from '../request-budget';
import { authorizeRoomType, badInput, checkPlans } from './rates-access';
import { planBulkUpdate } from './plan-bulk-update';
import { lockRoomType, writeBatch } from './write-cells';
import { publishRatesChange } from './save-rates-cells';

async function prepare(ctx: AppContext, raw: unknown) {
  const parsed = bulkUpdateInput.safeParse(raw);
  if (!parsed.success) throw badInput(parsed.error.issues);
  const input = parsed.data;
  spend(ctx, 'plan', bulkCellCount(input));
  const scope = await authorizeRoomType(ctx, input.propertyId, input.roomTypeId, 'update');
  checkPlans(scope, input.ratePlanIds, (i) => ['ratePlanIds', i]);
  const outside = input.ranges.flatMap((r, i) =>
    (['from', 'to'] as const)
      .filter((end) => !inWindow(r[end], scope.today))
      .map((end) => ({ path: ['ranges', i, end], message: RATES_MESSAGES.dateWindow })),
  );
  if (outside.length) throw badInput(outside);
  return { input, scope };
}

/** The preview: counts, a sample of before → after, warnings and the token an apply must bring back. Changes nothing. */
export async function previewRatesBulkUpdate(ctx: AppContext, raw: unknown) {
  const { input, scope } = await prepare(ctx, raw);
  const { changes: _changes, ...preview } = await planBulkUpdate(ctx.db, scope, input);
  return preview;
}

/**
 * Applies a previewed bulk update in one transaction. The plan is computed again under a lock on
 * the room type; if it differs from the preview's (someone changed those cells), STALE with the preview as it is now.
 */
export async function applyRatesBulkUpdate(ctx: AppContext, raw: unknown) {
  const { input, scope } = await prepare(ctx, raw);
  if (!input.token) throw badInput([{ path: ['token'], message: RATES_MESSAGES.previewFirst }]);
  const { token: _t, confirm: _c, ...asked } = input;
  const result = await runCommand(ctx, {
    authorize: () => scope,
    lock: async (tx) => {
      await lockRoomType(tx, scope);
      return planBulkUpdate(tx, scope, input);
    },
    check: (plan) => {
      if (plan.token !== input.token) {
        const { changes: _changes, ...now } = plan;
        throw stale(RATES_MESSAGES.conflict, null, { preview: now });
      }
      if (plan.blocking.length)
        throw userError(RATES_MESSAGES.couldNotApply, 'BAD_USER_INPUT', { warnings: plan.blocking });
      if (plan.confirm.length && !input.confirm)
        throw userError(RATES_MESSAGES.confirm, 'BAD_USER_INPUT', { confirm: plan.confirm });
    },
    write: (tx, plan) => writeBatch(tx, { scope, userId: ctx.viewer!.id, source: 'bulk', cells: plan.changes }),
    history: (batch, plan) =>
      ratesHistory(
        scope,
        'bulk',
        batch,
        plan.changes.map((c) => c.day),
        { input: asked },
      ),
  });
  publishRatesChange(ctx, scope, { ...result, source: 'bulk' });
  return result;
}
