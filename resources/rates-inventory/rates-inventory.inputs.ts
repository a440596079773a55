import { z } from 'zod';
import { addDays, addMonths, isoDay, isRealDay } from '../days';
import { idListOf } from '../ids';
import {
  bulkCellCount,
  bulkTargets,
  type CellField,
  FLAG_FIELDS,
  MAX_BULK_CELLS,
  MAX_BULK_RANGES,
  MAX_BULK_ROOM_TYPES,
  MAX_ROOMS,
  parseRate,
  RATE_CHANGE_MODES,
  RATE_FIELDS,
  RATES_MESSAGES,
  ROOM_FIELDS,
  WINDOW_MONTHS,
} from './rates-inventory.schema';

/**
 * The inputs of a grid save and a bulk update, as the API validates them (zod), with the limits and
 * messages of rates-inventory.schema.ts. Apart from it because the portal loads that module with
 * every page and sends these inputs without building them: their schemas are the server's alone.
 */

/**
 * A day some property on Earth may edit now: its today is between yesterday and tomorrow in UTC.
 * The input's first check, before the property is known; the API then holds each day to the
 * property's own window (inWindow).
 */
export const windowDay = () =>
  z.string({ message: RATES_MESSAGES.dateWindow }).refine((s) => {
    const utc = isoDay(new Date());
    return isRealDay(s) && s >= addDays(utc, -1) && s <= addMonths(addDays(utc, 1), WINDOW_MONTHS);
  }, RATES_MESSAGES.dateWindow);

const id = z.coerce.string().regex(/^\d{1,15}$/, 'Unknown id');
const rooms = z
  .number({ message: RATES_MESSAGES.rooms })
  .int(RATES_MESSAGES.rooms)
  .min(0, RATES_MESSAGES.rooms)
  .max(MAX_ROOMS, RATES_MESSAGES.rooms);
const stay = z
  .number({ message: RATES_MESSAGES.stay })
  .int(RATES_MESSAGES.stay)
  .min(1, RATES_MESSAGES.stay)
  .max(365, RATES_MESSAGES.stay)
  .nullable();
const rate = z.union([z.string(), z.number()], { message: RATES_MESSAGES.rateNotNumber }).superRefine((v, ctx) => {
  const parsed = parseRate(v);
  if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
});
const flagValue = z.boolean({ message: RATES_MESSAGES.flag });

/** One edited cell of the grid: ratePlanId null for the room type's own fields (rooms to sell, closed); `before`: the value the editor saw (checked, so a save never overwrites a change it did not see). */
export const cellEdit = z.discriminatedUnion(
  'field',
  [
    z.object({
      ratePlanId: z.null().optional(),
      date: windowDay(),
      field: z.literal('roomsToSell'),
      value: rooms,
      before: rooms.nullable().optional(),
    }),
    z.object({
      ratePlanId: z.null().optional(),
      date: windowDay(),
      field: z.literal('roomClosed'),
      value: flagValue,
      before: flagValue.optional(),
    }),
    z.object({
      ratePlanId: id,
      date: windowDay(),
      field: z.literal('rate'),
      value: rate,
      before: rate.nullable().optional(),
    }),
    z.object({
      ratePlanId: id,
      date: windowDay(),
      field: z.enum(FLAG_FIELDS),
      value: flagValue,
      before: flagValue.optional(),
    }),
    z.object({
      ratePlanId: id,
      date: windowDay(),
      field: z.enum(['minStay', 'maxStay']),
      value: stay,
      before: stay.optional(),
    }),
  ],
  { message: 'Unknown field' },
);
export type CellEdit = { ratePlanId?: string | null; date: string; field: CellField; value: unknown; before?: unknown };

export const saveRatesCellsInput = z.object({
  propertyId: z.number().int().min(1),
  roomTypeId: id,
  cells: z.array(cellEdit).min(1, 'Change at least one cell').max(20_000, 'Save at most 20,000 cells at once'),
});

