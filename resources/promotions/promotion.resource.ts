import { z } from 'zod';
import { defineResource, type SampleContext } from '../define-resource';
import { choice, choices, date, flag, int, json, refs, text } from '../field-builders';
import { isRealDay } from '../days';
import {
  MAX_BLACKOUT_DATES,
  MAX_DISCOUNT_PERCENT,
  PROMOTION_STATUSES,
  PROMOTION_TYPES,
  WEEKDAYS,
  type PromotionType,
} from './promotion-rules';

export const PROMOTION_MESSAGES = {
  discount: 'Enter the discount',
  daysBeforeArrival: 'Enter the days before arrival',
  minNights: 'Enter the minimum nights',
  stayNights: 'Enter the nights to stay',
  payNights: 'Enter the nights to pay',
  freeNights: 'The nights to pay must be fewer than the nights to stay',
  saleOrder: 'Sale end must be on or after the sale start',
  stayOrder: 'Stay end must be on or after the stay start',
  stayBeforeSale: 'The stay dates must not end before the sale starts',
  blackoutDate: 'Enter blackout dates as yyyy-MM-dd',
  blackoutCount: `Add at most ${MAX_BLACKOUT_DATES} blackout dates`,
} as const;

/** Built by the blackout dates field on first use (`json`). */
const blackoutDates = () =>
  z
    .array(z.string().refine(isRealDay, PROMOTION_MESSAGES.blackoutDate), { message: PROMOTION_MESSAGES.blackoutDate })
    .max(MAX_BLACKOUT_DATES, PROMOTION_MESSAGES.blackoutCount)
    .nullable()
    .optional();

/** Which of the type's numbers it needs: a percentage for all but free nights, and the type's own condition. */
const NEEDS: Record<
  PromotionType,
  readonly ('discountPercent' | 'daysBeforeArrival' | 'minNights' | 'stayNights' | 'payNights')[]
> = {
  BASIC: ['discountPercent'],
  EARLY_BOOKER: ['discountPercent', 'daysBeforeArrival'],
  LAST_MINUTE: ['discountPercent', 'daysBeforeArrival'],
  MIN_STAY: ['discountPercent', 'minNights'],
  FREE_NIGHT: ['stayNights', 'payNights'],
};

type Needed = (typeof NEEDS)[PromotionType][number];
/** The form shows a number only for the types that need it. */
const forTypes = (field: Needed) => ({
  field: 'type',
  in: PROMOTION_TYPES.map((t) => t.value).filter((t) => NEEDS[t].includes(field as never)),
});

const SAMPLES: { name: string; type: PromotionType; sale: [number, number]; values: Record<string, unknown> }[] = [
  { name: 'Summer sale', type: 'BASIC', sale: [-30, 90], values: { discountPercent: 15 } },
  {
    name: 'Book early and save',
    type: 'EARLY_BOOKER',
    sale: [-10, 4],
    values: { discountPercent: 20, daysBeforeArrival: 30 },
  },
  { name: 'Stay 4, pay 3', type: 'FREE_NIGHT', sale: [20, 120], values: { stayNights: 4, payNights: 3 } },
  {
    name: 'Last minute escape',
    type: 'LAST_MINUTE',
    sale: [-90, -5],
    values: { discountPercent: 10, daysBeforeArrival: 3 },
  },
  {
    name: 'Week-long stay',
    type: 'MIN_STAY',
    sale: [-5, 200],
    values: { discountPercent: 12, minNights: 7, combinable: true },
  },
];

/** Property 1 has a promotion in each status (active, ending soon, upcoming, expired); the others one. */
function samplePromotions({ propertyId, ids, day }: SampleContext) {
  const plans = ids('rate-plans');
  return SAMPLES.slice(0, propertyId === 1 ? SAMPLES.length : 1).map((s, i) => ({
    name: s.name,
    type: s.type,
    ratePlanIds: plans.slice(0, i % 2 ? 1 : 2),
    saleStart: day(s.sale[0]),
    saleEnd: day(s.sale[1]),
    stayStart: day(s.sale[0]),
    stayEnd: day(s.sale[1] + 60),
    weekdays: [],
    blackoutDates: [],
    combinable: false,
    ...s.values,
  }));
}

