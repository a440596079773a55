import { z } from 'zod';
import { once } from '../once';
import { addMonths, daysBetween, isoDay, isRealDay } from '../days';
import { WINDOW_MONTHS } from '../rates-inventory/rates-inventory.schema';
import { maskCardNumbers } from './card-numbers';

/** How far back a booking's check-in may be (a modification arriving late) and how far past the calendar's horizon ahead. */
export const BOOKING_PAST_MONTHS = 12;
export const BOOKING_AHEAD_MONTHS = WINDOW_MONTHS + 6;

/**
 * Reservations (issue 16): the spec's enumerations (§3), the list's filters and sort, the intake
 * input and the messages, written once for the portal, the API and the CSV export.
 */

export const RESERVATION_STATES = ['reserved', 'cancelled'] as const;
export const RESERVATION_SORTS = ['check_in', 'check_out', 'created_at'] as const;
export const DIRECTIONS = ['asc', 'desc'] as const;
export const PAYMENT_METHODS = ['direct_credit', 'finance_generated_vcc', 'invoice', 'vcc'] as const;
export type ReservationState = (typeof RESERVATION_STATES)[number];
export type ReservationSort = (typeof RESERVATION_SORTS)[number];
export type Direction = (typeof DIRECTIONS)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const STATE_LABELS: Record<ReservationState, string> = { reserved: 'Reserved', cancelled: 'Cancelled' };
export const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  direct_credit: 'Direct credit',
  finance_generated_vcc: 'Finance-generated VCC',
  invoice: 'Invoice',
  vcc: 'VCC',
};
/** Payment methods that come with a virtual card the hotel charges. */
export const VCC_METHODS: readonly PaymentMethod[] = ['vcc', 'finance_generated_vcc'];
export const SORT_LABELS: Record<ReservationSort, string> = {
  check_in: 'Check-in',
  check_out: 'Check-out',
  created_at: 'Booked',
};
/** The date a range filter applies to: the three sort keys, and the nights stayed (in house on a day: from and to that day). */
export const DATE_FIELDS = [...RESERVATION_SORTS, 'stay'] as const;
export type DateField = (typeof DATE_FIELDS)[number];
export const DATE_FIELD_LABELS: Record<DateField, string> = { ...SORT_LABELS, stay: 'Staying' };

/** The longest stay a booking may be (the reservations table checks it too): a night's bookings began at most this many days before. */
export const MAX_STAY_NIGHTS = 90;
export const RESERVATIONS_PAGE_SIZES = [20, 50, 100] as const;
export const MAX_SEARCH_LENGTH = 100;

export const RESERVATION_MESSAGES = {
  notFound: 'Reservation not found.',
  invalid: 'The booking is not valid: see the fields.',
  apiKey: 'A valid API key is required.',
  apiKeyScope: 'This API key may not send bookings for this property.',
  refTaken: 'This booking reference already exists with other details. Send a modification instead.',
  unknownBooking: 'No booking with this reference was received for this property.',
  cancelledBooking: 'This booking is cancelled and can no longer be modified.',
  checkOutAfterCheckIn: 'Check-out must be after check-in',
  tooLong: `A stay can be at most ${MAX_STAY_NIGHTS} nights`,
  date: 'Enter a date as yyyy-MM-dd',
  amount: 'Enter an amount with at most 2 decimals, from 0 to 1,000,000',
  currency: "The currency must be the property's currency",
  roomType: "This room type isn't one of this property's room types",
  ratePlan: "This rate plan doesn't sell this room type",
  card: 'Enter a card number of 12 to 19 digits',
  cardExpiry: 'Enter the expiry as MM/YY',
  cardNeeded: 'A VCC payment needs its card',
  cardUnexpected: 'Only a VCC payment carries a card',
  range: 'The end date must be on or after the start date',
  checkInPast: `Check-in can be at most ${BOOKING_PAST_MONTHS} months ago`,
  checkInAhead: `Check-in can be at most ${BOOKING_AHEAD_MONTHS} months ahead`,
  required: 'Required',
  tooLongText: (max: number) => `At most ${max} characters`,
  controlCharacters: 'Remove line breaks and other control characters from this field',
  freeTextControl: 'Remove control characters other than line breaks and tabs from this field',
  search: `Search with at most ${MAX_SEARCH_LENGTH} characters`,
  received: (ref: string) => `New booking ${ref} received.`,
  cancelledLive: (ref: string) => `Booking ${ref} was cancelled.`,
  modifiedLive: (ref: string) => `Booking ${ref} was modified.`,
} as const;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, RESERVATION_MESSAGES.date)
  .refine(isRealDay, RESERVATION_MESSAGES.date);

