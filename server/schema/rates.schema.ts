import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { liveEvent, whileAllowed } from '../live-access';
import { inputSdlFromZod } from './zod-input-sdl';
import { bulkUpdateInput, saveRatesCellsInput } from '../../resources/rates-inventory/rates-inventory.inputs';
import { resolveInput, resolveWith, type SchemaModule } from './schema-module';
import type { AppContext } from '../context';
import { ratesBatches, ratesCalendar, ratesCellHistory } from '../rates/rates-calendar';
import { saveRatesCells } from '../rates/save-rates-cells';
import { applyRatesBulkUpdate, previewRatesBulkUpdate } from '../rates/bulk-update-rates';
import { undoRatesBatch } from '../rates/undo-rates-batch';
import { authorizeRoomType } from '../rates/rates-access';

/** The grid's and bulk update's inputs, derived from their zod schemas (which still check every value and give the field messages). */
const RATES_INPUT_SDL = [
  inputSdlFromZod('RatesCellsInput', saveRatesCellsInput, {
    description:
      "A save of grid cells: ratePlanId null for the room type's own fields (rooms to sell, room closed); before is the value the editor saw (a save that finds another answers STALE with the cells).",
    names: { cells: 'RatesCellInput', 'cells.field': 'RatesCellField' },
    scalars: { 'cells.value': 'RatesCellValue', 'cells.before': 'RatesCellValue' },
  }),
  inputSdlFromZod('RatesBulkUpdateInput', bulkUpdateInput, {
    description:
      'A bulk update: date ranges, ISO weekdays (1 Monday … 7 Sunday), rate plans and the changes; token and confirm come from the preview.',
    names: {
      ranges: 'RatesDateRangeInput',
      rate: 'RateChangeInput',
      'rate.mode': 'RateChangeMode',
      roomTypes: 'RatesBulkRoomTypeInput',
    },
  }),
].join('\n');

const CELL_VALUE_MESSAGE = 'A cell value is a whole number, a decimal amount, true or false, or null';
const cellValue = (value: unknown) => {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return value;
  throw new GraphQLError(CELL_VALUE_MESSAGE);
};
const RatesCellValue = new GraphQLScalarType({
  name: 'RatesCellValue',
  serialize: cellValue,
  parseValue: cellValue,
  parseLiteral(ast) {
    if (ast.kind === Kind.NULL) return null;
    if (ast.kind === Kind.INT || ast.kind === Kind.FLOAT) return Number(ast.value);
    if (ast.kind === Kind.STRING || ast.kind === Kind.BOOLEAN) return ast.value;
    throw new GraphQLError(CELL_VALUE_MESSAGE);
  },
});

/**
 * Rates and inventory (issue 15). Money travels as Decimal strings ('129.00'), never as Float.
 * The calendar is compact: one array per row, one entry per day from `from`.
 */
export const ratesSchema: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "An exact decimal amount in the property's currency, as a string such as '129.50'."
    scalar Decimal
    "A grid cell's value: rooms to sell or a stay (Int, null to clear a stay), a rate (a Decimal string or a number), or a flag (Boolean)."
    scalar RatesCellValue
    ${RATES_INPUT_SDL}
    type RatesRoomTypeRef { id: ID!, name: String!, roomCount: Int }
    "An active or upcoming promotion on a plan: the grid marks the nights it covers."
    type RatesPlanPromotion { id: ID!, name: String!, stayStart: String!, stayEnd: String!, weekdays: [String!]!, blackoutDates: [String!]! }
    type RatesCalendarPlan {
      id: ID!, name: String!,
      "The plan this one's rates follow on this room type, and how ('Best available rate −10 %'); its rates are then read-only."
      linkedTo: ID, link: String, rate: [Decimal]!, stopSell: [Boolean!]!, closedToArrival: [Boolean!]!, closedToDeparture: [Boolean!]!,
      minStay: [Int]!, maxStay: [Int]!, promotions: [RatesPlanPromotion!]!
    }
    type RatesCalendar {
      propertyId: Int!, roomTypeId: ID!, roomTypeName: String!, currencyCode: String!, from: String!, to: String!,
      firstEditable: String!, lastEditable: String!, canEdit: Boolean!, roomsToSell: [Int]!,
      "The room type closed for the day (no rate plan sells it), whatever its rooms to sell."
      roomClosed: [Boolean!]!,
      "Rooms booked each night (cancelled bookings left out)."
      booked: [Int!]!, plans: [RatesCalendarPlan!]!, roomTypes: [RatesRoomTypeRef!]!
    }
    type RatesCellChange { id: ID!, batchId: ID!, field: RatesCellField!, before: String, after: String, source: String!, changedAt: String!, userName: String }
    "What one field of a batch changed: over how many days and plans, and its new value when every cell got the same (null: cleared)."
    type RatesBatchChange {
      field: String!, days: Int!, firstDay: String!, lastDay: String!, plans: Int!, planName: String, uniform: Boolean!, after: String
    }
    type RatesBatch {
      id: ID!, source: String!, cellCount: Int!, createdAt: String!, undone: Boolean!, userName: String
      changes: [RatesBatchChange!]!
      "How many room types the update changed (a bulk update over several is one update, undone together)."
      roomTypes: Int!
    }
    "The batch written (a bulk update over several room types: the one of the room type it was started from, or its first) and its room type."
    type RatesSaveResult { batchId: ID!, count: Int!, roomTypeId: ID! }
    type RatesSampleChange {
      roomTypeId: ID!, roomTypeName: String!, ratePlanId: ID, ratePlanName: String!, date: String!, field: RatesCellField!, before: String, after: String
    }
    "What a bulk update would change in one of its room types."
    type RatesBulkRoomTypeCount { roomTypeId: ID!, roomTypeName: String!, cells: Int!, changedDays: Int! }
    type RatesBulkPreview {
      token: String!, days: Int!, changedDays: Int!, cells: Int!, sample: [RatesSampleChange!]!,
      roomTypes: [RatesBulkRoomTypeCount!]!, blocking: [String!]!, confirm: [String!]!
    }
    type RatesChange { propertyId: Int!, roomTypeId: ID!, batchId: ID!, source: String!, count: Int! }
    extend type Query {
      "from … to (default: two weeks back to 18 months ahead); or days: that many days from from, or from the property's own today."
      ratesCalendar(propertyId: Int!, roomTypeId: ID!, from: String, to: String, days: Int): RatesCalendar!
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
    RatesCellValue,
    Query: {
      ratesCalendar: resolveWith(ratesCalendar),
      ratesCellHistory: resolveWith(ratesCellHistory),
      ratesBatches: resolveWith(ratesBatches),
    },
    Mutation: {
      saveRatesCells: resolveInput(saveRatesCells),
      previewRatesBulkUpdate: resolveInput(previewRatesBulkUpdate),
      applyRatesBulkUpdate: resolveInput(applyRatesBulkUpdate),
      undoRatesBatch: resolveWith(undoRatesBatch),
    },
    Subscription: {
      ratesChanged: {
        subscribe: async (_p: unknown, a: { propertyId: number; roomTypeId: string }, ctx: AppContext) => {
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
