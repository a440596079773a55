import { createHash } from 'node:crypto';
import { MIN_IMAGES_TO_PUBLISH } from '../../resources/media/image-rules';
import type { Queryable } from '../../server/db/client';
import { insertRow } from '../../server/resources/resource-store';
import { insertImage } from '../../server/media/image-repo';
import { roomTypeResource } from '../../resources/room-types/room-type.resource';
import { ratePlanResource } from '../../resources/rate-plans/rate-plan.resource';
import { RATES_LOADED_DAYS } from '../../resources/domain';
import { DETAILS_SECTIONS } from '../../resources/properties/details.resource';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Valid values for each publishable details section, checked by the sections' own schemas. */
export const COMPLETE_DETAILS = {
  overview: DETAILS_SECTIONS.overview.schema.parse({
    description: 'A quiet hotel by the water.',
    propertyType: 'Hotel',
  }),
  location: DETAILS_SECTIONS.location.schema.parse({
    addressLine1: '1 Test Street',
    suburb: 'Sydney',
    country: 'Australia',
  }),
  facilities: DETAILS_SECTIONS.facilities.schema.parse({ facilities: ['Free Wi-Fi'] }),
  policies: DETAILS_SECTIONS.policies.schema.parse({
    cancellationPolicy: 'Free cancellation up to 48 hours before arrival.',
  }),
  'commercial-terms': DETAILS_SECTIONS['commercial-terms'].schema.parse({ paymentMethod: 'vcc' }),
};

/**
 * Fills what the publishable flags are read from, except contacts: the details sections, a room
 * type, a rate plan on sale today with its calendar loaded, and the images mark. `only` keeps some out.
 */
export async function fillPublishableData(
  db: Queryable,
  propertyId: number,
  only: ('details' | 'roomType' | 'ratePlan' | 'rates' | 'images')[] = [
    'details',
    'roomType',
    'ratePlan',
    'rates',
    'images',
  ],
) {
  if (only.includes('details')) {
    await db.query(
      'insert into property_details (property_id, sections) values ($1, $2) on conflict (property_id) do update set sections = excluded.sections',
      [propertyId, JSON.stringify(COMPLETE_DETAILS)],
    );
  }
  let roomTypeId: string | null = null;
  if (only.includes('roomType') || only.includes('ratePlan')) {
    roomTypeId = (
      await insertRow(
        db,
        roomTypeResource,
        propertyId,
        roomTypeResource.schema.parse({
          name: 'Queen room',
          beds: [{ type: 'QUEEN', count: 1 }],
          bathroom: 'PRIVATE',
          smoking: 'NON_SMOKING',
          maxAdults: 2,
          maxChildren: 0,
          roomCount: 10,
          status: 'ACTIVE',
        }),
      )
    ).id;
  }
  let ratePlanId: string | null = null;
  if (only.includes('ratePlan')) {
    ratePlanId = (
      await insertRow(
        db,
        ratePlanResource,
        propertyId,
        ratePlanResource.schema.parse({
          name: 'Best available rate',
          type: 'Standard',
          pricing: 'Dynamic',
          roomTypeIds: [roomTypeId],
          saleStart: day(-1),
          saleEnd: day(90),
          minStay: 1,
          cancellationPolicy: [],
        }),
      )
    ).id;
  }
  if (only.includes('rates') && roomTypeId && ratePlanId) await loadRates(db, propertyId, roomTypeId, ratePlanId);
  if (only.includes('images')) await addImageRows(db, propertyId);
}

/** Rooms to sell and a rate from yesterday (every zone's today) through RATES_LOADED_DAYS ahead. */
export async function loadRates(db: Queryable, propertyId: number, roomTypeId: string, ratePlanId: string) {
  const series = `generate_series((now() at time zone 'utc')::date - 1, (now() at time zone 'utc')::date + ${RATES_LOADED_DAYS}, interval '1 day') as g(d)`;
  await db.query(
    `insert into room_inventory (property_id, room_type_id, day, rooms_to_sell)
     select $1, $2, g.d::date, 5 from ${series} on conflict do nothing`,
    [propertyId, roomTypeId],
  );
  await db.query(
    `insert into rate_plan_days (property_id, room_type_id, rate_plan_id, day, rate)
     select $1, $2, $3, g.d::date, 180 from ${series} on conflict do nothing`,
    [propertyId, roomTypeId, ratePlanId],
  );
}

/** Every room type a plan sells, loaded with the first plan that sells it; room types no plan sells are set inactive (nothing could sell them). */
export async function loadEveryRate(db: Queryable, propertyId: number) {
  const sold = await db.query<{ room_type_id: string; rate_plan_id: string }>(
    `select x.ref_id as room_type_id, min(x.owner_id) as rate_plan_id from rate_plan_room_types x
       join rate_plans r on r.id = x.owner_id where r.property_id = $1 group by x.ref_id`,
    [propertyId],
  );
  for (const { room_type_id, rate_plan_id } of sold) await loadRates(db, propertyId, room_type_id, rate_plan_id);
  await db.query(
    `update room_types t set status = 'INACTIVE' where t.property_id = $1
        and not exists (select 1 from rate_plan_room_types x where x.ref_id = t.id)`,
    [propertyId],
  );
}

/** Rows of the media library enough to publish (MIN_IMAGES_TO_PUBLISH with alt text, every room type shown); no files behind them. */
export async function addImageRows(db: Queryable, propertyId: number, count = MIN_IMAGES_TO_PUBLISH) {
  const hash = (n: number) => createHash('sha256').update(`image ${propertyId} ${n}`).digest('hex');
  const ids: string[] = [];
  for (let n = 1; n <= count; n++) {
    const id = await insertImage(db, {
      property_id: propertyId,
      section: 'property',
      original_hash: hash(n),
      content_type: 'image/jpeg',
      width: 1600,
      height: 1067,
      bytes: 1000,
      placeholder: '#808080',
      variants: [{ hash: hash(n + 1000), format: 'webp', width: 320, height: 213, bytes: 100 }],
      alt_text: `Photo ${n}`,
      position: n,
      is_main: n === 1,
    });
    ids.push(id);
  }
  await db.query(
    `insert into image_room_types (image_id, room_type_id, property_id) select $1, id, property_id from room_types where property_id = $2`,
    [ids[0], propertyId],
  );
  return ids;
}