/** The list's query: what the URL holds and what the API takes (one parser for both). */
export const reservationQuerySchema = z
  .object({
    state: z.enum(RESERVATION_STATES).optional(),
    dateField: z.enum(DATE_FIELDS).default('check_in'),
    from: isoDate.optional(),
    to: isoDate.optional(),
    q: z.string().trim().max(MAX_SEARCH_LENGTH, RESERVATION_MESSAGES.search).optional(),
    sort: z.enum(RESERVATION_SORTS).default('check_in'),
    direction: z.enum(DIRECTIONS).default('desc'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce
      .number()
      .int()
      .refine((n) => (RESERVATIONS_PAGE_SIZES as readonly number[]).includes(n), 'Choose 20, 50 or 100 a page')
      .default(20),
  })
  .strict()
  .refine((f) => !f.from || !f.to || f.from <= f.to, { path: ['to'], message: RESERVATION_MESSAGES.range });
export type ReservationQuery = z.infer<typeof reservationQuerySchema>;

/** Reads the list's query from URL search params, dropping what does not parse (a hand-edited address still opens). */
export function queryFromSearch(params: URLSearchParams): ReservationQuery {
  const raw: Record<string, string> = {};
  for (const key of ['state', 'dateField', 'from', 'to', 'q', 'sort', 'direction', 'page', 'limit'])
    if (params.get(key)) raw[key] = params.get(key)!;
  const parsed = reservationQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  return reservationQuerySchema.parse(
    Object.fromEntries(Object.entries(raw).filter(([k]) => !bad.has(k) && k !== 'to')),
  );
}

/** The URL search params of a query, leaving out defaults so shared addresses stay short. */
export function searchFromQuery(q: Partial<ReservationQuery>): URLSearchParams {
  const defaults = reservationQuerySchema.parse({});
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(q))
    if (v !== undefined && v !== '' && v !== (defaults as Record<string, unknown>)[k]) out.set(k, String(v));
  return out;
}

/** One line of text (a guest's name): a line break would become another line of the booking email. */
const SINGLE_LINE = /^[^\p{Cc}]*$/u;
/** Free text (special requests) keeps its line breaks and tabs, nothing else that controls. */
const FREE_TEXT = /^(?:[\t\n\r]|\P{Cc})*$/u;
const text = (max: number) =>
  z.string().trim().min(1, RESERVATION_MESSAGES.required).max(max, RESERVATION_MESSAGES.tooLongText(max));
/** A card number typed into free text is masked on arrival, as the card field is: it is never stored, shown or mailed. */
const freeText = (max: number) =>
  z.string().trim().max(max, RESERVATION_MESSAGES.tooLongText(max)).transform(maskCardNumbers);

/** The free-text fields of a booking: they keep line breaks and tabs. */
const FREE_TEXT_FIELDS = new Set(['specialRequests']);

/**
 * Control characters anywhere in a booking, found before any other check so that the same fault
 * gets the same message whichever field holds it (a reference's format check would say something
 * else): one issue per field, named by its path. Free text may hold line breaks and tabs.
 */
export function controlCharacterIssues(input: unknown): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const stack: [unknown, (string | number)[]][] = [[input, []]];
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      const free = FREE_TEXT_FIELDS.has(String(path.at(-1)));
      if (!(free ? FREE_TEXT : SINGLE_LINE).test(value))
        issues.push({
          path,
          message: free ? RESERVATION_MESSAGES.freeTextControl : RESERVATION_MESSAGES.controlCharacters,
        });
    } else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) stack.push([v, [...path, Array.isArray(value) ? Number(k) : k]]);
  }
  return issues.reverse();
}

/**
 * What the brand's booking system sends for a new or modified booking. A full card number is masked
 * on arrival. Built on first use: only the server's intake validates with it, and the portal loads
 * this module for the list's query.
 */
