import { MIN_IMAGES_TO_PUBLISH } from '../../resources/media/image-rules';
import type { Queryable } from '../db/client';
import { notFound } from '../auth/authorize';
import {
  factsFromRow,
  RATES_LOADED_DAYS,
  RATES_PROVIDER,
  type Publishable,
  type PublishableSection,
  type PropertyFacts,
} from '../../resources/domain';
import { DETAILS_SECTIONS } from '../../resources/properties/details.resource';
import { ratePlanExtension } from '../resources/extensions/rate-plan.extension';
import { tableOf } from '../resources/resource-table';
import { ratePlanResource } from '../../resources/rate-plans/rate-plan.resource';

export type ContactRow = {
  id: number;
  contact_type: 'BILLING' | 'PRIMARY' | 'RESERVATION';
  name: string;
  position: string | null;
  email: string;
  phone: string;
  confirmation_emails: boolean | null;
  vcc_in_email: boolean | null;
  version: number;
};

export type PropertyRow = {
  id: number;
  uuid: string;
  name: string;
  status: string;
  /** The status Delete or Archive took an archived property from (issue 30): where Restore takes it back. */
  archived_from: string | null;
  previous_property_id: number | null;
  property_group_id: number | null;
  suburb: string | null;
  country: string | null;
  currency_code: string;
  can_manage_content: boolean;
  can_manage_rates: boolean;
  rates_service_enabled: boolean;
  rate_plans_service_enabled: boolean;
  inventory_provider: string | null;
  /** Staff's per-property flag settings (issue 30). */
  flag_overrides: Record<string, boolean>;
  completed_sections: string[];
  /** Keys of the details sections saved (each was valid when saved, so each is complete). */
  details_sections: string[] | null;
  has_room_types: boolean;
  has_current_rate_plan: boolean;
  /** The media library's count towards publishing: photos with alt text, and room types with no photo. */
  images_with_alt: number;
  room_types_without_images: number;
  /** Every active room type has rooms to sell and a rate on each of the next RATES_LOADED_DAYS (true where the portal holds no rates). */
  /** Absent on a list's summary row (loadProperties): publishableFor reads it when a field asks for the flags. */
  rates_loaded?: boolean;
  /** Absent on a list's summary row (loadProperties): fullProperty loads them when a field asks. */
  contacts?: ContactRow[] | null;
  /** On a list's summary row: which contacts exist, all the publishable flags need. */
  contact_types?: ContactRow['contact_type'][] | null;
  exchange_rate: number | string | null;
  fx_updated_at: Date | string | null;
  /** Spec §3 Property.user: the property's first user; isMigrated once they have a password here. */
  owner?: { id: string; email: string; isMigrated: boolean } | null;
};

/**
 * Rates loaded: no active room type has a day of the next RATES_LOADED_DAYS without rooms to sell or
 * without a rate on a plan that sells it. The days start tomorrow in UTC: a day every property, in any
 * zone, can still load (in Sydney's evening UTC's today is already past there). Primary-key lookups, stopping at the first plan with a rate;
 * true where the rates come from a channel (the portal edits rates only for RATES_PROVIDER).
 */
const RATES_LOADED_SQL = `(not (p.rates_service_enabled and p.inventory_provider = '${RATES_PROVIDER}')
  or (exists (select 1 from room_types r where r.property_id = p.id and r.status = 'ACTIVE')
    and not exists (
      select 1 from room_types r
        cross join generate_series((now() at time zone 'utc')::date + 1, (now() at time zone 'utc')::date + ${RATES_LOADED_DAYS}, interval '1 day') as g(d)
       where r.property_id = p.id and r.status = 'ACTIVE'
         and (not exists (select 1 from room_inventory i where i.property_id = p.id and i.room_type_id = r.id
                            and i.day = g.d::date and i.rooms_to_sell is not null)
           or not exists (select 1 from rate_plan_room_types x
                            join rate_plan_days d on d.property_id = p.id and d.room_type_id = r.id and d.rate_plan_id = x.owner_id
                             and d.day = g.d::date and d.rate is not null
                           where x.ref_id = r.id)))))`;

const TODAY_SQL = `to_char((now() at time zone 'utc')::date, 'YYYY-MM-DD')`;
const CURRENT_PLAN_SQL = `${ratePlanExtension.computed!.visibility.sql(tableOf(ratePlanResource).text, TODAY_SQL)} = 'CURRENT'`;

