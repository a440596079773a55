import { z } from 'zod';

/** One definition per details section: the fields the form renders and the schema both sides validate with. */
export type FieldDef = {
  name: string;
  label: string;
  widget: 'text' | 'textarea' | 'select' | 'number' | 'time' | 'checkboxes';
  options?: { value: string; label: string }[];
  help?: string;
};
export type SectionDef = { key: SectionKey; title: string; fields: FieldDef[]; schema: z.ZodObject; publishable?: 'propertyOverview' | 'propertyLocation' | 'propertyPolicies' };

const text = (label: string, max = 200) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(max, `${label} must be ${max} characters or less`).nullable().optional());
const required = (message: string, max = 200) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string({ message }).trim().min(1, message).max(max));
const time = (label: string) => z.preprocess((v) => (v === '' ? null : v), z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time like 14:00`).nullable().optional());
const number = (label: string, min: number, max: number) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v), z.number({ message: `${label} must be a number` }).min(min, `${label} must be between ${min} and ${max}`).max(max, `${label} must be between ${min} and ${max}`).nullable().optional());

export const RATING_TYPES = [{ value: 'AAA', label: 'AAA rated' }, { value: 'SELF_RATED', label: 'Self rated' }];
export const PAYMENT_METHODS = [
  { value: 'direct_credit', label: 'Direct credit' }, { value: 'finance_generated_vcc', label: 'Finance-generated VCC' },
  { value: 'invoice', label: 'Invoice' }, { value: 'vcc', label: 'Virtual credit card (VCC)' },
];
export const FACILITIES = ['Pool', 'Gym', 'Spa', 'Restaurant', 'Bar', 'Room service', 'Free Wi-Fi', 'Parking', 'Airport shuttle', 'Kids club',
  'Business centre', 'Laundry', 'Accessible rooms', 'EV charging', 'Beach access', 'Pet friendly'].map((f) => ({ value: f, label: f }));

export const DETAILS_SECTIONS: Record<SectionKey, SectionDef> = {
  overview: {
    key: 'overview', title: 'Property overview', publishable: 'propertyOverview',
    fields: [
      { name: 'description', label: 'Description', widget: 'textarea', help: 'What makes the property special, in a few paragraphs.' },
      { name: 'propertyType', label: 'Property type', widget: 'select', options: ['Hotel', 'Resort', 'Apartment', 'Boutique hotel', 'Lodge', 'Villa'].map((v) => ({ value: v, label: v })) },
      { name: 'starRating', label: 'Star rating', widget: 'number' },
      { name: 'ratingType', label: 'Rating type', widget: 'select', options: RATING_TYPES },
      { name: 'checkInTime', label: 'Check-in time', widget: 'time' },
      { name: 'checkOutTime', label: 'Check-out time', widget: 'time' },
    ],
    schema: z.object({
      description: required('Enter a description', 5000),
      propertyType: required('Choose a property type'),
      starRating: number('Star rating', 1, 5),
      ratingType: z.enum(['AAA', 'SELF_RATED'], { message: 'Choose a rating type' }).nullable().optional(),
      checkInTime: time('Check-in time'),
      checkOutTime: time('Check-out time'),
    }),
  },
  location: {
    key: 'location', title: 'Location', publishable: 'propertyLocation',
    fields: [
      { name: 'addressLine1', label: 'Address', widget: 'text' },
      { name: 'addressLine2', label: 'Address line 2', widget: 'text' },
      { name: 'suburb', label: 'Suburb', widget: 'text' },
      { name: 'state', label: 'State', widget: 'text' },
      { name: 'postcode', label: 'Postcode', widget: 'text' },
      { name: 'country', label: 'Country', widget: 'text' },
      { name: 'latitude', label: 'Latitude', widget: 'number', help: 'Between -90 and 90.' },
      { name: 'longitude', label: 'Longitude', widget: 'number', help: 'Between -180 and 180.' },
      { name: 'timezone', label: 'Time zone', widget: 'select', options: ['Australia/Sydney', 'Australia/Melbourne', 'Australia/Brisbane', 'Australia/Adelaide', 'Australia/Perth', 'Australia/Hobart', 'Australia/Darwin', 'Pacific/Auckland', 'Pacific/Fiji'].map((v) => ({ value: v, label: v })) },
    ],
    schema: z.object({
      addressLine1: required('Enter an address'), addressLine2: text('Address line 2'), suburb: required('Enter a suburb', 100),
      state: text('State', 100), postcode: text('Postcode', 12), country: required('Enter a country', 100),
      latitude: number('Latitude', -90, 90), longitude: number('Longitude', -180, 180), timezone: text('Time zone', 64),
    }),
  },
  facilities: {
    key: 'facilities', title: 'Facilities',
    fields: [{ name: 'facilities', label: 'Facilities', widget: 'checkboxes', options: FACILITIES }],
    schema: z.object({ facilities: z.array(z.enum(FACILITIES.map((f) => f.value) as [string, ...string[]])).max(FACILITIES.length).default([]) }),
  },
  policies: {
    key: 'policies', title: 'Policies', publishable: 'propertyPolicies',
    fields: [
      { name: 'checkInPolicy', label: 'Check-in policy', widget: 'textarea' },
      { name: 'childrenPolicy', label: 'Children', widget: 'textarea' },
      { name: 'petsPolicy', label: 'Pets', widget: 'textarea' },
      { name: 'cancellationPolicy', label: 'Cancellation policy', widget: 'textarea' },
    ],
    schema: z.object({
      checkInPolicy: text('Check-in policy', 2000), childrenPolicy: text('Children', 2000), petsPolicy: text('Pets', 2000),
      cancellationPolicy: required('Enter a cancellation policy', 4000),
    }),
  },
  'commercial-terms': {
    key: 'commercial-terms', title: 'Commercial terms',
    fields: [
      { name: 'paymentMethod', label: 'Payment method', widget: 'select', options: PAYMENT_METHODS },
      { name: 'commissionPercent', label: 'Commission (%)', widget: 'number' },
    ],
    schema: z.object({
      paymentMethod: z.enum(['direct_credit', 'finance_generated_vcc', 'invoice', 'vcc'], { message: 'Choose a payment method' }),
      commissionPercent: number('Commission', 0, 50),
    }),
  },
};

export const DETAILS_CONFLICT = 'Someone else changed these details while you were editing them. Review their changes, then save again.';

export type SectionKey = 'overview' | 'location' | 'facilities' | 'policies' | 'commercial-terms';
export const SECTION_KEYS = Object.keys(DETAILS_SECTIONS) as SectionKey[];

export const DETAILS_DOCS = {
  propertyDetails: 'query PropertyDetails($id: Int!) { viewer { property(id: $id) { id details { sections version } } } }',
  savePropertyDetails: `mutation SavePropertyDetails($input: PropertyDetailsInput!) { savePropertyDetails(input: $input) {
    version sections publishable { propertyOverview propertyLocation propertyPolicies } } }`,
} as const;
