import type { FieldDef } from '../define-resource';
import type { PublishableSection } from '../domain';
import { choice, choices, decimal, fieldSet, longText, text, type Field, type FieldSet } from '../field-builders';
import {
  BREAKFAST,
  FACILITIES,
  LANGUAGES,
  PARKING,
  PARKING_PLACE,
  PAYMENT_METHODS,
  POOL,
  RATE_INCLUSIONS,
  RATING_TYPES,
  WIFI,
  WIFI_AREA,
} from './details-options';
import { plainOptions } from '../resource-fields';
import { COUNTRY_OPTIONS } from './countries';
import { TIME_ZONES } from './time-zones';
import { POLICY_FIELDS, withCancellationText } from './policy-fields';

/** One definition per details section: each field once, as a builder call, giving the form's field and the schema both sides validate with. */
export type SectionDef = FieldSet & {
  key: SectionKey;
  title: string;
  publishable?: PublishableSection;
  /** Values written from others before the API validates a save (the cancellation text from the terms), so they cannot disagree. */
  derive?: (values: Record<string, unknown>) => Record<string, unknown>;
};
export type { FieldDef };

function section({ fields, ...def }: Omit<SectionDef, keyof FieldSet> & { fields: Record<string, Field> }): SectionDef {
  return Object.assign(fieldSet(fields), def); // keeps the set's schema built on first use
}

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
      country: choice({ label: 'Country', required: 'Choose a country', options: COUNTRY_OPTIONS }),
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
    publishable: 'propertyFacilities',
    fields: {
      facilities: choices({ label: 'Facilities', options: FACILITIES, widget: 'checkboxes' }),
      parking: choice({ label: 'Parking', options: PARKING, message: 'Choose a parking option' }),
      parkingPlace: choice({
        label: 'Where guests park',
        options: PARKING_PLACE,
        message: 'Choose where guests park',
        shownWhen: { field: 'parking', in: ['FREE', 'PAID'] },
      }),
      breakfast: choice({ label: 'Breakfast', options: BREAKFAST, message: 'Choose a breakfast option' }),
      wifi: choice({ label: 'Wi-Fi', options: WIFI, message: 'Choose a Wi-Fi option' }),
      wifiArea: choice({
        label: 'Where Wi-Fi reaches',
        options: WIFI_AREA,
        message: 'Choose where Wi-Fi reaches',
        shownWhen: { field: 'wifi', in: ['FREE', 'PAID'] },
      }),
      pool: choice({ label: 'Swimming pool', options: POOL, message: 'Choose a pool option' }),
    },
  }),
  policies: section({
    key: 'policies',
    title: 'Policies',
    publishable: 'propertyPolicies',
    fields: POLICY_FIELDS,
    derive: withCancellationText,
  }),
  'commercial-terms': section({
    key: 'commercial-terms',
    title: 'Commercial terms',
    publishable: 'commercialTerms',
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

type Sections = Record<string, Record<string, unknown> | undefined>;
/**
 * What a section's form shows: its saved values, or before its first save what it starts from.
 * Policies starts from the check-in and check-out times a property's overview held before they
 * moved (migration 0043 leaves them there until Policies is saved).
 */
export function sectionValues(key: SectionKey, sections: Sections): Record<string, unknown> {
  const saved = sections[key];
  if (saved) return saved;
  if (key !== 'policies') return {};
  const { checkInTime, checkOutTime } = sections.overview ?? {};
  return Object.fromEntries(
    Object.entries({ checkInFrom: checkInTime, checkOutBy: checkOutTime }).filter(([, v]) => typeof v === 'string'),
  );
}

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
