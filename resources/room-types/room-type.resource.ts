import { defineResource } from '../define-resource';
import { choice, choices, decimal, int, json, longText, text } from '../field-builders';
import { bedsSchema } from './room-type.beds';
import { BATHROOMS, bedsSummary, ROOM_AMENITIES, SMOKING, VIEWS } from './room-type.options';

export const ROOM_TYPE_STATUSES = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INACTIVE', label: 'Inactive' },
];

const SAMPLE_ROOMS = [
  {
    name: 'Deluxe King',
    description: 'Deluxe King with city views, a rain shower and a work desk.',
    beds: [{ type: 'KING', count: 1 }],
    maxAdults: 2,
    maxChildren: 1,
    extraBeds: 0,
    cots: 1,
    sizeSqm: 32,
    roomCount: 40,
    view: 'CITY',
    amenities: ['AIR_CONDITIONING', 'MINIBAR', 'SAFE', 'KETTLE', 'TV', 'DESK', 'SHOWER', 'HAIRDRYER'],
  },
  {
    name: 'Superior Twin',
    description: 'Superior Twin with two single beds and garden views.',
    beds: [{ type: 'SINGLE', count: 2 }],
    maxAdults: 2,
    maxChildren: 0,
    extraBeds: 1,
    cots: 0,
    sizeSqm: 28,
    roomCount: 24,
    view: 'GARDEN',
    amenities: ['AIR_CONDITIONING', 'SAFE', 'KETTLE', 'TV', 'SHOWER', 'HAIRDRYER'],
  },
  {
    name: 'Family Suite',
    description: 'Family Suite with two queen beds, a separate living room and ocean views from the balcony.',
    beds: [
      { type: 'QUEEN', count: 2 },
      { type: 'SOFA_BED', count: 1 },
    ],
    maxAdults: 4,
    maxChildren: 2,
    extraBeds: 1,
    cots: 2,
    sizeSqm: 55,
    roomCount: 8,
    view: 'OCEAN',
    amenities: ['AIR_CONDITIONING', 'MINIBAR', 'SAFE', 'KETTLE', 'TV', 'BALCONY', 'BATH', 'SHOWER', 'KITCHENETTE'],
  },
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
    beds: json({
      label: 'Beds',
      schema: bedsSchema,
      widget: 'bed-rows',
      summary: bedsSummary,
      list: true,
      initial: [{ type: null, count: 1 }],
      help: 'Each bed type once, with how many the room has: 1 King bed, or 2 Single beds and 1 Sofa bed.',
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
    extraBeds: int({ label: 'Extra beds available', noun: 'Extra beds', min: 0, max: 10, initial: 0 }),
    cots: int({ label: 'Cots available', noun: 'Cots', min: 0, max: 10, initial: 0 }),
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
    view: choice({ label: 'View', options: VIEWS }),
    bathroom: choice({ label: 'Bathroom', options: BATHROOMS, required: 'Choose a bathroom', initial: 'PRIVATE' }),
    smoking: choice({
      label: 'Smoking',
      options: SMOKING,
      required: 'Choose smoking or non-smoking',
      initial: 'NON_SMOKING',
    }),
    amenities: choices({ label: 'Room amenities', options: ROOM_AMENITIES, widget: 'checkboxes' }),
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
    SAMPLE_ROOMS.map((room) => ({ ...room, bathroom: 'PRIVATE', smoking: 'NON_SMOKING', status: 'ACTIVE' })),
});
