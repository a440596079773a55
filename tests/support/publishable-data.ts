import type { Queryable } from '../../server/db/client';
import { insertRow } from '../../server/resources/resource-store';
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
          bedConfiguration: 'Queen',
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
      }),
    );
  }
  if (only.includes('images'))
    await db.query("update properties set completed_sections = array['images'] where id = $1", [propertyId]);
}
