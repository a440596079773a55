import type { FieldDef } from '../define-resource';
import type { PublishableSection } from '../domain';
import { choice, choices, decimal, fieldSet, longText, text, time, type Field, type FieldSet } from '../field-builders';
import { plainOptions } from '../resource-fields';
import { COUNTRY_NAMES } from './countries';
import { TIME_ZONES } from './time-zones';

/** One definition per details section: each field once, as a builder call, giving the form's field and the schema both sides validate with. */
export type SectionDef = FieldSet & {
  key: SectionKey;
  title: string;
  publishable?: PublishableSection;
};
export type { FieldDef };

function section({ fields, ...def }: Omit<SectionDef, keyof FieldSet> & { fields: Record<string, Field> }): SectionDef {
  return { ...def, ...fieldSet(fields) };
}

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

export const DETAILS_SECTIONS: Record<SectionKey, SectionDef> = {
  overview: section({
    key: 'overview',
    title: 'Property overview',
    publishable: 'propertyOverview',
    fields: {
      description: longText({
        label: 'Description',
        required: 'Enter a description',
        max: 5000,
        help: 'What makes the property special, in a few paragraphs.',
      }),
      propertyType: choice({
        label: 'Property type',
        required: 'Choose a property type',
        options: plainOptions(['Hotel', 'Resort', 'Apartment', 'Boutique hotel', 'Lodge', 'Villa']),
      }),
      starRating: decimal({ label: 'Star rating', min: 1, max: 5 }),
      ratingType: choice({ label: 'Rating type', options: RATING_TYPES, message: 'Choose a rating type' }),
      checkInTime: time({ label: 'Check-in time' }),
      checkOutTime: time({ label: 'Check-out time' }),
    },
  }),
  location: section({
    key: 'location',
    title: 'Location',
    publishable: 'propertyLocation',
    fields: {
      addressLine1: text({ label: 'Address', required: 'Enter an address' }),
      addressLine2: text({ label: 'Address line 2' }),
      suburb: text({ label: 'Suburb', required: 'Enter a suburb', max: 100 }),
      state: text({ label: 'State', max: 100 }),
      postcode: text({ label: 'Postcode', max: 12 }),
      country: choice({ label: 'Country', required: 'Choose a country', options: plainOptions(COUNTRY_NAMES) }),
      latitude: decimal({
        label: 'Latitude',
        min: -90,
        max: 90,
        widget: 'coordinate',
        help: 'Between -90 and 90. Paste a pair copied from a map ("-35.3561, 150.4683") to fill both.',
      }),
      longitude: decimal({
        label: 'Longitude',
        min: -180,
        max: 180,
        widget: 'coordinate',
        help: 'Between -180 and 180.',
      }),
      timezone: choice({
        label: 'Time zone',
        message: 'Choose a time zone',
        options: plainOptions(TIME_ZONES),
        help: 'Type to search, e.g. Sydney or Auckland.',
      }),
    },
  }),
  facilities: section({
    key: 'facilities',
    title: 'Facilities',
    fields: { facilities: choices({ label: 'Facilities', options: FACILITIES, widget: 'checkboxes' }) },
  }),
  policies: section({
    key: 'policies',
    title: 'Policies',
    publishable: 'propertyPolicies',
    fields: {
      checkInPolicy: longText({ label: 'Check-in policy', max: 2000 }),
      childrenPolicy: longText({ label: 'Children', max: 2000 }),
      petsPolicy: longText({ label: 'Pets', max: 2000 }),
      cancellationPolicy: longText({
        label: 'Cancellation policy',
        required: 'Enter a cancellation policy',
        max: 4000,
      }),
    },
  }),
  'commercial-terms': section({
    key: 'commercial-terms',
    title: 'Commercial terms',
    fields: {
      paymentMethod: choice({ label: 'Payment method', options: PAYMENT_METHODS, required: 'Choose a payment method' }),
      commissionPercent: decimal({
        label: 'Commission (%)',
        noun: 'Commission',
        min: 0,
        max: 50,
        staffOnly: "Set by the brand's staff under your agreement. Contact us to discuss it.",
      }),
    },
  }),
  other: section({
    key: 'other',
    title: 'Other details',
    fields: {
      checkInInstructions: longText({
        label: 'Check-in instructions',
        max: 2000,
        help: 'How guests find reception and get their keys, especially after hours.',
      }),
      languagesSpoken: choices({ label: 'Languages spoken', options: LANGUAGES, widget: 'checkboxes' }),
      importantInformation: longText({
        label: 'Important information for guests',
        max: 2000,
        help: 'Shown to guests before they book: renovations, access, anything they must know.',
      }),
      ratesInclude: choices({ label: 'Rates include', options: RATE_INCLUSIONS, widget: 'checkboxes' }),
    },
  }),
};

export const DETAILS_CONFLICT =
  'Someone else changed these details while you were editing them. Review their changes, then save again.';

export type SectionKey = 'overview' | 'location' | 'facilities' | 'policies' | 'commercial-terms' | 'other';
export const SECTION_KEYS = Object.keys(DETAILS_SECTIONS) as SectionKey[];

export const DETAILS_DOCS = {
  propertyDetails:
    'query PropertyDetails($id: Int!) { viewer { property(id: $id) { id details { sections version } } } }',
  savePropertyDetails: `mutation SavePropertyDetails($input: PropertyDetailsInput!) { savePropertyDetails(input: $input) {
    version sections publishable { propertyOverview propertyLocation propertyPolicies } } }`,
} as const;
