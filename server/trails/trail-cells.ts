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
    `select coalesce(rp.name, case when c.rate_plan_id = 0 then 'Rooms to sell' else 'Rate plan ' || c.rate_plan_id end) as plan,
            c.day::text as day, c.field, c.before, c.after
       from rates_changes c left join rate_plans rp on rp.id = c.rate_plan_id and rp.property_id = c.property_id
      where c.property_id = $1 and c.batch_id = $2::uuid
      order by c.day, plan, c.field limit 500`,
    [propertyId, batchId],
  );
  return rows.map((r) => ({ ratePlanName: r.plan, date: r.day, field: r.field, before: r.before, after: r.after }));
}
