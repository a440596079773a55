import { z } from 'zod';
import { once } from '../once';
import { defineResource, type SampleContext } from '../define-resource';
import { choice, date, flag, int, json, refs, text } from '../field-builders';
import { RATE_PLAN_VISIBILITY } from './rate-plan-visibility';
import { RATE_PLAN_MESSAGES } from './rate-plan.messages';
import { rateLinkSchema } from './rate-link';

/** Spec §3: rate plan type and its GraphQL type name, and pricing. */
export const RATE_PLAN_TYPES = [
  { value: 'Standard', label: 'Standard' },
  { value: 'Exclusive', label: 'Exclusive' },
  { value: 'Opaque', label: 'Opaque' },
];
export const RATE_PLAN_TYPE_NAMES = { Standard: 'RatePlan', Exclusive: 'LuxuryRatePlan', Opaque: 'OpaqueRatePlan' };
export const PRICING = [
  { value: 'Dynamic', label: 'Dynamic' },
  { value: 'Fixed', label: 'Fixed' },
];

export const CANCELLATION_TIERS_MAX = 5;
/**
 * Tiers of days before arrival and the penalty charged from then on (e.g. 7 days: 50 %, 1 day: 100 %);
 * no tiers is free cancellation, chosen as such: a plan without a policy is not saved (issue 25).
 * Built on first use.
 */
export const cancellationPolicy = once(() => {
  const tier = z.object({
    daysBeforeArrival: z
      .number({ message: 'Enter the days before arrival' })
      .int('Days must be a whole number')
      .min(0, 'Days must be between 0 and 365')
      .max(365, 'Days must be between 0 and 365'),
    penaltyPercent: z
      .number({ message: 'Enter the penalty' })
      .min(0, 'Penalty must be between 0 and 100%')
      .max(100, 'Penalty must be between 0 and 100%'),
  });
  return z
    .array(tier, { message: RATE_PLAN_MESSAGES.chooseCancellation })
    .max(CANCELLATION_TIERS_MAX, `Add at most ${CANCELLATION_TIERS_MAX} cancellation tiers`)
    .refine(
      (tiers) => new Set(tiers.map((t) => t.daysBeforeArrival)).size === tiers.length,
      'Each tier needs a different number of days',
    );
});

const PLAN_NAMES = [
  'Best available rate',
  'Bed and breakfast',
  'Stay longer and save',
  'Romance package',
  'Early bird',
  'Last minute deal',
  'Family fun',
  'Members exclusive',
  'Mystery stay',
  'Weekend escape',
  'Spa retreat',
  'Gourmet getaway',
  'Advance purchase',
  'Flexible rate',
];

/** Property 1 has a plan of every visibility and type; the others three plans each. */
function samplePlans({ propertyId, ids, day }: SampleContext) {
  const [rooms, catalogue, custom] = [ids('room-types'), ids('global-inclusions'), ids('custom-inclusions')];
  return PLAN_NAMES.slice(0, propertyId === 1 ? PLAN_NAMES.length : 3).map((name, i) => {
    // A spread of visibilities: current, upcoming, expired and hidden.
    const [start, end] = i % 5 === 3 ? [30, 200] : i % 5 === 4 ? [-300, -10] : [-60, 120 + i * 20];
    return {
      name,
      type: i % 7 === 7 - 1 ? 'Opaque' : i % 4 === 3 ? 'Exclusive' : 'Standard',
      pricing: i % 3 === 2 ? 'Fixed' : 'Dynamic',
      roomTypeIds: i % 2 ? rooms.slice(0, 2) : rooms,
      inclusionIds: [catalogue[i % 8], catalogue[(i + 4) % 16]].filter((v, k, a) => a.indexOf(v) === k),
      customInclusionIds: i === 0 ? custom : [],
      saleStart: day(start),
      saleEnd: day(end),
      stayStart: day(start),
      stayEnd: day(end + 30),
      minStay: 1 + (i % 3),
      maxStay: i % 3 ? 14 : null,
      hidden: i % 6 === 5,
      cancellationPolicy: [
        { daysBeforeArrival: 7, penaltyPercent: 50 },
        { daysBeforeArrival: 1, penaltyPercent: 100 },
      ],
    };
  });
}

const ratePlansOff = (p: { ratePlansServiceEnabled: boolean }) => !p.ratePlansServiceEnabled;

