import type { Queryable } from '../../db/client';
import { countOf } from '../../../resources/plural';

/**
 * What deleting a room type or a rate plan would take with it. Bookings keep it (a booking names
 * what was sold: REFUSED); its days of rates and inventory go with it once the caller says yes.
 */
export async function sellableDeleteCheck(
  tx: Queryable,
  o: { noun: string; bookings: string; days: string; id: string; propertyId: number | null; instead: string },
): Promise<{ refuse?: string; confirm?: string }> {
  const [row] = await tx.query<{ bookings: number; days: number }>(
    `select (${o.bookings})::int as bookings, (${o.days})::int as days`,
    [o.id, o.propertyId],
  );
  if (row.bookings)
    return {
      refuse: `This ${o.noun} has ${countOf(row.bookings, 'booking', 'bookings')}, so it can't be deleted. ${o.instead}`,
    };
  if (row.days)
    return {
      confirm: `This ${o.noun} has rates and inventory on ${countOf(row.days, 'day', 'days')}. Delete them with it?`,
    };
  return {};
}
