import { createHash } from 'node:crypto';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { userError } from '../errors';
import { runCommand } from '../commands/run-command';
import { stale } from '../commands/refusals';
import { ratesHistory } from './rates-history';
import {
  bulkCellCount,
  bulkTargets,
  inWindow,
  RATES_MESSAGES,
} from '../../resources/rates-inventory/rates-inventory.schema';
import { bulkUpdateInput, type BulkUpdateInput } from '../../resources/rates-inventory/rates-inventory.inputs';
import { spend } from '../request-budget';
import { authorizeRoomType, badInput, checkPlans, loadRoomType, type RoomTypeScope } from './rates-access';
import { planBulkUpdate } from './plan-bulk-update';
import { lockRoomTypes, writeGroup } from './write-cells';
import { publishRatesChange } from './save-rates-cells';

/** One room type of a bulk update: its scope and the input as it reads there (its own rate plans). */
type Part = { scope: RoomTypeScope; input: BulkUpdateInput };

async function prepare(ctx: AppContext, raw: unknown) {
  const parsed = bulkUpdateInput.safeParse(raw);
  if (!parsed.success) throw badInput(parsed.error.issues);
  const input = parsed.data;
  spend(ctx, 'plan', bulkCellCount(input));
  // The room type it was started from must exist and be the caller's, whether or not it changes.
  const home = await authorizeRoomType(ctx, input.propertyId, input.roomTypeId, 'update');
  const several = input.roomTypes.length > 0;
  const parts: Part[] = [];
  for (const [i, t] of bulkTargets(input).entries()) {
    // Same property, already authorized for the update: only the room type is read.
    const scope = t.roomTypeId === home.roomTypeId ? home : await loadRoomType(ctx.db, home.facts, t.roomTypeId);
    checkPlans(scope, t.ratePlanIds, (j) => (several ? ['roomTypes', i, 'ratePlanIds', j] : ['ratePlanIds', j]));
    parts.push({ scope, input: { ...input, roomTypeId: t.roomTypeId, ratePlanIds: t.ratePlanIds } });
  }
  const outside = input.ranges.flatMap((r, i) =>
    (['from', 'to'] as const)
      .filter((end) => !inWindow(r[end], home.today))
      .map((end) => ({ path: ['ranges', i, end], message: RATES_MESSAGES.dateWindow })),
  );
  if (outside.length) throw badInput(outside);
  return { input, parts };
}

/** How many sample rows each room type shows: a dozen shared out, at least three each. */
const SAMPLE_ROWS = 12;

/**
 * Every room type's plan, as one: the changes by room type, counts added up (and per room type),
 * the warnings of any, and one token over all of them, so an apply is refused if any room type changed.
 */
async function planAll(db: Queryable, parts: Part[]) {
  const plans: Awaited<ReturnType<typeof planBulkUpdate>>[] = [];
  for (const p of parts) plans.push(await planBulkUpdate(db, p.scope, p.input));
  const perType = Math.max(3, Math.floor(SAMPLE_ROWS / parts.length));
  const changedDays = new Set(plans.flatMap((p) => p.changes.map((c) => c.day)));
  return {
    parts: parts.map((part, i) => ({ ...part, changes: plans[i].changes })),
    token:
      plans.length === 1
        ? plans[0].token
        : createHash('sha256')
            .update(plans.map((p) => p.token).join('.'))
            .digest('base64url'),
    days: Math.max(...plans.map((p) => p.days)),
    changedDays: changedDays.size,
    cells: plans.reduce((n, p) => n + p.cells, 0),
    sample: plans.flatMap((p, i) =>
      p.sample
        .slice(0, plans.length === 1 ? SAMPLE_ROWS : perType)
        .map((s) => ({ ...s, roomTypeId: parts[i].scope.roomTypeId, roomTypeName: parts[i].scope.roomTypeName })),
    ),
    roomTypes: plans.map((p, i) => ({
      roomTypeId: parts[i].scope.roomTypeId,
      roomTypeName: parts[i].scope.roomTypeName,
      cells: p.cells,
      changedDays: p.changedDays,
    })),
    blocking: [...new Set(plans.flatMap((p) => p.blocking))],
    confirm: [...new Set(plans.flatMap((p) => p.confirm))],
  };
}

/** The preview: counts, a sample of before → after (by room type), warnings and the token an apply must bring back. Changes nothing. */
export async function previewRatesBulkUpdate(ctx: AppContext, raw: unknown) {
  const { parts } = await prepare(ctx, raw);
  const { parts: _parts, ...preview } = await planAll(ctx.db, parts);
  return preview;
}

/**
 * Applies a previewed bulk update in one transaction. The plan is computed again under a lock on
 * every room type it covers; if it differs from the preview's (someone changed those cells), STALE
 * with the preview as it is now. Several room types: one batch each, tied by a group id, in one
 * history record (and so one undo).
 */
export async function applyRatesBulkUpdate(ctx: AppContext, raw: unknown) {
  const { input, parts } = await prepare(ctx, raw);
  if (!input.token) throw badInput([{ path: ['token'], message: RATES_MESSAGES.previewFirst }]);
  const { token: _t, confirm: _c, ...asked } = input;
  const scopes = parts.map((p) => p.scope);
  const result = await runCommand(ctx, {
    authorize: () => scopes,
    lock: async (tx) => {
      await lockRoomTypes(tx, scopes);
      return planAll(tx, parts);
    },
    check: (plan) => {
      if (plan.token !== input.token) {
        const { parts: _parts, ...now } = plan;
        throw stale(RATES_MESSAGES.conflict, null, { preview: now });
      }
      if (plan.blocking.length)
        throw userError(RATES_MESSAGES.couldNotApply, 'BAD_USER_INPUT', { warnings: plan.blocking });
      if (plan.confirm.length && !input.confirm)
        throw userError(RATES_MESSAGES.confirm, 'BAD_USER_INPUT', { confirm: plan.confirm });
    },
    write: (tx, plan) => {
      // Only the room types that change get a batch (the first, when none does: its id is the answer).
      const some = plan.parts.filter((p) => p.changes.length);
      return writeGroup(tx, {
        userId: ctx.viewer!.id,
        source: 'bulk',
        parts: (some.length ? some : plan.parts.slice(0, 1)).map((p) => ({ scope: p.scope, cells: p.changes })),
        // The room type it was started from, when that changed: its page offers the undo.
        answer: (scope) => scope.roomTypeId === input.roomTypeId,
      });
    },
    history: (batch, plan) =>
      ratesHistory(
        batch.batches.filter((b) => b.count).map((b) => b.scope),
        'bulk',
        batch,
        plan.parts.flatMap((p) => p.changes.map((c) => c.day)),
        { input: asked },
      ),
  });
  for (const b of result.batches) publishRatesChange(ctx, b.scope, { ...b, source: 'bulk' });
  return { batchId: result.batchId, count: result.count, roomTypeId: result.roomTypeId };
}
