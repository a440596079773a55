import { addDays, addMonths, isoWeekday } from '../days';
import { formatNumber } from '../plural';

/**
 * Rates and inventory (issue 15): the cells a calendar holds, their limits and messages. The inputs
 * of a grid save and a bulk update, which the API validates, are in rates-inventory.inputs.ts and
 * write their messages from here, so a message is written once.
 */

export const RATE_FIELDS = ['rate', 'stopSell', 'closedToArrival', 'closedToDeparture', 'minStay', 'maxStay'] as const;
/** The room type's own fields, one per day (not per rate plan): rooms to sell and the room-level close. */
export const ROOM_FIELDS = ['roomsToSell', 'roomClosed'] as const;
export const CELL_FIELDS = [...ROOM_FIELDS, ...RATE_FIELDS] as const;
export type RateField = (typeof RATE_FIELDS)[number];
export type CellField = (typeof CELL_FIELDS)[number];
export type RoomField = (typeof ROOM_FIELDS)[number];
export const isRoomField = (field: string): field is RoomField => (ROOM_FIELDS as readonly string[]).includes(field);
export const FLAG_FIELDS = ['stopSell', 'closedToArrival', 'closedToDeparture'] as const;

export const CELL_LABELS: Record<CellField, string> = {
  roomsToSell: 'Rooms to sell',
  roomClosed: 'Room closed',
  rate: 'Rate',
  stopSell: 'Stop sell',
  closedToArrival: 'Closed to arrival',
  closedToDeparture: 'Closed to departure',
  minStay: 'Minimum stay',
  maxStay: 'Maximum stay',
};

export const MAX_RATE_CENTS = 100_000_000;
export const MAX_ROOMS = 9999;
/** Date ranges one bulk update may name. */
export const MAX_BULK_RANGES = 12;
/** The most days a calendar read by `days` may ask for. */
export const MAX_SPAN_DAYS = 62;
/** Room types one bulk update may cover (issue 31: "every room type" of the largest property). */
export const MAX_BULK_ROOM_TYPES = 50;
/**
 * The most cells one bulk update may plan: 18 months of every field of 30 rate plans (98,820 cells)
 * fits, the largest real case; a request past it is refused before any work is done.
 */
export const MAX_BULK_CELLS = 100_000;
/** Spec §9: a date 18 months ahead is the limit. */
export const WINDOW_MONTHS = 18;

export const RATES_MESSAGES = {
  rateNotNumber: 'Rate must be a number with at most 2 decimals',
  rateNegative: "Rate can't be negative",
  rateZero: 'Rate must be more than 0',
  rateTooHigh: 'Rate must be at most 1,000,000',
  rooms: 'Rooms to sell must be a whole number from 0 to 9,999',
  stay: 'Stay must be a whole number of nights from 1 to 365',
  minAboveMax: 'Minimum stay must not be more than the maximum stay',
  dateWindow: 'Choose a date from today to 18 months ahead',
  rangeOrder: 'The end date must be on or after the start date',
  rangeTooLong: 'A date range can be at most 18 months long',
  planNotSold: "This rate plan doesn't sell this room type",
  choosePlans: 'Choose at least one rate plan',
  roomTypeTwice: 'Choose each room type once',
  tooManyRoomTypes: `Choose at most ${MAX_BULK_ROOM_TYPES} room types`,
  spanDays: `Days must be a whole number from 1 to ${MAX_SPAN_DAYS}`,
  plansInRoomTypes: 'Choose the rate plans under their room types',
  chooseChange: 'Choose at least one thing to change',
  tooManyCells: (n: number) =>
    `This update would touch ${formatNumber(n)} cells; one update can touch at most ${formatNumber(MAX_BULK_CELLS)}. Choose fewer dates or rate plans.`,
  weekdays: 'Choose at least one day of the week',
  flag: 'Must be yes or no',
  previewFirst: 'Preview the update before applying it.',
  bigChange: 'Some rates change by more than 50%.',
  roomsBelowBooked: 'On some days rooms to sell would be fewer than the rooms already booked.',
  noRateToChange: 'Some days have no rate to change by a percentage or an amount; they are left empty.',
  rateAtOrBelowZero: 'The new rate would be 0 or less on some days.',
  rateAboveMax: 'The new rate would be more than 1,000,000 on some days.',
  couldNotApply: "Couldn't apply the update: fix the warnings first.",
  conflict: 'These rates changed since the preview. Preview again before applying.',
  confirm: 'Confirm the warnings before applying.',
  undoTouched: 'This update can no longer be undone: later changes touched some of its cells.',
  undoDone: 'This update has already been undone.',
  staleCells:
    'Someone else changed some of these cells since you opened the calendar. Their values are shown now; check them and save again.',
  batchNotFound: 'Update not found.',
  roomTypeNotFound: 'Room type not found.',
} as const;

/** A signed decimal with at most 2 decimals as an integer of hundredths ('-5.5' → -550), or null. */
export function hundredths(value: string): bigint | null {
  const m = /^(-?)(\d{1,7})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) return null;
  const n = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -n : n;
}

/** Hundredths times a factor in basis points, rounded half away from zero to the cent, in integers. */
export function percentOf(cents: bigint, basisPoints: bigint): bigint {
  const n = cents * (10000n + basisPoints);
  const q = n / 10000n;
  const r = n % 10000n;
  return r * 2n >= 10000n ? q + 1n : r * 2n <= -10000n ? q - 1n : q;
}

