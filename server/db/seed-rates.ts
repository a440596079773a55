import type { Queryable } from './client';
import { addDays, isoDay, ratesWindow } from '../../resources/rates-inventory/rates-inventory.schema';

/**
 * 18 months of rooms to sell, rates and a few restrictions for every room type of the properties
 * whose rates service is on: two set-based statements (generate_series over the days), not a row
 * at a time, so a fresh PGlite database stays quick to seed.
 */
export async function seedRates(tx: Queryable) {
  // From yesterday in UTC: every property's today (whatever its zone) and the 18 months after it are filled.
  const { first, last } = ratesWindow(addDays(isoDay(new Date()), -1));
  const days = `generate_series($1::date, $2::date, interval '1 day') as g(d)`;
  await tx.query(
    `insert into room_inventory (property_id, room_type_id, day, rooms_to_sell)
     select r.property_id, r.id, g.d::date, greatest(0, r.room_count - (extract(doy from g.d)::int % 4))
       from room_types r join properties p on p.id = r.property_id and p.rates_service_enabled, ${days}`,
    [first, last],
  );
  // Weekends cost more; Saturdays are closed to arrival on every third plan, and a stop sell every 45 days.
  await tx.query(
    `insert into rate_plan_days (property_id, room_type_id, rate_plan_id, day, rate, stop_sell, closed_to_arrival, min_stay, max_stay)
     select r.property_id, rt.ref_id, r.id, g.d::date,
            (120 + (rt.ref_id % 4) * 45 + (r.id % 7) * 10 + case when extract(isodow from g.d) in (5, 6) then 35 else 0 end)::numeric(12, 2),
            extract(doy from g.d)::int % 45 = 0,
            r.id % 3 = 0 and extract(isodow from g.d) = 6,
            case when extract(isodow from g.d) = 5 and r.id % 2 = 0 then 2 end,
            case when r.id % 4 = 1 then 14 end
       from rate_plans r join properties p on p.id = r.property_id and p.rates_service_enabled
       join rate_plan_room_types rt on rt.owner_id = r.id, ${days}`,
    [first, last],
  );
}
