import type { Db } from '../db/client';
import { dayIn, propertyZone } from '../../resources/property-day';

/** The zone the property's details name (location section), for a query over `properties p`. */
export const PROPERTY_TIMEZONE_SQL = `(select d.sections->'location'->>'timezone' from property_details d where d.property_id = p.id)`;

/** A property's time zone, kept in the read cache (any write ends it); the day is worked out from it on each call. */
export function zoneOf(db: Db, id: number): Promise<string> {
  return db.cache.get(`zone:${id}`, async () => {
    const [row] = await db.query<{ country: string | null; timezone: string | null }>(
      `select p.country, ${PROPERTY_TIMEZONE_SQL} as timezone from properties p where p.id = $1`,
      [id],
    );
    return propertyZone(row ?? {});
  });
}

/** Each property's own today, by id (its zone, else its country's). */
export async function propertyDays(db: Db, ids: readonly number[], now = new Date()): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  const zones = await Promise.all(unique.map((id) => zoneOf(db, id)));
  return new Map(unique.map((id, i) => [id, dayIn(zones[i], now)]));
}
