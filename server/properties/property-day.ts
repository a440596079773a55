import type { Queryable } from '../db/client';
import { dayIn, propertyZone } from '../../resources/property-day';

/** The zone the property's details name (location section), for a query over `properties p`. */
export const PROPERTY_TIMEZONE_SQL = `(select d.sections->'location'->>'timezone' from property_details d where d.property_id = p.id)`;

/** Each property's own today, by id (its zone, else its country's), in one query. */
export async function propertyDays(
  db: Queryable,
  ids: readonly number[],
  now = new Date(),
): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.query<{ id: number; country: string | null; timezone: string | null }>(
    `select p.id, p.country, ${PROPERTY_TIMEZONE_SQL} as timezone from properties p where p.id = any($1::int[])`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.id, dayIn(propertyZone(r), now)]));
}