export const ratePlanResource = defineResource({
  name: 'rate-plans',
  typeName: 'RatePlan',
  plural: 'RatePlans',
  label: 'Rate plans',
  singularLabel: 'Rate plan',
  subject: 'RatePlan',
  scope: 'property',
  titleField: 'name',
  defaultSort: 'NAME_ASC',
  // Its own table: the calendar and bookings refer to a rate plan, and it to its room types, by foreign key.
  storage: {
    table: 'rate_plans',
    columns: {
      roomTypeIds: 'rate_plan_room_types',
      inclusionIds: 'rate_plan_inclusions',
      customInclusionIds: 'rate_plan_custom_inclusions',
    },
  },
  pageSize: 10,
  createSummary: 'rate-plan-summary',
  variants: { field: 'type', types: RATE_PLAN_TYPE_NAMES },
  select: 'assignedInclusions { id kind inclusionId name category badge }',
  routes: { list: 'rate-plans/overview', create: 'rate-plans/create', edit: 'rate-plans/:id' },
  nav: { key: 'rate-plans', label: 'Rate plans', after: 'inclusions' },
  legacy: {
    when: ratePlansOff,
    list: (_, p) => `/properties/${p.id}/offers`,
    create: (_, p) => `/properties/${p.id}/offers/new`,
    edit: (_, p) => `/inventories/${p.id}`,
  },
  intro:
    'A rate plan is what guests book: the room types it sells, what is included, when it is on sale and its cancellation terms. Hidden and expired plans stay here so you can reuse them.',
  fields: {
    name: text({ label: 'Name', required: 'Enter a name', max: 100, list: true, sort: true, filter: true }),
    type: choice({
      label: 'Rate plan type',
      options: RATE_PLAN_TYPES,
      required: 'Choose a rate plan type',
      list: true,
      filter: true,
      initial: 'Standard',
      help: 'Standard: offered to every member. Exclusive: a members-only offer shown with the luxury collection. Opaque: sold without the property’s name until the guest has booked.',
    }),
    pricing: choice({
      label: 'Pricing',
      options: PRICING,
      required: 'Choose a pricing',
      initial: 'Dynamic',
      help: 'Dynamic: the nightly price follows the rates you load in the calendar, day by day. Fixed: one price per night, whatever the date.',
    }),
    roomTypeIds: refs({
      label: 'Room types',
      ref: 'room-types',
      required: 'Choose at least one room type',
      help: 'The rooms this rate plan sells.',
    }),
    inclusionIds: refs({ label: 'Inclusions', ref: 'global-inclusions', widget: 'inclusions' }),
    customInclusionIds: refs({ label: 'Custom inclusions', ref: 'custom-inclusions', widget: 'custom-inclusions' }),
    saleStart: date({ label: 'Sale start', required: 'Enter the sale start date', list: true }),
    saleEnd: date({ label: 'Sale end', required: 'Enter the sale end date', list: true, sort: true }),
    stayStart: date({ label: 'Stay start' }),
    stayEnd: date({ label: 'Stay end' }),
    minStay: int({
      label: 'Minimum stay (nights)',
      noun: 'Minimum stay',
      required: 'Enter the minimum stay',
      min: 1,
      max: 90,
      initial: 1,
    }),
    maxStay: int({ label: 'Maximum stay (nights)', noun: 'Maximum stay', min: 1, max: 365 }),
    cancellationPolicy: json({
      label: 'Cancellation policy',
      schema: cancellationPolicy,
      widget: 'cancellation-tiers',
      help: 'Free cancellation, or the penalty charged when a guest cancels this many days or fewer before arrival.',
    }),
    hidden: flag({ label: 'Hidden from sale' }),
    rateLink: json({
      label: 'Follows another rate plan',
      schema: () => rateLinkSchema().nullish(),
      widget: 'rate-link',
      help: 'Its rates follow the chosen plan’s at a percentage or an amount more or less, on the room types both sell, and are not edited by hand while linked.',
    }),
  },
  refine: (v, ctx) => {
    if (v.saleStart && v.saleEnd && v.saleEnd < v.saleStart)
      ctx.addIssue({ code: 'custom', path: ['saleEnd'], message: 'Sale end must be on or after the sale start' });
    if (v.stayStart && v.stayEnd && v.stayEnd < v.stayStart)
      ctx.addIssue({ code: 'custom', path: ['stayEnd'], message: 'Stay end must be on or after the stay start' });
    if (v.maxStay != null && v.minStay != null && v.maxStay < v.minStay)
      ctx.addIssue({ code: 'custom', path: ['maxStay'], message: 'Maximum stay must be at least the minimum stay' });
  },
  computed: { visibility: choice({ label: 'Visibility', options: RATE_PLAN_VISIBILITY, list: true, filter: true }) },
  sample: samplePlans,
});