const PROPERTY_COLUMNS = `p.id, p.uuid, p.name, p.status, p.archived_from, p.previous_property_id, p.property_group_id, p.suburb, p.country,
         p.currency_code, p.can_manage_content, p.can_manage_rates, p.rates_service_enabled, p.rate_plans_service_enabled,
         p.inventory_provider, p.flag_overrides, p.completed_sections, fx.exchange_rate, fx.updated_at as fx_updated_at,
         (select array(select jsonb_object_keys(d.sections)) from property_details d where d.property_id = p.id) as details_sections,
         exists (select 1 from room_types r where r.property_id = p.id) as has_room_types,
         exists (select 1 from rate_plans r where r.property_id = p.id and ${CURRENT_PLAN_SQL}) as has_current_rate_plan,
         (select count(*)::int from images i where i.property_id = p.id and i.alt_text <> '') as images_with_alt,
         (select count(*)::int from room_types r where r.property_id = p.id
            and not exists (select 1 from image_room_types x where x.room_type_id = r.id)) as room_types_without_images`;
const fromSql = (properties: string) =>
  `from ${properties} left join fx_rates fx on fx.currency_code = p.currency_code`;

/** One round trip: the property with its contacts, fx rate, owner and what its publishable flags are made of. */
const PROPERTY_SQL = `
  select ${PROPERTY_COLUMNS}, ${RATES_LOADED_SQL} as rates_loaded,
         (select json_agg(json_build_object('id', c.id, 'contact_type', c.contact_type, 'name', c.name, 'position', c.position,
                  'email', c.email, 'phone', c.phone, 'confirmation_emails', c.confirmation_emails, 'vcc_in_email', c.vcc_in_email,
                  'version', c.version)) from contacts c where c.property_id = p.id) as contacts,
         (select json_build_object('id', u.uuid, 'email', u.email, 'isMigrated', u.password_hash is not null)
           from live_memberships m join users u on u.id = m.user_id
           where m.property_id = p.id order by m.created_at, m.id limit 1) as owner
  ${fromSql('properties p')}`;

/** A list's row: what a list shows and the publishable flags, without the contacts' details or the owner. */
const summarySql = (properties: string) => `
  select ${PROPERTY_COLUMNS},
         array(select c.contact_type from contacts c where c.property_id = p.id) as contact_types
  ${fromSql(properties)}`;

export async function loadProperty(db: Queryable, id: number): Promise<PropertyRow | null> {
  const [row] = await db.query<PropertyRow>(`${PROPERTY_SQL} where p.id = $1`, [id]);
  return row ?? null;
}

/** The property, read under a row lock held until commit (a status action, a go-live request): NOT_FOUND when it is gone. */
export async function lockedProperty(tx: Queryable, id: number): Promise<PropertyRow> {
  await tx.query('select 1 from properties where id = $1 for update', [id]);
  const row = await loadProperty(tx, id);
  if (!row) throw notFound();
  return row;
}

/**
 * A page of summary rows; `where` and `orderBy` name the properties as `p` and use $1…$n of
 * `params`; limit and offset follow them. The page is chosen first and only its rows are summed up:
 * with the summary's subqueries beside the order, a deep page worked them out for every row it
 * skipped (page 250 of 10,000: 62 ms, against 9 ms for its first page).
 */
export async function loadProperties(
  db: Queryable,
  where: string,
  params: unknown[],
  limit: number,
  offset: number,
  orderBy = 'p.name, p.id',
): Promise<PropertyRow[]> {
  const n = params.length;
  const page = `(select * from properties p where ${where} order by ${orderBy} limit $${n + 1} offset $${n + 2}) p`;
  return db.query<PropertyRow>(`${summarySql(page)} order by ${orderBy}`, [...params, limit, offset]);
}

const loaded = new WeakMap<object, Map<number, Promise<PropertyRow | null>>>();
/** The whole row behind a summary row, loaded once per request (`scope`: the request's context) and only when a field needs it. */
export function fullProperty(
  db: Queryable,
  scope: object,
  row: PropertyRow,
): PropertyRow | Promise<PropertyRow | null> {
  if (row.contacts !== undefined && row.owner !== undefined) return row;
  let byId = loaded.get(scope);
  if (!byId) loaded.set(scope, (byId = new Map()));
  let full = byId.get(row.id);
  if (!full) byId.set(row.id, (full = loadProperty(db, row.id)));
  return full;
}

