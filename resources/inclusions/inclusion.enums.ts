import type { Option } from '../define-resource';

/** Spec §3: inclusion categories and badges. */
export const INCLUSION_CATEGORIES: Option[] = [
  { value: 'CUSTOM', label: 'Custom' },
  { value: 'EXPERIENCES', label: 'Experiences' },
  { value: 'FOODANDDRINKS', label: 'Food and drinks' },
  { value: 'GENERIC', label: 'Generic' },
  { value: 'KIDS', label: 'Kids' },
  { value: 'LEISURE', label: 'Leisure' },
  { value: 'POPULAR', label: 'Popular' },
  { value: 'PROPERTY', label: 'Property' },
  { value: 'ROOM', label: 'Room' },
  { value: 'TRANSPORT', label: 'Transport' },
  { value: 'WELLNESS', label: 'Wellness' },
];

export const INCLUSION_BADGES: Option[] = [
  { value: 'BONUS', label: 'Bonus' },
  { value: 'DEPRECATED', label: 'Deprecated' },
  { value: 'POPULAR', label: 'Popular' },
  { value: 'UNKNOWN', label: 'Unknown' },
];
