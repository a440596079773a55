import { spend } from '../request-budget';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { authorizeProperty } from '../auth/authorize';
import { userError } from '../errors';
import { fieldErrors } from '../../resources/rates-inventory/rates-inventory.schema';
import { reservationQuerySchema, type ReservationQuery } from '../../resources/reservations/reservations.schema';
import { RESERVATION_ROW, reservationFilter } from './reservations-query';

export function parseQuery(input: unknown): ReservationQuery {
  const parsed = reservationQuerySchema.safeParse(input ?? {});
  if (!parsed.success) throw userError('Check the filters.', 'BAD_USER_INPUT', fieldErrors(parsed.error.issues));
  return parsed.data;
}

/**
 * One page of a property's reservations and the totals of the whole filtered set, in one statement:
 * the page and its totals read the same rows. Shared with the bench's anchor (tests/bench).
 */
export async function readReservationPage(db: Queryable, propertyId: number, q: ReservationQuery) {
  const f = reservationFilter(q);
  const [row] = await db.query<{ totals: Record<string, unknown>; items: unknown[]; currency: string }>(
    `select
       (select json_build_object('count', count(*),
                                 'roomNights', coalesce(sum(r.nights) filter (where r.state = 'reserved'), 0),
                                 'revenue', coalesce(sum(r.total) filter (where r.state = 'reserved'), 0)::text)
          from reservations r where ${f.where}) as totals,
       (select coalesce(json_agg(x), '[]'::json) from (
          select ${RESERVATION_ROW} from reservations r where ${f.where}
           order by ${f.orderBy} limit ${q.limit} offset ${(q.page - 1) * q.limit}) x) as items,
       (select trim(currency_code) from properties where id = $1) as currency`,
    [propertyId, ...f.params],
  );
  return {
    items: row.items,
    totalCount: Number(row.totals.count),
    roomNights: Number(row.totals.roomNights),
    revenue: Number(row.totals.revenue).toFixed(2),
    currencyCode: row.currency,
    page: q.page,
    limit: q.limit,
  };
}

export async function listReservations(ctx: AppContext, args: { propertyId: unknown; query?: unknown }) {
  const query = parseQuery(args.query);
  spend(ctx, 'read', query.limit);
  const facts = await authorizeProperty(ctx, args.propertyId, 'read', 'Reservation');
  return readReservationPage(ctx.db, facts.propertyId, query);
}
