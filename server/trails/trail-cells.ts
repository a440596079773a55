import type { Db } from '../db/client';
import { userError } from '../errors';

/** The cells of one rates batch (a Trails row expanded): rate plan, day, field, before → after. At most 500. */
export async function trailBatchCells(db: Db, propertyId: number, batchId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(batchId)) throw userError('Batch not found.', 'NOT_FOUND');
  const rows = await db.query<{
    plan: string;
    day: string;
    field: string;
    before: string | null;
    after: string | null;
  }>(
    // A bulk update over several room types is one row of the trail: its cells are its group's, each
    // named with its room type.
    `with batch as (select id, group_id from rates_batches where property_id = $1 and id = $2::uuid),
          batches as (select g.id, b.group_id is not null as grouped from batch b join rates_batches g
                        on g.property_id = $1 and (g.id = b.id or g.group_id = b.group_id))
     select case when bs.grouped then rt.name || ': ' else '' end ||
              coalesce(rp.name, case when c.rate_plan_id = 0 then 'Rooms to sell' else 'Rate plan ' || c.rate_plan_id end) as plan,
            c.day::text as day, c.field, c.before, c.after
       from batches bs join rates_changes c on c.property_id = $1 and c.batch_id = bs.id
       left join rate_plans rp on rp.id = c.rate_plan_id and rp.property_id = c.property_id
       left join room_types rt on rt.id = c.room_type_id and rt.property_id = c.property_id
      order by c.day, plan, c.field limit 500`,
    [propertyId, batchId],
  );
  return rows.map((r) => ({ ratePlanName: r.plan, date: r.day, field: r.field, before: r.before, after: r.after }));
}
