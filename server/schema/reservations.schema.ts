import { z } from 'zod';
import { liveEvent, whileAllowed } from '../live-access';
import { inputSdlFromZod } from './zod-input-sdl';
import { bookingSchema, cancelSchema, reservationQuerySchema } from '../../resources/reservations/reservations.schema';
import { resolveInput, resolveWith, type SchemaModule } from './schema-module';
import type { AppContext } from '../context';
import { authorizeProperty } from '../auth/authorize';
import { listReservations } from '../reservations/list-reservations';
import { reservationDetail } from '../reservations/reservation-detail';
import { receiveBooking } from '../reservations/receive-booking';
import { keepRefusal } from '../reservations/intake-refusals';

/** The list's query and the booking intake's input, derived from their zod schemas (which still check every value and give the field messages). */
const RESERVATION_INPUT_SDL = [
  inputSdlFromZod('ReservationQueryInput', reservationQuerySchema, {
    description: 'The reservations list: filters (dates yyyy-MM-dd), search, sort and page; limit is 20, 50 or 100.',
    names: {
      state: 'ReservationState',
      dateField: 'ReservationDateField',
      sort: 'ReservationSort',
      direction: 'SortDirection',
    },
  }),
  inputSdlFromZod('BookingInput', z.union([bookingSchema(), cancelSchema()]), {
    description:
      'A booking from the brand: new and modify send the whole booking (a VCC payment with its card); cancel sends action, propertyId and bookingRef.',
  }),
].join('\n');

/** Reservations (issue 16): read in the portal; written only by the brand's booking system (receiveBooking, with an API key). */
export const reservationsSchema: SchemaModule = {
  typeDefs: /* GraphQL */ `
    ${RESERVATION_INPUT_SDL}
    type ReservationRow {
      hotelRef: String!, bookingRef: String!, guestName: String!, checkIn: String!, checkOut: String!, nights: Int!, adults: Int!, children: Int!,
      roomTypeName: String!, ratePlanName: String!, total: Decimal!, currency: String!, paymentMethod: String!, state: String!, overbooked: Boolean!, bookedAt: String!
    }
    type ReservationPage {
      items: [ReservationRow!]!, totalCount: Int!, roomNights: Int!, revenue: Decimal!, currencyCode: String!, page: Int!, limit: Int!
    }
    type ReservationFieldChange { field: String!, before: String, after: String }
    type ReservationEvent { kind: String!, at: String!, changes: [ReservationFieldChange!]! }
    type ReservationCard { masked: String!, expiry: String, activationDate: String, amount: Decimal }
    type BookingEmail { kind: String!, recipient: String!, status: String!, attempts: Int!, lastError: String, includeVcc: Boolean!, sentAt: String }
    type Reservation {
      hotelRef: String!, bookingRef: String!, guestName: String!, checkIn: String!, checkOut: String!, nights: Int!, adults: Int!, children: Int!,
      roomTypeName: String!, ratePlanName: String!, total: Decimal!, currency: String!, paymentMethod: String!, state: String!, overbooked: Boolean!,
      bookedAt: String!, modifiedAt: String, cancelledAt: String, version: Int!, specialRequests: String,
      "False when the caller's role may not see the guest's email and phone."
      guestContactShown: Boolean!, guestEmail: String, guestPhone: String,
      "False when the caller's role may not see card data."
      cardShown: Boolean!, card: ReservationCard,
      history: [ReservationEvent!]!,
      "Booking emails to the reservations contact: staff only (null for others)."
      emails: [BookingEmail!]
    }
    type BookingReceipt { hotelRef: String!, bookingRef: String!, state: String!, version: Int!, overbooked: Boolean! }
    type ReservationChanged { propertyId: Int!, hotelRef: String!, kind: String! }
    extend type Query {
      reservations(propertyId: Int!, query: ReservationQueryInput): ReservationPage!
      reservation(propertyId: Int!, hotelRef: String!): Reservation!
    }
    extend type Mutation {
      "The brand's booking system: send with the header x-api-key. Idempotent on bookingRef."
      receiveBooking(input: BookingInput!): BookingReceipt!
    }
    extend type Subscription {
      "Bookings received, modified or cancelled at the property, for those who may read its reservations."
      reservationsChanged(propertyId: Int!): ReservationChanged!
    }
  `,
  resolvers: {
    Query: {
      reservations: resolveWith(listReservations),
      reservation: resolveWith(reservationDetail),
    },
    Mutation: {
      // A refusal of a booking system with a good key is kept for staff (issue 30), then answered as it was.
      receiveBooking: resolveInput((ctx, input) =>
        receiveBooking(ctx, input).catch(async (error) => {
          await keepRefusal(ctx, input, error);
          throw error;
        }),
      ),
    },
    Subscription: {
      reservationsChanged: {
        subscribe: async (_p: unknown, a: { propertyId: number }, ctx: AppContext) => {
          const facts = await authorizeProperty(ctx, a.propertyId, 'read', 'Reservation');
          return whileAllowed(
            ctx,
            facts.propertyId,
            'Reservation',
            ctx.pubsub.subscribe('reservations:changed', facts.propertyId),
          );
        },
        resolve: liveEvent,
      },
    },
  },
};
