import { z } from 'zod';
import { defineResource } from '../define-resource';
import { oneOf, optionalDecimal, optionalText, plainOptions, requiredInt, requiredText } from '../resource-fields';

export const BED_CONFIGURATIONS = plainOptions(['King', 'Queen', 'Double', 'Twin', 'King or twin', 'Two queens', 'Bunk beds']);
export const ROOM_TYPE_STATUSES = [{ value: 'ACTIVE', label: 'Active' }, { value: 'INACTIVE', label: 'Inactive' }];

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
  routes: { list: 'room-types', create: 'room-types/create', edit: 'room-types/:id' },
  nav: { key: 'room-types', label: 'Room types' },
  schema: z.object({
    name: requiredText('Enter a name', 'Name', 100),
    description: optionalText('Description', 2000),
    bedConfiguration: oneOf(BED_CONFIGURATIONS, 'Choose a bed configuration'),
    maxAdults: requiredInt('Enter the maximum number of adults', 'Maximum adults', 1, 20),
    maxChildren: requiredInt('Enter the maximum number of children', 'Maximum children', 0, 10),
    sizeSqm: optionalDecimal('Size', 1, 2000),
    roomCount: requiredInt('Enter the number of rooms', 'Number of rooms', 1, 5000),
    status: oneOf(ROOM_TYPE_STATUSES, 'Choose a status'),
  }),
  fields: [
    { name: 'name', label: 'Name', type: 'string', list: true, sort: true, filter: true },
    { name: 'description', label: 'Description', type: 'text' },
    { name: 'bedConfiguration', label: 'Bed configuration', type: 'enum', options: BED_CONFIGURATIONS, list: true },
    { name: 'maxAdults', label: 'Maximum adults', type: 'int', list: true, initial: 2 },
    { name: 'maxChildren', label: 'Maximum children', type: 'int', list: true, initial: 0 },
    { name: 'sizeSqm', label: 'Size (m²)', type: 'decimal' },
    { name: 'roomCount', label: 'Number of rooms', type: 'int', list: true, sort: true, initial: 1 },
    { name: 'status', label: 'Status', type: 'enum', options: ROOM_TYPE_STATUSES, list: true, filter: true, initial: 'ACTIVE' },
  ],
});
