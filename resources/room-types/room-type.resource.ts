import { defineResource } from '../define-resource';
import { choice, decimal, int, longText, text } from '../field-builders';
import { plainOptions } from '../resource-fields';

export const BED_CONFIGURATIONS = plainOptions([
  'King',
  'Queen',
  'Double',
  'Twin',
  'King or twin',
  'Two queens',
  'Bunk beds',
]);
export const ROOM_TYPE_STATUSES = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INACTIVE', label: 'Inactive' },
];

const SAMPLE_ROOMS = [
  { name: 'Deluxe King', bedConfiguration: 'King', maxAdults: 2, maxChildren: 1, sizeSqm: 32, roomCount: 40 },
  { name: 'Superior Twin', bedConfiguration: 'Twin', maxAdults: 2, maxChildren: 0, sizeSqm: 28, roomCount: 24 },
  { name: 'Family Suite', bedConfiguration: 'Two queens', maxAdults: 4, maxChildren: 2, sizeSqm: 55, roomCount: 8 },
];

/** Spec §2 room-types: the rooms a property sells. */
export const roomTypeResource = defineResource({
  name: 'room-types',
  typeName: 'RoomType',
  plural: 'RoomTypes',
  label: 'Room types',
  singularLabel: 'Room type',
  subject: 'RoomType',
  scope: 'property',
  titleField: 'name',
  defaultSort: 'NAME_ASC',
  // Its own table: the calendar, rate plans and bookings refer to a room type by foreign key.
  storage: { table: 'room_types' },
  routes: { list: 'room-types', create: 'room-types/create', edit: 'room-types/:id' },
  nav: { key: 'room-types', label: 'Room types', after: 'details' },
  legacy: { list: (_, p) => `/properties/${p.id}/room_types` },
  rowLinks: [
    {
      label: 'Rates',
      name: 'Rates and inventory',
      to: (propertyId, id) => `/properties/${propertyId}/rates-and-inventory/${id}`,
      when: (p) => p.ratesServiceEnabled,
    },
  ],
  fields: {
    name: text({ label: 'Name', required: 'Enter a name', max: 100, list: true, sort: true, filter: true }),
    description: longText({ label: 'Description', max: 2000 }),
    bedConfiguration: choice({
      label: 'Bed configuration',
      options: BED_CONFIGURATIONS,
      required: 'Choose a bed configuration',
      list: true,
    }),
    maxAdults: int({
      label: 'Maximum adults',
      required: 'Enter the maximum number of adults',
      min: 1,
      max: 20,
      list: true,
      initial: 2,
    }),
    maxChildren: int({
      label: 'Maximum children',
      required: 'Enter the maximum number of children',
      min: 0,
      max: 10,
      list: true,
      initial: 0,
    }),
    sizeSqm: decimal({ label: 'Size (m²)', noun: 'Size', min: 1, max: 2000 }),
    roomCount: int({
      label: 'Number of rooms',
      required: 'Enter the number of rooms',
      min: 1,
      max: 5000,
      list: true,
      sort: true,
      initial: 1,
    }),
    status: choice({
      label: 'Status',
      options: ROOM_TYPE_STATUSES,
      required: 'Choose a status',
      list: true,
      filter: true,
      initial: 'ACTIVE',
    }),
  },
  // Every property past the prospect stage has rooms (for derbysoft and expedia ones they come from the channel, read-only here).
  sample: () =>
    SAMPLE_ROOMS.map((room) => ({ ...room, description: `${room.name} with city views.`, status: 'ACTIVE' })),
});
