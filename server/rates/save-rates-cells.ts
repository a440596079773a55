import type { AppContext } from '../context';
import { runCommand } from '../commands/run-command';
import { ratesHistory } from './rates-history';
import {
  RATES_MESSAGES,
  centsToString,
  parseRate,
  inWindow,
  type CellField,
} from '../../resources/rates-inventory/rates-inventory.schema';
import { saveRatesCellsInput } from '../../resources/rates-inventory/rates-inventory.inputs';
import { authorizeRoomType, badInput, cellsRefusal, checkPlans } from './rates-access';
import { lockRoomType, staleCells, writeBatch, type CellWrite, type BatchSource } from './write-cells';
import { refuseLinkedRates } from './linked-rates';

/** What subscribers of a room type's calendar are told after a commit. */
export function publishRatesChange(
  ctx: AppContext,
  scope: { propertyId: number; roomTypeId: string },
  change: { batchId: string; count: number; source: BatchSource },
) {
  if (!change.count) return;
  ctx.pubsub.publish('rates:changed', `${scope.propertyId}:${scope.roomTypeId}`, {
    propertyId: scope.propertyId,
    roomTypeId: scope.roomTypeId,
    batchId: change.batchId,
    source: change.source,
    count: change.count,
    userId: ctx.viewer?.id ?? null,
  });
}

/** The grid's one save: every edited cell in one transaction, each change kept for history and undo. */
export async function saveRatesCells(ctx: AppContext, raw: unknown) {
  const parsed = saveRatesCellsInput.safeParse(raw);
  if (!parsed.success) throw badInput(parsed.error.issues);
  const input = parsed.data;
  const scope = await authorizeRoomType(ctx, input.propertyId, input.roomTypeId, 'update');
  checkPlans(
    scope,
    input.cells.map((c) => c.ratePlanId),
    (i) => ['cells', i, 'ratePlanId'],
  );
  const outside = input.cells.flatMap((c, i) =>
    inWindow(c.date, scope.today) ? [] : [{ path: ['cells', i, 'date'], message: RATES_MESSAGES.dateWindow }],
  );
  if (outside.length) throw badInput(outside);
  const asText = (field: CellField, v: unknown) =>
    v === null ? null : field === 'rate' ? centsToString((parseRate(v) as { cents: number }).cents) : String(v);
  const cells: CellWrite[] = input.cells.map((c) => ({
    ratePlanId: c.ratePlanId ?? '0',
    day: c.date,
    field: c.field,
    value: asText(c.field, c.value),
    ...(c.before === undefined ? {} : { expected: asText(c.field, c.before) }),
  }));
  refuseLinkedRates(scope, cells);
  const result = await runCommand(ctx, {
    authorize: () => scope,
    lock: (tx) => lockRoomType(tx, scope),
    check: async (_locked, _scope, tx) => {
      const stale = await staleCells(tx, scope, cells);
      if (stale.length)
        throw cellsRefusal(
          'STALE',
          RATES_MESSAGES.staleCells,
          scope,
          stale.map((c) => ({ ...c, extra: { current: c.current, changedBy: c.changedBy } })),
        );
    },
    write: (tx) => writeBatch(tx, { scope, userId: ctx.viewer!.id, source: 'grid', cells }),
    history: (batch) =>
      ratesHistory(
        scope,
        'grid',
        batch,
        cells.map((c) => c.day),
      ),
  });
  publishRatesChange(ctx, scope, { ...result, source: 'grid' });
  return { ...result, roomTypeId: scope.roomTypeId };
}
