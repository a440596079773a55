import type { Option } from '../field-types';
import { plainOptions } from '../resource-fields';

/** The choices the details sections offer, each list once (the form shows the labels; the API stores the values). */
export const RATING_TYPES = [
  { value: 'AAA', label: 'AAA rated' },
  { value: 'SELF_RATED', label: 'Self rated' },
];
export const PAYMENT_METHODS = [
  { value: 'direct_credit', label: 'Direct credit' },
  { value: 'finance_generated_vcc', label: 'Finance-generated VCC' },
  { value: 'invoice', label: 'Invoice' },
  { value: 'vcc', label: 'Virtual credit card (VCC)' },
];
export const FACILITIES = [
  'Pool',
  'Gym',
  'Spa',
  'Restaurant',
  'Bar',
  'Room service',
  'Free Wi-Fi',
  'Parking',
  'Airport shuttle',
  'Kids club',
  'Business centre',
  'Laundry',
  'Accessible rooms',
  'EV charging',
  'Beach access',
  'Pet friendly',
].map((f) => ({ value: f, label: f }));

export const LANGUAGES = plainOptions([
  'English',
  'Mandarin',
  'Cantonese',
  'Japanese',
  'Korean',
  'Hindi',
  'Indonesian',
  'Vietnamese',
  'French',
  'German',
  'Italian',
  'Spanish',
  'Fijian',
  'Māori',
]);
/** The taxes and fees a property's rates already include (the rest are paid at the property). */
export const RATE_INCLUSIONS = plainOptions([
  'GST',
  'Local or tourist tax',
  'Resort fee',
  'Service charge',
  'Credit card surcharge',
]);

const options = (labels: Record<string, string>): Option[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** Policies: who may stay, with what, and on what terms (as Booking.com and Expedia ask). */
export const CHILDREN_ALLOWED = options({ WELCOME: 'Yes, children are welcome', ADULTS_ONLY: 'No, adults only' });
export const PETS_ALLOWED = options({ ALLOWED: 'Allowed', ON_REQUEST: 'On request', NOT_ALLOWED: 'Not allowed' });
export const DEPOSIT = options({
  NONE: 'No deposit',
  AT_CHECK_IN: 'Taken at check-in',
  BEFORE_ARRIVAL: 'Taken before arrival',
});
export const TAXES_AND_FEES = options({
  INCLUDED: 'Included in the rates',
  EXTRA: 'Some are extra, paid at the property',
});

/** Facilities a guest asks about before booking. */
export const PARKING = options({ NONE: 'No parking', FREE: 'Free', PAID: 'Paid' });
export const PARKING_PLACE = options({ ON_SITE: 'On site', NEARBY: 'Nearby' });
export const BREAKFAST = options({ NOT_OFFERED: 'Not offered', INCLUDED: 'Included in the rates', PAID: 'Paid' });
export const WIFI = options({ FREE: 'Free', PAID: 'Paid', NONE: 'No Wi-Fi' });
export const WIFI_AREA = options({
  EVERYWHERE: 'Everywhere',
  ROOMS: 'In rooms only',
  PUBLIC_AREAS: 'In public areas only',
});
export const POOL = options({ NONE: 'No pool', YEAR_ROUND: 'Open all year', SEASONAL: 'Seasonal' });
