import type { Db } from '../db/client';
import { dayIn, propertyZone } from '../../resources/property-day';

/** The zone the property's details name (location section), for a query over `properties p`. */
export const PROPERTY_TIMEZONE_SQL = `(select d.sections->'location'->>'timezone' from property_details d where d.property_id = p.id)`;

/** A property's time zone, kept in the read cache (any write ends it); the day is worked out from it on each call. */
export async function zoneOf(db: Db, id: number): Promise<string> {
  return (await zonesOf(db, [id]))[0];
}

/**
 * Each property's own today, by id (its zone, else its country's). The zones not in the read cache
 * are read in one statement together (a group's 50 properties were 50 statements at once).
 */
export async function propertyDays(db: Db, ids: readonly number[], now = new Date()): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  const zones = await zonesOf(db, unique);
  return new Map(unique.map((id, i) => [id, dayIn(zones[i], now)]));
}

/**
 * The zones of `ids`, in order, from the read cache; when it lacks any, all of them are read in one
 * statement (a property not found: the default zone).
 */
function zonesOf(db: Db, ids: readonly number[]): Promise<string[]> {
  let read: Promise<Map<number, string>> | undefined;
  const readAll = async () => {
    const rows = await db.query<{ id: number; country: string | null; timezone: string | null }>(
      `select p.id, p.country, ${PROPERTY_TIMEZONE_SQL} as timezone from properties p where p.id = any($1::int[])`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, propertyZone(row)]));
  };
  return Promise.all(
    ids.map((id) => db.cache.get(`zone:${id}`, async () => (await (read ??= readAll())).get(id) ?? propertyZone({}))),
  );
}
