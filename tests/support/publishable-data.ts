import { createHash } from 'node:crypto';
import { MIN_IMAGES_TO_PUBLISH } from '../../resources/media/image-rules';
import type { Queryable } from '../../server/db/client';
import { insertRow } from '../../server/resources/resource-store';
import { insertImage } from '../../server/media/image-repo';
import { roomTypeResource } from '../../resources/room-types/room-type.resource';
import { ratePlanResource } from '../../resources/rate-plans/rate-plan.resource';
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
  policies: DETAILS_SECTIONS.policies.schema.parse({
    cancellationPolicy: 'Free cancellation up to 48 hours before arrival.',
  }),
};

/**
 * Fills what the publishable flags are read from, except contacts: the three details sections, a
 * room type, a rate plan on sale today, and the images mark. `only` keeps some out.
 */
export async function fillPublishableData(
  db: Queryable,
  propertyId: number,
  only: ('details' | 'roomType' | 'ratePlan' | 'images')[] = ['details', 'roomType', 'ratePlan', 'images'],
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
  if (only.includes('ratePlan')) {
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
    );
  }
  if (only.includes('images')) await addImageRows(db, propertyId);
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
