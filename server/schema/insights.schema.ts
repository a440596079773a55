import type { SchemaModule } from './schema-module';
import type { AppContext } from '../context';
import { authorizeProperty } from '../auth/authorize';
import { userError } from '../errors';
import { fieldErrors } from '../save/versioned-save';
import { zoneOf, propertyDays } from '../properties/property-day';
import { dayIn } from '../../resources/property-day';
import { occupancy, pickup, propertiesOccupancy, revenueBreakdown, todayFigures } from '../insights/property-insights';
import { OCCUPANCY_DAYS, revenuePeriodSchema } from '../../resources/insights/insights';
import { authorizeGroupDashboard } from './property-group.schema';

/** What every panel of one property's insights needs: which property, its own today and zone, and its currency. */
type Scope = { propertyId: number; day: string; zone: string; currency: string; now: Date };
const DAY_MS = 86_400_000;

/** Property insights (issue 34): each panel is a field of its own, one SQL statement each, for whoever may read the property's reservations. */
export const insightsSchema: SchemaModule = {
  typeDefs: /* GraphQL */ `
    type InsightsToday { arrivals: Int!, departures: Int!, inHouse: Int!, bookedLastDay: Int!, cancelledLastDay: Int! }
    "One room type's next nights, tonight first: money as text with two decimals in the property's currency."
    type RoomTypeOccupancy {
      roomTypeId: ID!, name: String!, roomsToSell: [Int!]!, sold: [Int!]!, revenue: [String!]!, stopSell: [Boolean!]!
    }
    type MonthOnTheBooks { month: String!, revenue: String!, "Null where the property had no bookings a year ago." lastYear: String }
    type Pickup { bookedPerDay: [Int!]!, months: [MonthOnTheBooks!]! }
    type RevenueLine { key: String!, label: String!, nights: Int!, revenue: String! }
    type RevenueBreakdown { from: String!, to: String!, byRatePlan: [RevenueLine!]!, byPaymentMethod: [RevenueLine!]! }
    type PropertyInsights {
      propertyId: Int!, "The property's own today." day: String!, currency: String!
      figures: InsightsToday!
      occupancy: [RoomTypeOccupancy!]!
      pickup: Pickup!
      revenue(from: String!, to: String!): RevenueBreakdown!
    }
    type PropertyOccupancy { propertyId: Int!, currency: String!, roomsToSell: [Int!]!, sold: [Int!]!, revenue: String! }
    type GroupInsights { figures: InsightsToday!, properties: [PropertyOccupancy!]! }
    extend type Query {
      "A property's figures: cancelled bookings are not counted (but for cancellations received)."
      propertyInsights(propertyId: Int!): PropertyInsights!
      "The same summed over a group's properties, each night counted from each property's own today."
      propertyGroupInsights(propertyGroupId: Int!): GroupInsights!
    }
  `,
  resolvers: {
    Query: {
      propertyInsights: async (_p: unknown, a: { propertyId: number }, ctx: AppContext): Promise<Scope> => {
        const { propertyId } = await authorizeProperty(ctx, a.propertyId, 'read', 'Reservation');
        const [zone, [row]] = await Promise.all([
          zoneOf(ctx.db, propertyId),
          ctx.db.query<{ currency: string }>('select trim(currency_code) as currency from properties where id = $1', [
            propertyId,
          ]),
        ]);
        const now = new Date();
        return { propertyId, day: dayIn(zone, now), zone, currency: row.currency, now };
      },
      propertyGroupInsights: async (_p: unknown, a: { propertyGroupId: number }, ctx: AppContext) => {
        const group = await authorizeGroupDashboard(ctx, a.propertyGroupId);
        const ids = (
          await ctx.db.query<{ id: number }>('select id from properties where property_group_id = $1 order by id', [
            group.id,
          ])
        ).map((r) => r.id);
        const days = await propertyDays(ctx.db, ids);
        const daysOf = ids.map((id) => days.get(id)!);
        const [figures, properties] = await Promise.all([
          todayFigures(ctx.db, ids, daysOf, new Date(Date.now() - DAY_MS)),
          propertiesOccupancy(ctx.db, ids, daysOf, OCCUPANCY_DAYS),
        ]);
        return { figures, properties };
      },
    },
    PropertyInsights: {
      figures: (s: Scope, _a: unknown, ctx: AppContext) =>
        todayFigures(ctx.db, [s.propertyId], [s.day], new Date(s.now.getTime() - DAY_MS)),
      occupancy: (s: Scope, _a: unknown, ctx: AppContext) =>
        occupancy(ctx.db, s.propertyId, s.day, OCCUPANCY_DAYS, s.currency),
      pickup: (s: Scope, _a: unknown, ctx: AppContext) =>
        pickup(ctx.db, s.propertyId, s.day, s.zone, s.now, s.currency),
      revenue: async (s: Scope, a: { from: string; to: string }, ctx: AppContext) => {
        const parsed = revenuePeriodSchema.safeParse(a);
        if (!parsed.success)
          throw userError("Couldn't read the period.", 'BAD_USER_INPUT', fieldErrors(parsed.error.issues));
        const { from, to } = parsed.data;
        return { from, to, ...(await revenueBreakdown(ctx.db, s.propertyId, from, to, s.currency)) };
      },
    },
  },
};
