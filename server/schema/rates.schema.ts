import { liveEvent, whileAllowed } from '../live-access';
import type { SchemaModule } from './schema-module';
import type { AppContext } from '../context';
import { ratesBatches, ratesCalendar, ratesCellHistory } from '../rates/rates-calendar';
import { saveRatesCells } from '../rates/save-rates-cells';
import { applyRatesBulkUpdate, previewRatesBulkUpdate } from '../rates/bulk-update-rates';
import { undoRatesBatch } from '../rates/undo-rates-batch';
import { authorizeRoomType } from '../rates/rates-access';

type Args = Record<string, any>;

/**
 * Rates and inventory (issue 15). Money travels as Decimal strings ('129.00'), never as Float.
 * The calendar is compact: one array per row, one entry per day from `from`.
 */
export const ratesSchema: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "An exact decimal amount in the property's currency, as a string such as '129.50'."
    scalar Decimal
    "{ propertyId, roomTypeId, cells: [{ ratePlanId (null for rooms to sell), date, field, value, before? (the value the editor saw: a save that finds another answers STALE with the cells) }] }"
    scalar RatesCellsInput
    "{ propertyId, roomTypeId, ranges: [{ from, to }], weekdays, ratePlanIds, roomsToSell?, rate?: { mode, value }, stopSell?, closedToArrival?, closedToDeparture?, minStay?, maxStay?, token?, confirm? }"
    scalar RatesBulkUpdateInput
    type RatesRoomTypeRef { id: ID!, name: String! }
    type RatesCalendarPlan {
      id: ID!, name: String!, rate: [Decimal]!, stopSell: [Boolean!]!, closedToArrival: [Boolean!]!, closedToDeparture: [Boolean!]!,
      minStay: [Int]!, maxStay: [Int]!
    }
    type RatesCalendar {
      propertyId: Int!, roomTypeId: ID!, roomTypeName: String!, currencyCode: String!, from: String!, to: String!,
      firstEditable: String!, lastEditable: String!, canEdit: Boolean!, roomsToSell: [Int]!, plans: [RatesCalendarPlan!]!, roomTypes: [RatesRoomTypeRef!]!
    }
    type RatesCellChange { id: ID!, batchId: ID!, field: String!, before: String, after: String, source: String!, changedAt: String!, userName: String }
    type RatesBatch { id: ID!, source: String!, cellCount: Int!, createdAt: String!, undone: Boolean!, userName: String }
    type RatesSaveResult { batchId: ID!, count: Int! }
    type RatesSampleChange { ratePlanId: ID, ratePlanName: String!, date: String!, field: String!, before: String, after: String }
    type RatesBulkPreview { token: String!, days: Int!, changedDays: Int!, cells: Int!, sample: [RatesSampleChange!]!, blocking: [String!]!, confirm: [String!]! }
    type RatesChange { propertyId: Int!, roomTypeId: ID!, batchId: ID!, source: String!, count: Int! }
    extend type Query {
      ratesCalendar(propertyId: Int!, roomTypeId: ID!, from: String, to: String): RatesCalendar!
      ratesCellHistory(propertyId: Int!, roomTypeId: ID!, ratePlanId: ID, date: String!, field: String): [RatesCellChange!]!
      ratesBatches(propertyId: Int!, roomTypeId: ID!): [RatesBatch!]!
    }
    extend type Mutation {
      saveRatesCells(input: RatesCellsInput!): RatesSaveResult!
      previewRatesBulkUpdate(input: RatesBulkUpdateInput!): RatesBulkPreview!
      applyRatesBulkUpdate(input: RatesBulkUpdateInput!): RatesSaveResult!
      undoRatesBatch(propertyId: Int!, roomTypeId: ID!, batchId: ID!): RatesSaveResult!
    }
    extend type Subscription {
      "Saved changes to a room type's calendar, for those allowed to read it."
      ratesChanged(propertyId: Int!, roomTypeId: ID!): RatesChange!
    }
  `,
  resolvers: {
    Query: {
      ratesCalendar: (_p: unknown, a: Args, ctx: AppContext) => ratesCalendar(ctx, a as never),
      ratesCellHistory: (_p: unknown, a: Args, ctx: AppContext) => ratesCellHistory(ctx, a as never),
      ratesBatches: (_p: unknown, a: Args, ctx: AppContext) => ratesBatches(ctx, a as never),
    },
    Mutation: {
      saveRatesCells: (_p: unknown, { input }: Args, ctx: AppContext) => saveRatesCells(ctx, input),
      previewRatesBulkUpdate: (_p: unknown, { input }: Args, ctx: AppContext) => previewRatesBulkUpdate(ctx, input),
      applyRatesBulkUpdate: (_p: unknown, { input }: Args, ctx: AppContext) => applyRatesBulkUpdate(ctx, input),
      undoRatesBatch: (_p: unknown, a: Args, ctx: AppContext) => undoRatesBatch(ctx, a),
    },
    Subscription: {
      ratesChanged: {
        subscribe: async (_p: unknown, a: Args, ctx: AppContext) => {
          const scope = await authorizeRoomType(ctx, a.propertyId, a.roomTypeId, 'read');
          return whileAllowed(
            ctx,
            scope.propertyId,
            'RatesInventory',
            ctx.pubsub.subscribe('rates:changed', `${scope.propertyId}:${scope.roomTypeId}`),
          );
        },
        resolve: liveEvent,
      },
    },
    RatesCellChange: { changedAt: (c: { changedAt: Date | string }) => new Date(c.changedAt).toISOString() },
    RatesBatch: { createdAt: (c: { createdAt: Date | string }) => new Date(c.createdAt).toISOString() },
  },
};