export { addDays, addMonths, daysBetween, isoDay, isRealDay } from '../days';
/** Days before today the calendar shows, read-only, for context (last week's prices beside this week's). */
export const PAST_DAYS_SHOWN = 14;
/**
 * The property's today (resources/property-day.ts) to 18 months ahead: the days an edit may touch;
 * `shownFrom` is where a calendar may start reading.
 */
export function ratesWindow(today: string) {
  return { first: today, last: addMonths(today, WINDOW_MONTHS), shownFrom: addDays(today, -PAST_DAYS_SHOWN) };
}
/** Whether a day is in the window of a property whose today is `today`. */
export const inWindow = (day: string, today: string) => day >= today && day <= addMonths(today, WINDOW_MONTHS);

/** A rate as exact cents, or the message saying why not. Never goes through a float. */
export function parseRate(value: unknown): { cents: number } | { error: string } {
  const s =
    typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : typeof value === 'string'
        ? value.trim().replace(/,/g, '')
        : '';
  const m = /^(-?)(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return { error: RATES_MESSAGES.rateNotNumber };
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if (m[1] && cents > 0) return { error: RATES_MESSAGES.rateNegative };
  if (cents === 0) return { error: RATES_MESSAGES.rateZero };
  if (cents > MAX_RATE_CENTS) return { error: RATES_MESSAGES.rateTooHigh };
  return { cents };
}
export const centsToString = (cents: number) =>
  `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

export const RATE_CHANGE_MODES = ['set', 'percent', 'amount'] as const;
/** The room types a bulk update changes, each with its rate plans: its list, or the one room type it names. */
export function bulkTargets(v: {
  roomTypeId: string;
  ratePlanIds: string[];
  roomTypes?: { roomTypeId: string; ratePlanIds: string[] }[];
}): { roomTypeId: string; ratePlanIds: string[] }[] {
  return v.roomTypes?.length ? v.roomTypes : [{ roomTypeId: v.roomTypeId, ratePlanIds: v.ratePlanIds }];
}

/** How many cells a bulk update covers at most (the days of its ranges on its weekdays, once each, times the fields it sets, over its room types), counted without reading anything. */
export function bulkCellCount(v: {
  ranges: { from: string; to: string }[];
  weekdays: number[];
  ratePlanIds: string[];
  roomTypes?: { roomTypeId: string; ratePlanIds: string[] }[];
  [field: string]: unknown;
}): number {
  const weekdays = new Set(v.weekdays);
  const days = new Set<string>();
  // A range is at most 18 months (checked beside this): the step bound only keeps a bad one cheap.
  for (const r of v.ranges)
    for (let d = r.from, step = 0; d <= r.to && step < 600; d = addDays(d, 1), step++) {
      if (weekdays.has(isoWeekday(d))) days.add(d);
    }
  const rateFields = RATE_FIELDS.filter((f) => v[f] !== undefined).length;
  const roomFields = ROOM_FIELDS.filter((f) => v[f] !== undefined).length;
  const planSets = v.roomTypes?.length ? v.roomTypes.map((t) => t.ratePlanIds) : [v.ratePlanIds];
  return planSets.reduce((n, plans) => n + days.size * (roomFields + new Set(plans).size * rateFields), 0);
}

/** zod issues as the API's field errors: { 'ranges.0.to': [...] }. */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'input';
    if (!(fields[key] ??= []).includes(issue.message)) fields[key].push(issue.message);
  }
  return fields;
}

export { OVERVIEW_DAYS, OVERVIEW_DEFAULT_DAYS, overviewStart, overviewZoom } from './overview-days';

/** Left to sell at or below this many is shown as running low (issue 31). */
export const LOW_LEFT_TO_SELL = 2;
export type Availability = 'overbooked' | 'soldOut' | 'low' | 'open';
/** How a night's rooms stand: left to sell (rooms to sell − booked), and its state; null where no rooms were loaded. */
export function availability(roomsToSell: number | null, booked: number): { left: number; state: Availability } | null {
  if (roomsToSell == null) return null;
  const left = roomsToSell - booked;
  const state: Availability =
    left < 0 ? 'overbooked' : left === 0 ? 'soldOut' : left <= LOW_LEFT_TO_SELL ? 'low' : 'open';
  return { left, state };
}
/** The room status row: a room type opened or closed for a day (issue 31), said in words beside its colour. */
export const ROOM_STATUS_TEXT = { label: 'Room status', open: 'Open', closed: 'Closed' } as const;
/** The calendar's own navigation: its room type, and a month, a date or today brought into view. */
export const RATES_NAVIGATION_TEXTS = {
  roomType: 'Room type',
  month: 'Jump to month',
  date: 'Go to date',
  today: 'Today',
} as const;
/** Why a night cannot be sold on a rate plan, first reason first; null when it can. */
export function unsellableReason(night: {
  roomClosed: boolean;
  left: number | null;
  stopSell: boolean;
}): string | null {
  if (night.roomClosed) return CELL_LABELS.roomClosed;
  if (night.left != null && night.left <= 0) return AVAILABILITY_TEXT.soldOut;
  if (night.stopSell) return CELL_LABELS.stopSell;
  return null;
}
/** What each state says beside its colour (never the colour alone). */
export const AVAILABILITY_TEXT: Record<Availability, string> = {
  overbooked: 'Overbooked',
  soldOut: 'Sold out',
  low: `${LOW_LEFT_TO_SELL} or fewer left`,
  open: 'Rooms left',
};
