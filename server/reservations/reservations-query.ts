import type { ReservationQuery } from '../../resources/reservations/reservations.schema';
import { containsPattern } from '../db/like';

/** The column each sort key and date filter reads (created_at is when the booking was made). */
const DATE_COLUMN = { check_in: 'r.check_in', check_out: 'r.check_out', created_at: 'r.booked_at' } as const;

/**
 * The WHERE clause and ORDER BY of a filtered list, shared by the page, its totals and the CSV
 * export so they always agree. Parameters start at $2 ($1 is the property id).
 */
export function reservationFilter(q: ReservationQuery) {
  const params: unknown[] = [];
  const where = ['r.property_id = $1'];
  const add = (value: unknown) => `$${params.push(value) + 1}`;
  if (q.state) where.push(`r.state = ${add(q.state)}`);
  if (q.dateField === 'stay') {
    // Staying: a night from `from` to `to` (both included) is one of the booking's.
    if (q.from) where.push(`r.check_out > ${add(q.from)}::date`);
    if (q.to) where.push(`r.check_in <= ${add(q.to)}::date`);
  } else {
    const column = DATE_COLUMN[q.dateField];
    // Booking dates are compared as UTC days, as they are shown and exported.
    const day = q.dateField === 'created_at' ? `(r.booked_at at time zone 'UTC')::date` : column;
    if (q.from) where.push(`${day} >= ${add(q.from)}::date`);
    if (q.to) where.push(`${day} <= ${add(q.to)}::date`);
  }
  if (q.q) {
    const like = add(containsPattern(q.q));
    where.push(`(r.guest_name ilike ${like} or r.hotel_ref ilike ${like} or r.booking_ref ilike ${like})`);
  }
  const dir = q.direction === 'asc' ? 'asc' : 'desc';
  const sort = DATE_COLUMN[q.sort];
  return { where: where.join(' and '), params, sort, dir, orderBy: `${sort} ${dir}, r.id ${dir}` };
}

/** One row as the list and the export read it: dates as yyyy-MM-dd, money as a string. */
export const RESERVATION_ROW = `r.id::text as id, r.hotel_ref as "hotelRef", r.booking_ref as "bookingRef", r.guest_name as "guestName",
  to_char(r.check_in, 'YYYY-MM-DD') as "checkIn", to_char(r.check_out, 'YYYY-MM-DD') as "checkOut", r.nights,
  r.adults, r.children, r.room_type_name as "roomTypeName", r.rate_plan_name as "ratePlanName", r.total::text as total,
  trim(r.currency) as currency, r.payment_method as "paymentMethod", r.state, r.overbooked,
  to_char(r.booked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "bookedAt",
  to_char(r.booked_at at time zone 'UTC', 'YYYY-MM-DD') as "bookedOn",
  to_char(r.cancelled_at at time zone 'UTC', 'YYYY-MM-DD') as "cancelledOn"`;
