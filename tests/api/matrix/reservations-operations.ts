import { PROPERTY_DOCS } from '../../../resources/properties/property.documents';
import type { Queryable } from '../../../server/db/client';
import { RESERVATION_DOCS } from '../../../resources/reservations/reservations.documents';
import { INSIGHTS_DOCS } from '../../../resources/insights/insights.documents';
import type { Fixture, Operation, Principal, Target } from './operations';

/** Every property of the matrix holds this booking (inserted by insertReservation). */
const HOTEL_REF = 'HXMATRX1';
const BOOKING_REF = 'LX-MATRIX-1';
const member = (p: Principal, t: Target) =>
  p === 'staff' || (t === 'own' && p !== 'anonymous' && p !== 'no_membership');
const propertyId = (f: Fixture, t: Target) => (t === 'own' ? f.own : f.other);

/**
 * Reservations (issue 16): every member of the property or its group reads the list and a booking;
 * no one signed in sends a booking (that takes the booking system's API key), whatever their role.
 */
export const RESERVATION_OPERATIONS: Operation[] = [
  {
    field: 'Query.reservations',
    query: RESERVATION_DOCS.list,
    variables: (f, t) => ({ propertyId: propertyId(f, t), query: { sort: 'created_at', direction: 'asc' } }),
    allowed: member,
  },
  {
    field: 'Query.reservation',
    query: RESERVATION_DOCS.detail,
    variables: (f, t) => ({ propertyId: propertyId(f, t), hotelRef: HOTEL_REF }),
    allowed: member,
  },
  // Issue 34: the figures read the reservations, so whoever reads those reads them; a group's need its dashboard.
  {
    field: 'Query.propertyInsights',
    query: INSIGHTS_DOCS.today,
    variables: (f, t) => ({ propertyId: propertyId(f, t) }),
    allowed: member,
  },
  {
    field: 'Query.propertyGroupInsights',
    query: INSIGHTS_DOCS.group,
    variables: (f, t) => ({ propertyGroupId: t === 'own' ? f.ownGroup : f.otherGroup }),
    allowed: (p, t) => p === 'staff' || (t === 'own' && p === 'property_group_admin'),
  },
  // Staff's health drill-down (issue 30): staff only, whichever property.
  {
    field: 'Query.bookingEmailTrouble',
    query: PROPERTY_DOCS.bookingEmailTrouble,
    variables: () => ({}),
    allowed: (p) => p === 'staff',
  },
  {
    field: 'Query.intakeRefusals',
    query: PROPERTY_DOCS.intakeRefusals,
    variables: () => ({}),
    allowed: (p) => p === 'staff',
  },
  {
    field: 'Query.channelStates',
    query: PROPERTY_DOCS.channelStates,
    variables: () => ({}),
    allowed: (p) => p === 'staff',
  },
  {
    field: 'Mutation.retryBookingEmail',
    query: PROPERTY_DOCS.retryBookingEmail,
    variables: (f, t) => ({ propertyId: propertyId(f, t), id: f.rows['booking-email'][t] }),
    allowed: (p) => p === 'staff',
  },
  {
    field: 'Mutation.receiveBooking',
    query: RESERVATION_DOCS.receive,
    variables: (f, t) => ({ input: { action: 'cancel', propertyId: propertyId(f, t), bookingRef: BOOKING_REF } }),
    allowed: () => false,
  },
];

/**
 * The booking the reservation operations read (and try to cancel), stored as the intake stores one,
 * with a booking email that failed (staff's Retry now); answers that email's id.
 */
export async function insertReservation(db: Queryable, propertyId: number, roomTypeId: string, ratePlanId: string) {
  const [{ id }] = await db.query<{ id: string }>(
    `insert into reservations (property_id, hotel_ref, booking_ref, state, guest_name, guest_email, adults, room_type_id,
       room_type_name, rate_plan_id, rate_plan_name, check_in, check_out, nights, total, currency, payment_method,
       booked_at, payload_hash)
     values ($1, $2, $3, 'reserved', 'Matrix Guest', 'guest@matrix.example', 2, $4, 'Room', $5, 'Rate',
       current_date + 10, current_date + 12, 2, 300, 'AUD', 'invoice', now(), 'matrix') returning id::text`,
    [propertyId, HOTEL_REF, BOOKING_REF, roomTypeId, ratePlanId],
  );
  const [email] = await db.query<{ id: string }>(
    `insert into booking_notifications (property_id, reservation_id, kind, recipient, status, attempts, last_error)
     values ($1, $2, 'booked', 'front@matrix.example', 'failed', 8, 'mailbox full') returning id::text`,
    [propertyId, id],
  );
  return email.id;
}
