import type { Option } from '../field-types';
import { countOf } from '../plural';

/**
 * What a room type's content is chosen from (as Booking.com and Expedia ask for it), and the
 * messages its beds give: one place for the form, the list, the API and the seed.
 */
export const BED_TYPES: readonly (Option & { plural: string })[] = [
  { value: 'KING', label: 'King bed', plural: 'King beds' },
  { value: 'QUEEN', label: 'Queen bed', plural: 'Queen beds' },
  { value: 'DOUBLE', label: 'Double bed', plural: 'Double beds' },
  { value: 'SINGLE', label: 'Single bed', plural: 'Single beds' },
  {
    value: 'KING_OR_TWIN',
    label: 'King bed that splits into two singles',
    plural: 'King beds that split into two singles',
  },
  { value: 'BUNK', label: 'Bunk bed', plural: 'Bunk beds' },
  { value: 'SOFA_BED', label: 'Sofa bed', plural: 'Sofa beds' },
  { value: 'FUTON', label: 'Futon', plural: 'Futons' },
];
export const BEDS_MAX_PER_TYPE = 10;

export const BED_MESSAGES = {
  none: 'Add at least one bed',
  type: 'Choose a bed type',
  count: 'Enter how many beds',
  range: `Beds of one type must be between 1 and ${BEDS_MAX_PER_TYPE}`,
  duplicate: 'List each bed type once, with its count',
} as const;

export const SMOKING = [
  { value: 'NON_SMOKING', label: 'Non-smoking' },
  { value: 'SMOKING', label: 'Smoking' },
];
export const BATHROOMS = [
  { value: 'PRIVATE', label: 'Private' },
  { value: 'SHARED', label: 'Shared' },
];
export const VIEWS = [
  { value: 'CITY', label: 'City' },
  { value: 'OCEAN', label: 'Ocean' },
  { value: 'HARBOUR', label: 'Harbour' },
  { value: 'BEACH', label: 'Beach' },
  { value: 'GARDEN', label: 'Garden' },
  { value: 'MOUNTAIN', label: 'Mountain' },
  { value: 'POOL', label: 'Pool' },
  { value: 'COURTYARD', label: 'Courtyard' },
  { value: 'NONE', label: 'None' },
];
export const ROOM_AMENITIES = [
  { value: 'AIR_CONDITIONING', label: 'Air conditioning' },
  { value: 'HEATING', label: 'Heating' },
  { value: 'MINIBAR', label: 'Minibar' },
  { value: 'SAFE', label: 'In-room safe' },
  { value: 'KETTLE', label: 'Kettle' },
  { value: 'COFFEE_MACHINE', label: 'Coffee machine' },
  { value: 'TV', label: 'TV' },
  { value: 'DESK', label: 'Desk' },
  { value: 'BALCONY', label: 'Balcony' },
  { value: 'BATH', label: 'Bath' },
  { value: 'SHOWER', label: 'Shower' },
  { value: 'HAIRDRYER', label: 'Hairdryer' },
  { value: 'IRON', label: 'Iron and ironing board' },
  { value: 'KITCHENETTE', label: 'Kitchenette' },
  { value: 'WASHING_MACHINE', label: 'Washing machine' },
  { value: 'BLACKOUT_CURTAINS', label: 'Blackout curtains' },
];

export type Bed = { type: string; count: number };
/** '1 King bed', '2 Single beds, 1 Sofa bed': a room's beds as the list and the trail read them. */
export function bedsSummary(value: unknown): string {
  if (!Array.isArray(value) || !value.length) return '';
  return (value as Bed[])
    .map((b) => {
      const type = BED_TYPES.find((t) => t.value === b.type);
      return type ? countOf(b.count, type.label, type.plural) : `${b.count} × ${b.type}`;
    })
    .join(', ');
}
