import { z } from 'zod';
import type { AppContext } from '../context';
import { userError } from '../errors';
import { runCommand } from '../commands/run-command';
import { refused } from '../commands/refusals';
import { ratesHistory } from './rates-history';
import { RATES_MESSAGES, type CellField } from '../../resources/rates-inventory/rates-inventory.schema';
import { authorizeRoomType, badInput, cellsRefusal, loadRoomType } from './rates-access';
import { lockRoomTypes, writeGroup } from './write-cells';
import { publishRatesChange } from './save-rates-cells';

const undoInput = z.object({
  propertyId: z.number().int().min(1),
  roomTypeId: z.coerce.string(),
  batchId: z.uuid({ message: RATES_MESSAGES.batchNotFound }),
});

type Change = { plan: string; day: string; field: CellField; before: string | null; after: string | null };

/** A batch of the undo: the batch and the room type it changed. */
type Member = { id: string; roomTypeId: string; undone: boolean };

/**
 * Undoes a grid save or a bulk update as one step: every cell it changed gets its before back, as
 * a new batch (source 'undo'). A bulk update over several room types is undone whole, whichever of
 * its batches is named: one undo batch per room type, one group, one history record. Refused,
 * naming the cells, when a later change touched any of them.
 */
export async function undoRatesBatch(ctx: AppContext, raw: unknown) {
  const parsed = undoInput.safeParse(raw);
  if (!parsed.success) throw badInput(parsed.error.issues);
  const { propertyId, roomTypeId, batchId } = parsed.data;
  const scope = await authorizeRoomType(ctx, propertyId, roomTypeId, 'update');
  const result = await runCommand(ctx, {
    authorize: () => scope,
    lock: async (tx) => {
      const [batch] = await tx.query<{ group_id: string | null }>(
        'select group_id::text from rates_batches where property_id = $1 and id = $2 and room_type_id = $3',
        [scope.propertyId, batchId, scope.roomTypeId],
      );
      if (!batch) throw userError(RATES_MESSAGES.batchNotFound, 'NOT_FOUND');
      const ids = batch.group_id
        ? await tx.query<{ room_type_id: string }>(
            'select distinct room_type_id::text from rates_batches where property_id = $1 and group_id = $2',
            [scope.propertyId, batch.group_id],
          )
        : [];
      const scopes = [scope];
      for (const { room_type_id } of ids)
        if (room_type_id !== scope.roomTypeId) scopes.push(await loadRoomType(tx, scope.facts, room_type_id));
      await lockRoomTypes(tx, scopes);
      const members = await tx.query<Member>(
        `select id::text, room_type_id::text as "roomTypeId", undone_by is not null as undone from rates_batches
          where property_id = $1 and (id = $2 or group_id = $3) order by created_at, id for update`,
        [scope.propertyId, batchId, batch.group_id],
      );
      return { members, scopes };
    },
    check: async ({ members, scopes }, _scope, tx) => {
      if (members.some((m) => m.undone)) throw refused(RATES_MESSAGES.undoDone);
      const touched = await tx.query<{ room_type: string; plan: string; day: string; field: CellField }>(
        `select distinct later.room_type_id::text as room_type, later.rate_plan_id::text as plan, later.day::text as day, later.field
           from rates_changes mine join rates_changes later
             on later.property_id = mine.property_id and later.room_type_id = mine.room_type_id and later.rate_plan_id = mine.rate_plan_id
            and later.day = mine.day and later.field = mine.field and later.id > mine.id
          where mine.property_id = $1 and mine.batch_id = any($2::uuid[]) order by 1, 3, 2, 4 limit 50`,
        [scope.propertyId, members.map((m) => m.id)],
      );
      if (touched.length) {
        // The cells are named on the room type of the first one touched.
        const where = scopes.find((s) => s.roomTypeId === touched[0].room_type) ?? scope;
        throw cellsRefusal(
          'REFUSED',
          RATES_MESSAGES.undoTouched,
          where,
          touched
            .filter((c) => c.room_type === where.roomTypeId)
            .map((c) => ({ ratePlanId: c.plan, day: c.day, field: c.field })),
        );
      }
    },
    write: async (tx, { members, scopes }) => {
      const parts = [];
      const days: string[] = [];
      for (const m of members) {
        const where = scopes.find((s) => s.roomTypeId === m.roomTypeId)!;
        const changes = await tx.query<Change>(
          `select rate_plan_id::text as plan, day::text as day, field, before, after from rates_changes where property_id = $1 and batch_id = $2`,
          [scope.propertyId, m.id],
        );
        // A plan deleted (or no longer selling this room type) since has no cells to give back.
        const selling = new Set(['0', ...where.plans.map((p) => p.id)]);
        parts.push({
          scope: where,
          cells: changes
            .filter((c) => selling.has(c.plan))
            .map((c) => ({ ratePlanId: c.plan, day: c.day, field: c.field, value: c.before })),
        });
        days.push(...changes.map((c) => c.day));
      }
      // The answer names the undo of the batch that was asked for.
      const undo = await writeGroup(tx, {
        userId: ctx.viewer!.id,
        source: 'undo',
        parts,
        answer: (_s, i) => members[i].id === batchId,
      });
      for (const [i, m] of members.entries())
        await tx.query('update rates_batches set undone_by = $3 where property_id = $1 and id = $2', [
          scope.propertyId,
          m.id,
          undo.batches[i].batchId,
        ]);
      return { ...undo, days };
    },
    history: ({ days, ...undo }) =>
      ratesHistory(
        undo.batches.filter((b) => b.count).map((b) => b.scope),
        'undo',
        undo,
        days,
        { undone: batchId },
      ),
  });
  for (const b of result.batches) publishRatesChange(ctx, b.scope, { ...b, source: 'undo' });
  return { batchId: result.batchId, count: result.count, roomTypeId: result.roomTypeId };
}