/**
 * The publishable flags (spec §3's and ours), from the data: contacts and details sections from
 * their rows, room types when there is at least one, rate plans when at least one is on sale today,
 * images when the media library holds MIN_IMAGES_TO_PUBLISH with alt text and every room type has
 * one, rates when the calendar is loaded (RATES_LOADED_SQL).
 */
export function publishableOf(
  row: Pick<
    PropertyRow,
    | 'contacts'
    | 'contact_types'
    | 'images_with_alt'
    | 'room_types_without_images'
    | 'details_sections'
    | 'has_room_types'
    | 'has_current_rate_plan'
    | 'rates_loaded'
  >,
): Publishable {
  const has = (type: ContactRow['contact_type']) =>
    row.contacts !== undefined
      ? (row.contacts ?? []).some((c) => c.contact_type === type)
      : (row.contact_types ?? []).includes(type);
  const details = (flag: PublishableSection) =>
    DETAIL_SECTION_OF[flag] !== undefined && (row.details_sections ?? []).includes(DETAIL_SECTION_OF[flag]!);
  return {
    billingContact: has('BILLING'),
    reservationsContact: has('RESERVATION'),
    primaryContact: has('PRIMARY'),
    propertyFacilities: details('propertyFacilities'),
    commercialTerms: details('commercialTerms'),
    ratesLoaded: row.rates_loaded === true,
    images: row.images_with_alt >= MIN_IMAGES_TO_PUBLISH && row.room_types_without_images === 0,
    ratePlans: row.has_current_rate_plan,
    propertyLocation: details('propertyLocation'),
    propertyOverview: details('propertyOverview'),
    propertyPolicies: details('propertyPolicies'),
    roomTypes: row.has_room_types,
  };
}

/**
 * The flags of any row: a list's summary row leaves rates loaded out (the staff finder lists
 * 10,000 properties and asks for no flags), so it is read when asked. The rows of one list ask
 * together: every row that asks in the same turn (a page of a group's properties) joins one
 * statement, keyed by `batch` (the request's context), instead of one statement per row.
 */
export async function publishableFor(db: Queryable, row: PropertyRow, batch: object): Promise<Publishable> {
  if (row.rates_loaded !== undefined) return publishableOf(row);
  return publishableOf({ ...row, rates_loaded: await ratesLoadedLater(db, row.id, batch) });
}

type RatesBatch = { ids: number[]; done: Promise<Map<number, boolean>> };
const openBatches = new WeakMap<object, RatesBatch>();

/** One property's rates loaded, read with every other asked for under `key` in the same turn. */
function ratesLoadedLater(db: Queryable, id: number, key: object): Promise<boolean> {
  let batch = openBatches.get(key);
  if (!batch) {
    const ids: number[] = [];
    // Resolvers of a list's rows run in one synchronous pass; the statement goes after it.
    const done = Promise.resolve().then(() => {
      openBatches.delete(key);
      return ratesLoadedFor(db, ids);
    });
    batch = { ids, done };
    openBatches.set(key, batch);
  }
  batch.ids.push(id);
  return batch.done.then((loaded) => loaded.get(id) === true);
}

/** Rates loaded (RATES_LOADED_SQL) for several properties in one statement: a list's worth of publishableFor. */
export async function ratesLoadedFor(db: Queryable, ids: number[]): Promise<Map<number, boolean>> {
  if (!ids.length) return new Map();
  const rows = await db.query<{ id: number; rates_loaded: boolean }>(
    `select p.id, ${RATES_LOADED_SQL} as rates_loaded from properties p where p.id = any($1::int[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.rates_loaded]));
}

/** Which details section completes which flag, from the sections' own definitions. */
const DETAIL_SECTION_OF: Partial<Record<PublishableSection, string>> = Object.fromEntries(
  Object.values(DETAILS_SECTIONS)
    .filter((s) => s.publishable)
    .map((s) => [s.publishable!, s.key]),
);

export const contactOf = (row: PropertyRow, type: ContactRow['contact_type']) =>
  (row.contacts ?? []).find((c) => c.contact_type === type) ?? null;

/** The attributes the ability rules read, from a loaded property. */
export const factsOf = (p: PropertyRow): PropertyFacts => factsFromRow(p);
