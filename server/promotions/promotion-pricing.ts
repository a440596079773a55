import type { Queryable } from '../db/client';
import type { PricedPromotion } from '../../resources/promotions/promotion-rules';

/** A promotion's columns as pricing reads them (dates as yyyy-MM-dd text, its rate plans in order). */
const PRICED_COLUMNS = `p.id::text as id, p.name, p.type, p.discount_percent as "discountPercent",
  p.days_before_arrival as "daysBeforeArrival", p.min_nights as "minNights", p.stay_nights as "stayNights",
  p.pay_nights as "payNights", p.sale_start::text as "saleStart", p.sale_end::text as "saleEnd",
  p.stay_start::text as "stayStart", p.stay_end::text as "stayEnd", p.weekdays, p.blackout_dates as "blackoutDates",
  coalesce(p.combinable, false) as combinable,
  coalesce((select array_agg(l.ref_id::text order by l.position) from promotion_rate_plans l where l.owner_id = p.id), '{}') as "ratePlanIds"`;

/** The property's promotions whose stay dates meet [from, to]: the ones a stay there could get. */
export function promotionsForStay(db: Queryable, propertyId: number, from: string, to: string) {
  return db.query<PricedPromotion>(
    `select ${PRICED_COLUMNS} from promotions p
      where p.property_id = $1 and p.stay_start <= $3::date and p.stay_end >= $2::date
      order by p.sale_end, p.id`,
    [propertyId, from, to],
  );
}

/**
 * For each of the given promotions, the non-combinable ones of its property that share a rate plan
 * and meet its sale and stay dates, not yet expired (each with the first plan they share): the candidates of the
 * overlap rule, found by the link table's index instead of reading every promotion.
 */
export function overlapCandidates(db: Queryable, ids: string[]) {
  return db.query<PricedPromotion & { ownerId: string; sharedPlan: string }>(
    `select distinct on (own.id, p.id) own.id::text as "ownerId", shared.ref_id::text as "sharedPlan", ${PRICED_COLUMNS}
       from promotions own
       join promotion_rate_plans mine on mine.owner_id = own.id
       join promotion_rate_plans shared on shared.ref_id = mine.ref_id and shared.owner_id <> own.id
       join promotions p on p.id = shared.owner_id
      where own.id = any($1::bigint[]) and not coalesce(p.combinable, false)
        -- An expired one no longer competes (a day of slack for properties ahead of the server's day).
        and p.sale_end >= current_date - 1
        and p.sale_start <= own.sale_end and p.sale_end >= own.sale_start
        and p.stay_start <= own.stay_end and p.stay_end >= own.stay_start
      order by own.id, p.id, mine.position`,
    [ids],
  );
}

/**
 * The promotions the rates calendar marks: active or upcoming ones (sale not ended by the
 * property's today) on the given plans whose stay dates meet [from, to], with the plans they discount.
 */
export function calendarPromotions(
  db: Queryable,
  propertyId: number,
  planIds: string[],
  from: string,
  to: string,
  today: string,
) {
  return db.query<{
    id: string;
    name: string;
    stayStart: string;
    stayEnd: string;
    weekdays: string[];
    blackoutDates: string[];
    ratePlanIds: string[];
  }>(
    `select p.id::text as id, p.name, p.stay_start::text as "stayStart", p.stay_end::text as "stayEnd",
            coalesce(p.weekdays, '{}') as weekdays, coalesce(p.blackout_dates, '[]'::jsonb) as "blackoutDates",
            array_agg(l.ref_id::text order by l.position) as "ratePlanIds"
       from promotions p join promotion_rate_plans l on l.owner_id = p.id
      where p.property_id = $1 and l.ref_id = any($2::bigint[]) and p.sale_end >= $5::date
        and p.stay_start <= $4::date and p.stay_end >= $3::date
      group by p.id order by p.sale_start, p.id`,
    [propertyId, planIds, from, to, today],
  );
}
