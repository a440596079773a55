/** The reservations operations, written once for the portal, the API tests and the bench. */
const ROW =
  'hotelRef bookingRef guestName checkIn checkOut nights adults children roomTypeName ratePlanName total currency paymentMethod state overbooked bookedAt';

export const RESERVATION_DOCS = {
  list: /* GraphQL */ `query Reservations($propertyId: Int!, $query: ReservationQueryInput) {
    reservations(propertyId: $propertyId, query: $query) { totalCount roomNights revenue currencyCode page limit items { ${ROW} } }
  }`,
  detail: /* GraphQL */ `query Reservation($propertyId: Int!, $hotelRef: String!) {
    reservation(propertyId: $propertyId, hotelRef: $hotelRef) {
      ${ROW} modifiedAt cancelledAt version specialRequests guestContactShown guestEmail guestPhone
      cardShown card { masked expiry activationDate amount }
      history { kind at changes { field before after } }
      emails { kind recipient status attempts lastError includeVcc sentAt }
    }
  }`,
  receive: /* GraphQL */ `mutation ReceiveBooking($input: BookingInput!) {
    receiveBooking(input: $input) { hotelRef bookingRef state version overbooked }
  }`,
  changed: /* GraphQL */ `subscription ReservationsChanged($propertyId: Int!) {
    reservationsChanged(propertyId: $propertyId) { propertyId hotelRef kind }
  }`,
} as const;
