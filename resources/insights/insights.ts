import { z } from 'zod';
import { addDays, daysBetween, isRealDay } from '../days';

export { MAX_STAY_NIGHTS } from '../reservations/reservations.schema';

/** How far ahead the occupancy chart looks, and how far back pickup counts bookings received. */
export const OCCUPANCY_DAYS = 90;
export const PICKUP_DAYS = 30;
/** The group dashboard's sparkline per property: the next 30 nights. */
export const SPARKLINE_DAYS = 30;
/** A revenue breakdown covers at most a year and a day (a financial year, a leap one too). */
export const REVENUE_MAX_DAYS = 366;

export const INSIGHTS_TEXT = {
  today: 'Today',
  next90: `Next ${OCCUPANCY_DAYS} days`,
  pickup: 'Pickup',
  revenue: 'Revenue',
  arrivals: 'Arrivals',
  departures: 'Departures',
  inHouse: 'In house',
  booked24h: 'Booked in the last 24 hours',
  cancelled24h: 'Cancelled in the last 24 hours',
  excludesCancelled: 'Cancelled bookings are not counted.',
  allRoomTypes: 'All room types',
  noRoomTypes: 'Add a room type to see its occupancy here.',
  occupancy: 'Occupancy',
  roomsSold: 'Rooms sold',
  roomsToSell: 'Rooms to sell',
  adr: 'ADR',
  revenuePerNight: 'Revenue',
  stopSell: 'Stop sell',
  bookedPerDay: `Bookings received per day, last ${PICKUP_DAYS} days`,
  onTheBooks: 'On the books',
  lastYear: 'Same time last year',
  byRatePlan: 'By rate plan',
  byPaymentMethod: 'By payment method',
  financialYear: 'Financial year',
  period: 'Period',
  nights: 'Nights',
  noRevenue: 'No stays in this period.',
  showTable: 'Show as table',
  showChart: 'Show as chart',
  couldNotLoad: "Couldn't load these figures.",
  range: 'The end date must be on or after the start date',
  rangeTooLong: `Choose at most ${REVENUE_MAX_DAYS} days`,
  date: 'Enter a date as yyyy-MM-dd',
} as const;

const day = z.string().refine(isRealDay, INSIGHTS_TEXT.date);

/** The revenue panel's period: both days included, at most REVENUE_MAX_DAYS. */
export const revenuePeriodSchema = z
  .object({ from: day, to: day })
  .strict()
  .superRefine((p, ctx) => {
    if (!isRealDay(p.from) || !isRealDay(p.to)) return;
    if (p.to < p.from) ctx.addIssue({ code: 'custom', path: ['to'], message: INSIGHTS_TEXT.range });
    else if (daysBetween(p.from, p.to) + 1 > REVENUE_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: INSIGHTS_TEXT.rangeTooLong });
  });
export type RevenuePeriod = z.infer<typeof revenuePeriodSchema>;

/** Occupancy in whole per cent of rooms to sell (null where nothing was for sale). */
export const occupancyPercent = (sold: number, toSell: number) =>
  toSell > 0 ? Math.round((sold / toSell) * 100) : null;

/** The `n` days from `from`, as yyyy-MM-dd. */
export const daysFrom = (from: string, n: number) => Array.from({ length: n }, (_, i) => addDays(from, i));
