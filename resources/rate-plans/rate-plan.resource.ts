import { z } from 'zod';
import { defineResource } from '../define-resource';
import { flag, idList, oneOf, optionalDate, optionalInt, requiredDate, requiredInt, requiredText } from '../resource-fields';
import { RATE_PLAN_VISIBILITY } from './rate-plan-visibility';

/** Spec §3: rate plan type and its GraphQL type name, and pricing. */
export const RATE_PLAN_TYPES = [{ value: 'Standard', label: 'Standard' }, { value: 'Exclusive', label: 'Exclusive' }, { value: 'Opaque', label: 'Opaque' }];
export const RATE_PLAN_TYPE_NAMES = { Standard: 'RatePlan', Exclusive: 'LuxuryRatePlan', Opaque: 'OpaqueRatePlan' };
export const PRICING = [{ value: 'Dynamic', label: 'Dynamic' }, { value: 'Fixed', label: 'Fixed' }];

export const CANCELLATION_TIERS_MAX = 5;
const tier = z.object({
  daysBeforeArrival: z.number({ message: 'Enter the days before arrival' }).int('Days must be a whole number').min(0, 'Days must be between 0 and 365').max(365, 'Days must be between 0 and 365'),
  penaltyPercent: z.number({ message: 'Enter the penalty' }).min(0, 'Penalty must be between 0 and 100%').max(100, 'Penalty must be between 0 and 100%'),
});
/** Tiers of days before arrival and the penalty charged from then on (e.g. 7 days: 50 %, 1 day: 100 %). */
const cancellationPolicy = z
  .array(tier, { message: 'Add the cancellation tiers' })
  .max(CANCELLATION_TIERS_MAX, `Add at most ${CANCELLATION_TIERS_MAX} cancellation tiers`)
  .refine((tiers) => new Set(tiers.map((t) => t.daysBeforeArrival)).size === tiers.length, 'Each tier needs a different number of days')
  .default([]);

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
  pageSize: 10,
  variants: { field: 'type', types: RATE_PLAN_TYPE_NAMES },
  select: 'assignedInclusions { id kind inclusionId name category badge }',
  routes: { list: 'rate-plans/overview', create: 'rate-plans/create', edit: 'rate-plans/:id' },
  nav: { key: 'rate-plans', label: 'Rate plans' },
  intro: 'A rate plan is what guests book: the room types it sells, what is included, when it is on sale and its cancellation terms. Hidden and expired plans stay here so you can reuse them.',
  schema: z
    .object({
      name: requiredText('Enter a name', 'Name', 100),
      type: oneOf(RATE_PLAN_TYPES, 'Choose a rate plan type'),
      pricing: oneOf(PRICING, 'Choose a pricing'),
      roomTypeIds: idList('Room types').refine((ids) => ids.length > 0, 'Choose at least one room type'),
      inclusionIds: idList('Inclusions'),
      customInclusionIds: idList('Custom inclusions'),
      saleStart: requiredDate('Enter the sale start date'),
      saleEnd: requiredDate('Enter the sale end date'),
      stayStart: optionalDate('Stay start'),
      stayEnd: optionalDate('Stay end'),
      minStay: requiredInt('Enter the minimum stay', 'Minimum stay', 1, 90),
      maxStay: optionalInt('Maximum stay', 1, 365),
      cancellationPolicy,
      hidden: flag(),
    })
    .superRefine((v, ctx) => {
      if (v.saleStart && v.saleEnd && v.saleEnd < v.saleStart) ctx.addIssue({ code: 'custom', path: ['saleEnd'], message: 'Sale end must be on or after the sale start' });
      if (v.stayStart && v.stayEnd && v.stayEnd < v.stayStart) ctx.addIssue({ code: 'custom', path: ['stayEnd'], message: 'Stay end must be on or after the stay start' });
      if (v.maxStay != null && v.minStay != null && v.maxStay < v.minStay) ctx.addIssue({ code: 'custom', path: ['maxStay'], message: 'Maximum stay must be at least the minimum stay' });
    }),
  fields: [
    { name: 'name', label: 'Name', type: 'string', list: true, sort: true, filter: true },
    { name: 'type', label: 'Rate plan type', type: 'enum', options: RATE_PLAN_TYPES, list: true, filter: true, initial: 'Standard' },
    { name: 'pricing', label: 'Pricing', type: 'enum', options: PRICING, initial: 'Dynamic' },
    { name: 'roomTypeIds', label: 'Room types', type: 'refs', ref: 'room-types', help: 'The rooms this rate plan sells.' },
    { name: 'inclusionIds', label: 'Inclusions', type: 'refs', ref: 'global-inclusions', widget: 'inclusions' },
    { name: 'customInclusionIds', label: 'Custom inclusions', type: 'refs', ref: 'custom-inclusions' },
    { name: 'saleStart', label: 'Sale start', type: 'date', list: true },
    { name: 'saleEnd', label: 'Sale end', type: 'date', list: true, sort: true },
    { name: 'stayStart', label: 'Stay start', type: 'date' },
    { name: 'stayEnd', label: 'Stay end', type: 'date' },
    { name: 'minStay', label: 'Minimum stay (nights)', type: 'int', initial: 1 },
    { name: 'maxStay', label: 'Maximum stay (nights)', type: 'int' },
    { name: 'cancellationPolicy', label: 'Cancellation policy', type: 'json', widget: 'cancellation-tiers', help: 'The penalty charged when a guest cancels this many days or fewer before arrival.' },
    { name: 'hidden', label: 'Hidden from sale', type: 'boolean' },
  ],
  computed: [{ name: 'visibility', label: 'Visibility', type: 'enum', options: RATE_PLAN_VISIBILITY, list: true, filter: true }],
});