export const bookingSchema = once(() => {
  const money = z
    .string()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, RESERVATION_MESSAGES.amount)
    .refine((s) => Number(s) <= 1_000_000, RESERVATION_MESSAGES.amount);
  return z
    .object({
      action: z.enum(['new', 'modify']),
      propertyId: z.number().int().min(1),
      bookingRef: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9._-]{3,40}$/, 'Letters, digits, dot, dash or underscore; 3 to 40'),
      guest: z
        .object({
          name: text(120),
          email: z.email('Enter a valid email').max(254).optional(),
          phone: z
            .string()
            .trim()
            .regex(/^\+?[0-9 ()-]{6,24}$/, 'Enter a valid phone number')
            .optional(),
        })
        .strict(),
      adults: z.number().int().min(1).max(20),
      children: z.number().int().min(0).max(20).default(0),
      roomTypeId: z.string().regex(/^\d{1,15}$/, RESERVATION_MESSAGES.roomType),
      ratePlanId: z.string().regex(/^\d{1,15}$/, RESERVATION_MESSAGES.ratePlan),
      checkIn: isoDate,
      checkOut: isoDate,
      total: money,
      currency: z.string().regex(/^[A-Z]{3}$/, RESERVATION_MESSAGES.currency),
      paymentMethod: z.enum(PAYMENT_METHODS),
      specialRequests: freeText(2000).optional(),
      card: z
        .object({
          number: z.string().regex(/^\d{12,19}$/, RESERVATION_MESSAGES.card),
          expiry: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, RESERVATION_MESSAGES.cardExpiry),
          activationDate: isoDate,
          amount: money,
        })
        .strict()
        .optional(),
      bookedAt: z.iso.datetime({ offset: true }).optional(),
    })
    .strict()
    .superRefine((b, ctx) => {
      const today = isoDay(new Date());
      if (b.checkIn < addMonths(today, -BOOKING_PAST_MONTHS))
        ctx.addIssue({ code: 'custom', path: ['checkIn'], message: RESERVATION_MESSAGES.checkInPast });
      else if (b.checkIn > addMonths(today, BOOKING_AHEAD_MONTHS))
        ctx.addIssue({ code: 'custom', path: ['checkIn'], message: RESERVATION_MESSAGES.checkInAhead });
      if (b.checkOut <= b.checkIn)
        ctx.addIssue({ code: 'custom', path: ['checkOut'], message: RESERVATION_MESSAGES.checkOutAfterCheckIn });
      else if (nightsBetween(b.checkIn, b.checkOut) > MAX_STAY_NIGHTS)
        ctx.addIssue({ code: 'custom', path: ['checkOut'], message: RESERVATION_MESSAGES.tooLong });
      const vcc = VCC_METHODS.includes(b.paymentMethod);
      if (vcc && !b.card) ctx.addIssue({ code: 'custom', path: ['card'], message: RESERVATION_MESSAGES.cardNeeded });
      if (!vcc && b.card)
        ctx.addIssue({ code: 'custom', path: ['card'], message: RESERVATION_MESSAGES.cardUnexpected });
    });
});
export type BookingInput = z.infer<ReturnType<typeof bookingSchema>>;

/** A cancellation from the brand's booking system. Built on first use, as the booking's. */
export const cancelSchema = once(() =>
  z
    .object({
      action: z.literal('cancel'),
      propertyId: z.number().int().min(1),
      bookingRef: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9._-]{3,40}$/, 'Letters, digits, dot, dash or underscore; 3 to 40'),
    })
    .strict(),
);

/** The nights of a stay. */
export const nightsBetween = daysBetween;

/** The CSV export's columns, in order: header and the row's field. Dates are yyyy-MM-dd. */
export const CSV_COLUMNS = [
  ['Hotel ref', 'hotelRef'],
  ['Booking ref', 'bookingRef'],
  ['Guest', 'guestName'],
  ['Check-in', 'checkIn'],
  ['Check-out', 'checkOut'],
  ['Nights', 'nights'],
  ['Adults', 'adults'],
  ['Children', 'children'],
  ['Room type', 'roomTypeName'],
  ['Rate plan', 'ratePlanName'],
  ['Total', 'total'],
  ['Currency', 'currency'],
  ['Payment method', 'paymentMethod'],
  ['State', 'state'],
  ['Booked', 'bookedOn'],
  ['Cancelled', 'cancelledOn'],
  ['Special requests', 'specialRequests'],
  ['Guest phone', 'guestPhone'],
] as const;
/** Columns only for those who may read the guest's contact details (as on a booking's page). */
export const GUEST_CONTACT_COLUMNS: readonly string[] = ['guestPhone'];
/** The export's columns for a reader who may, or may not, see the guest's contact details. */
export const csvColumnsFor = (contactShown: boolean) =>
  CSV_COLUMNS.filter(([, key]) => contactShown || !GUEST_CONTACT_COLUMNS.includes(key));

/** The export's file name: the property, and the filter's dates when it has them (reservations-1-2026-12-01-to-2026-12-07.csv). */
export function reservationsCsvName(propertyId: number, q: Pick<ReservationQuery, 'from' | 'to'>): string {
  const dates = q.from || q.to ? `-${q.from ?? 'start'}-to-${q.to ?? 'end'}` : '';
  return `reservations-${propertyId}${dates}.csv`;
}
