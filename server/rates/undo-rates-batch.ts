import { z } from 'zod';
import type { AppContext } from '../context';
import { userError } from '../errors';
import { runCommand } from '../commands/run-command';
import { refused } from '../commands/refusals';
import { ratesHistory } from './rates-history';
import { RATES_MESSAGES, type CellField } from '../../resources/rates-inventory/rates-inventory.schema';
import { authorizeRoomType, badInput, cellsRefusal } from './rates-access';
import { lockRoomType, writeBatch } from './write-cells';
import { publishRatesChange } from './save-rates-cells';

const undoInput = z.object({
  propertyId: z.number().int().min(1),
  roomTypeId: z.coerce.string(),
  batchId: z.uuid({ message: RATES_MESSAGES.batchNotFound }),
});

type Change = { plan: string; day: string; field: CellField; before: string | null; after: string | null };

/**
 * Undoes a grid save or a bulk update as one step: every cell it changed gets its before back, as
 * a new batch (source 'undo'). Refused, naming the cells, when a later change touched any of them.
 */
export async function undoRatesBatch(ctx: AppContext, raw: unknown) {
  const parsed = undoInput.safeParse(raw);
  if (!parsed.success) throw badInput(parsed.error.issues);
  const { propertyId, roomTypeId, batchId } = parsed.data;
  const scope = await authorizeRoomType(ctx, propertyId, roomTypeId, 'update');
  const result = await runCommand(ctx, {
    authorize: () => scope,
    lock: async (tx) => {
      await lockRoomType(tx, scope);
      const [batch] = await tx.query<{ undone_by: string | null }>(
        'select undone_by from rates_batches where property_id = $1 and id = $2 and room_type_id = $3 for update',
        [scope.propertyId, batchId, scope.roomTypeId],
      );
      if (!batch) throw userError(RATES_MESSAGES.batchNotFound, 'NOT_FOUND');
      return batch;
    },
    check: async (batch, _scope, tx) => {
      if (batch.undone_by) throw refused(RATES_MESSAGES.undoDone);
      const touched = await tx.query<{ plan: string; day: string; field: CellField }>(
        `select distinct later.rate_plan_id::text as plan, later.day::text as day, later.field
           from rates_changes mine join rates_changes later
             on later.property_id = mine.property_id and later.room_type_id = mine.room_type_id and later.rate_plan_id = mine.rate_plan_id
            and later.day = mine.day and later.field = mine.field and later.id > mine.id
          where mine.property_id = $1 and mine.batch_id = $2 order by 2, 1, 3 limit 50`,
        [scope.propertyId, batchId],
      );
      if (touched.length)
        throw cellsRefusal(
          'REFUSED',
          RATES_MESSAGES.undoTouched,
          scope,
          touched.map((c) => ({ ratePlanId: c.plan, day: c.day, field: c.field })),
        );
    },
    write: async (tx) => {
      const changes = await tx.query<Change>(
        `select rate_plan_id::text as plan, day::text as day, field, before, after from rates_changes where property_id = $1 and batch_id = $2`,
        [scope.propertyId, batchId],
      );
      // A plan deleted (or no longer selling this room type) since has no cells to give back.
      const selling = new Set(['0', ...scope.plans.map((p) => p.id)]);
      const undo = await writeBatch(tx, {
        scope,
        userId: ctx.viewer!.id,
        source: 'undo',
        cells: changes
          .filter((c) => selling.has(c.plan))
          .map((c) => ({ ratePlanId: c.plan, day: c.day, field: c.field, value: c.before })),
      });
      await tx.query('update rates_batches set undone_by = $3 where property_id = $1 and id = $2', [
        scope.propertyId,
        batchId,
        undo.batchId,
      ]);
      return { ...undo, days: changes.map((c) => c.day) };
    },
    history: ({ days, ...undo }) => ratesHistory(scope, 'undo', undo, days, { undone: batchId }),
  });
  publishRatesChange(ctx, scope, { ...result, source: 'undo' });
  return { batchId: result.batchId, count: result.count };
}