export const promotionResource = defineResource({
  name: 'promotions',
  typeName: 'Promotion',
  plural: 'Promotions',
  label: 'Promotions',
  singularLabel: 'Promotion',
  subject: 'Promotion',
  scope: 'property',
  titleField: 'name',
  defaultSort: 'SALE_END_ASC',
  // Its own table, with its rate plans by foreign key (a rate plan's delete takes its links along).
  storage: { table: 'promotions', columns: { ratePlanIds: 'promotion_rate_plans' } },
  pageSize: 10,
  select: 'overlaps { promotionId name message }',
  routes: { list: 'promotions', create: 'promotions/create', edit: 'promotions/:id' },
  nav: { key: 'promotions', label: 'Promotions', after: 'rate-plans' },
  formPanel: 'promotion-preview',
  intro:
    'A promotion is a discount on some of your rate plans for bookings made in its sale dates, for stays in its stay dates. Its status follows the sale dates; try a stay in the price preview before you save.',
  fields: {
    name: text({ label: 'Name', required: 'Enter a name', max: 100, list: true, sort: true, filter: true }),
    type: choice({
      label: 'Promotion type',
      options: PROMOTION_TYPES,
      required: 'Choose a promotion type',
      list: true,
      filter: true,
      initial: 'BASIC',
    }),
    discountPercent: int({
      label: 'Discount (%)',
      noun: 'Discount',
      shownWhen: forTypes('discountPercent'),
      min: 1,
      max: MAX_DISCOUNT_PERCENT,
      help: `Off the rate plan's price, 1 to ${MAX_DISCOUNT_PERCENT}%.`,
    }),
    daysBeforeArrival: int({
      label: 'Days before arrival',
      shownWhen: forTypes('daysBeforeArrival'),
      min: 0,
      max: 365,
      help: 'Early booker: booked at least this many days ahead. Last minute: at most this many.',
    }),
    minNights: int({
      label: 'Minimum nights',
      shownWhen: forTypes('minNights'),
      min: 1,
      max: 90,
      help: 'Minimum stay: the stay is at least this long.',
    }),
    stayNights: int({
      label: 'Nights to stay',
      shownWhen: forTypes('stayNights'),
      min: 2,
      max: 30,
      help: 'Free night: stay this many nights…',
    }),
    payNights: int({
      label: 'Nights to pay',
      shownWhen: forTypes('payNights'),
      min: 1,
      max: 29,
      help: '…and pay for this many.',
    }),
    ratePlanIds: refs({ label: 'Rate plans', ref: 'rate-plans', required: 'Choose at least one rate plan' }),
    saleStart: date({ label: 'Sale start', required: 'Enter the sale start date', list: true }),
    saleEnd: date({ label: 'Sale end', required: 'Enter the sale end date', list: true, sort: true }),
    stayStart: date({ label: 'Stay start', required: 'Enter the stay start date' }),
    stayEnd: date({ label: 'Stay end', required: 'Enter the stay end date' }),
    weekdays: choices({
      label: 'Days of the week',
      options: WEEKDAYS,
      widget: 'checkboxes',
      help: 'Nights on these days get the discount. None ticked: every day.',
    }),
    blackoutDates: json({
      label: 'Blackout dates',
      schema: blackoutDates,
      widget: 'blackout-dates',
      help: `Nights that never get the discount (at most ${MAX_BLACKOUT_DATES}).`,
    }),
    combinable: flag({ label: 'Combines with other promotions' }),
  },
  refine: (v, ctx) => {
    const type = v.type as PromotionType | undefined;
    if (type)
      for (const field of NEEDS[type])
        if (v[field] == null)
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: PROMOTION_MESSAGES[field === 'discountPercent' ? 'discount' : field],
          });
    if (type === 'FREE_NIGHT' && v.stayNights != null && v.payNights != null && v.payNights >= v.stayNights)
      ctx.addIssue({ code: 'custom', path: ['payNights'], message: PROMOTION_MESSAGES.freeNights });
    if (v.saleStart && v.saleEnd && v.saleEnd < v.saleStart)
      ctx.addIssue({ code: 'custom', path: ['saleEnd'], message: PROMOTION_MESSAGES.saleOrder });
    if (v.stayStart && v.stayEnd && v.stayEnd < v.stayStart)
      ctx.addIssue({ code: 'custom', path: ['stayEnd'], message: PROMOTION_MESSAGES.stayOrder });
    else if (v.stayEnd && v.saleStart && v.stayEnd < v.saleStart)
      ctx.addIssue({ code: 'custom', path: ['stayEnd'], message: PROMOTION_MESSAGES.stayBeforeSale });
  },
  computed: {
    status: choice({ label: 'Status', options: PROMOTION_STATUSES, list: true, filter: true, counts: true }),
  },
  sample: samplePromotions,
});