const rateChange = z
  .object({
    mode: z.enum(RATE_CHANGE_MODES, { message: 'Choose how to change the rate' }),
    value: z.string({ message: RATES_MESSAGES.rateNotNumber }),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'set') {
      const parsed = parseRate(v.value);
      if ('error' in parsed) ctx.addIssue({ code: 'custom', path: ['value'], message: parsed.error });
    } else if (!/^-?\d{1,7}(\.\d{1,2})?$/.test(v.value.trim()))
      ctx.addIssue({ code: 'custom', path: ['value'], message: RATES_MESSAGES.rateNotNumber });
  });

const range = z.object({ from: windowDay(), to: windowDay() }).superRefine((r, ctx) => {
  if (r.to < r.from) ctx.addIssue({ code: 'custom', path: ['to'], message: RATES_MESSAGES.rangeOrder });
  else if (r.to > addMonths(r.from, WINDOW_MONTHS))
    ctx.addIssue({ code: 'custom', path: ['to'], message: RATES_MESSAGES.rangeTooLong });
});

export const bulkUpdateInput = z
  .object({
    propertyId: z.number().int().min(1),
    roomTypeId: id,
    ranges: z
      .array(range)
      .min(1, 'Add a date range')
      .max(MAX_BULK_RANGES, `Add at most ${MAX_BULK_RANGES} date ranges`),
    /** ISO days of the week, 1 Monday … 7 Sunday. */
    weekdays: z.array(z.number().int().min(1).max(7)).min(1, RATES_MESSAGES.weekdays).default([1, 2, 3, 4, 5, 6, 7]),
    ratePlanIds: idListOf(id, 100).default([]),
    /**
     * Several room types in one update (issue 31): when given, every room type it changes, each with
     * the rate plans it changes there (roomTypeId and ratePlanIds above then only say where it was
     * started). The room fields apply to each; one apply is one history record and one undo.
     */
    roomTypes: z
      .array(z.object({ roomTypeId: id, ratePlanIds: idListOf(id, 100).default([]) }))
      .max(MAX_BULK_ROOM_TYPES, RATES_MESSAGES.tooManyRoomTypes)
      .default([]),
    roomsToSell: rooms.optional(),
    roomClosed: flagValue.optional(),
    rate: rateChange.optional(),
    stopSell: flagValue.optional(),
    closedToArrival: flagValue.optional(),
    closedToDeparture: flagValue.optional(),
    minStay: stay.optional(),
    maxStay: stay.optional(),
    /** From the preview: the apply is refused (STALE) when the cells changed since. */
    token: z.string().max(200).optional(),
    confirm: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    const rateChanges = RATE_FIELDS.some((f) => v[f] !== undefined);
    if (!rateChanges && ROOM_FIELDS.every((f) => v[f] === undefined))
      ctx.addIssue({ code: 'custom', path: ['changes'], message: RATES_MESSAGES.chooseChange });
    if (v.roomTypes.length && v.ratePlanIds.length)
      ctx.addIssue({ code: 'custom', path: ['ratePlanIds'], message: RATES_MESSAGES.plansInRoomTypes });
    if (new Set(v.roomTypes.map((r) => r.roomTypeId)).size < v.roomTypes.length)
      ctx.addIssue({ code: 'custom', path: ['roomTypes'], message: RATES_MESSAGES.roomTypeTwice });
    if (rateChanges && !bulkTargets(v).some((t) => t.ratePlanIds.length))
      ctx.addIssue({ code: 'custom', path: ['ratePlanIds'], message: RATES_MESSAGES.choosePlans });
    if (v.minStay != null && v.maxStay != null && v.minStay > v.maxStay)
      ctx.addIssue({ code: 'custom', path: ['minStay'], message: RATES_MESSAGES.minAboveMax });
    const cells = bulkCellCount(v);
    if (cells > MAX_BULK_CELLS)
      ctx.addIssue({ code: 'custom', path: ['changes'], message: RATES_MESSAGES.tooManyCells(cells) });
  });

export type BulkUpdateInput = z.infer<typeof bulkUpdateInput>;
