import type { Queryable } from './client';
import type { ResourceDef } from '../../resources/define-resource';
import { insertRow } from '../resources/resource-store';
import { roomTypeResource } from '../../resources/room-types/room-type.resource';
import { globalInclusionResource } from '../../resources/inclusions/global-inclusion.resource';
import { customInclusionResource } from '../../resources/inclusions/custom-inclusion.resource';
import { ratePlanResource } from '../../resources/rate-plans/rate-plan.resource';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Inserts a row after checking it against the resource's own schema, so demo data is always valid data. */
async function add(tx: Queryable, def: ResourceDef, propertyId: number | null, values: Record<string, unknown>): Promise<string> {
  return (await insertRow(tx, def, propertyId, def.schema.parse(values))).id;
}

const CATALOGUE: [string, string, string | null, boolean][] = [
  ['Daily breakfast for two', 'FOODANDDRINKS', 'POPULAR', false], ['Welcome drink on arrival', 'FOODANDDRINKS', null, false],
  ['Bottle of sparkling wine', 'FOODANDDRINKS', 'BONUS', false], ['$50 dining credit', 'FOODANDDRINKS', 'POPULAR', false],
  ['Late check-out (2 pm)', 'ROOM', 'POPULAR', false], ['Early check-in (noon)', 'ROOM', null, false],
  ['Room upgrade on arrival', 'ROOM', 'BONUS', false], ['Free Wi-Fi', 'GENERIC', 'DEPRECATED', false],
  ['Valet parking', 'PROPERTY', null, false], ['Airport transfers', 'TRANSPORT', null, false],
  ['Kids eat free', 'KIDS', 'POPULAR', false], ['Kids club access', 'KIDS', null, false],
  ['60-minute massage', 'WELLNESS', 'BONUS', false], ['Day spa access', 'WELLNESS', null, false],
  ['Bike hire', 'LEISURE', null, false], ['Guided city walk', 'EXPERIENCES', 'UNKNOWN', false],
  ['Sunset cruise for two', 'EXPERIENCES', null, true], ['Private chef dinner', 'FOODANDDRINKS', null, true], ['Helicopter scenic flight', 'EXPERIENCES', null, true],
];

const ROOMS = [
  { name: 'Deluxe King', bedConfiguration: 'King', maxAdults: 2, maxChildren: 1, sizeSqm: 32, roomCount: 40 },
  { name: 'Superior Twin', bedConfiguration: 'Twin', maxAdults: 2, maxChildren: 0, sizeSqm: 28, roomCount: 24 },
  { name: 'Family Suite', bedConfiguration: 'Two queens', maxAdults: 4, maxChildren: 2, sizeSqm: 55, roomCount: 8 },
];

const PLAN_NAMES = ['Best available rate', 'Bed and breakfast', 'Stay longer and save', 'Romance package', 'Early bird', 'Last minute deal',
  'Family fun', 'Members exclusive', 'Mystery stay', 'Weekend escape', 'Spa retreat', 'Gourmet getaway', 'Advance purchase', 'Flexible rate'];

/** The inclusions catalogue, room types and rate plans for every property past the prospect stage, and custom inclusions for property 1. */
export async function seedResources(tx: Queryable) {
  const catalogue: string[] = [];
  for (const [name, category, badge, expanded] of CATALOGUE) catalogue.push(await add(tx, globalInclusionResource, null, { name, category, badge, expanded, description: null }));
  // Every property past the prospect stage has rooms and rate plans (for derbysoft and expedia ones they come from the channel, read-only here).
  const properties = await tx.query<{ id: number }>("select id from properties where status <> 'PROSPECTIVE' order by id");
  for (const p of properties) {
    const rooms: string[] = [];
    for (const room of ROOMS) rooms.push(await add(tx, roomTypeResource, p.id, { ...room, description: `${room.name} with city views.`, status: 'ACTIVE' }));
    const custom = p.id === 1
      ? [await add(tx, customInclusionResource, p.id, { name: 'Harbour view guaranteed', category: 'ROOM' }), await add(tx, customInclusionResource, p.id, { name: 'Ferry pass', category: 'TRANSPORT' })]
      : [];
    const count = p.id === 1 ? PLAN_NAMES.length : 3;
    for (let i = 0; i < count; i++) {
      // A spread of visibilities: current, upcoming, expired and hidden.
      const [start, end] = i % 5 === 3 ? [30, 200] : i % 5 === 4 ? [-300, -10] : [-60, 120 + i * 20];
      await add(tx, ratePlanResource, p.id, {
        name: PLAN_NAMES[i], type: i % 7 === 7 - 1 ? 'Opaque' : i % 4 === 3 ? 'Exclusive' : 'Standard', pricing: i % 3 === 2 ? 'Fixed' : 'Dynamic',
        roomTypeIds: i % 2 ? rooms.slice(0, 2) : rooms, inclusionIds: [catalogue[i % 8], catalogue[(i + 4) % 16]].filter((v, k, a) => a.indexOf(v) === k),
        customInclusionIds: i === 0 ? custom : [], saleStart: day(start), saleEnd: day(end), stayStart: day(start), stayEnd: day(end + 30),
        minStay: 1 + (i % 3), maxStay: i % 3 ? 14 : null, hidden: i % 6 === 5,
        cancellationPolicy: [{ daysBeforeArrival: 7, penaltyPercent: 50 }, { daysBeforeArrival: 1, penaltyPercent: 100 }],
      });
    }
  }
}
